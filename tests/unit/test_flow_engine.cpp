// The flow engine's link sharing: max-min fair rates by progressive filling, hand-worked; ties broken the
// same way on every run; and in the engine, a window that changes nothing and the share a finished flow
// leaves.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include "flow/dary_heap.hpp"
#include "flow/flow_network.hpp"
#include "flow/max_min.hpp"
#include "tamp/flow.hpp"
#include "tamp/metrics.hpp"
#include "tamp/torus.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

using impl::FlowNetwork;
using impl::FlowRoute;
using impl::MaxMinSolver;
using impl::QuaternaryHeap;

// Routes as resource lists; the FlowRoutes point into them.
struct Flows {
  std::vector<std::vector<int>> routes;
  std::vector<FlowRoute> view() const {
    std::vector<FlowRoute> v;
    for (const auto& r : routes) v.push_back({r.data(), r.data() + r.size()});
    return v;
  }
};

std::vector<double> solve(std::vector<double> capacity, const Flows& flows) {
  MaxMinSolver solver(std::move(capacity));
  std::vector<double> rate;
  solver.solve(flows.view(), rate);
  return rate;
}

TEST(MaxMin, TwoFlowsOnOneLinkShareItEqually) {
  const auto rate = solve({10.0}, {{{0}, {0}}});
  EXPECT_DOUBLE_EQ(rate[0], 5.0);
  EXPECT_DOUBLE_EQ(rate[1], 5.0);
}

// Link 0 (capacity 10) carries flows a and b; link 1 (capacity 4) carries b and c. Link 1's fair share (2) is
// the smaller: b and c get 2; link 0 has 8 left for a alone. Equal shares of each link would give a only 5.
TEST(MaxMin, AFlowCrossingTwoBottlenecksTakesTheSmallerShare) {
  const auto rate = solve({10.0, 4.0}, {{{0}, {0, 1}, {1}}});
  EXPECT_DOUBLE_EQ(rate[1], 2.0);
  EXPECT_DOUBLE_EQ(rate[2], 2.0);
  EXPECT_DOUBLE_EQ(rate[0], 8.0);
}

// Flows a {0}, b {0, 2}, c {1, 2}, d {2}, e {1} on resources of capacity 6, 9, 3: resource 2's share (1) is
// the smallest, so b, c and d get 1; then resource 0 has 5 left for a, and resource 1 has 8 left for e.
TEST(MaxMin, BottlenecksAreFilledInOrderOfTheirShare) {
  const auto rate = solve({6.0, 9.0, 3.0}, {{{0}, {0, 2}, {1, 2}, {2}, {1}}});
  EXPECT_DOUBLE_EQ(rate[1], 1.0);
  EXPECT_DOUBLE_EQ(rate[2], 1.0);
  EXPECT_DOUBLE_EQ(rate[3], 1.0);
  EXPECT_DOUBLE_EQ(rate[0], 5.0);
  EXPECT_DOUBLE_EQ(rate[4], 8.0);
  // Max-min: every resource a flow is fixed by is full.
  EXPECT_DOUBLE_EQ(rate[0] + rate[1], 6.0);
  EXPECT_DOUBLE_EQ(rate[1] + rate[2] + rate[3], 3.0);
  EXPECT_DOUBLE_EQ(rate[2] + rate[4], 9.0);
}

// Two links with the same share (5) and a flow across both: whichever is taken first, the rates are the same;
// the lower resource id goes first, so a second solve, in a reused solver, gives the same bits.
TEST(MaxMin, TiesAreBrokenTheSameWayOnEveryRun) {
  const Flows flows{{{0}, {0, 1}, {1}}};
  MaxMinSolver solver({10.0, 10.0});
  std::vector<double> first, again;
  solver.solve(flows.view(), first);
  for (int k = 0; k < 5; ++k) {
    solver.solve(flows.view(), again);
    EXPECT_EQ(first, again);
  }
  EXPECT_DOUBLE_EQ(first[0], 5.0);
  EXPECT_DOUBLE_EQ(first[1], 5.0);
  EXPECT_DOUBLE_EQ(first[2], 5.0);
}

TEST(MaxMin, AResourceWithoutCapacityIsRefused) {
  EXPECT_THROW(MaxMinSolver({1.0, 0.0}), std::invalid_argument);
}

