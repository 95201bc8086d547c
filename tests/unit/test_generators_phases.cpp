// The phases the generators emit: MiniGhost's face exchange and grid sums, MFDn's SpMV trees and
// orthogonalisation collectives; the point-to-point part of the union is what it was.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tamp/generators.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

using test::phase_bytes;

TEST(GeneratorsPhases, MiniGhostFacesThenGridSums) {
  const TaskGraph g = generate_graph("minighost:2x2x1,nx=10,ny=10,nz=10,stencil=3d7pt,vars=5");
  ASSERT_EQ(g.phases().size(), 3u);  // faces, then 2 rounds of recursive doubling over 4 tasks
  EXPECT_EQ(g.phases()[0].name, "faces");
  EXPECT_EQ(g.phases()[0].kind, PhaseKind::p2p);
  EXPECT_DOUBLE_EQ(phase_bytes(g.phases()[0]), 8 * 144 * 40.0);  // 12 x 12 planes (face and ring)
  EXPECT_EQ(g.phases()[1].name, "grid-sum/r0");
  EXPECT_EQ(g.phases()[1].kind, PhaseKind::collective);
  EXPECT_DOUBLE_EQ(g.phases()[1].count, 5);  // one allreduce of one double per variable and step
  EXPECT_DOUBLE_EQ(phase_bytes(g.phases()[1]), 4 * 8.0);
  EXPECT_DOUBLE_EQ(g.total_bytes(), 8 * 144 * 40.0 + 2 * 5 * 4 * 8.0);
  EXPECT_TRUE(g.grid().has_value());
  EXPECT_EQ(g.coordinate_dim(), 3);
}

// sum_comm=launcher: the grid sums run on the job's slots in order, so their rounds are launcher-order phases
// and the union (what the mappers place) holds the faces only.
TEST(GeneratorsPhases, MiniGhostGridSumsInLauncherOrder) {
  const std::string spec = "minighost:2x2x1,nx=10,ny=10,nz=10,stencil=3d7pt,vars=5";
  const TaskGraph mapped = generate_graph(spec + ",sum_comm=mapped");
  const TaskGraph launcher = generate_graph(spec + ",sum_comm=launcher");
  ASSERT_EQ(launcher.phases().size(), 3u);
  EXPECT_FALSE(launcher.phases()[0].launcher_order);
  EXPECT_TRUE(launcher.phases()[1].launcher_order);
  EXPECT_TRUE(launcher.phases()[2].launcher_order);
  EXPECT_FALSE(mapped.phases()[1].launcher_order);
  EXPECT_DOUBLE_EQ(launcher.total_bytes(), 8 * 144 * 40.0);
  EXPECT_DOUBLE_EQ(mapped.total_bytes(), 8 * 144 * 40.0 + 2 * 5 * 4 * 8.0);
  EXPECT_THROW(generate_graph(spec + ",sum_comm=world"), std::invalid_argument);
}

TEST(GeneratorsPhases, MiniGhostSumShare) {
  const TaskGraph half = generate_graph("minighost:2x2x1,nx=10,ny=10,nz=10,vars=4,sum=50");
  EXPECT_DOUBLE_EQ(half.phases()[1].count, 2);
  const TaskGraph none = generate_graph("minighost:2x2x1,nx=10,ny=10,nz=10,sum=0");
  EXPECT_FALSE(none.has_phases());
  EXPECT_DOUBLE_EQ(none.total_bytes(), 8 * 144 * 40.0);
  EXPECT_THROW(generate_graph("minighost:2x2x1,sum=101"), std::invalid_argument);
}

// SVAF: one message per variable, as many exchanges per step as variables; same bytes per step as BSPMA.
TEST(GeneratorsPhases, MiniGhostSvafSendsOneMessagePerVariable) {
  const TaskGraph bspma = generate_graph("minighost:2x2x1,nx=10,ny=10,nz=10,vars=5,sum=0");
  const TaskGraph svaf = generate_graph("minighost:2x2x1,nx=10,ny=10,nz=10,vars=5,sum=0,comm=svaf");
  ASSERT_EQ(svaf.phases().size(), 1u);
  EXPECT_EQ(svaf.phases()[0].name, "faces");
  EXPECT_DOUBLE_EQ(svaf.phases()[0].count, 5);
  EXPECT_DOUBLE_EQ(phase_bytes(svaf.phases()[0]), 8 * 144 * 8.0);  // one variable per message
  EXPECT_DOUBLE_EQ(svaf.total_bytes(), bspma.total_bytes());
  EXPECT_EQ(svaf.edges().size(), bspma.edges().size());
}

