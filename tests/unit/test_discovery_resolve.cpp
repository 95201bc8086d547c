// The MPI-free half of discovery: each source turns made-up rank records into the expected layout, and bad
// input gives an error that names the source.
#if __has_include("tamp/discovery/rank_record.hpp")  // built when the discovery layer is (TAMP_ENABLE_MPI)
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "tamp/discovery/rank_record.hpp"
#include "tamp/error.hpp"

namespace tamp::discovery {
namespace {

const std::string kFixtures = std::string(TAMP_SOURCE_DIR) + "/tests/discovery/";

std::vector<RankRecord> records_on(const std::vector<std::string>& hosts) {
  std::vector<RankRecord> records(hosts.size());
  for (std::size_t r = 0; r < hosts.size(); ++r) records[r].host = hosts[r];
  return records;
}

Environment env_of(std::map<std::string, std::string> values) {
  return [values](const std::string& name) -> std::optional<std::string> {
    const auto it = values.find(name);
    if (it == values.end()) return std::nullopt;
    return it->second;
  };
}

std::string error_of(const std::string& source, const std::vector<RankRecord>& records,
                     const Environment& env) {
  try {
    resolve_layout(source, records, env);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

int node_of_rank(const JobLayout& p, int rank) {
  return p.job.machine_node_of_slot(p.slot_of_rank[rank]);
}

TEST(DiscoveryResolve, SyntheticLaysRanksInLauncherOrder) {
  const JobLayout p = resolve_layout("synthetic:torus:2x2x2,cores=1",
                                     records_on(std::vector<std::string>(8, "vm")), env_of({}));
  EXPECT_EQ(p.found_by, "synthetic");
  ASSERT_EQ(p.job.num_nodes(), 8);
  for (int r = 0; r < 8; ++r) EXPECT_EQ(node_of_rank(p, r), r);
  EXPECT_EQ(p.rank_hosts, std::vector<std::string>(8, "vm"));
}

TEST(DiscoveryResolve, FilePlacesRanksByHostName) {
  // Two ranks on foxtrot (node 5), one on alpha (node 0), one on hotel (node 7); ranks out of node order.
  const JobLayout p = resolve_layout("file:" + kFixtures + "hosts-2x2x2.machine",
                                     records_on({"foxtrot", "alpha", "foxtrot", "hotel"}), env_of({}));
  EXPECT_EQ(p.found_by, "file");
  EXPECT_EQ(p.job.nodes(), (std::vector<int>{0, 5, 7}));  // allocation order
  EXPECT_EQ(node_of_rank(p, 0), 5);
  EXPECT_EQ(node_of_rank(p, 1), 0);
  EXPECT_EQ(node_of_rank(p, 2), 5);
  EXPECT_EQ(node_of_rank(p, 3), 7);
  EXPECT_EQ(p.job.core_of_slot(p.slot_of_rank[0]), 0);  // rank order on the host
  EXPECT_EQ(p.job.core_of_slot(p.slot_of_rank[2]), 1);
  EXPECT_EQ(p.job_hosts, (std::vector<std::string>{"alpha", "foxtrot", "hotel"}));
}

TEST(DiscoveryResolve, FileErrorsNameTheSource) {
  const std::string file = kFixtures + "hosts-2x2x2.machine";
  const std::string unknown = error_of("file:" + file, records_on({"alpha", "zulu"}), env_of({}));
  EXPECT_NE(unknown.find("file:" + file + ": rank 1 runs on host 'zulu', which is not in the allocation"),
            std::string::npos)
      << unknown;
  const std::string crowded = error_of("file:" + file, records_on({"alpha", "alpha", "alpha"}), env_of({}));
  EXPECT_NE(crowded.find("host 'alpha' runs more ranks than its 2 cores"), std::string::npos) << crowded;
  EXPECT_NE(error_of("file:/no/such.machine", records_on({"a"}), env_of({})).find("/no/such.machine"),
            std::string::npos);
}

TEST(DiscoveryResolve, SimgridHostsAreNodeIds) {
  const Environment env = env_of({{"TAMP_SIMGRID_MACHINE", kFixtures + "hosts-2x2x2.machine"}});
  // The fixture names its nodes, so SimGrid-style names do not match it: an error, not a guess.
  EXPECT_NE(error_of("simgrid", records_on({"node-3"}), env).find("host 'node-3'"), std::string::npos);
  const JobLayout p =
      resolve_layout("simgrid:torus:2x2x2,cores=2", records_on({"node-6", "node-1", "node-6"}), env_of({}));
  EXPECT_EQ(p.found_by, "simgrid");
  EXPECT_EQ(node_of_rank(p, 0), 6);
  EXPECT_EQ(node_of_rank(p, 1), 1);
  EXPECT_EQ(node_of_rank(p, 2), 6);
  EXPECT_NE(error_of("simgrid", records_on({"node-0"}), env_of({})).find("TAMP_SIMGRID_MACHINE"),
            std::string::npos);
}

TEST(DiscoveryResolve, SlurmGivesTheSwitchTreeAndTheJobsNodes) {
  const Environment env = env_of({{"SLURM_JOB_NODELIST", "cn[02-03,05-06]"}});
  const JobLayout p = resolve_layout("slurm:" + kFixtures + "topology.conf",
                                     records_on({"cn05", "cn02", "cn03", "cn06"}), env);
  EXPECT_EQ(p.found_by, "slurm");
  EXPECT_EQ(p.machine.machine->kind(), "fattree");
  EXPECT_EQ(p.machine.machine->num_nodes(), 8);
  EXPECT_EQ(p.job_hosts, (std::vector<std::string>{"cn02", "cn03", "cn05", "cn06"}));
  const Machine& m = *p.machine.machine;
  // cn02 and cn03 hang from s1, cn05 and cn06 from s2: 0 hops on one switch, up and down through `top` else.
  EXPECT_EQ(m.hops(node_of_rank(p, 1), node_of_rank(p, 2)), 0);
  EXPECT_EQ(m.hops(node_of_rank(p, 0), node_of_rank(p, 3)), 0);
  EXPECT_EQ(m.hops(node_of_rank(p, 0), node_of_rank(p, 1)), 2);
}

TEST(DiscoveryResolve, SlurmErrors) {
  const std::string conf = kFixtures + "topology.conf";
  const Environment env = env_of({{"SLURM_JOB_NODELIST", "cn[02-03]"}});
  EXPECT_NE(error_of("slurm:" + conf, records_on({"cn02", "cn07"}), env).find("host 'cn07'"),
            std::string::npos);
  EXPECT_NE(error_of("slurm:" + conf, records_on({"cn02"}), env_of({{"SLURM_JOB_NODELIST", "cn[02,99]"}}))
                .find("host 'cn99' of SLURM_JOB_NODELIST is not a node of " + conf),
            std::string::npos);
  EXPECT_NE(error_of("slurm:" + kFixtures + "malformed-topology.conf", records_on({"cn02"}), env)
                .find("malformed-topology.conf:3: "),
            std::string::npos);
  EXPECT_NE(error_of("slurm", records_on({"cn02"}), env_of({})).find("SLURM_JOB_NODELIST is not set"),
            std::string::npos);
  // The path from the environment when the source names none.
  const Environment from_env = env_of({{"SLURM_JOB_NODELIST", "cn01"}, {"SLURM_TOPOLOGY_CONF", conf}});
  EXPECT_EQ(resolve_layout("slurm", records_on({"cn01"}), from_env).job_hosts,
            std::vector<std::string>{"cn01"});
}

TEST(DiscoveryResolve, HwlocIsOneNodeAndSaysSo) {
  std::vector<RankRecord> records = records_on({"vm", "vm", "vm"});
  for (auto& r : records) r.binding = Binding{true, false, 0, 4, -1, -1, 4, 8};
  const JobLayout p = resolve_layout("hwloc", records, env_of({}));
  EXPECT_EQ(p.found_by, "hwloc");
  EXPECT_EQ(p.job.num_nodes(), 1);
  EXPECT_EQ(p.machine.cores_per_node, 4);
  EXPECT_NE(p.note.find("hwloc only"), std::string::npos);
  EXPECT_NE(error_of("hwloc", records_on({"a", "b"}), env_of({})).find("hwloc: the ranks run on 2 hosts"),
            std::string::npos);
}

TEST(DiscoveryResolve, AutoPicksTheFirstSourceThatApplies) {
  const auto records = records_on({"cn01"});
  EXPECT_EQ(resolve_layout("auto", records, env_of({})).found_by, "hwloc");
  const Environment slurm =
      env_of({{"SLURM_JOB_NODELIST", "cn01"}, {"SLURM_TOPOLOGY_CONF", kFixtures + "topology.conf"}});
  const JobLayout p = resolve_layout("auto", records, slurm);
  EXPECT_EQ(p.found_by, "slurm");
  EXPECT_EQ(p.source, "auto");
  // A machine file named in the environment comes first.
  const Environment file = env_of({{"TAMP_MACHINE_FILE", kFixtures + "hosts-2x2x2.machine"}});
  EXPECT_EQ(resolve_layout("auto", records_on({"bravo"}), file).found_by, "file");
}

TEST(DiscoveryResolve, VendorCoordinatesBecomeATorusAllocation) {
  // Cray-like: 2x2x2 routers, two nodes (nids) per router; ranks 0-1 on nid 9, rank 2 on nid 8 at the same
  // router.
  VendorShape shape{"cray", {2, 2, 2}, {true, true, true}, 2, 0};
  std::vector<RankRecord> records = records_on({"nid9", "nid9", "nid8", "nid3"});
  const std::vector<std::vector<int>> coords = {{1, 0, 1}, {1, 0, 1}, {1, 0, 1}, {0, 1, 0}};
  const std::vector<int> nids = {9, 9, 8, 3};
  for (int r = 0; r < 4; ++r) {
    records[r].coords = coords[r];
    records[r].nid = nids[r];
  }
  const JobLayout p = resolve_layout("cray", records, env_of({}), shape);
  EXPECT_EQ(p.found_by, "cray");
  // Router (1,0,1) = 5: nid 8 is its node 10, nid 9 node 11. Router (0,1,0) = 2: node 4.
  EXPECT_EQ(node_of_rank(p, 0), 11);
  EXPECT_EQ(node_of_rank(p, 1), 11);
  EXPECT_EQ(node_of_rank(p, 2), 10);
  EXPECT_EQ(node_of_rank(p, 3), 4);
  EXPECT_EQ(p.machine.cores_per_node, 2);
  records[3].coords = {0, 2, 0};
  try {
    resolve_layout("cray", records, env_of({}), shape);
    FAIL() << "coordinates outside the machine were accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("cray: rank 3 reports coordinates outside"), std::string::npos);
  }
  EXPECT_NE(error_of("bgq", records, env_of({})).find("not available in this build"), std::string::npos);
}

TEST(DiscoveryResolve, UnknownSourcesAndMissingArguments) {
  EXPECT_NE(error_of("nosuch", records_on({"a"}), env_of({})).find("unknown topology source 'nosuch'"),
            std::string::npos);
  EXPECT_NE(error_of("file:", records_on({"a"}), env_of({})).find("needs a machine file"), std::string::npos);
}

TEST(DiscoveryResolve, CoresFollowDistinctSingleCoreBindings) {
  // Two ranks on alpha bound to cores 3 and 1: rank 1 takes the node's first slot.
  std::vector<RankRecord> records = records_on({"alpha", "alpha"});
  records[0].binding = Binding{true, true, 3, 1, 0, 0, 4, 4};
  records[1].binding = Binding{true, true, 1, 1, 0, 0, 4, 4};
  const std::string file = "file:" + kFixtures + "hosts-2x2x2.machine";
  JobLayout p = resolve_layout(file, records, env_of({}));
  EXPECT_EQ(p.slot_of_rank, (std::vector<int>{1, 0}));
  EXPECT_EQ(p.rank_binding[0], "core 3 (package 0, NUMA 0)");
  EXPECT_TRUE(p.warnings.empty());
  // Both on one core: rank order, and a warning.
  records[1].binding.first_core = 3;
  p = resolve_layout(file, records, env_of({}));
  EXPECT_EQ(p.slot_of_rank, (std::vector<int>{0, 1}));
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].find("bound to a core another rank is bound to"), std::string::npos);
}

TEST(DiscoveryResolve, WarnsAboutUnboundAndOversubscribedRanks) {
  std::vector<RankRecord> records = records_on({"vm", "vm", "vm"});
  for (auto& r : records) r.binding = Binding{true, false, 0, 2, -1, -1, 2, 2};
  const auto warnings = binding_warnings(records);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0], "3 of 3 ranks are not bound to cores (the OS may move them; timings vary)");
  EXPECT_EQ(warnings[1], "host 'vm' is oversubscribed: 3 ranks on 2 cores");
  EXPECT_TRUE(binding_warnings(records_on({"vm"})).empty());  // nothing probed, nothing to say
  EXPECT_EQ(to_string(records[0].binding), "unbound (2 cores)");
}

}  // namespace
}  // namespace tamp::discovery
#endif