// Weights: on link 0 (capacity 12) flow a has weight 2 and flow b weight 1: a gets 8, b 4. With flow c
// (weight 1) sharing link 1 (capacity 3) with b: link 1's level, 3 / 2 = 1.5, is below link 0's, 12 / 3 = 4,
// so b and c get 1.5 each, and a takes the 10.5 left on link 0.
TEST(MaxMin, WeightsShareALinkInProportion) {
  const std::vector<int> l0{0}, l01{0, 1}, l1{1};
  const std::vector<FlowRoute> flows{{l0.data(), l0.data() + 1, 2.0}, {l0.data(), l0.data() + 1, 1.0}};
  MaxMinSolver solver({12.0, 3.0});
  std::vector<double> rate;
  solver.solve(flows, rate);
  EXPECT_DOUBLE_EQ(rate[0], 8.0);
  EXPECT_DOUBLE_EQ(rate[1], 4.0);
  const std::vector<FlowRoute> three{
      {l0.data(), l0.data() + 1, 2.0}, {l01.data(), l01.data() + 2, 1.0}, {l1.data(), l1.data() + 1, 1.0}};
  solver.solve(three, rate);
  EXPECT_DOUBLE_EQ(rate[1], 1.5);
  EXPECT_DOUBLE_EQ(rate[2], 1.5);
  EXPECT_DOUBLE_EQ(rate[0], 10.5);
}

// Progressive filling the plain way: at each step the resource of the smallest share (ties: the lower id)
// fixes its unfixed flows, in flow order. The same arithmetic in the same order as MaxMinSolver.
std::vector<double> fill_plainly(const std::vector<double>& capacity, const std::vector<FlowRoute>& flows) {
  std::vector<double> remaining = capacity, weights(capacity.size(), 0.0), rate(flows.size(), 0.0);
  std::vector<int> unfixed(capacity.size(), 0);
  std::vector<char> fixed(flows.size(), 0);
  for (const FlowRoute& f : flows)
    for (const int* r = f.begin; r != f.end; ++r) {
      weights[*r] += f.weight;
      ++unfixed[*r];
    }
  for (;;) {
    int bottleneck = -1;
    for (int r = 0; r < static_cast<int>(capacity.size()); ++r)
      if (unfixed[r] > 0 &&
          (bottleneck < 0 || remaining[r] / weights[r] < remaining[bottleneck] / weights[bottleneck]))
        bottleneck = r;
    if (bottleneck < 0) return rate;
    const double share = std::max(0.0, remaining[bottleneck] / weights[bottleneck]);
    for (std::size_t i = 0; i < flows.size(); ++i) {
      if (fixed[i] || std::find(flows[i].begin, flows[i].end, bottleneck) == flows[i].end) continue;
      fixed[i] = 1;
      rate[i] = share * flows[i].weight;
      for (const int* r = flows[i].begin; r != flows[i].end; ++r) {
        remaining[*r] -= rate[i];
        weights[*r] -= flows[i].weight;
        --unfixed[*r];
      }
    }
  }
}

// Random flows on resources of two capacities and weights of three values, so that many resources tie in
// share: the solver (its resources sorted by share, ties by id) gives the plain filling's rates to the bit, and
// each resource's allocated rate is the sum of its flows' rates in flow order.
TEST(MaxMin, RandomFlowsGetThePlainFillingsRatesToTheBit) {
  std::mt19937_64 random(7);
  for (int trial = 0; trial < 20; ++trial) {
    const int resources = 40, count = 300;
    std::vector<double> capacity;
    for (int r = 0; r < resources; ++r) capacity.push_back(random() % 2 ? 10.0 : 20.0);
    std::vector<std::vector<int>> routes(count);
    std::vector<FlowRoute> flows;
    for (auto& route : routes) {
      for (int r = 0; r < resources; ++r)
        if (random() % 12 == 0) route.push_back(r);
      if (route.empty()) route.push_back(static_cast<int>(random() % resources));
      const double weights[] = {1.0, 0.5, 2.0};
      flows.push_back({route.data(), route.data() + route.size(), weights[random() % 3]});
    }
    MaxMinSolver solver(capacity);
    std::vector<double> rate;
    solver.solve(flows, rate);
    EXPECT_EQ(rate, fill_plainly(capacity, flows)) << "trial " << trial;
    // Each touched resource's sum of rates, added in flow order: the same bits as a pass over the flows.
    std::vector<double> sum(resources, 0.0);
    for (std::size_t i = 0; i < flows.size(); ++i)
      for (const int* r = flows[i].begin; r != flows[i].end; ++r) sum[*r] += rate[i];
    ASSERT_EQ(solver.allocated().size(), solver.touched().size());
    for (std::size_t t = 0; t < solver.touched().size(); ++t)
      EXPECT_EQ(solver.allocated()[t], sum[solver.touched()[t]]) << "trial " << trial << ", resource " << t;
  }
}

