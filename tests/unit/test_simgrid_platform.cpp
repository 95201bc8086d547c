// The SimGrid platform generator: hand-checked routes (ties, dimension order), clusters per router,
// per-dimension bandwidth, the launcher-order hostfile, and the errors.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "tamp/io/machine_file.hpp"
#include "tamp/io/simgrid_platform.hpp"

namespace tamp {
namespace {

MachineDescription machine(const std::string& text) {
  std::istringstream in(text);
  return parse_machine(in, "test.machine");
}

std::string platform(const MachineDescription& d, const SimgridPlatformOptions& o = {}) {
  std::ostringstream out;
  write_simgrid_platform(out, d, o);
  return out.str();
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::string route(int from, int to, const std::string& links) {
  const std::string a = "router-of-node-" + std::to_string(from), b = "router-of-node-" + std::to_string(to);
  return "<zoneRoute src=\"" + a + "\" dst=\"" + b + "\" gw_src=\"" + a + "-gw\" gw_dst=\"" + b +
         "-gw\" symmetrical=\"NO\">" + links + "</zoneRoute>";
}

TEST(SimgridPlatform, RingRoutesTakeTheShorterWayTiesToPlus) {
  // 4 routers in a ring; link id = router * 2 + (0 for +, 1 for -).
  const std::string xml = platform(machine("topology torus\ndims 4\nwrap 1\ncores_per_node 1\n"));
  // 2 -> 0 is 2 hops either way: + (2 -> 3 -> 0), as TAMP routes; SimGrid's TORUS cluster would go -.
  EXPECT_NE(xml.find(route(2, 0, "<link_ctn id=\"link-4\"/><link_ctn id=\"link-6\"/>")), std::string::npos)
      << xml;
  EXPECT_NE(xml.find(route(0, 2, "<link_ctn id=\"link-0\"/><link_ctn id=\"link-2\"/>")), std::string::npos);
  EXPECT_NE(xml.find(route(1, 0, "<link_ctn id=\"link-3\"/>")), std::string::npos);
  EXPECT_NE(xml.find(route(3, 0, "<link_ctn id=\"link-6\"/>")), std::string::npos);  // over the wrap-around
  EXPECT_EQ(count(xml, "<zoneRoute"), 12);
  EXPECT_EQ(count(xml, "<cluster"), 4);
}

TEST(SimgridPlatform, DimensionZeroFirst) {
  // 3x3 mesh: from router 0 (0,0) to router 4 (1,1): x first (link 0*4+0 = 0), then y from router 1 (1*4+2 =
  // 6).
  const std::string xml = platform(machine("topology mesh\ndims 3 3\ncores_per_node 1\n"));
  EXPECT_NE(xml.find(route(0, 4, "<link_ctn id=\"link-0\"/><link_ctn id=\"link-6\"/>")), std::string::npos);
  // Back: x first again, from router 4 in - (4*4+1 = 17), then y from router 3 in - (3*4+3 = 15).
  EXPECT_NE(xml.find(route(4, 0, "<link_ctn id=\"link-17\"/><link_ctn id=\"link-15\"/>")), std::string::npos);
}

TEST(SimgridPlatform, NodesOfARouterShareOneCluster) {
  const std::string xml = platform(machine("topology mesh\ndims 2\nnodes_per_router 2\ncores_per_node 3\n"));
  EXPECT_NE(xml.find("<cluster id=\"router-of-node-0\" prefix=\"node-\" suffix=\"\" radical=\"0-1\""),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("radical=\"2-3\""), std::string::npos);
  EXPECT_EQ(count(xml, "core=\"3\""), 2);
  EXPECT_EQ(count(xml, "<zoneRoute"), 2);
  EXPECT_EQ(count(xml, "loopback_bw="), 2);  // ranks of one host can talk
}

TEST(SimgridPlatform, PerDimensionBandwidthAndTheMachinesFigures) {
  // The network's figures are the machine file's (one source with the predicted time of evaluate()).
  const std::string xml = platform(
      machine("topology torus\ndims 3 3\ncores_per_node 1\nlink_bandwidth 9.4e9 4.7e9\nlink_latency 2e-7\n"));
  EXPECT_NE(xml.find("<link id=\"link-0\" bandwidth=\"9400000000Bps\" latency=\"200ns\"/>"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<link id=\"link-2\" bandwidth=\"4700000000Bps\" latency=\"200ns\"/>"),
            std::string::npos);
  // Without link_bandwidth in the file, the default fastest link and the file's injection figures.
  const std::string plain = platform(
      machine("topology torus\ndims 3\ncores_per_node 1\ninjection_bandwidth 1e9\ninjection_latency 0\n"));
  EXPECT_NE(plain.find("<link id=\"link-0\" bandwidth=\"9400000000Bps\""), std::string::npos) << plain;
  EXPECT_NE(plain.find("bw=\"1000000000Bps\" lat=\"0ns\""), std::string::npos) << plain;
}

TEST(SimgridPlatform, SparseAllocationOnlyItsRoutersAndEveryRouteOnce) {
  const MachineDescription d = machine(
      "topology torus\ndims 4 4\nnodes_per_router 2\ncores_per_node 2\nnodes 5\n"
      "0 0 0 cn1\n0 0 1 cn2\n3 0 0 cn3\n1 2 1 cn4\n3 3 0 cn5\n");
  const std::string xml = platform(d);
  EXPECT_EQ(count(xml, "<cluster"), 4);
  EXPECT_EQ(count(xml, "<zoneRoute"), 12);
  EXPECT_NE(xml.find("radical=\"0-1\""), std::string::npos);
  // Router (1,2) = 9 holds node 19 only; router (3,3) = 15 holds node 30.
  EXPECT_NE(xml.find("radical=\"19\""), std::string::npos);
  EXPECT_NE(xml.find("radical=\"30\""), std::string::npos);
  // Links on a route: x then y, shorter way; 0 -> 15 (3,3): - in x (link 1), then - in y from router 3 (15).
  EXPECT_NE(xml.find(route(0, 30, "<link_ctn id=\"link-1\"/><link_ctn id=\"link-15\"/>")), std::string::npos);

  std::ostringstream hosts;
  write_simgrid_hostfile(hosts, d, 7);
  EXPECT_EQ(hosts.str(), "node-0\nnode-0\nnode-1\nnode-1\nnode-6\nnode-6\nnode-19\n");
}

TEST(SimgridPlatform, Errors) {
  const MachineDescription d = machine("topology torus\ndims 4\ncores_per_node 2\n");
  SimgridPlatformOptions o;
  o.max_routes = 11;  // 4 routers need 12
  EXPECT_THROW(
      {
        try {
          platform(d, o);
        } catch (const std::invalid_argument& e) {
          EXPECT_NE(std::string(e.what()).find("4 allocated routers need 12 explicit routes"),
                    std::string::npos)
              << e.what();
          throw;
        }
      },
      std::invalid_argument);
  o = {};
  o.host_speed = 0;
  EXPECT_THROW(platform(d, o), std::invalid_argument);
  std::ostringstream hosts;
  EXPECT_THROW(write_simgrid_hostfile(hosts, d, 9), std::invalid_argument);
  EXPECT_THROW(write_simgrid_hostfile(hosts, d, 0), std::invalid_argument);
  EXPECT_EQ(simgrid_host_name(12), "node-12");
}

}  // namespace
}  // namespace tamp
