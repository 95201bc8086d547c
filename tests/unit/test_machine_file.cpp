// Machine files and inline machine specs: accepted forms, defaults, round trips and every error path.
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <string>

#include "tamp/error.hpp"
#include "tamp/io/machine_file.hpp"

namespace tamp {
namespace {

MachineDescription parse(const std::string& text, const std::string& source = "m.machine") {
  std::istringstream in(text);
  return parse_machine(in, source);
}

const Torus& torus_of(const MachineDescription& d) {
  const auto* t = dynamic_cast<const Torus*>(d.machine.get());
  if (t == nullptr) throw std::logic_error("not a torus");
  return *t;
}

std::string write(const MachineDescription& d) {
  std::ostringstream out;
  write_machine(out, d);
  return out.str();
}

// Expects a ParseError whose message starts with "m.machine:LINE: " and contains `part`.
void expect_error(const std::string& text, long line, const std::string& part) {
  SCOPED_TRACE(text);
  try {
    parse(text);
    ADD_FAILURE() << "no error; expected line " << line << ": " << part;
  } catch (const ParseError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.rfind("m.machine:" + std::to_string(line) + ": ", 0), 0u) << msg;
    EXPECT_NE(msg.find(part), std::string::npos) << msg;
    EXPECT_EQ(e.line(), line);
    EXPECT_EQ(e.file(), "m.machine");
  }
}

void expect_same(const MachineDescription& a, const MachineDescription& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.cores_per_node, b.cores_per_node);
  EXPECT_EQ(torus_of(a).spec().dims, torus_of(b).spec().dims);
  EXPECT_EQ(torus_of(a).spec().wrap, torus_of(b).spec().wrap);
  EXPECT_EQ(torus_of(a).spec().nodes_per_router, torus_of(b).spec().nodes_per_router);
  EXPECT_EQ(torus_of(a).spec().link_bandwidth, torus_of(b).spec().link_bandwidth);
  EXPECT_EQ(a.allocation.nodes(), b.allocation.nodes());
  EXPECT_EQ(a.allocation.num_slots(), b.allocation.num_slots());
  EXPECT_EQ(a.hostnames, b.hostnames);
}

TEST(MachineFile, MinimalFormAsIs) {
  const auto d = parse("dims 4 4 2\nwrap 1 1 0\ncores_per_node 8\nnodes 3\n0 0 0\n3 1 1\n1 0 0\n");
  const Torus& t = torus_of(d);
  EXPECT_EQ(t.spec().dims, (std::vector<int>{4, 4, 2}));
  EXPECT_EQ(t.spec().wrap, (std::vector<bool>{true, true, false}));
  EXPECT_EQ(t.nodes_per_router(), 1);
  EXPECT_EQ(d.cores_per_node, 8);
  // Node id = x + 4*(y + 4*z); allocation order is file order.
  EXPECT_EQ(d.allocation.nodes(), (std::vector<int>{0, 3 + 4 * (1 + 4 * 1), 1}));
  EXPECT_EQ(d.allocation.num_slots(), 24);
  EXPECT_EQ(d.allocation.machine_node_of_slot(9), 23);
  EXPECT_EQ(d.name, "m");  // the file's base name without extension
  EXPECT_EQ(d.hostnames, (std::vector<std::string>(3)));
}

TEST(MachineFile, FullFormWithCommentsAndHostnames) {
  const auto d = parse(
      "# a Gemini-like piece\n"
      "name  Hopper  piece   # trailing comment\n"
      "\n"
      "topology torus\n"
      "dims 3 2 2 # x y z\n"
      "wrap 1 0 1\n"
      "nodes_per_router 2\n"
      "cores_per_node 24\n"
      "link_bandwidth 9.4e9 4.7e9 9.4e9\n"
      "nodes 3   # allocation order\n"
      "0 0 0 1 nid00001\n"
      "2 1 1         # index 0 by default, no hostname\n"
      "\t1 0 0 0 nid00002\r\n",
      "dir/hopper.machine");
  EXPECT_EQ(d.name, "Hopper  piece");
  const Torus& t = torus_of(d);
  EXPECT_EQ(t.nodes_per_router(), 2);
  EXPECT_EQ(t.spec().link_bandwidth, (std::vector<double>{9.4e9, 4.7e9, 9.4e9}));
  // node = router * 2 + index; router = x + 3*(y + 2*z).
  EXPECT_EQ(d.allocation.nodes(), (std::vector<int>{1, (2 + 3 * (1 + 2 * 1)) * 2, 2}));
  EXPECT_EQ(d.hostnames, (std::vector<std::string>{"nid00001", "", "nid00002"}));
  EXPECT_EQ(d.allocation.num_slots(), 72);
}