Metrics run(const std::vector<Edge>& edges, const FlowOptions& flow) {
  EvaluateOptions o;
  o.steps = 1;
  o.flow = flow;
  return evaluate(TaskGraph::from_edges(4, edges), test::line_of_four(), test::identity_mapping(4), o);
}

// Between solves: three flows that start one after the other on one link (capacity 12) do not carry 12 + 6 +
// 4 as first-come shares would: each start slows the flows there in proportion, so the link holds 12, in
// equal thirds once all three are on it.
TEST(FlowNetwork, ABurstOfStartsNeverOvercommitsALink) {
  const std::vector<int> link = {0};
  const FlowRoute route{link.data(), link.data() + 1};
  FlowNetwork network({12.0}, 3);
  network.start(0, route, 100.0, 0.0);
  EXPECT_DOUBLE_EQ(network.rate(0), 12.0);
  network.start(1, route, 100.0, 0.0);
  EXPECT_DOUBLE_EQ(network.rate(0), 6.0);
  EXPECT_DOUBLE_EQ(network.rate(1), 6.0);
  network.start(2, route, 100.0, 0.0);
  for (int f = 0; f < 3; ++f) EXPECT_DOUBLE_EQ(network.rate(f), 4.0);
  // 100 bytes at 4 B/s: all land at 25 s, the lowest message first.
  EXPECT_DOUBLE_EQ(network.next_landing(), 25.0);
  EXPECT_EQ(network.land(), 0);
}

// Link 0 (capacity 10) carries a, held to 2 by link 1 (capacity 2), and b at the 8 left. A new flow c on link
// 0 alone: max-min gives b and c 4 each and leaves a at 2; proportional slowing would leave b at 4.4 and c
// at 3.3.
TEST(FlowNetwork, AStartBringsDownOnlyTheFlowsAboveTheLevel) {
  const std::vector<int> both = {0, 1}, first = {0};
  FlowNetwork network({10.0, 2.0}, 3);
  network.start(0, {both.data(), both.data() + 2}, 100.0, 0.0);
  network.start(1, {first.data(), first.data() + 1}, 100.0, 0.0);
  network.solve(0.0);
  EXPECT_DOUBLE_EQ(network.rate(0), 2.0);
  EXPECT_DOUBLE_EQ(network.rate(1), 8.0);
  network.start(2, {first.data(), first.data() + 1}, 100.0, 0.0);
  EXPECT_DOUBLE_EQ(network.rate(0), 2.0);
  EXPECT_DOUBLE_EQ(network.rate(1), 4.0);
  EXPECT_DOUBLE_EQ(network.rate(2), 4.0);
}

