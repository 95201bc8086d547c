// The unstructured mesh: nodes and simplicial elements (3-node triangles in 2D, 4-node tetrahedra in 3D).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace tamp::mesh {

struct Mesh {
  int dim = 2;                  // 2: triangles, 3: tetrahedra
  std::vector<double> coords;   // `dim` numbers per node
  std::vector<int> cells;       // dim + 1 node indices per element, positively oriented
  std::string source;           // "generated ..." or the file name
  std::vector<long> cell_tags;  // file meshes: the element's tag and line in the file, for messages
  std::vector<long> cell_lines;

  int vertices_per_cell() const { return dim + 1; }
  int num_nodes() const { return static_cast<int>(coords.size() / dim); }
  int num_cells() const { return static_cast<int>(cells.size() / (dim + 1)); }
  const int* cell(int e) const { return cells.data() + static_cast<std::size_t>(e) * (dim + 1); }
  const double* node(int n) const { return coords.data() + static_cast<std::size_t>(n) * dim; }
  /// "element 12 (tag 40, line 97 of FILE)" for a file mesh, "element 12" for a generated one.
  std::string describe_cell(int e) const;
};

/// A gx x gy grid of squares cut along a seeded random diagonal into 2 triangles each (2D), or a gx x gy x gz
/// grid of cubes cut into Kuhn's 6 tetrahedra (3D, conforming); every node moved by up to 1/10 of the spacing
/// (seeded, portable bits of mt19937_64), which keeps every element positively oriented. About `cells`
/// elements (at least one square or cube).
Mesh generate_mesh(int dim, long long cells, std::uint64_t seed);

/// Signed measure (area, volume) of element e: negative when its nodes are listed in the inverted order.
double signed_measure(const Mesh& mesh, int e);

/// Throws std::invalid_argument naming the element (and its file line) when an element is inverted or
/// degenerate (measure <= 1e-12 x the mean |measure|), when a node index is out of range, or when the mesh
/// has no element.
void check_mesh(const Mesh& mesh);

/// The element graph: CSR of the elements sharing a face (an edge in 2D, a triangle in 3D) with element e,
/// found by sorting the faces. Throws std::invalid_argument when a face bounds more than two elements.
struct ElementGraph {
  std::vector<int> offsets{0};
  std::vector<int> neighbours;
  long long faces = 0;  // interior faces (each pair once)
};
ElementGraph element_graph(const Mesh& mesh);

}  // namespace tamp::mesh
