#!/usr/bin/env python3
"""Task graphs TAMP's generators did not write, for the benchmark of `auto` on foreign graphs
(docs/performance.md, "`auto` on graphs of other origins").

    make_graphs.py OUT

writes OUT/NAME.graph (METIS, bytes per message) and, where the graph has them, OUT/NAME.xyz (task coordinates),
for every NAME of GRAPHS. Meshes are cut by METIS (`gpmetis`) and Scotch (`scotch_gpart`, after `gcv`), the sparse matrices are
ordered by METIS's nested dissection (`ndmetis`) or reverse Cuthill-McKee and distributed in blocks of rows, as a
code using those tools would. Debian packages `metis` and `scotch`. Deterministic: the same OUT every run."""
import collections
import heapq
import math
import os
import random
import subprocess
import sys
import tempfile

PARTS = 2048  # tasks of the partitioned graphs: a Blue Gene/P midplane's cores
FIELD_BYTES = 8 * 40  # a ghost mesh node: 40 doubles (as MiniGhost's 40 variables)


# ---- meshes: graded, so that METIS and Scotch cut parts of unequal shapes ----

def graded(n, power):
    """n + 1 coordinates in [0, 1], denser towards 0."""
    return [(i / n) ** power for i in range(n + 1)]


def l_shaped_triangles(n, seed):
    """Triangles of the L-shaped domain [0,1]^2 minus [1/2,1]^2, on a grid graded towards the re-entrant corner;
    each square cut along a seeded random diagonal. Returns (points, triangles)."""
    rng = random.Random(seed)
    half = [0.5 * (1 - t) for t in graded(n // 2, 1.6)][::-1]  # dense near 1/2
    axis = half + [1 - x for x in reversed(half[:-1])]
    points, index = [], {}
    for j, y in enumerate(axis):
        for i, x in enumerate(axis):
            if not (x > 0.5 and y > 0.5):
                index[i, j] = len(points)
                points.append((x, y))
    triangles = []
    for j in range(len(axis) - 1):
        for i in range(len(axis) - 1):
            corners = [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)]
            if not all(c in index for c in corners):
                continue
            a, b, c, d = (index[k] for k in corners)
            triangles += [(a, b, c), (a, c, d)] if rng.random() < 0.5 else [(a, b, d), (b, c, d)]
    return points, triangles


def box_tetrahedra(n, seed):
    """Kuhn's 6 tetrahedra of every cube of an n^3 grid of [0,1]^3 graded towards one corner, nodes moved by up to
    a fifth of the local spacing. Returns (points, tetrahedra)."""
    rng = random.Random(seed)
    axis = graded(n, 1.4)
    points = []
    for z in range(n + 1):
        for y in range(n + 1):
            for x in range(n + 1):
                p = []
                for k in (x, y, z):
                    h = (axis[min(k + 1, n)] - axis[max(k - 1, 0)]) / 10
                    p.append(axis[k] + (rng.uniform(-h, h) if 0 < k < n else 0.0))
                points.append(tuple(p))

    def node(x, y, z):
        return (z * (n + 1) + y) * (n + 1) + x

    paths = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    tets = []
    for z in range(n):
        for y in range(n):
            for x in range(n):
                for path in paths:
                    c = [x, y, z]
                    walk = [node(*c)]
                    for axis_step in path:
                        c[axis_step] += 1
                        walk.append(node(*c))
                    tets.append(tuple(walk))
    return points, tets


def dual_graph(cells, shared):
    """Cells adjacent when they share `shared` nodes (an edge in 2D, a face in 3D): adjacency lists."""
    by_facet = collections.defaultdict(list)
    for e, cell in enumerate(cells):
        for facet in _facets(cell, shared):
            by_facet[facet].append(e)
    adjacent = [set() for _ in cells]
    for owners in by_facet.values():
        for a in owners:
            adjacent[a].update(b for b in owners if b != a)
    return [sorted(a) for a in adjacent]


def _facets(cell, shared):
    s = sorted(cell)
    if shared == 2:
        return [(s[0], s[1]), (s[0], s[2]), (s[1], s[2])]
    return [(s[0], s[1], s[2]), (s[0], s[1], s[3]), (s[0], s[2], s[3]), (s[1], s[2], s[3])]


def node_graph(cells, nodes):
    """Nodes adjacent when a cell holds both: the sparsity of a P1 finite-element matrix."""
    adjacent = [set() for _ in range(nodes)]
    for cell in cells:
        for a in cell:
            adjacent[a].update(b for b in cell if b != a)
    return [sorted(a) for a in adjacent]


# ---- external partitioners and orderings ----

def write_metis(path, adjacency, weights=None):
    edges = sum(len(a) for a in adjacency) // 2
    with open(path, "w") as f:
        f.write(f"{len(adjacency)} {edges}{' 001' if weights else ''}\n")
        for v, a in enumerate(adjacency):
            if weights:
                f.write(" ".join(f"{u + 1} {weights[v][u]}" for u in a) + "\n")
            else:
                f.write(" ".join(str(u + 1) for u in a) + "\n")


def run(command, cwd):
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        sys.exit(f"make_graphs.py: {' '.join(command)} failed: {done.stdout.strip().splitlines()[-1:]}")


def metis_parts(adjacency, parts, tmp):
    path = os.path.join(tmp, "dual.graph")
    write_metis(path, adjacency)
    run(["gpmetis", "-seed=1", path, str(parts)], tmp)
    with open(f"{path}.part.{parts}") as f:
        return [int(line) for line in f]


def scotch_parts(adjacency, parts, tmp):
    path = os.path.join(tmp, "dual.graph")
    write_metis(path, adjacency)
    run(["gcv", "-ic", path, os.path.join(tmp, "dual.grf")], tmp)
    run(["scotch_gpart", str(parts), "dual.grf", "dual.map", "-Cd"], tmp)  # -Cd: deterministic
    with open(os.path.join(tmp, "dual.map")) as f:
        rows = [line.split() for line in f.read().splitlines()[1:]]
    base = min(int(v) for v, _ in rows)  # the METIS form's labels start at 1
    part = [0] * len(adjacency)
    for v, p in rows:
        part[int(v) - base] = int(p)
    return part


def nested_dissection(adjacency, tmp):
    """ndmetis's fill-reducing order: order[k] = the node placed k-th."""
    path = os.path.join(tmp, "nodes.graph")
    write_metis(path, adjacency)
    run(["ndmetis", path], tmp)
    with open(f"{path}.iperm") as f:
        position = [int(line) for line in f]
    order = [0] * len(position)
    for v, k in enumerate(position):
        order[k] = v
    return order


def reverse_cuthill_mckee(adjacency):
    """Breadth first from a node of least degree, neighbours by increasing degree, reversed."""
    start = min(range(len(adjacency)), key=lambda v: (len(adjacency[v]), v))
    seen, order, queue = {start}, [start], collections.deque([start])
    while queue:
        for u in sorted(adjacency[queue.popleft()], key=lambda u: (len(adjacency[u]), u)):
            if u not in seen:
                seen.add(u)
                order.append(u)
                queue.append(u)
    return order[::-1]


# ---- task graphs ----

def halo_graph(cells, part, points):
    """Ghost-node exchange of a cell partition: a node belongs to the lowest part among its cells, and each other
    part holding it receives it (FIELD_BYTES). Returns ({(p, q): bytes}, coordinates of each part)."""
    holders = collections.defaultdict(set)
    for e, cell in enumerate(cells):
        for v in cell:
            holders[v].add(part[e])
    traffic = collections.Counter()
    for v, parts in holders.items():
        owner = min(parts)
        for p in parts:
            if p != owner:
                traffic[owner, p] += FIELD_BYTES
    return traffic, centroids(cells, part, points)


def centroids(cells, part, points):
    dims = len(points[0])
    sums = collections.defaultdict(lambda: [0.0] * (dims + 1))
    for e, cell in enumerate(cells):
        s = sums[part[e]]
        for v in cell:
            for d in range(dims):
                s[d] += points[v][d] / len(cell)
        s[dims] += 1
    return {p: [s[d] / s[dims] for d in range(dims)] for p, s in sums.items()}


def row_block_graph(adjacency, order, ranks, points):
    """y = A x with the rows in `order` cut into `ranks` contiguous blocks (PETSc's default layout): rank q sends
    rank p the x entries p's rows need from q's rows, 8 bytes each."""
    n = len(order)
    rank_of = [0] * n
    for k, v in enumerate(order):
        rank_of[v] = k * ranks // n
    needed = collections.defaultdict(set)
    for v in range(n):
        for u in adjacency[v]:
            if rank_of[u] != rank_of[v]:
                needed[rank_of[u], rank_of[v]].add(u)
    traffic = collections.Counter({pair: 8 * len(cols) for pair, cols in needed.items()})
    return traffic, centroids([[v] for v in range(n)], rank_of, points)


def knn_graph(tasks, k, seed):
    """Tasks at clustered random points of the unit cube (a particle code's irregular domains), each exchanging with
    its k nearest, 1-64 KB log-uniform per pair."""
    rng = random.Random(seed)
    centres = [[rng.random() for _ in range(3)] for _ in range(12)]
    points = []
    for _ in range(tasks):
        c = rng.choice(centres)
        points.append([min(1.0, max(0.0, rng.gauss(c[d], 0.12))) for d in range(3)])
    traffic = collections.Counter()
    for a in range(tasks):
        nearest = heapq.nsmallest(k + 1, range(tasks), key=lambda b: (math.dist(points[a], points[b]), b))
        for b in nearest[1:]:
            pair = (min(a, b), max(a, b))
            if pair not in traffic:
                traffic[pair] = int(1024 * 2 ** rng.uniform(0, 6))
    return traffic, dict(enumerate(points))


def power_law_graph(tasks, m, seed):
    """Preferential attachment (Barabasi-Albert, m links per new task): a few hubs talk to many, 1-16 KB a pair.
    No coordinates."""
    rng = random.Random(seed)
    ends, traffic = list(range(m)), collections.Counter()
    for v in range(m, tasks):
        targets = set()
        while len(targets) < m:
            targets.add(rng.choice(ends))
        for u in sorted(targets):
            traffic[u, v] = int(1024 * 2 ** rng.uniform(0, 4))
            ends += [u, v]
    return traffic, None


def write_task_graph(out, name, traffic, coordinates, tasks, shuffle_seed=None):
    """OUT/NAME.graph with each pair's bytes (both directions summed, as the METIS form holds one weight per pair:
    the mean of the two directions, at least 1) and OUT/NAME.xyz."""
    number = list(range(tasks))
    if shuffle_seed is not None:
        random.Random(shuffle_seed).shuffle(number)
    pairs = collections.Counter()
    for (p, q), b in traffic.items():
        if p != q:
            both_ways = (q, p) in traffic
            pairs[min(number[p], number[q]), max(number[p], number[q])] += b / 2 if both_ways else b
    adjacency, weights = [[] for _ in range(tasks)], [{} for _ in range(tasks)]
    for (p, q), b in sorted(pairs.items()):
        bytes_each_way = max(1, round(b))
        adjacency[p].append(q)
        adjacency[q].append(p)
        weights[p][q] = weights[q][p] = bytes_each_way
    write_metis(os.path.join(out, f"{name}.graph"), [sorted(a) for a in adjacency], weights)
    if coordinates is not None:
        inverse = {number[t]: t for t in range(tasks)}
        with open(os.path.join(out, f"{name}.xyz"), "w") as f:
            for t in range(tasks):
                f.write(" ".join(f"{x:.6f}" for x in coordinates[inverse[t]]) + "\n")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_graphs.py OUT")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        points2, triangles = l_shaped_triangles(320, seed=1)
        dual2 = dual_graph(triangles, 2)
        points3, tets = box_tetrahedra(24, seed=2)
        dual3 = dual_graph(tets, 3)
        for name, cells, points, dual, cut in (("mesh2d-metis", triangles, points2, dual2, metis_parts),
                                                ("mesh2d-scotch", triangles, points2, dual2, scotch_parts),
                                                ("mesh3d-metis", tets, points3, dual3, metis_parts),
                                                ("mesh3d-scotch", tets, points3, dual3, scotch_parts)):
            traffic, xyz = halo_graph(cells, cut(dual, PARTS, tmp), points)
            write_task_graph(out, name, traffic, xyz, PARTS)
            if name == "mesh3d-metis":  # the same parts, numbered as a code that never renumbers them might
                write_task_graph(out, "mesh3d-metis-shuffled", traffic, xyz, PARTS, shuffle_seed=3)
        points3, tets = box_tetrahedra(40, seed=6)  # a finer mesh: 34 rows a rank
        nodes3 = node_graph(tets, len(points3))
        traffic, xyz = row_block_graph(nodes3, nested_dissection(nodes3, tmp), PARTS, points3)
        write_task_graph(out, "matrix3d-nd", traffic, xyz, PARTS)
        nodes2 = node_graph(triangles, len(points2))
        traffic, xyz = row_block_graph(nodes2, reverse_cuthill_mckee(nodes2), PARTS, points2)
        write_task_graph(out, "matrix2d-rcm", traffic, xyz, PARTS)
    traffic, xyz = knn_graph(PARTS, 6, seed=4)
    write_task_graph(out, "knn-clustered", traffic, xyz, PARTS)
    traffic, xyz = power_law_graph(PARTS, 2, seed=5)
    write_task_graph(out, "power-law", traffic, xyz, PARTS)


if __name__ == "__main__":
    main()