// A busy link (capacity 2,000) carries 300 flows, each also held by a link of its own (capacities 1-101, in a
// scrambled order), at their max-min rates. A new flow on the busy link alone gets the link's level L, where
// the flows below L keep their rates and the rest share what is left (sum of min(rate, L) + L = 2,000, worked
// out here by bisection); the flows above L come down to it and the link carries no more than its capacity.
TEST(FlowNetwork, AStartOnABusyLinkTakesItsMaxMinLevel) {
  const int n = 300;
  std::vector<double> capacity = {2000.0};
  std::vector<std::vector<int>> routes;
  for (int i = 1; i <= n; ++i) {
    capacity.push_back(1.0 + (i * 37) % 101);
    routes.push_back({0, i});
  }
  FlowNetwork network(capacity, n + 1);
  for (int i = 0; i < n; ++i) network.start(i, {routes[i].data(), routes[i].data() + 2}, 1e6, 0.0);
  network.solve(0.0);
  std::vector<double> before(n);
  for (int i = 0; i < n; ++i) before[i] = network.rate(i);
  const auto carried = [&](double level) {
    double sum = level;
    for (double r : before) sum += std::min(r, level);
    return sum;
  };
  double low = 0, high = 2000;
  for (int k = 0; k < 200; ++k) (carried((low + high) / 2) < 2000 ? low : high) = (low + high) / 2;
  const std::vector<int> busy = {0};
  const double rate = network.start(n, {busy.data(), busy.data() + 1}, 1e6, 0.0);
  EXPECT_NEAR(rate, low, 1e-9 * low);
  double used = network.rate(n);
  int lowered = 0;
  for (int i = 0; i < n; ++i) {
    EXPECT_NEAR(network.rate(i), std::min(before[i], low), 1e-9 * low) << "flow " << i;
    lowered += network.rate(i) < before[i];
    used += network.rate(i);
  }
  EXPECT_GT(lowered, 0);
  EXPECT_LT(lowered, n);
  EXPECT_LE(used, 2000.0 * (1 + 1e-12));
}

// Random links and flows (a fixed seed): every start takes, on each resource of its route, the level a
// brute-force bisection gives from the rates of the flows there before it (sum of weight x min(level, own
// level), plus its weight x level, fills the capacity), and its rate is its weight times the lowest such
// level; no resource ever carries more than its capacity. Landings and solves in between take flows out of the lists and move rates.
TEST(FlowNetwork, StartsTakeTheBruteForceLevelOnRandomLinks) {
  std::mt19937_64 random(20240611);
  const auto uniform = [&](double low, double high) {
    return low + (high - low) * static_cast<double>(random() >> 11) / 9007199254740992.0;
  };
  const int resources = 5, messages = 400;
  std::vector<double> capacity;
  for (int r = 0; r < resources; ++r) capacity.push_back(uniform(10, 100));
  std::vector<std::vector<int>> routes(messages);
  std::vector<double> weight(messages);
  for (int m = 0; m < messages; ++m) {
    for (int r = 0; r < resources; ++r)
      if (random() % 3 == 0 || (r == resources - 1 && routes[m].empty())) routes[m].push_back(r);
    weight[m] = uniform(0.5, 2);
  }
  FlowNetwork network(capacity, messages);
  std::vector<char> active(messages, 0);
  const auto level_of = [&](int r, double w) {
    double low = 0, high = capacity[r] / w;
    for (int k = 0; k < 200; ++k) {
      const double level = (low + high) / 2;
      double sum = w * level;
      for (int m = 0; m < messages; ++m)
        if (active[m] && std::count(routes[m].begin(), routes[m].end(), r))
          sum += std::min(network.rate(m), weight[m] * level);
      (sum < capacity[r] ? low : high) = level;
    }
    return low;
  };
  for (int m = 0; m < messages; ++m) {
    double expected = std::numeric_limits<double>::infinity();
    for (int r : routes[m]) expected = std::min(expected, weight[m] * level_of(r, weight[m]));
    const FlowRoute route{routes[m].data(), routes[m].data() + routes[m].size(), weight[m]};
    const double rate = network.start(m, route, uniform(1, 1000), m * 0.01);
    active[m] = 1;
    EXPECT_NEAR(rate, expected, 1e-9 * expected) << "message " << m;
    for (int r = 0; r < resources; ++r) {
      double used = 0;
      for (int o = 0; o < messages; ++o)
        if (active[o] && std::count(routes[o].begin(), routes[o].end(), r)) used += network.rate(o);
      EXPECT_LE(used, capacity[r] * (1 + 1e-12)) << "resource " << r << " after message " << m;
    }
    if (random() % 4 == 0) active[network.land()] = 0;
    if (random() % 10 == 0) network.solve(m * 0.01);
  }
}