TEST(MachineFile, Defaults) {
  const auto torus = parse("dims 2 3\ncores_per_node 1\n");
  EXPECT_EQ(torus_of(torus).spec().wrap, (std::vector<bool>{true, true}));
  EXPECT_EQ(torus.allocation.num_nodes(), 6);  // no node list: every node, in node-id order
  for (int i = 0; i < 6; ++i) EXPECT_EQ(torus.allocation.node(i), i);
  EXPECT_TRUE(torus_of(torus).spec().link_bandwidth.empty());
  const auto mesh = parse("topology mesh\ndims 2 3\ncores_per_node 2\nnodes_per_router 2\n");
  EXPECT_EQ(torus_of(mesh).spec().wrap, (std::vector<bool>{false, false}));
  EXPECT_EQ(mesh.machine->kind(), "mesh");
  EXPECT_EQ(mesh.allocation.num_slots(), 24);
  EXPECT_EQ(parse("dims 1\ncores_per_node 1\n", "").name, "");
  EXPECT_EQ(parse("dims 1\ncores_per_node 1\n", "/a/b.c/torus.x.machine").name, "torus.x");
}

TEST(MachineFile, RoundTrips) {
  const std::vector<std::string> inputs = {
      "dims 4 4 2\nwrap 1 1 0\ncores_per_node 8\nnodes 3\n0 0 0\n3 1 1\n1 0 0\n",
      "name x y\ntopology mesh\ndims 5\ncores_per_node 3\n",
      "dims 3 2 2\nwrap 1 0 1\nnodes_per_router 2\ncores_per_node 24\nlink_bandwidth 9.4e9 4.7e9 1.25e8\n"
      "nodes 3\n0 0 0 1 nid1\n2 1 1\n1 0 0 0 nid2\n",
      "dims 2 2\ncores_per_node 1\nnodes 4\n0 0\n1 0\n0 1\n1 1\n",  // whole machine, written without a list
      "dims 2 2\ncores_per_node 1\nnodes 4\n1 0\n0 0\n0 1\n1 1\n",  // same nodes, another order
  };
  for (const std::string& text : inputs) {
    SCOPED_TRACE(text);
    const auto a = parse(text);
    const std::string written = write(a);
    const auto b = parse(written, "other.machine");
    expect_same(a, b);
    EXPECT_EQ(write(b), written);
  }
  const auto spec = parse_machine_spec("torus:4x3x2,cores=2,npr=2,wrap=1x0x1,bw=1.5e9x3e9x1e9,nodes=5");
  const auto back = parse(write(spec));
  expect_same(spec, back);
}

TEST(MachineFile, WriterRejectsWhatItCannotWrite) {
  auto d = parse("dims 2\ncores_per_node 1\nnodes 1\n1 host\n");
  d.hostnames[0] = "two words";
  std::ostringstream out;
  EXPECT_THROW(write_machine(out, d), std::invalid_argument);
  d.hostnames[0] = "42";  // would read back as a router index
  EXPECT_THROW(write_machine(out, d), std::invalid_argument);
  d.hostnames[0] = "it's";  // machine files have no quoting
  EXPECT_THROW(write_machine(out, d), std::invalid_argument);
  d.hostnames[0] = "ok";
  d.name = "a # b";
  EXPECT_THROW(write_machine(out, d), std::invalid_argument);
  d.name = "the \"big\" one";
  EXPECT_THROW(write_machine(out, d), std::invalid_argument);
}

