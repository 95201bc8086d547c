// Internals of the unstructured-mesh generator: the mesh, and its recursive coordinate bisection.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace tamp::impl {

/// Cells of a simplicial mesh: their centroids (`dim` numbers per cell) and the pairs of cells sharing a
/// face.
struct SimplexMesh {
  int dim = 2;
  int num_cells = 0;
  std::vector<double> centroids;
  std::vector<std::array<int, 2>> face_pairs;  // each interior face once, first < second
};

/// A gx x gy grid of squares split into 2 triangles along a seeded random diagonal each (2D), or a gx x gy x
/// gz grid of cubes split into the 6 Kuhn tetrahedra (3D, conforming); vertices perturbed by up to 1/4 of the
/// spacing. About `cells` cells (at least one square or cube).
SimplexMesh make_simplex_mesh(int dim, long long cells, std::uint64_t seed);

/// Recursive coordinate bisection of `dim`-dimensional points into `parts` parts of exact sizes (part k has
/// n/parts cells, plus one for k < n % parts); each cut halves the part range along the longest extent of the
/// points' bounding box; parts numbered in bisection order (the lower half gets the lower ids).
std::vector<int> rcb_partition(const std::vector<double>& points, int dim, int parts);

}  // namespace tamp::impl