// A solve re-solves only the flows of components (flows linked by shared resources) where a flow started or
// landed since the last one: link 1's 50 flows, untouched since the first solve, cost the second solve one step
// each of its pass over the flows in the network, not a place in the max-min solve. Their rates stay the same;
// link 0's flow takes the share its landed neighbour left.
TEST(FlowNetwork, ASolveLeavesAComponentWithoutChangesAlone) {
  const std::vector<int> link0 = {0}, link1 = {1};
  const FlowRoute on0{link0.data(), link0.data() + 1}, on1{link1.data(), link1.data() + 1};
  const auto work_of_second_solve = [&](int busy) {
    FlowNetwork network({10.0, 100.0}, 2 + busy);
    network.start(0, on0, 10.0, 0.0);
    network.start(1, on0, 30.0, 0.0);
    for (int m = 2; m < 2 + busy; ++m) network.start(m, on1, 1e6, 0.0);
    network.solve(0.0);
    EXPECT_EQ(network.land(), 0);  // 10 bytes at 5 B/s: at 2 s, before link 1's flows
    const std::int64_t before = network.work();
    network.solve(2.0);
    EXPECT_DOUBLE_EQ(network.rate(1), 10.0);
    for (int m = 2; m < 2 + busy; ++m) EXPECT_DOUBLE_EQ(network.rate(m), 100.0 / busy);
    return network.work() - before;
  };
  EXPECT_EQ(work_of_second_solve(50) - work_of_second_solve(1), 49);
}

// Random flows on many resources with short routes (so the flows form several components that merge and
// split): after every solve each flow has the rate a max-min solve of all the flows in the network gives,
// whichever components the solve skipped.
TEST(FlowNetwork, SkippedComponentsKeepTheirMaxMinRates) {
  std::mt19937_64 random(20261129);
  const int resources = 40, messages = 3000;
  std::vector<double> capacity;
  for (int r = 0; r < resources; ++r) capacity.push_back(10.0 + static_cast<double>(random() % 90));
  std::vector<std::vector<int>> routes(messages);
  for (int m = 0; m < messages; ++m) {
    const int first = static_cast<int>(random() % resources);
    routes[m].push_back(first);
    if (random() % 2) routes[m].push_back((first + 1 + static_cast<int>(random() % 3)) % resources);
  }
  FlowNetwork network(capacity, messages);
  std::vector<char> active(messages, 0);
  double now = 0;
  int solves = 0;
  for (int m = 0; m < messages; ++m) {
    now += 0.01;
    network.start(m, {routes[m].data(), routes[m].data() + routes[m].size()}, 1.0 + random() % 50, now);
    active[m] = 1;
    while (network.next_landing() <= now) active[network.land()] = 0;
    if (random() % 5 != 0) continue;
    network.solve(now);
    ++solves;
    Flows all;
    std::vector<int> ids;
    for (int o = 0; o < messages; ++o)
      if (active[o]) {
        all.routes.push_back(routes[o]);
        ids.push_back(o);
      }
    const std::vector<double> expected = solve(capacity, all);
    for (std::size_t i = 0; i < ids.size(); ++i)
      ASSERT_NEAR(network.rate(ids[i]), expected[i], 1e-9 * expected[i])
          << "message " << ids[i] << ", solve " << solves;
  }
  EXPECT_GT(solves, 100);
}

// The engine's queues: random keys with many ties in time (broken by a sequence number, as in the engine),
// pushed one by one or gathered and heapified, with pushes and pops mixed: every pop gives the least key
// left.
TEST(QuaternaryHeap, EveryPopGivesTheLeastKeyLeft) {
  std::mt19937_64 random(11);
  using Key = std::pair<int, int>;  // (time, sequence)
  for (int trial = 0; trial < 50; ++trial) {
    QuaternaryHeap<Key> heap;
    std::vector<Key> left;
    int sequence = 0;
    const auto key = [&] { return Key{static_cast<int>(random() % 20), sequence++}; };
    const bool gathered = trial % 2 == 1;
    for (int k = 0; k < trial * 7; ++k) {
      left.push_back(key());
      gathered ? heap.push_unordered(left.back()) : heap.push(left.back());
    }
    if (gathered) heap.heapify();
    for (int k = 0; k < 600; ++k) {
      if (random() % 3 == 0) {
        left.push_back(key());
        heap.push(left.back());
      } else if (!left.empty()) {
        const auto least = std::min_element(left.begin(), left.end());
        ASSERT_EQ(heap.top(), *least) << "trial " << trial << ", step " << k;
        left.erase(least);
        heap.pop();
      }
      EXPECT_EQ(heap.size(), left.size());
    }
  }
}