TEST(MachineFile, Errors) {
  const std::string head = "dims 2 2\ncores_per_node 1\n";
  expect_error("dims 2 2\ncolor blue\n", 2, "unknown key 'color'");
  expect_error("topology fattree\ndims 2\ncores_per_node 1\n", 2, "key dims does not apply to topology fattree");
  expect_error("dims 2\ntopology dragonfly\n", 1, "key dims does not apply to topology dragonfly");
  expect_error("topology ring\n", 1, "unknown topology 'ring'");
  expect_error("topology torus mesh\n", 1, "exactly one value");
  expect_error("cores_per_node 2\n\n", 2, "missing required key dims");
  expect_error("dims 2\nnodes 1\n0\n", 2, "missing required key cores_per_node");
  expect_error("", 1, "missing required key dims");
  expect_error("dims 2 2\ndims 2 2\n", 2, "repeated (first given on line 1)");
  expect_error("dims 4x 4\n", 1, "must be an integer, got '4x'");
  expect_error("dims 2 0\n", 1, "must be in [1,");
  expect_error("dims -3\n", 1, "must be in [1,");
  expect_error("dims\n", 1, "at least one value");
  expect_error("cores_per_node 4.5\n", 1, "must be an integer");
  expect_error("cores_per_node 0\n", 1, "cores_per_node must be in [1, 65536]");
  expect_error("cores_per_node 65537\n", 1, "cores_per_node must be in [1, 65536]");
  expect_error("cores_per_node 1 2\n", 1, "exactly one value");
  expect_error("wrap 1 1 1\ndims 2 2\ncores_per_node 1\n", 1, "wrap has 3 values for 2 dimensions");
  expect_error("wrap 1 2\n", 1, "0 or 1");
  expect_error("topology mesh\ndims 2 2\nwrap 0 1\ncores_per_node 1\n", 3, "a mesh does not wrap");
  expect_error(head + "link_bandwidth 1e9\n", 3, "link_bandwidth has 1 values for 2 dimensions");
  expect_error(head + "link_bandwidth 1e9 0\n", 3,
               "link bandwidth: must be a finite number in [1, 1e+15] bytes/s, not 0");
  expect_error(head + "link_bandwidth 1e9 inf\n", 3, "link bandwidths must be numbers (bytes/s), got 'inf'");
  expect_error(head + "nodes_per_router 0\n", 3, "nodes_per_router must be in");
  expect_error("dims 8192 8192\nnodes_per_router 2\ncores_per_node 1\nnodes 1\n0 0\n", 2,
               "machine too large");
  expect_error("dims 8192 8192 2\ncores_per_node 1\n", 1, "machine too large");
  expect_error("dims 4096 4096\ncores_per_node 2\n", 2, "allocation too large");
  expect_error(head + "nodes 2 3\n", 3, "exactly one value");
  expect_error(head + "nodes 0\n", 3, "must be in [1, 4]");
  expect_error(head + "nodes 5\n", 3, "must be in [1, 4]");
  expect_error(head + "nodes x\n", 3, "must be an integer");
  expect_error(head + "nodes 2\n0 0\n", 4, "the file ends after 1 node lines; line 3 declared 2");
  expect_error(head + "nodes 1\n0 0\n1 1\n", 5, "more node lines than the 1 declared on line 3");
  expect_error(head + "nodes 1\n0 0\n\n# fine\nwrap 1 1\n", 7, "key wrap after the node list");
  expect_error(head + "nodes 2\n0 0\nwrap 1 1\n", 5, "expected node line 2 of 2");
  expect_error(head + "nodes 2\n0 0\n0 0\n", 5, "node 0 listed twice (first on line 4)");
  expect_error(head + "nodes 2\n0 0 a\n1 0 a\n", 5, "hostname 'a' listed twice (first on line 4)");
  expect_error(head + "nodes 1\n0 2\n", 4, "coordinate 1 must be in [0, 1], got 2");
  expect_error(head + "nodes 1\n-1 0\n", 4, "coordinate 0 must be in [0, 1], got -1");
  expect_error(head + "nodes 1\n0\n", 4, "node line has 1 values, expected 2 coordinates");
  expect_error(head + "nodes 1\n0 0x\n", 4, "must be an integer, got '0x'");
  expect_error(head + "nodes 1\n0 0 1\n", 4, "the index on the router must be in [0, 0]");
  expect_error(head + "nodes 1\n0 0 0.5\n", 4, "must be an integer");
  expect_error(head + "nodes 1\n0 0 h 7\n", 4, "unexpected '7' after the hostname");
  expect_error("dims 2\nnodes_per_router 2\ncores_per_node 1\nnodes 1\n0 1 2\n", 5, "too many numbers");
  expect_error("name\n", 1, "name needs a value");
}