// sums=K: the exact number of summed variables (the app's draw), instead of vars x sum / 100.
TEST(GeneratorsPhases, MiniGhostExactSummedCount) {
  const TaskGraph g = generate_graph("minighost:2x2x2,nx=4,ny=4,nz=4,vars=7,sum=50,sums=3");
  EXPECT_EQ(g.phases()[0].name, "faces");
  EXPECT_EQ(g.phases()[1].name, "grid-sum/r0");
  EXPECT_DOUBLE_EQ(g.phases()[1].count, 3);
  EXPECT_EQ(g.phases().size(), 4u);  // 3 rounds of recursive doubling over 8 tasks
  EXPECT_FALSE(generate_graph("minighost:2x2x2,nx=4,ny=4,nz=4,sums=0").has_phases());
  EXPECT_THROW(generate_graph("minighost:2x2x2,vars=2,sums=3"), std::invalid_argument);
  EXPECT_THROW(generate_graph("minighost:2x2x2,comm=both"), std::invalid_argument);
  EXPECT_THROW(generate_graph("minighost:2x2x2,ring=2"), std::invalid_argument);
}

TEST(GeneratorsPhases, MfdnSpmvUnionUnchanged) {
  const TaskGraph g = generate_graph("mfdn:3,orth=0");
  EXPECT_EQ(g.num_edges(), 12);
  EXPECT_DOUBLE_EQ(g.total_bytes(), 12 * 8e6);
  std::set<std::string> names;
  for (const Phase& p : g.phases()) names.insert(p.name.substr(0, p.name.find('/')));
  EXPECT_EQ(names, (std::set<std::string>{"column-bcast", "row-bcast", "row-reduce", "column-reduce"}));
}

// collectives=mpich: each broadcast is its blocking scatter rounds, then the ring's MPI_Sendrecv rounds; each
// reduction a blocking fold, the halving's MPI_Sendrecv rounds and a blocking gather; every message stays in its
// column or row, and every member of a column group of at least 8 ends with its segment.
TEST(GeneratorsPhases, MfdnMpichCollectives) {
  EXPECT_EQ(generate_graph("mfdn:15,orth=0,n=15000,collectives=binomial").phases().size(),
            generate_graph("mfdn:15,orth=0,n=15000").phases().size());
  const TaskGraph g = generate_graph("mfdn:15,orth=0,n=15000,collectives=mpich");
  const auto pos = mfdn_grid_positions(15, MfdnOrdering::dm);
  std::map<std::string, std::vector<Posting>> postings;
  std::map<int, double> column_bcast_in;
  for (const Phase& p : g.phases()) {
    const std::string kind = p.name.substr(0, p.name.find('/'));
    postings[kind].push_back(p.posting);
    const int axis = kind.rfind("column", 0) == 0 ? 1 : 0;
    for (const Edge& e : p.edges) {
      EXPECT_EQ(pos[e.src][axis], pos[e.dst][axis]) << p.name;
      if (kind == "column-bcast") column_bcast_in[e.dst] += e.bytes;
    }
  }
  EXPECT_EQ(postings.size(), 4u);
  const auto blocking = [](Posting p) { return p == Posting::blocking; };
  for (const char* bcast : {"column-bcast", "row-bcast"}) {
    const auto& p = postings[bcast];
    ASSERT_FALSE(p.empty());
    EXPECT_TRUE(blocking(p.front()) && !blocking(p.back()) && std::is_partitioned(p.begin(), p.end(), blocking))
        << bcast;
  }
  for (const char* reduce : {"row-reduce", "column-reduce"}) {
    const auto& p = postings[reduce];
    ASSERT_GE(p.size(), 3u);
    const auto first_sendrecv = std::find(p.begin(), p.end(), Posting::sendrecv);
    const auto gather = std::find(first_sendrecv, p.end(), Posting::blocking);
    EXPECT_TRUE(first_sendrecv != p.end() && gather != p.end() && std::all_of(gather, p.end(), blocking)) << reduce;
  }
  std::map<int, std::vector<int>> columns;
  for (int t = 0; t < static_cast<int>(pos.size()); ++t) columns[pos[t][1]].push_back(t);
  for (const auto& [j, members] : columns) {
    if (members.size() < 8) continue;
    const double segment = 8.0 * (15000 * (j + 1) / 15 - 15000 * j / 15);
    for (int t : members) {
      if (pos[t][0] == j) continue;  // the root
      EXPECT_GE(column_bcast_in[t], segment) << "column " << j << ", task " << t;
    }
  }
  EXPECT_THROW(generate_graph("mfdn:15,collectives=tree"), std::invalid_argument);
}