// A flow that lands leaves its share unused until the next solve, which gives it to the flow still there; the
// bytes the flow had already sent at its old rate are kept.
TEST(FlowNetwork, ALandingsShareWaitsForTheSolve) {
  const std::vector<int> link = {0};
  const FlowRoute route{link.data(), link.data() + 1};
  FlowNetwork network({10.0}, 2);
  network.start(0, route, 10.0, 0.0);
  network.start(1, route, 30.0, 0.0);
  network.solve(0.0);
  EXPECT_DOUBLE_EQ(network.next_landing(), 2.0);  // 10 bytes at 5 B/s
  EXPECT_EQ(network.land(), 0);
  EXPECT_DOUBLE_EQ(network.next_landing(), 6.0);  // still 5 B/s: 30 bytes
  network.solve(3.0);                             // 15 bytes left at 10 B/s
  EXPECT_DOUBLE_EQ(network.rate(1), 10.0);
  EXPECT_DOUBLE_EQ(network.next_landing(), 4.5);
}

// Exact, equal shares: the hand-worked cases below count shares per flow. Every message carries its MPI
// envelope on the wire: a message of b bytes flows wire_bytes(b).
const FlowOptions kExact{0, 0, 0, FlowSharing::equal};

// Every flow starts at the same instant and ends at the same instant: the first solve is the only one that
// matters, so a window of any length changes nothing, to the last bit.
TEST(FlowEngine, AWindowThatChangesNothing) {
  const std::vector<Edge> crossing = {{0, 2, 9.4e6}, {1, 3, 9.4e6}};
  const Metrics exact = run(crossing, kExact);
  for (const FlowOptions& w :
       {FlowOptions{1e-3, 2e-7, 0.05, FlowSharing::equal}, FlowOptions{0.5, 1e-3, 1, FlowSharing::equal}}) {
    const Metrics windowed = run(crossing, w);
    EXPECT_EQ(windowed.predicted_comm_time, exact.predicted_comm_time);
    EXPECT_EQ(windowed.flow.total, exact.flow.total);
  }
  // Both share link 1 -> 2 (9.4e9 B/s, half each, below the injection links' 6e9): 2 ms, after one overhead
  // (1 us), 2 hops and 2 injection latencies.
  EXPECT_NEAR(exact.predicted_comm_time, 1e-6 + 2e-7 + 1e-6 + 2 * wire_bytes(9.4e6) / 9.4e9, 1e-15);
  EXPECT_GE(exact.flow.solves, 1);
  EXPECT_EQ(exact.flow.flows, 2);
}

// 0 -> 1 (1 hop) and 0 -> 2 (2 hops) leave node 0 by one injection link: 1 MB and 3 MB. Both flow at half of
// it (3e9 B/s) until the short one is through, then the long one alone at 6e9: its last byte lands after 2 x
// 1 MB / 6e9 + 2 MB / 6e9, not after 2 x 3 MB / 6e9 as it would if it never took the freed share.
TEST(FlowEngine, AFinishedFlowLeavesItsShareToTheOthers) {
  const Metrics m = run({{0, 1, 1e6}, {0, 2, 3e6}}, kExact);
  // Task 0 posts 0 -> 1 after 1 us and 0 -> 2 after 2 us (one overhead each): 0 -> 2 starts to flow at
  // 2 us + 2 x 100 ns + 1 us, while 0 -> 1 flows alone from 1 us + 100 ns + 1 us at 6e9.
  const double short_starts = 1e-6 + 1e-7 + 1e-6;
  const double long_starts = 2e-6 + 2e-7 + 1e-6;
  const double alone = (long_starts - short_starts) * 6e9;  // bytes of 0 -> 1 before 0 -> 2 joins
  const double shared = (wire_bytes(1e6) - alone) / 3e9;    // until 0 -> 1 is through
  const double rest = (wire_bytes(3e6) - shared * 3e9) / 6e9;
  EXPECT_NEAR(m.flow.total[0], long_starts + shared + rest, 1e-12);
}