// Every physical figure of a machine file is checked against its range (tamp/network_parameters.hpp): a
// figure that parses but is no machine (SimGrid dies on it) is refused at its line.
TEST(MachineFile, PhysicalFiguresOutOfRange) {
  const std::string head = "dims 2 2\ncores_per_node 1\n";
  expect_error(head + "link_bandwidth 1e-300 1e9\n", 3,
               "link bandwidth: must be a finite number in [1, 1e+15] bytes/s, not 1e-300");
  expect_error(head + "link_bandwidth 1e9 2e15\n", 3, "not 2e+15");
  expect_error(head + "link_latency 1e308\n", 3,
               "link_latency: must be a finite number in [0, 1] s, not 1e+308");
  expect_error(head + "link_latency nan\n", 3, "link_latency must be a number (s), got 'nan'");
  expect_error(head + "injection_latency -1e-9\n", 3,
               "injection_latency: must be a finite number in [0, 1] s");
  expect_error(head + "injection_bandwidth 1e-300\n", 3,
               "injection_bandwidth: must be a finite number in [1, 1e+15]");
  expect_error(head + "loopback_bandwidth 1e300\n", 3, "loopback_bandwidth: must be");
  expect_error(head + "loopback_latency 2\n", 3, "loopback_latency: must be");
  expect_error(head + "message_overhead 5\n", 3,
               "message_overhead: must be a finite number in [0, 1] s, not 5");
  expect_error("topology fattree\narity 2\nlevels 3\ncores_per_node 1\nlink_bandwidth 1e9 1e-300\n", 5,
               "link bandwidth: must be");
  expect_error("topology fattree\nswitch root - 2 \nswitch leaf root 2 1e16\ncores_per_node 1\n", 3,
               "link bandwidth: must be");
  // The ends of the ranges are machines.
  const auto edge = parse(head + "link_bandwidth 1 1e15\nlink_latency 1\nmessage_overhead 0\n");
  EXPECT_EQ(edge.machine->network().link_latency, 1);
}

// A line is a key, blanks (space or tab), then values; '#' starts a comment; trailing blanks are ignored;
// there is no quoting, so a quote character outside a comment is an error naming the file and line.
TEST(MachineFile, LineRule) {
  const auto d = parse(
      "name \t my  machine \t \ndims\t2  2\t\ncores_per_node 1   # it's a \"comment\"\nnodes 1\n0 1\thost1 "
      "\t\n");
  EXPECT_EQ(d.name, "my  machine");
  EXPECT_EQ(d.hostnames, (std::vector<std::string>{"host1"}));
  expect_error("name \"my machine\"\n", 1,
               "a quote character (\") outside a comment: machine files have no quoting");
  expect_error("dims 2 2\ncores_per_node 1\nnodes 1\n0 0 'h'\n", 4, "a quote character (')");
  // Only spaces and tabs separate words: a vertical tab or form feed is part of a word.
  expect_error("dims\v2 2\n", 1, "unknown key 'dims?2'");
  expect_error("dims 2\f2\n", 1, "must be an integer, got '2?2'");
  const auto written = parse(write(d));
  EXPECT_EQ(written.name, d.name);
  EXPECT_EQ(written.hostnames, d.hostnames);
}

