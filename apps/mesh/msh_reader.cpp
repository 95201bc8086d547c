// The Gmsh reader: sections read line by line so that every error names its line.
#include "msh_reader.hpp"

#include <cmath>
#include <fstream>
#include <sstream>
#include <unordered_map>
#include <vector>

#include "tamp/error.hpp"

namespace tamp::mesh {
namespace {

struct ElementType {
  int dim;
  int nodes;
  const char* name;
};

// Gmsh element types 1-15 (https://gmsh.info/doc/texinfo/gmsh.html, "MSH file format").
bool element_type(int type, ElementType& out) {
  static const ElementType types[] = {
      {1, 2, "2-node line"},        {2, 3, "3-node triangle"},      {2, 4, "4-node quadrangle"},
      {3, 4, "4-node tetrahedron"}, {3, 8, "8-node hexahedron"},    {3, 6, "6-node prism"},
      {3, 5, "5-node pyramid"},     {1, 3, "3-node line"},          {2, 6, "6-node triangle"},
      {2, 9, "9-node quadrangle"},  {3, 10, "10-node tetrahedron"}, {3, 27, "27-node hexahedron"},
      {3, 18, "18-node prism"},     {3, 14, "14-node pyramid"},     {0, 1, "1-node point"}};
  if (type < 1 || type > 15) return false;
  out = types[type - 1];
  return true;
}

struct RawElement {
  int type;
  long tag;
  long line;
  std::vector<long> nodes;
};

class Reader {
 public:
  explicit Reader(const std::string& path) : path_(path), in_(path) {
    if (!in_) throw ParseError(path, 0, "cannot open the mesh file");
  }

  [[noreturn]] void fail(const std::string& what) const { throw ParseError(path_, line_, what); }