// The case above with a window (1 ms) longer than the whole run: by the window alone the long flow would keep
// half the link after the short one landed; with `changes` 0 every start and end is solved at once, as exact
// is.
TEST(FlowEngine, EnoughChangesSolveBeforeTheWindowEnds) {
  const std::vector<Edge> edges = {{0, 1, 1e6}, {0, 2, 3e6}};
  const Metrics exact = run(edges, kExact);
  const Metrics by_changes = run(edges, FlowOptions{0.5, 1e-3, 0, FlowSharing::equal});
  EXPECT_EQ(by_changes.flow.total, exact.flow.total);
  EXPECT_EQ(by_changes.flow.solves, exact.flow.solves);
}

// The same pair of messages at 8 bytes: each flows for 4 ns at 6e9 B/s (with its envelope), under 1% of its 2
// us of latency, so neither its start nor its end counts as a change (`changes` 1: one per flow in the
// network) and the solves wait for the window (1 ms). Every task's time stays within one such transfer of
// exact.
TEST(FlowEngine, BriefFlowsWaitForTheWindow) {
  const std::vector<Edge> edges = {{0, 1, 8}, {0, 2, 8}};
  const Metrics exact = run(edges, kExact);
  const Metrics windowed = run(edges, FlowOptions{0.5, 1e-3, 1, FlowSharing::equal});
  EXPECT_LT(windowed.flow.solves, exact.flow.solves);
  for (std::size_t t = 0; t < exact.flow.total.size(); ++t)
    EXPECT_NEAR(windowed.flow.total[t], exact.flow.total[t], wire_bytes(8) / 6e9);
}

// A collective of two rounds run twice per step (NAME/r0, NAME/r1, count 2: add_collective's phases) runs as
// r0 r1 r0 r1, as the MPI library runs two calls of it, not r0 r0 r1 r1. r0 pairs 0 and 1, r1 pairs 1 and 2,
// 8 bytes each way; a round of a pair lasts L (one overhead, one hop, two injection latencies, 8 bytes and
// the envelope at 6e9 B/s). Task 0 is through its second r0 only once task 1 is through r0 and r1: 3 L; as
// two unrelated phases (other names) task 0 would run both its r0 back to back: 2 L.
TEST(FlowEngine, TheRoundsOfACollectiveRunInOrderEachTime) {
  constexpr double kL = 1e-6 + 1e-7 + 1e-6 + wire_bytes(8) / 6e9;
  const auto task0 = [](const char* r0, const char* r1) {
    EvaluateOptions o;
    o.steps = 1;
    o.flow = kExact;
    const TaskGraph g = TaskGraph::from_phases(4, {{r0, PhaseKind::collective, 2, {{0, 1, 8}, {1, 0, 8}}},
                                                   {r1, PhaseKind::collective, 2, {{1, 2, 8}, {2, 1, 8}}}});
    const Metrics m = evaluate(g, test::line_of_four(), test::identity_mapping(4), o);
    return m.flow.collective[0];
  };
  EXPECT_NEAR(task0("sum/r0", "sum/r1"), 3 * kL, 1e-15);
  EXPECT_NEAR(task0("first", "second"), 2 * kL, 1e-15);
}

// Compute before a call: task 0 computes 10 us before each call of phase "x" (a pair 0 <-> 1, 8 bytes each
// way); task 1 posts at once and waits those 10 us for its partner, then the round of a pair, L.
TEST(FlowEngine, ComputeBeforeACallDelaysThePartner) {
  constexpr double kL = 1e-6 + 1e-7 + 1e-6 + wire_bytes(8) / 6e9;
  EvaluateOptions o;
  o.steps = 1;
  o.flow = kExact;
  o.before_compute["x"] = {1e-5, 0, 0, 0};
  const TaskGraph g = TaskGraph::from_phases(4, {{"x", PhaseKind::p2p, 1, {{0, 1, 8}, {1, 0, 8}}}});
  const Metrics m = evaluate(g, test::line_of_four(), test::identity_mapping(4), o);
  EXPECT_NEAR(m.flow.exchange[1], 1e-5 + kL, 1e-15);
  EXPECT_NEAR(m.flow.exchange[0], kL, 1e-15);
  EXPECT_DOUBLE_EQ(m.flow.compute[0], 1e-5);
  EXPECT_NEAR(m.flow.total[0], 1e-5 + kL, 1e-15);
  o.before_compute = {{"y", {1e-5, 0, 0, 0}}};
  EXPECT_THROW(evaluate(g, test::line_of_four(), test::identity_mapping(4), o), std::invalid_argument);
}