TEST(MachineFile, ReadsTheShippedMachines) {
  const std::string dir = std::string(TAMP_SOURCE_DIR) + "/inputs/machines/";
  const auto def = read_machine_file(dir + "torus-4x4x4.machine");
  EXPECT_EQ(def.name, "torus-4x4x4");
  EXPECT_EQ(def.machine->kind(), "torus");
  EXPECT_EQ(torus_of(def).spec().dims, (std::vector<int>{4, 4, 4}));
  EXPECT_EQ(torus_of(def).spec().wrap, (std::vector<bool>{true, true, true}));
  EXPECT_EQ(def.allocation.num_nodes(), 64);
  EXPECT_EQ(def.allocation.num_slots(), 256);

  const auto mesh = read_machine_file(dir + "mesh-8x8.machine");
  EXPECT_EQ(mesh.machine->kind(), "mesh");
  EXPECT_EQ(mesh.allocation.nodes(), (std::vector<int>{0, 1, 2, 8, 9, 63}));
  EXPECT_EQ(mesh.hostnames.front(), "cn001");
  EXPECT_EQ(mesh.hostnames.back(), "cn064");
  EXPECT_EQ(mesh.allocation.num_slots(), 12);

  EXPECT_THROW(read_machine_file(dir + "no-such.machine"), std::runtime_error);
}

TEST(MachineSpec, Forms) {
  const auto a = parse_machine_spec("torus:4x4x4,cores=4");
  EXPECT_EQ(a.name, "torus:4x4x4,cores=4");
  EXPECT_EQ(a.allocation.num_slots(), 256);
  EXPECT_EQ(torus_of(a).spec().wrap, (std::vector<bool>{true, true, true}));
  const auto b = parse_machine_spec("mesh:8x2,cores=2,npr=2,nodes=5,bw=2e9x1e9");
  EXPECT_EQ(b.machine->kind(), "mesh");
  EXPECT_EQ(b.allocation.nodes(), (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(torus_of(b).nodes_per_router(), 2);
  EXPECT_EQ(torus_of(b).spec().link_bandwidth, (std::vector<double>{2e9, 1e9}));
  const auto c = parse_machine_spec("torus:4x4x2,wrap=1x1x0,cores=1");
  EXPECT_EQ(torus_of(c).spec().wrap, (std::vector<bool>{true, true, false}));
}

TEST(MachineSpec, Errors) {
  const auto expect = [](const std::string& spec, const std::string& part) {
    SCOPED_TRACE(spec);
    try {
      parse_machine_spec(spec);
      ADD_FAILURE() << "no error";
    } catch (const std::invalid_argument& e) {
      const std::string msg = e.what();
      EXPECT_EQ(msg.rfind("machine spec '" + spec + "': ", 0), 0u) << msg;
      EXPECT_NE(msg.find(part), std::string::npos) << msg;
    }
  };
  expect("4x4x4", "expected TOPOLOGY:DIMS");
  expect("torus:4x4x4", "missing cores=C");
  expect("fattree:4x4x4,cores=1", "fattree:ARITYxLEVELS");
  expect("ring:4,cores=1", "unknown topology");
  expect("torus:4x4x,cores=1", "must be an integer, got ''");
  expect("torus:4x4,cores=4x", "must be an integer, got '4x'");
  expect("torus:4x4,cores=1,cores=2", "given twice");
  expect("torus:4x4,cores=1,color=red", "unknown key 'color'");
  expect("torus:4x4,cores=1,npr", "expected key=value");
  expect("torus:4x4,cores=1,wrap=1x1x1", "wrap has 3 values for 2 dimensions");
  expect("mesh:4x4,cores=1,wrap=1x0", "a mesh does not wrap");
  expect("torus:4x4,cores=1,bw=1e9", "link_bandwidth has 1 values");
  expect("torus:4x4,cores=1,nodes=17", "the machine has only 16 nodes");
  expect("torus:8192x8192x2,cores=1", "machine too large");
  expect("torus:4096x4096,cores=2", "allocation too large");
  expect("torus:4x4,cores=1,bw=1e-300x1e9",
         "link bandwidth: must be a finite number in [1, 1e+15] bytes/s, not 1e-300");
  expect("fattree:4x3,cores=1,bw=1e9x1e16", "link bandwidth: must be");
  expect("dragonfly:9x4,h=2,cores=1,bw=1e9xnan", "link bandwidths must be numbers (bytes/s), got 'nan'");
}

}  // namespace
}  // namespace tamp
