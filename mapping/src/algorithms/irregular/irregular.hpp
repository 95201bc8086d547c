// The irregular-graph family: [Bhatele10] ch. 10 (BFT, MHT, COCE, AFFN with coordinates) and LibTopoMap-style
// mappers (greedy, RCM, recursive bisection). Each is a node-level algorithm (impl/two_level.hpp): one group
// per node.
#pragma once
#include <vector>

#include "algorithms/irregular/node_space.hpp"
#include "algorithms/irregular/sym_graph.hpp"
#include "tamp/mapper.hpp"

namespace tamp::impl {

/// `bft`: breadth-first traversal from group 0 on node 0 (Alg. 10.2).
Mapping map_bft(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
/// `mht`: max-heap traversal from the group of most neighbours on the centre node (§10.2, heuristic 2).
Mapping map_mht(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
/// `coce-bft`: the groups nearest the corners of the coordinates' box on the corners of the node box, then
/// BFT.
Mapping map_coce_bft(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
/// `coce-mht`: the same corners, then MHT (§10.4, heuristic 2).
Mapping map_coce_mht(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
/// `affn-coords`: affine scaling of the coordinates onto the node box, findNearest on hits (Alg. 10.3).
Mapping map_affn_coords(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
/// `greedy`: heaviest-connected group next, on the candidate node of least bytes x hops (LibTopoMap).
Mapping map_greedy(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
/// `rcm`: reverse Cuthill-McKee order of the groups onto the reverse Cuthill-McKee order of the nodes.
Mapping map_rcm(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);
/// `rb`: recursive bisection of the groups (graph growing + Fiduccia-Mattheyses) and of the nodes
/// (geometric).
Mapping map_rb(const TaskGraph& groups, const Allocation& nodes, const MapOptions& options);

/// `multisection`: the tasks split top-down along the machine's levels (Machine::level_apart), by recursive
/// bisection of the task graph at each level; machines without distance levels are refused
/// (std::invalid_argument). A task-level algorithm: it fills slots itself.
Mapping map_multisection(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);
/// `multisection-bisect`: the same without refining the pairs of each level's shares (refine_shares): fewer
/// bytes cut is not always less time, and `auto` ranks both.
Mapping map_multisection_bisect(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);

/// Alg. 10.2 from tasks already placed: pops a task, puts each unplaced neighbour (in id order) on the free
/// cell nearest the popped task's cell and queues it. When the queue runs dry (another component), the lowest
/// unplaced id goes next to the last placed cell and the traversal goes on from it.
void breadth_first_fill(const SymGraph& graph, PartialMapping& partial, const std::vector<int>& starts);
/// MHT from the tasks already placed (none for plain MHT): the unplaced task with the most placed neighbours
/// (ties: lower id) goes to the free cell nearest the byte-weighted centroid of its placed neighbours' cells.
/// When no unplaced task has a placed neighbour, the unplaced task of most neighbours (ties: lower id) goes
/// to the centre.
void max_heap_fill(const SymGraph& graph, PartialMapping& partial);

/// Reverse Cuthill-McKee: per component (in order of their lowest vertex), breadth-first from a
/// pseudo-peripheral vertex (George-Liu), neighbours in increasing degree (ties: id); the whole order
/// reversed.
std::vector<int> rcm_order(const SymGraph& graph);

/// Splits the graph in two, exactly `size0` vertices on side 0, minimising the bytes cut plus, for each
/// vertex v on side 0, preference[v] (what side 0 costs v more than side 1; empty: nothing): greedy graph
/// growing from the vertex that prefers the grown side most (a pseudo-peripheral vertex when none does), then
/// Fiduccia-Mattheyses passes. Returns the side (0 or 1) of each vertex.
std::vector<char> bisect_graph(const SymGraph& graph, int size0, const std::vector<double>& preference = {});
/// Fiduccia-Mattheyses passes from `side` (side 0 has exactly size0 vertices), as bisect_graph ends.
std::vector<char> refine_bisection(const SymGraph& graph, std::vector<char> side, int size0);
/// The same split, multilevel (heavy-edge matchings, growings on the coarsest graph, weighted FM on every
/// level, then refine_bisection): straighter cuts on meshes and grids than bisect_graph, for multisection.
std::vector<char> multilevel_bisect(const SymGraph& graph, int size0);
/// Pairwise refinement of a k-way split with exact sizes, as KaHIP refines on its quotient graph: each pair of
/// shares that exchanges bytes, heaviest pair first (ties: lower indices), is refined as one bisection of its
/// union (refine_bisection), kept if it cuts fewer bytes; passes until one saves less than 10^-3 of the bytes
/// between the shares, at most four. Only the pair's own edges count: right on a tree, where every task outside
/// the pair is equally far from both. `local_of` and `share_of` are scratch of size graph.num_vertices, all -1
/// on entry and on return.
void refine_shares(const SymGraph& graph, std::vector<std::vector<int>>& shares, std::vector<int>& local_of,
                   std::vector<int>& share_of);
/// The vertex farthest (last in breadth-first order) from `from`, within its component.
int farthest_vertex(const SymGraph& graph, int from);
/// Bytes on edges whose ends are on different sides.
double cut_bytes(const SymGraph& graph, const std::vector<char>& side);

}  // namespace tamp::impl