  bool next(std::string& text) {
    if (!std::getline(in_, text)) return false;
    ++line_;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    return true;
  }
  std::string must_next(const char* what) {
    std::string text;
    if (!next(text)) fail(std::string("unexpected end of file, expected ") + what);
    return text;
  }
  // A line of exactly `count` numbers (count < 0: at least -count).
  template <class T>
  std::vector<T> numbers(int count, const char* what) {
    std::istringstream s(must_next(what));
    std::vector<T> v;
    T x;
    while (s >> x) v.push_back(x);
    if (!s.eof()) fail(std::string("expected ") + what + ", found a word that is not a number");
    if ((count >= 0 && static_cast<int>(v.size()) != count) ||
        (count < 0 && static_cast<int>(v.size()) < -count)) {
      fail(std::string("expected ") + what);
    }
    return v;
  }
  void expect(const std::string& marker) {
    if (must_next(marker.c_str()) != marker) fail("expected " + marker);
  }
  long line() const { return line_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::ifstream in_;
  long line_ = 0;
};

void skip_section(Reader& r, const std::string& name) {
  const std::string end = "$End" + name.substr(1);
  while (r.must_next(end.c_str()) != end) {
  }
}

void read_nodes_2(Reader& r, std::vector<long>& tags, std::vector<double>& xyz) {
  const long n = r.numbers<long>(1, "the node count")[0];
  for (long i = 0; i < n; ++i) {
    const auto v = r.numbers<double>(4, "a node line 'tag x y z'");
    tags.push_back(std::lround(v[0]));
    xyz.insert(xyz.end(), v.begin() + 1, v.end());
  }
  r.expect("$EndNodes");
}

void read_elements_2(Reader& r, std::vector<RawElement>& out) {
  const long n = r.numbers<long>(1, "the element count")[0];
  for (long i = 0; i < n; ++i) {
    const auto v = r.numbers<long>(-3, "an element line 'tag type ntags tags... nodes...'");
    ElementType t{};
    if (!element_type(static_cast<int>(v[1]), t)) r.fail("unsupported element type " + std::to_string(v[1]));
    if (static_cast<long>(v.size()) != 3 + v[2] + t.nodes)
      r.fail("a " + std::string(t.name) + " needs " + std::to_string(t.nodes) + " node tags after its " +
             std::to_string(v[2]) + " tags");
    out.push_back({static_cast<int>(v[1]), v[0], r.line(), std::vector<long>(v.end() - t.nodes, v.end())});
  }
  r.expect("$EndElements");
}

void read_nodes_4(Reader& r, std::vector<long>& tags, std::vector<double>& xyz) {
  const auto head = r.numbers<long>(4, "'numEntityBlocks numNodes minNodeTag maxNodeTag'");
  for (long b = 0; b < head[0]; ++b) {
    const auto block = r.numbers<long>(4, "'entityDim entityTag parametric numNodesInBlock'");
    for (long i = 0; i < block[3]; ++i) tags.push_back(r.numbers<long>(1, "a node tag")[0]);
    for (long i = 0; i < block[3]; ++i) {
      const auto v = r.numbers<double>(-3, "node coordinates 'x y z'");
      if (v.size() != (block[2] ? 3u + static_cast<std::size_t>(block[0]) : 3u)) r.fail("expected 'x y z'");
      xyz.insert(xyz.end(), v.begin(), v.begin() + 3);
    }
  }
  if (static_cast<long>(tags.size()) != head[1])
    r.fail("the node blocks do not hold the announced node count");
  r.expect("$EndNodes");
}

void read_elements_4(Reader& r, std::vector<RawElement>& out) {
  const auto head = r.numbers<long>(4, "'numEntityBlocks numElements minElementTag maxElementTag'");
  long count = 0;
  for (long b = 0; b < head[0]; ++b) {
    const auto block = r.numbers<long>(4, "'entityDim entityTag elementType numElementsInBlock'");
    ElementType t{};
    if (!element_type(static_cast<int>(block[2]), t))
      r.fail("unsupported element type " + std::to_string(block[2]));
    for (long i = 0; i < block[3]; ++i) {
      const auto v = r.numbers<long>(1 + t.nodes, "an element line 'tag nodes...'");
      out.push_back({static_cast<int>(block[2]), v[0], r.line(), std::vector<long>(v.begin() + 1, v.end())});
      ++count;
    }
  }
  if (count != head[1]) r.fail("the element blocks do not hold the announced element count");
  r.expect("$EndElements");
}

}  // namespace

Mesh read_msh(const std::string& path) {
  Reader r(path);
  std::vector<long> node_tags;
  std::vector<double> xyz;
  std::vector<RawElement> elements;
  int major = 0;
  std::string text;
  bool nodes_seen = false, elements_seen = false;
  while (r.next(text)) {
    if (text.empty()) continue;
    if (text == "$MeshFormat") {
      std::istringstream s(r.must_next("'version file-type data-size'"));
      std::string version;
      int file_type = -1, data_size = 0;
      if (!(s >> version >> file_type >> data_size)) r.fail("expected 'version file-type data-size'");
      if (file_type != 0)
        r.fail("binary .msh files are not supported: save the mesh as ASCII (-format msh2 or msh41)");
      if (version == "2" || version == "2.0" || version == "2.1" || version == "2.2") {
        major = 2;
      } else if (version == "4.1") {
        major = 4;
      } else {
        r.fail("unsupported .msh format version " + version + " (supported: 2.2 and 4.1)");
      }
      r.expect("$EndMeshFormat");
    } else if (text == "$Nodes" || text == "$Elements") {
      if (major == 0) r.fail(text + " before $MeshFormat");
      if (text == "$Nodes") {
        major == 2 ? read_nodes_2(r, node_tags, xyz) : read_nodes_4(r, node_tags, xyz);
        nodes_seen = true;
      } else {
        major == 2 ? read_elements_2(r, elements) : read_elements_4(r, elements);
        elements_seen = true;
      }
    } else if (text[0] == '$' && text.compare(0, 4, "$End") != 0) {
      skip_section(r, text);
    } else {
      r.fail("expected a section such as $MeshFormat, $Nodes or $Elements, found '" + text.substr(0, 40) +
             "'");
    }
  }
  if (major == 0) r.fail("no $MeshFormat section: not a Gmsh .msh file");
  if (!nodes_seen || !elements_seen) r.fail("the file has no $Nodes or no $Elements section");

  // The mesh's dimension is the highest one present; its elements must all be linear simplices.
  int dim = 0;
  for (const RawElement& e : elements) {
    ElementType t{};
    element_type(e.type, t);
    dim = std::max(dim, t.dim);
  }
  if (dim < 2) throw ParseError(path, r.line(), "the file has no triangle and no tetrahedron");
  Mesh mesh;
  mesh.dim = dim;
  mesh.source = path;
  std::unordered_map<long, int> index;
  for (std::size_t i = 0; i < node_tags.size(); ++i) {
    if (!index.emplace(node_tags[i], static_cast<int>(i)).second)
      throw ParseError(path, r.line(), "node tag " + std::to_string(node_tags[i]) + " appears twice");
  }
  const int wanted = dim == 2 ? 2 : 4;
  for (const RawElement& e : elements) {
    ElementType t{};
    element_type(e.type, t);
    if (t.dim < dim) continue;
    if (e.type != wanted) {
      throw ParseError(path, e.line,
                       std::string("element ") + std::to_string(e.tag) + " is a " + t.name +
                           ": only 3-node triangles (2D) and 4-node tetrahedra (3D) are supported");
    }
    for (long tag : e.nodes) {
      const auto it = index.find(tag);
      if (it == index.end())
        throw ParseError(
            path, e.line,
            "element " + std::to_string(e.tag) + " refers to unknown node " + std::to_string(tag));
      mesh.cells.push_back(it->second);
    }
    mesh.cell_tags.push_back(e.tag);
    mesh.cell_lines.push_back(e.line);
  }
  mesh.coords.reserve(node_tags.size() * dim);
  for (std::size_t i = 0; i < node_tags.size(); ++i) {
    for (int d = 0; d < dim; ++d) mesh.coords.push_back(xyz[3 * i + d]);
    if (dim == 2 && xyz[3 * i + 2] != xyz[2])
      throw ParseError(
          path, r.line(),
          "a 2D mesh must lie in a plane z = const; node " + std::to_string(node_tags[i]) + " does not");
  }
  return mesh;
}

}  // namespace tamp::mesh