TEST(GeneratorsPhases, MfdnOrthogonalisation) {
  const TaskGraph spmv = generate_graph("mfdn:5,orth=0,n=5000");
  const TaskGraph full = generate_graph("mfdn:5,n=5000,vectors=10");
  std::set<std::string> names;
  double orth_allreduce = 0;
  for (const Phase& p : full.phases()) {
    names.insert(p.name.substr(0, p.name.find('/')));
    if (p.name.rfind("orth-allreduce", 0) == 0) {
      EXPECT_EQ(p.count, 2);
      orth_allreduce += phase_bytes(p);
    }
  }
  EXPECT_EQ(names.count("orth-scatter") + names.count("orth-allreduce") + names.count("norm-allreduce") +
                names.count("orth-gather"),
            4u);
  // 15 tasks: pof2 8, rem 7: 7 + 3 x 8 + 7 messages of 10 doubles.
  EXPECT_DOUBLE_EQ(orth_allreduce, (7 + 3 * 8 + 7) * 80.0);
  EXPECT_GT(full.total_bytes(), spmv.total_bytes());
  // Every refolded group has (nd + 1) / 2 members with one root (key 0).
  const auto groups = mfdn_orth_groups(5, MfdnOrdering::dm);
  std::vector<int> size(5, 0), roots(5, 0);
  for (const auto& gk : groups) {
    ++size[gk[0]];
    roots[gk[0]] += gk[1] == 0;
  }
  for (int s = 0; s < 5; ++s) {
    EXPECT_EQ(size[s], 3);
    EXPECT_EQ(roots[s], 1);
  }
}

// n = 10 on nd = 3: segments [0,3) [3,6) [6,10) as apps/lanczos cuts the vector; column j and row j carry
// segment j; the refolded groups (2 members) scatter the second half of their segment: pieces of 2 doubles.
TEST(GeneratorsPhases, MfdnExactSegmentsAndPieces) {
  const TaskGraph g = generate_graph("mfdn:3,ordering=dm,n=10,vectors=1.5");
  const auto pos = mfdn_grid_positions(3, MfdnOrdering::dm);  // (row, column) of each task
  const double segment[3] = {24, 24, 32};
  double scatter = 0, gather = 0, allreduce_message = 0;
  for (const Phase& p : g.phases()) {
    const std::string kind = p.name.substr(0, p.name.find('/'));
    for (const Edge& e : p.edges) {
      if (kind == "column-bcast" || kind == "column-reduce") {
        EXPECT_EQ(pos[e.src][1], pos[e.dst][1]);
        EXPECT_DOUBLE_EQ(e.bytes, segment[pos[e.src][1]]) << p.name;
      } else if (kind == "row-bcast" || kind == "row-reduce") {
        EXPECT_EQ(pos[e.src][0], pos[e.dst][0]);
        EXPECT_DOUBLE_EQ(e.bytes, segment[pos[e.src][0]]) << p.name;
      } else if (kind == "orth-scatter") {
        scatter += e.bytes;
        EXPECT_DOUBLE_EQ(e.bytes, 16.0);
      } else if (kind == "orth-gather") {
        gather += e.bytes;
      } else if (kind == "orth-allreduce") {
        allreduce_message = e.bytes;
      }
    }
  }
  EXPECT_DOUBLE_EQ(scatter, 3 * 16.0);
  EXPECT_DOUBLE_EQ(gather, scatter);
  EXPECT_DOUBLE_EQ(allreduce_message, 12.0);  // 1.5 coefficients on average
  EXPECT_THROW(generate_graph("mfdn:3,vectors=1.5.2"), std::invalid_argument);
  EXPECT_THROW(generate_graph("mfdn:3,vectors=-1"), std::invalid_argument);
}

TEST(GeneratorsPhases, StencilHasNoPhases) {
  // The stencil app's only allreduce is its verification, outside the timed loop: one p2p phase, the graph.
  EXPECT_FALSE(generate_graph("stencil3d:4x4x4").has_phases());
}

}  // namespace
}  // namespace tamp
