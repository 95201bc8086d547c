// The three partitioners behind partition_elements().
#include "partition.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "tamp/generators.hpp"

#ifdef TAMP_HAVE_METIS
#include <metis.h>
#endif
#ifdef TAMP_HAVE_SCOTCH
#include <scotch.h>

#include <cstdio>  // scotch.h uses FILE
#endif

namespace tamp::mesh {
namespace {

#ifdef TAMP_HAVE_METIS
std::vector<int> metis_parts(const ElementGraph& g, int n, int parts, std::uint64_t seed) {
  std::vector<idx_t> xadj(g.offsets.begin(), g.offsets.end());
  std::vector<idx_t> adjncy(g.neighbours.begin(), g.neighbours.end());
  idx_t nvtxs = n, ncon = 1, nparts = parts, objval = 0;
  std::vector<idx_t> part(static_cast<std::size_t>(n), 0);
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_SEED] = static_cast<idx_t>(seed % 1000003);
  options[METIS_OPTION_NUMBERING] = 0;
  const int status = METIS_PartGraphKway(&nvtxs, &ncon, xadj.data(), adjncy.data(), nullptr, nullptr, nullptr,
                                         &nparts, nullptr, nullptr, options, &objval, part.data());
  if (status != METIS_OK)
    throw std::runtime_error("METIS_PartGraphKway failed (status " + std::to_string(status) + ")");
  return std::vector<int>(part.begin(), part.end());
}
#endif

#ifdef TAMP_HAVE_SCOTCH
void scotch_check(int status, const char* what) {
  if (status != 0) throw std::runtime_error(std::string("Scotch: ") + what + " failed");
}

std::vector<int> scotch_parts(const ElementGraph& g, int n, int parts, std::uint64_t seed) {
  std::vector<SCOTCH_Num> verttab(g.offsets.begin(), g.offsets.end());
  std::vector<SCOTCH_Num> edgetab(g.neighbours.begin(), g.neighbours.end());
  std::vector<SCOTCH_Num> part(static_cast<std::size_t>(n), 0);
  // One thread, fixed seed: Scotch is deterministic only so (docs/apps/mesh.md).
  SCOTCH_Context context;
  SCOTCH_Graph plain, bound;
  SCOTCH_Strat strat;
  scotch_check(SCOTCH_contextInit(&context), "contextInit");
  SCOTCH_contextRandomSeed(&context, static_cast<SCOTCH_Num>(seed % 1000003));
  scotch_check(SCOTCH_contextOptionSetNum(&context, SCOTCH_OPTIONNUMDETERMINISTIC, 1),
               "deterministic option");
  scotch_check(SCOTCH_contextOptionSetNum(&context, SCOTCH_OPTIONNUMRANDOMFIXEDSEED, 1), "fixed seed option");
  scotch_check(SCOTCH_contextThreadSpawn(&context, 1, nullptr), "contextThreadSpawn");
  scotch_check(SCOTCH_graphInit(&plain), "graphInit");
  scotch_check(SCOTCH_graphBuild(&plain, 0, n, verttab.data(), nullptr, nullptr, nullptr,
                                 static_cast<SCOTCH_Num>(edgetab.size()), edgetab.data(), nullptr),
               "graphBuild");
  scotch_check(SCOTCH_graphInit(&bound), "graphInit");
  scotch_check(SCOTCH_contextBindGraph(&context, &plain, &bound), "contextBindGraph");
  scotch_check(SCOTCH_stratInit(&strat), "stratInit");
  scotch_check(SCOTCH_stratGraphMapBuild(&strat, SCOTCH_STRATQUALITY, parts, 0.03), "stratGraphMapBuild");
  const int status = SCOTCH_graphPart(&bound, parts, &strat, part.data());
  SCOTCH_stratExit(&strat);
  SCOTCH_graphExit(&bound);
  SCOTCH_graphExit(&plain);
  SCOTCH_contextExit(&context);
  scotch_check(status, "graphPart");
  return std::vector<int>(part.begin(), part.end());
}
#endif

// The library's recursive coordinate bisection (exact part sizes) of the element centroids, as `mesh:` cuts.
std::vector<int> rcb_parts(const Mesh& mesh, int parts) {
  return rcb_partition(simplex_centroids(mesh.dim, mesh.coords, mesh.cells), mesh.dim, parts);
}

}  // namespace

bool partitioner_built(const std::string& name) {
  if (name == "rcb") return true;
#ifdef TAMP_HAVE_METIS
  if (name == "metis") return true;
#endif
#ifdef TAMP_HAVE_SCOTCH
  if (name == "scotch") return true;
#endif
  return false;
}

std::string resolve_partitioner(const std::string& name) {
  if (name == "auto") {
    for (const char* p : {"metis", "scotch"})
      if (partitioner_built(p)) return p;
    return "rcb";
  }
  if (name != "metis" && name != "scotch" && name != "rcb")
    throw std::invalid_argument("--partitioner " + name + ": expected metis, scotch, rcb or auto");
  if (!partitioner_built(name))
    throw std::invalid_argument("this build has no " + name + " (--partitioner rcb works everywhere)");
  return name;
}

std::vector<int> partition_elements(const Mesh& mesh, const ElementGraph& graph, int parts,
                                    const std::string& partitioner, std::uint64_t seed) {
  const int n = mesh.num_cells();
  if (parts == 1) return std::vector<int>(static_cast<std::size_t>(n), 0);
#ifdef TAMP_HAVE_METIS
  if (partitioner == "metis") return metis_parts(graph, n, parts, seed);
#endif
#ifdef TAMP_HAVE_SCOTCH
  if (partitioner == "scotch") return scotch_parts(graph, n, parts, seed);
#endif
  (void)graph;
  (void)seed;
  if (partitioner == "rcb") return rcb_parts(mesh, parts);
  throw std::invalid_argument("this build has no " + partitioner);
}

}  // namespace tamp::mesh
