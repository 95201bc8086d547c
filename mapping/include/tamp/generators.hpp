// Task graphs of the apps' communication patterns, so tamp-map can work without running an app.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tamp/mfdn.hpp"
#include "tamp/task_graph.hpp"

namespace tamp {

/// A Jacobi stencil on a regular task grid: each task owns a box of `local` cells and exchanges
/// faces (and, for 9- and 27-point stencils, edges and corners) of `bytes_per_cell` bytes per cell.
struct StencilGraphSpec {
  std::vector<int> tasks;          // task grid, dimension 0 fastest (2 or 3 entries; more allowed)
  std::vector<bool> periodic;      // empty: not periodic
  int points = 0;                  // 5 or 9 (2D), 7 or 27 (3D); 0: faces only (2*D+1)
  std::vector<int> local;          // cells per task per dimension (empty: 1 each)
  double bytes_per_cell = 8;
};
TaskGraph make_stencil_graph(const StencilGraphSpec& spec);

/// MiniGhost's boundary exchange on an NPX x NPY x NPZ task grid, x fastest, not periodic, to the 6 face
/// neighbours whatever the stencil. MG_PACK sends each face plane with its halo ring, (n_a+2)(n_b+2) cells
/// (`ring`); BSPMA puts a face's variables in one message, SVAF sends one message per variable (same bytes,
/// `vars` times the messages).
struct MiniGhostGraphSpec {
  std::vector<int> tasks;                 // NPX, NPY, NPZ
  std::vector<int> local{100, 100, 100};  // NX, NY, NZ cells per task (MiniGhost's defaults)
  int vars = 5;                           // variables per cell, 1..40 (MiniGhost's default 5)
  bool diagonals = false;                 // 2D9PT or 3D27PT: the exchange goes one dimension at a time
  bool ring = true;                       // faces carry the halo ring (MG_PACK); false: face cells only
  bool svaf = false;                      // COMM_METHOD_SVAF: one exchange per variable
  double percent_sum = 0;                 // share of variables summed every step, 0..100
  int summed = -1;                        // exact count of summed variables; -1: vars x percent_sum / 100
  bool launcher_sums = false;             // the grid sums run on a launcher-order communicator (sum_comm)
};
/// Phases: the exchange, "faces" (p2p; count vars for SVAF, else 1) or, for the diagonal stencils, the stages
/// of MG_BSPMA_DIAGS "faces-y", "faces-x", "faces-z" (empty stages left out); then the grid sums: one
/// MPI_Allreduce of one double per summed variable and step, as recursive-doubling rounds "grid-sum/rK" over
/// all tasks (in launcher order with `launcher_sums`: Phase::launcher_order). A graph of a single exchange of
/// count 1 carries no phases.
TaskGraph make_minighost_graph(const MiniGhostGraphSpec& spec);

/// One MFDn Lanczos step ([Aktulga12] Alg. 1, S1 S2 S4 S5): binomial-tree messages of the column and row
/// broadcasts and reductions on the triangular grid; task id = MPI rank under `ordering`; each message n/nd *
/// 8 bytes.
/// The algorithms of the SpMV's broadcasts and reductions: `binomial` trees, as [Aktulga12] §3.2 says Hopper's
/// Cray MPICH2 runs them and as the simulated runs pin them, or `mpich`, MPICH's algorithms for long messages
/// (a binomial scatter then a ring allgather, the binomial tree on groups of fewer than 8 ranks; a fold, a
/// reduce-scatter by recursive halving, a binomial gather: bcast_scatter_binomial ... reduce_gather_binomial).
enum class MfdnCollectives { binomial, mpich };
MfdnCollectives parse_mfdn_collectives(std::string_view name);  // "binomial", "mpich"; std::invalid_argument
std::string_view to_string(MfdnCollectives collectives);

struct MfdnGraphSpec {
  int nd = 1;                               // diagonal processors; nd(nd+1)/2 tasks
  MfdnOrdering ordering = MfdnOrdering::dm;
  MfdnCollectives collectives = MfdnCollectives::binomial;
  double n = 0;                    // vector length; 0: 1e6 * nd
  bool orthogonalisation = false;  // add the collectives of the orthogonalisation (O1-O6)
  double vectors = 100;            // mean Lanczos vectors orthogonalised against per step
};
/// Phases, in the order of one Lanczos step of apps/lanczos: "column-bcast", "row-bcast", "row-reduce",
/// "column-reduce" (every column or row at once, as `collectives` says; with `mpich`, round K of a collective
/// is the same part of the algorithm in every group, the parts padded to their longest). With `orthogonalisation`: "orth-scatter"
/// (MPI_Scatterv of the diagonal task's segment over its refolded group), "orth-allreduce" (2 x MPI_Allreduce
/// of `vectors` doubles over all tasks), "norm-allreduce" (one double), "orth-gather" (MPI_Gatherv back).
TaskGraph make_mfdn_graph(const MfdnGraphSpec& spec);
/// The refolded orthogonalisation group of every task ([Aktulga12] §2.2, as apps/lanczos/grid.cpp): block {a,
/// b}, a <= b, d = b - a joins group a with key d when d <= nd - d, else group b with key nd - d; key 0 (the
/// diagonal block) is the root. Returns (group, key) per task.
std::vector<std::array<int, 2>> mfdn_orth_groups(int nd, MfdnOrdering ordering);

/// A ParFUM-like unstructured mesh, the one apps/mesh generates: a gx x gy grid of squares cut along a seeded
/// random diagonal into 2 triangles (2D), or a gx x gy x gz grid of cubes cut into Kuhn's 6 tetrahedra (3D,
/// conforming); every vertex moved by up to 1/10 of the spacing (seeded, portable bits of mt19937_64); cells
/// positively oriented. About `cells` cells (at least one square or cube, at most 2e8).
struct SimplexMeshData {
  int dim = 2;
  std::vector<double> vertices;  // `dim` numbers per vertex
  std::vector<int> cells;        // dim + 1 vertex ids per cell
};
SimplexMeshData generate_simplex_mesh(int dim, long long cells, std::uint64_t seed);

/// The centroid of every cell (`dim` numbers per cell, the mean of its vertices in cell order).
std::vector<double> simplex_centroids(int dim, const std::vector<double>& vertices,
                                      const std::vector<int>& cells);

/// Recursive coordinate bisection of `dim`-dimensional points into `parts` parts of exact sizes (part k has
/// n/parts points, plus one for k < n % parts); each cut halves the part range along the longest extent of
/// the points' bounding box (ties: the lower dimension; equal coordinates: the lower id); parts numbered in
/// bisection order (the lower half gets the lower ids).
std::vector<int> rcb_partition(const std::vector<double>& points, int dim, int parts);

/// ParFUM's ghost nodes of a partition (`part` per cell): a node belongs to the lowest part of its cells
/// (`owner`, -1 for a node of no cell); for each cell whose nodes have several owners, each of these owners
/// needs each node of the cell it does not own (it computes the cell as a ghost). Returns
/// the (owner, needing part, node) triples, sorted, each once.
std::vector<std::array<int, 3>> mesh_ghost_messages(int dim, int num_nodes, const std::vector<int>& cells,
                                                    const std::vector<int>& part, std::vector<int>& owner);

/// The quotient graph of one step's ghost messages: owner -> needing part, 8 bytes (one double) per ghost
/// node; coordinates = the mean of each part's cell centroids. apps/mesh hands this graph to the mappers.
TaskGraph mesh_quotient_graph(int dim, const std::vector<double>& vertices, const std::vector<int>& cells,
                              const std::vector<int>& part, int parts);

/// `mesh:`: generate_simplex_mesh, rcb_partition of the cell centroids, mesh_quotient_graph.
struct MeshGraphSpec {
  int dim = 2;                              // 2: triangles, 3: tetrahedra
  int parts = 1;
  long long cells = 0;                      // about this many cells; 0: 100 per part
  std::uint64_t seed = 1;
};
TaskGraph make_mesh_graph(const MeshGraphSpec& spec);

/// A complex 3D FFT of N0 x N1 x N2 points on a PR x PC process grid as apps/fft runs it (pencils; PC = 1 is
/// a slab): task t = r * PC + c, dimension n_d cut over the grid as `block` does (the first
/// n % p ranks one plane more). Phases, one forward + backward transform: "rows-forward" (every row's
/// MPI_Alltoallv X -> Y at once), "columns-forward" (Y -> Z), "columns-backward", "rows-backward", each one
/// round with all pairs (SimGrid's ompi selector: alltoallv = ompi_basic_linear), 16 bytes per element.
struct FftGraphSpec {
  std::array<int, 3> n{32, 32, 32};
  int pr = 1;
  int pc = 1;
};
TaskGraph make_fft_graph(const FftGraphSpec& spec);
/// Bytes sent between distinct tasks by one forward + backward transform on a pr x pc grid.
double fft_transposed_bytes(const std::array<int, 3>& n, int pr, int pc);
/// Why n cannot be cut over pr x pc (a dimension with fewer planes than the ranks it is cut over), or "".
std::string fft_grid_problem(const std::array<int, 3>& n, int pr, int pc);
/// The grid apps/fft uses when not told: least fft_transposed_bytes among the true 2D grids that fit (pr from
/// 2 up, the first on ties), else the slab ranks x 1. Returns {pr, pc}.
std::array<int, 2> fft_default_grid(const std::array<int, 3>& n, int ranks);

/// "stencil2d:64x64", "stencil3d:32x32x32[,points=27][,local=16x16x16][,periodic]",
/// "minighost:4x4x4[,nx=..,ny=..,nz=..][,vars=5][,stencil=2d5pt|2d9pt|3d7pt|3d27pt][,sum=100]" (sum: percent
/// of variables summed per step, default 100 as MiniGhost),
/// "mfdn:23[,ordering=dm|cm|bdm|bcm][,n=N][,orth=1][,vectors=100]" (orth: with the orthogonalisation
/// collectives, default 1), "mesh:2d|3d,parts=P[,cells=N][,seed=S]",
/// "fft:N0xN1xN2,ranks=P|grid=PRxPC"; throws std::invalid_argument.
TaskGraph generate_graph(const std::string& spec);

}  // namespace tamp