// How a round is posted (Posting) sets when its messages leave. A ring shift 0 -> 1 -> 2 -> 0 (8 bytes each;
// 0 -> 1 one hop, 1.1 us of latency, 2 -> 0 two hops, 1.2 us), task 1 computing 0.5 us before the call, the
// overhead o = 1 us. Task 0's round ends when 0 -> 1 and 2 -> 0 have landed:
// - nonblocking (receives at once, the send after o): 0 -> 1 leaves at max(o, 0.5 us) = 1 us and lands at
//   2.1 us, 2 -> 0 leaves at 1 us and lands at 2.2 us: 2.2 us;
// - sendrecv (the send after o, the receive after it): 0 -> 1 waits for task 1's receive at 0.5 + 1 = 1.5 us
// and
//   lands at 2.6 us: 2.6 us;
// - blocking (both at once, no overhead): 0 -> 1 leaves at 0.5 us (2 -> 0 at 0) and lands at 1.6 us: 1.6 us.
TEST(FlowEngine, APostingSetsWhenARoundsMessagesLeave) {
  constexpr double kBytes = wire_bytes(8) / 6e9;
  const auto task0 = [](Posting posting) {
    EvaluateOptions o;
    o.steps = 1;
    o.flow = kExact;
    o.before_compute["ring"] = {0, 5e-7, 0, 0};
    const TaskGraph g = TaskGraph::from_phases(
        4, {{"ring/r0", PhaseKind::collective, 1, {{0, 1, 8}, {1, 2, 8}, {2, 0, 8}}, false, posting}});
    return evaluate(g, test::line_of_four(), test::identity_mapping(4), o).flow.collective[0];
  };
  EXPECT_NEAR(task0(Posting::nonblocking), 2.2e-6 + kBytes, 1e-15);
  EXPECT_NEAR(task0(Posting::sendrecv), 2.6e-6 + kBytes, 1e-15);
  EXPECT_NEAR(task0(Posting::blocking), 1.6e-6 + kBytes, 1e-15);
}

// Under latency sharing (SimGrid's rule), two flows on one link share it in inverse proportion to their route
// latencies: 0 -> 2 (2 hops: 2 x 100 ns + 2 x 500 ns) and 1 -> 2 (1 hop) meet on link 1 -> 2 and on node 2's
// injection link in (6e9 B/s, the bottleneck): 1 -> 2 gets 1.2 / (1.1 + 1.2) of it.
TEST(FlowEngine, LatencySharingFavoursTheShorterRoute) {
  const std::vector<Edge> two = {{0, 2, 6e6}, {1, 2, 6e6}};
  const Metrics equal = run(two, kExact);
  const Metrics latency = run(two, FlowOptions{0, 0, 0, FlowSharing::latency});
  // Equal: both at 3e9 until both are through (posted 1 us apart: task 0's first, each its task's first
  // message).
  EXPECT_NEAR(equal.flow.total[1], equal.flow.total[0], 2e-7);
  // Latency: 1 -> 2 is through first, well before 0 -> 2.
  EXPECT_LT(latency.flow.total[1], latency.flow.total[0] - 5e-5);  // 1.92 ms against 2 ms
}

TEST(FlowEngine, OptionsOutOfRangeAreRefused) {
  EvaluateOptions o;
  o.steps = 1;
  o.flow.delta = -1;
  EXPECT_THROW(
      evaluate(TaskGraph::from_edges(4, {{0, 1, 8}}), test::line_of_four(), test::identity_mapping(4), o),
      std::invalid_argument);
  o.flow.delta = std::nan("");
  EXPECT_THROW(
      evaluate(TaskGraph::from_edges(4, {{0, 1, 8}}), test::line_of_four(), test::identity_mapping(4), o),
      std::invalid_argument);
}

}  // namespace
}  // namespace tamp
