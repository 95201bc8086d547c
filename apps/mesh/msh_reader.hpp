// Gmsh .msh files, ASCII format 2.2 (also 2.0, 2.1) and 4.1: the triangles or tetrahedra of a mesh.
#pragma once
#include <string>

#include "mesh.hpp"

namespace tamp::mesh {

/// Reads the nodes and the elements of the highest dimension present: 3-node triangles (a 2D mesh, in a plane
/// z = const) or 4-node tetrahedra (3D); elements of lower dimension (boundary lines, points) are skipped.
/// Throws tamp::ParseError ("FILE:LINE: ...") on a malformed file, a binary file, another format version,
/// an unsupported element type of the mesh's dimension (quadrangles, hexahedra, second order, ...), or an
/// element referring to an unknown node. Elements are oriented as in the file (check_mesh() rejects
/// inverted ones).
Mesh read_msh(const std::string& path);

}  // namespace tamp::mesh
