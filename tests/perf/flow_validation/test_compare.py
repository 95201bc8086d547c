#!/usr/bin/env python3
"""compare.py's rankings on hand-worked cases: SimGrid's near-ties (within 0.5%) may come in either order, nothing
else may."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "model_validation"))
from compare import near_tie_ranks  # noqa: E402
from validate import spearman  # noqa: E402


def both(sim, flow):
    return spearman(sim, flow, 1e-9), spearman(near_tie_ranks(sim, flow), flow, 1e-9)


class NearTieTest(unittest.TestCase):
    def test_a_near_tie_swapped_counts_as_agreement(self):
        # 0.2% apart in SimGrid, the other way round in the engine.
        strict, near = both([1.0, 1.002, 1.1], [1.01, 1.0, 1.2])
        self.assertAlmostEqual(strict, 0.5)
        self.assertAlmostEqual(near, 1.0)

    def test_a_pair_further_apart_stays_a_miss(self):
        strict, near = both([1.0, 1.006, 1.1], [1.01, 1.0, 1.2])
        self.assertAlmostEqual(strict, 0.5)
        self.assertAlmostEqual(near, 0.5)

    def test_groups_start_at_their_fastest(self):
        # 1.008 is 0.4% from 1.004 but 0.8% from the group's fastest, 1.0: its own group, ranked last whatever the
        # engine says; the first two take the engine's order.
        self.assertEqual(near_tie_ranks([1.0, 1.004, 1.008], [3.0, 2.0, 1.0]), [1, 0, 2])

    def test_the_engines_ties_stay_ties(self):
        self.assertEqual(near_tie_ranks([1.0, 1.001, 2.0], [5.0, 5.0, 6.0]), [0, 0, 1])
        self.assertAlmostEqual(spearman(near_tie_ranks([1.0, 1.001, 2.0], [5.0, 5.0, 6.0]), [5.0, 5.0, 6.0]), 1.0)

    def test_the_order_of_the_runs_does_not_matter(self):
        sim, flow = [1.1, 1.0, 1.002, 1.5], [1.2, 1.01, 1.0, 1.4]
        ranks = near_tie_ranks(sim, flow)
        order = [3, 1, 0, 2]
        self.assertEqual([ranks[i] for i in order], near_tie_ranks([sim[i] for i in order], [flow[i] for i in order]))


if __name__ == "__main__":
    unittest.main()
