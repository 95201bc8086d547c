// The predicted communication time of evaluate(), hand-computed on a line of 4 routers (one node each): link
// sharing counts only inside a phase, injection and latency terms (a phase lasts its latency term plus its
// busiest resource's time), loopback per message, counts, the network keys of the machine file, and step by
// step, messages that share a link only while both flow.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "tamp/error.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/io/simgrid_platform.hpp"
#include "tamp/metrics.hpp"
#include "tamp/network_parameters.hpp"
#include "tamp/torus.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

constexpr double kB = 9.4e6;  // 1 ms on a default 9.4e9 B/s link
// Every message carries its MPI envelope on the wire (kEnvelopeBytes): a message of kB takes a little longer.
constexpr double kWireB = wire_bytes(kB);

// 0 -> 2 and 1 -> 3 both cross the link 1 -> 2.
const std::vector<Edge> kCrossing = {{0, 2, kB}, {1, 3, kB}};
// Latency term of one phase of kCrossing on the default network: 2 hops (0 -> 2) x 100 ns + 2 x 500 ns of
// injection latency, plus one message overhead of 1 us.
constexpr double kCrossingLatency = 2e-7 + 1e-6 + 1e-6;

TEST(PredictedTime, SharedLinkInOnePhaseAgainstTwoPhases) {
  const NetworkParameters net;
  const TaskGraph together = TaskGraph::from_phases(4, {{"both", PhaseKind::p2p, 1, kCrossing}});
  const TaskGraph apart = TaskGraph::from_phases(
      4, {{"first", PhaseKind::p2p, 1, {kCrossing[0]}}, {"second", PhaseKind::p2p, 1, {kCrossing[1]}}});
  const Metrics a = evaluate(together, test::line_of_four(), test::identity_mapping(4));
  const Metrics b = evaluate(apart, test::line_of_four(), test::identity_mapping(4));
  EXPECT_DOUBLE_EQ(a.hop_bytes, 4 * kB);
  EXPECT_DOUBLE_EQ(b.hop_bytes, a.hop_bytes);
  // Together: link 1 -> 2 carries 2B at 9.4e9 B/s (2 ms) > each node's injection of B at 6e9 B/s (hop-bytes
  // and link loads count the payload, the times the wire).
  ASSERT_EQ(a.phases.size(), 1u);
  EXPECT_DOUBLE_EQ(a.phases[0].max_link_load, 2 * kB);
  EXPECT_DOUBLE_EQ(a.phases[0].link_time, 2 * kWireB / net.link_bandwidth);
  EXPECT_DOUBLE_EQ(a.phases[0].injection_time, kWireB / net.injection_bandwidth);
  EXPECT_DOUBLE_EQ(a.phases[0].latency_time, kCrossingLatency);
  EXPECT_DOUBLE_EQ(a.predicted_comm_time, kCrossingLatency + 2 * kWireB / net.link_bandwidth);
  // Apart: each phase is bound by injection, B / 6e9 (1.57 ms), twice.
  ASSERT_EQ(b.phases.size(), 2u);
  EXPECT_DOUBLE_EQ(b.phases[0].link_time, kWireB / net.link_bandwidth);
  EXPECT_DOUBLE_EQ(b.predicted_comm_time, 2 * (kCrossingLatency + kWireB / net.injection_bandwidth));
  EXPECT_NE(a.predicted_comm_time, b.predicted_comm_time);
}

// Two messages of kB on link 1 -> 2 and one of 2 kB: the same hop-bytes and link load, but the two carry two
// envelopes (SMPI's 16 bytes a message) and take 16 bytes' time longer on the link, step by step too.
TEST(PredictedTime, TheEnvelopeIsOnTheWireNotInTheHopBytes) {
  const TaskGraph two = TaskGraph::from_edges(4, kCrossing);
  const TaskGraph one = TaskGraph::from_edges(4, {{1, 2, 2 * kB}});
  const Metrics a = evaluate(two, test::line_of_four(), test::identity_mapping(4));
  const Metrics b = evaluate(one, test::line_of_four(), test::identity_mapping(4));
  EXPECT_EQ(kEnvelopeBytes, 16);
  EXPECT_DOUBLE_EQ(a.phases[0].max_link_load, 2 * kB);
  EXPECT_DOUBLE_EQ(b.phases[0].max_link_load, 2 * kB);
  EXPECT_DOUBLE_EQ(a.phases[0].link_time, (2 * kB + 2 * kEnvelopeBytes) / 9.4e9);
  EXPECT_DOUBLE_EQ(b.phases[0].link_time, (2 * kB + kEnvelopeBytes) / 9.4e9);
  EvaluateOptions o;
  o.steps = 1;
  o.flow = FlowOptions{0, 0, 0, FlowSharing::equal};
  // Step by step on the link: both flows of kCrossing end together after their wire bytes at half the link.
  EXPECT_NEAR(evaluate(two, test::line_of_four(), test::identity_mapping(4), o).flow.total[0],
              kCrossingLatency + 2 * kWireB / 9.4e9, 1e-15);
}

TEST(PredictedTime, CountMultiplies) {
  const TaskGraph g = TaskGraph::from_phases(4, {{"both", PhaseKind::collective, 3, kCrossing}});
  const Metrics m = evaluate(g, test::line_of_four(), test::identity_mapping(4));
  EXPECT_DOUBLE_EQ(m.predicted_comm_time, 3 * (kCrossingLatency + 2 * kWireB / 9.4e9));
  EXPECT_DOUBLE_EQ(m.total_bytes, 3 * 2 * kB);  // the union holds bytes x count
  EXPECT_EQ(m.phases[0].kind, PhaseKind::collective);
  EXPECT_EQ(m.phases[0].count, 3);
}

TEST(PredictedTime, LatencyOfASmallMessage) {
  // 8 bytes over 3 hops: 3 x 100 ns + 2 x 500 ns + one message overhead of 1 us, then 8 bytes and the
  // envelope through the injection link (6e9 B/s, slower than the 9.4e9 B/s links).
  const TaskGraph g = TaskGraph::from_edges(4, {{0, 3, 8}});
  const Metrics m = evaluate(g, test::line_of_four(), test::identity_mapping(4));
  ASSERT_EQ(m.phases.size(), 1u);
  EXPECT_EQ(m.phases[0].name, "all");
  EXPECT_DOUBLE_EQ(m.phases[0].latency_time, 3e-7 + 1e-6 + 1e-6);
  EXPECT_DOUBLE_EQ(m.predicted_comm_time, 3e-7 + 1e-6 + 1e-6 + wire_bytes(8) / 6e9);
}

TEST(PredictedTime, OverheadCountsTheBusiestSendersMessages) {
  // Task 0 sends 3 small messages (1 hop, 2 hops, 3 hops), one overhead apart: the third leaves after 3 us
  // and crosses 3 hops, the last to arrive.
  const TaskGraph g = TaskGraph::from_edges(4, {{0, 1, 8}, {0, 2, 8}, {0, 3, 8}});
  const Metrics m = evaluate(g, test::line_of_four(), test::identity_mapping(4));
  EXPECT_DOUBLE_EQ(m.phases[0].latency_time, 3e-6 + 3e-7 + 1e-6);
}

TEST(PredictedTime, AFarMessagePostedFirstArrivesBeforeTheLastNearOne) {
  // The same messages with tasks 1 and 3 swapped on the line: task 0's first message (to task 1) crosses 3
  // hops and arrives at 1 us + 300 ns + 1 us; its third (to task 3, 1 hop) leaves at 3 us and arrives last,
  // at 3 us + 100 ns + 1 us. The slowest message and the busiest sender's overheads are not added: 200 ns
  // less.
  const TaskGraph g = TaskGraph::from_edges(4, {{0, 1, 8}, {0, 2, 8}, {0, 3, 8}});
  const Metrics m = evaluate(g, test::line_of_four(), Mapping({0, 3, 2, 1}, 4));
  EXPECT_DOUBLE_EQ(m.phases[0].latency_time, 3e-6 + 1e-7 + 1e-6);
}

TEST(PredictedTime, BytesFlowWhileLaterMessagesArePosted) {
  // Task 0 posts 3 small messages (the last one lands at 3 us + 300 ns + 1 us + 8 bytes / 6e9) while task 3
  // sends 6e6 bytes to task 2: node 2's injection link receives 6e6 + 8 bytes (1 ms), from one overhead plus
  // the shortest off-node latency (1 hop: 100 ns + 1 us) on. The phase lasts the larger of the two, not their
  // sum.
  const TaskGraph g = TaskGraph::from_edges(4, {{0, 1, 8}, {0, 2, 8}, {0, 3, 8}, {3, 2, 6e6}});
  const Metrics m = evaluate(g, test::line_of_four(), test::identity_mapping(4));
  const double both = wire_bytes(6e6) + wire_bytes(8);
  EXPECT_DOUBLE_EQ(m.phases[0].message_time,
                   1e-6 + 1e-7 + 1e-6 + wire_bytes(6e6) / 6e9);  // the big one alone
  EXPECT_DOUBLE_EQ(m.phases[0].resource_time, 1e-6 + 1e-7 + 1e-6 + both / 6e9);
  EXPECT_DOUBLE_EQ(m.predicted_comm_time, 1e-6 + 1e-7 + 1e-6 + both / 6e9);
  // The old sum (the slowest first byte plus the busiest resource) would say 4.3 us + 1 ms.
  EXPECT_LT(m.predicted_comm_time, m.phases[0].latency_time + m.phases[0].injection_time);
}

TEST(PredictedTime, LoopbackOnOneNode) {
  // Two cores per node: tasks 0 and 1 share node 0; 2e7 bytes at 2e10 B/s = 1 ms, no link or injection used;
  // latency: the loopback's 100 ns plus one message overhead.
  const TaskGraph g = TaskGraph::from_edges(8, {{0, 1, 2e7}});
  std::vector<int> slots(8);
  std::iota(slots.begin(), slots.end(), 0);
  const Metrics m = evaluate(g, test::line_of_four(2), Mapping(slots, 8));
  EXPECT_DOUBLE_EQ(m.phases[0].link_time, 0);
  EXPECT_DOUBLE_EQ(m.phases[0].injection_time, 0);
  EXPECT_DOUBLE_EQ(m.phases[0].loopback_time, wire_bytes(2e7) / 2e10);
  EXPECT_DOUBLE_EQ(m.predicted_comm_time, 1e-7 + 1e-6 + wire_bytes(2e7) / 2e10);
}

TEST(PredictedTime, LoopbackIsPerMessageNotShared) {
  // Node 0 holds tasks 0 and 1, node 1 tasks 2 and 3: two on-node messages of 2e7 bytes at once on node 0 and
  // one on node 1 each get the whole 2e10 B/s (SimGrid's cluster loopback is a fat pipe): 1 ms, not 2 ms.
  const TaskGraph g = TaskGraph::from_edges(8, {{0, 1, 2e7}, {1, 0, 2e7}, {2, 3, 1e7}});
  std::vector<int> slots(8);
  std::iota(slots.begin(), slots.end(), 0);
  const Metrics m = evaluate(g, test::line_of_four(2), Mapping(slots, 8));
  EXPECT_DOUBLE_EQ(m.phases[0].loopback_time, wire_bytes(2e7) / 2e10);
}

TEST(PredictedTime, MachineNetworkParametersAreUsed) {
  std::istringstream in(
      "topology mesh\ndims 4\ncores_per_node 1\ninjection_bandwidth 1e12\nlink_latency 2e-7\n"
      "injection_latency 0\nmessage_overhead 0\nloopback_bandwidth 1e10\nloopback_latency 5e-8\n");
  const MachineDescription d = parse_machine(in, "net.machine");
  const NetworkParameters& p = d.machine->network();
  EXPECT_EQ(p.injection_bandwidth, 1e12);
  EXPECT_EQ(p.link_latency, 2e-7);
  EXPECT_EQ(p.message_overhead, 0);
  EXPECT_EQ(p.loopback_bandwidth, 1e10);
  EXPECT_EQ(p.loopback_latency, 5e-8);
  // Without injection limits the crossing messages apart take 1 ms + 1 ms on the links, each after 2 hops of
  // 200 ns (no injection latency, no overhead); 8 bytes over 3 hops: 600 ns plus 8 bytes on a 9.4e9 B/s link.
  const TaskGraph apart = TaskGraph::from_phases(
      4, {{"first", PhaseKind::p2p, 1, {kCrossing[0]}}, {"second", PhaseKind::p2p, 1, {kCrossing[1]}}});
  EXPECT_DOUBLE_EQ(evaluate(apart, d.allocation, test::identity_mapping(4)).predicted_comm_time,
                   2 * (4e-7 + kWireB / 9.4e9));
  const TaskGraph small = TaskGraph::from_edges(4, {{0, 3, 8}});
  EXPECT_DOUBLE_EQ(evaluate(small, d.allocation, test::identity_mapping(4)).predicted_comm_time,
                   6e-7 + wire_bytes(8) / 9.4e9);
  // Written back only where they differ from the defaults, and read again the same.
  std::ostringstream out;
  write_machine(out, d);
  EXPECT_NE(out.str().find("injection_bandwidth 1e+12\n"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("injection_latency 0\n"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("link_bandwidth"), std::string::npos) << out.str();
  std::istringstream back(out.str());
  const MachineDescription again = parse_machine(back, "again.machine");
  EXPECT_EQ(again.machine->network().link_latency, 2e-7);
  EXPECT_EQ(again.machine->network().injection_bandwidth, 1e12);
}

TEST(PredictedTime, BadNetworkKeysNameTheLine) {
  for (const char* bad : {"injection_bandwidth 0", "link_latency -1", "message_overhead x",
                          "loopback_bandwidth", "injection_latency 1 2"}) {
    std::istringstream in(std::string("topology mesh\ndims 4\ncores_per_node 1\n") + bad + "\n");
    try {
      parse_machine(in, "bad.machine");
      ADD_FAILURE() << bad;
    } catch (const ParseError& e) {
      EXPECT_NE(std::string(e.what()).find("bad.machine:4"), std::string::npos) << e.what();
    }
  }
}

TEST(PredictedTime, PlatformsReadTheMachinesFigures) {
  // The SimGrid platform takes its links from Machine::network(), the parameters the prediction uses.
  std::istringstream in(
      "topology torus\ndims 2\ncores_per_node 1\nlink_latency 3e-7\ninjection_bandwidth 2e9\n");
  const MachineDescription d = parse_machine(in, "net.machine");
  std::ostringstream xml;
  write_simgrid_platform(xml, d);
  EXPECT_NE(xml.str().find("latency=\"300ns\""), std::string::npos) << xml.str();
  EXPECT_NE(xml.str().find("bw=\"2000000000Bps\""), std::string::npos) << xml.str();
  std::ostringstream s;
  s << d.machine->network();
  EXPECT_NE(s.str().find("message overhead"), std::string::npos);
  // The per-message overhead the prediction charges every send: SMPI's for blocking sends and for MPI_Isend.
  const std::vector<std::string> options = simgrid_smpirun_options(*d.machine, SimgridPlatformOptions{});
  for (const char* key : {"--cfg=smpi/os:0:", "--cfg=smpi/ois:0:"})
    EXPECT_EQ(std::count_if(
                  options.begin(), options.end(),
                  [&](const std::string& o) { return o.rfind(key, 0) == 0 && o.find("1e-06") != o.npos; }),
              1)
        << key;
}

TEST(PredictedTime, TorusLinkBandwidthWins) {
  // A y link at half the speed: 9.4e6 bytes over it take 2 ms.
  auto torus = std::make_shared<const Torus>(test::torus_spec({2, 2}, {false, false}, 1, {9.4e9, 4.7e9}));
  const Allocation a = Allocation::whole_machine(torus, 1);
  EXPECT_EQ(fastest_link_bandwidth(*torus), 9.4e9);
  const Metrics m = evaluate(TaskGraph::from_edges(4, {{0, 2, kB}}), a, test::identity_mapping(4));
  EXPECT_DOUBLE_EQ(m.phases[0].link_time, kWireB / 4.7e9);
}

TEST(PredictedTime, FatTreeTakesTheGenericPath) {
  // A 2-ary 2-level tree, 2 nodes per leaf: 0 -> 2 goes up and down (2 links of 9.4e9 B/s), bound by
  // injection.
  std::istringstream in("topology fattree\narity 2\nlevels 2\ncores_per_node 1\n");
  const MachineDescription d = parse_machine(in, "tree.machine");
  const TaskGraph g = TaskGraph::from_edges(4, {{0, 2, kB}});
  const Metrics m = evaluate(g, d.allocation, test::identity_mapping(4));
  ASSERT_EQ(m.max_dilation, 2);
  EXPECT_DOUBLE_EQ(m.phases[0].link_time, kWireB / 9.4e9);
  EXPECT_DOUBLE_EQ(m.phases[0].latency_time, 2e-7 + 1e-6 + 1e-6);
  EXPECT_DOUBLE_EQ(m.predicted_comm_time, 2e-7 + 1e-6 + 1e-6 + kWireB / 6e9);
}

TEST(PredictedTime, FatTreeAndDragonflyLinkBandwidthsWin) {
  // Their own link_bandwidth gives the fastest link, as a torus's does: the links are not scaled from the
  // default 9.4 GB/s. A 2-ary 2-tree whose links carry 4.7 GB/s: 0 -> 2 takes 2 ms on them.
  std::istringstream tree(
      "topology fattree\narity 2\nlevels 2\ncores_per_node 1\nlink_bandwidth 4.7e9\n"
      "injection_bandwidth 1e12\n");
  const MachineDescription t = parse_machine(tree, "tree.machine");
  EXPECT_EQ(fastest_link_bandwidth(*t.machine), 4.7e9);
  EXPECT_DOUBLE_EQ(evaluate(TaskGraph::from_edges(4, {{0, 2, kB}}), t.allocation, test::identity_mapping(4))
                       .phases[0]
                       .link_time,
                   kWireB / 4.7e9);
  // An Aries-like dragonfly: rank-1 links at 5.25 GB/s, the fastest (rank 2) at 15.75 GB/s.
  std::istringstream fly(
      "topology dragonfly\ngroups 2\nrouters_per_group 2 2\nglobal_links 1\n"
      "nodes_per_router 1\ncores_per_node 1\nlink_bandwidth 5.25e9 15.75e9 4.7e9\n");
  const MachineDescription d = parse_machine(fly, "fly.machine");
  EXPECT_EQ(fastest_link_bandwidth(*d.machine), 15.75e9);
  int rank1 = 0;  // the simulated platform makes each link fastest x capacity bytes/s
  for (LinkId l = 0; l < d.machine->link_id_bound(); ++l) {
    if (d.machine->link_class(l) != 0 || !(d.machine->link_capacity(l) > 0)) continue;
    EXPECT_DOUBLE_EQ(fastest_link_bandwidth(*d.machine) * d.machine->link_capacity(l), 5.25e9);
    ++rank1;
  }
  EXPECT_GT(rank1, 0);
  // Without link_bandwidth the network's figure stays the fastest link.
  std::istringstream plain(
      "topology dragonfly\ngroups 2\nrouters_per_group 2\nglobal_links 1\n"
      "cores_per_node 1\n");
  EXPECT_EQ(fastest_link_bandwidth(*parse_machine(plain, "plain.machine").machine), 9.4e9);
}

// kCrossing as one phase lasts its busiest link: 1 us of overhead + 1.2 us (the shortest off-node latency, 2
// hops) + 2 ms (2B and two envelopes on the link 1 -> 2).
constexpr double kCrossingNetwork = 1e-6 + 2e-7 + 1e-6 + 2 * kWireB / 9.4e9;

Metrics crossing_hiding(std::vector<double> hidden, std::vector<Phase> phases = {}) {
  EvaluateOptions o;
  o.hidden_compute = std::move(hidden);
  if (phases.empty()) phases = {{"halo", PhaseKind::p2p, 1, kCrossing}};
  return evaluate(TaskGraph::from_phases(4, std::move(phases)), test::line_of_four(),
                  test::identity_mapping(4), o);
}

TEST(PredictedTime, HiddenComputeShortensTheWait) {
  // Every task computes 1 ms after posting: receivers 2 and 3 wait for what is left of the 2 ms, 1 ms more.
  const Metrics m = crossing_hiding({1e-3, 1e-3, 1e-3, 1e-3});
  EXPECT_DOUBLE_EQ(m.phases[0].network_time, kCrossingNetwork);
  EXPECT_DOUBLE_EQ(m.predicted_network_time, kCrossingNetwork);
  EXPECT_DOUBLE_EQ(m.predicted_comm_time, kCrossingNetwork - 1e-3);
}

TEST(PredictedTime, HiddenComputeLongerThanTheMessagesLeavesThePosting) {
  // 10 ms of computation hides everything but the posting: one message overhead of tasks 0 and 1.
  const Metrics m = crossing_hiding({1e-2, 1e-2, 1e-2, 1e-2});
  EXPECT_DOUBLE_EQ(m.predicted_comm_time, 1e-6);
  EXPECT_DOUBLE_EQ(m.predicted_network_time, kCrossingNetwork);
}

TEST(PredictedTime, TheLeastHiddenReceiverSetsThePhase) {
  // Task 2 computes nothing while it waits: it is exposed to the whole phase, whatever task 3 hides.
  EXPECT_DOUBLE_EQ(crossing_hiding({1e-2, 1e-2, 0, 1e-2}).predicted_comm_time, kCrossingNetwork);
  // A sender that hides nothing waits for its send to be received (a send completes when received): it is
  // exposed to the whole phase too. When every task hides more than the phase, only the posting is left.
  EXPECT_DOUBLE_EQ(crossing_hiding({0, 0, 1e-2, 1e-2}).predicted_comm_time, kCrossingNetwork);
  EXPECT_DOUBLE_EQ(crossing_hiding({1e-2, 1e-2, 1e-2, 1e-2}).predicted_comm_time, 1e-6);
}

TEST(PredictedTime, CollectivesHideNothing) {
  const Metrics m = crossing_hiding({1e-2, 1e-2, 1e-2, 1e-2}, {{"halo", PhaseKind::p2p, 1, kCrossing},
                                                               {"sum", PhaseKind::collective, 1, kCrossing}});
  EXPECT_DOUBLE_EQ(m.phases[0].predicted_time, 1e-6);
  EXPECT_DOUBLE_EQ(m.phases[1].predicted_time, kCrossingNetwork);
  EXPECT_DOUBLE_EQ(m.predicted_comm_time, 1e-6 + kCrossingNetwork);
}

TEST(PredictedTime, HiddenComputeOfTheWrongShapeIsRefused) {
  EXPECT_THROW(crossing_hiding({1e-3, 1e-3}), std::invalid_argument);
  EXPECT_THROW(crossing_hiding({1e-3, 1e-3, -1, 1e-3}), std::invalid_argument);
}

Metrics stepped(std::vector<Edge> edges, std::vector<double> hidden, std::vector<double> after, int steps) {
  EvaluateOptions o;
  o.hidden_compute = std::move(hidden);
  o.step_compute = std::move(after);
  o.steps = steps;
  return evaluate(TaskGraph::from_edges(4, std::move(edges)), test::line_of_four(), test::identity_mapping(4),
                  o);
}

TEST(PredictedTime, OneStepIsTheSynchronisedPhase) {
  const std::vector<double> hidden = {1e-3, 1e-3, 1e-3, 1e-3};
  EXPECT_DOUBLE_EQ(stepped(kCrossing, hidden, {0, 0, 0, 0}, 1).predicted_comm_time,
                   crossing_hiding(hidden).predicted_comm_time);
  // Every task sends one message and receives one, with the same work: every step is the first one again.
  const std::vector<Edge> both_ways = {{0, 2, kB}, {1, 3, kB}, {2, 0, kB}, {3, 1, kB}};
  EXPECT_DOUBLE_EQ(stepped(both_ways, hidden, {2e-3, 2e-3, 2e-3, 2e-3}, 5).predicted_comm_time,
                   stepped(both_ways, hidden, {2e-3, 2e-3, 2e-3, 2e-3}, 1).predicted_comm_time);
  // Tasks 0 and 1 only send, yet wait until their messages are received, as tasks 2 and 3 wait for them: no
  // task runs ahead, and every step is the first one again.
  const double first = crossing_hiding(hidden).predicted_comm_time;
  EXPECT_DOUBLE_EQ(stepped(kCrossing, hidden, {2e-3, 2e-3, 2e-3, 2e-3}, 4).predicted_comm_time, first);
}

TEST(PredictedTime, ALateSenderDelaysItsReceiverFromTheSecondStepOn) {
  // 0 <-> 1, 8 bytes each way, one hop: a message lands 1 us (posting) + 100 ns + 1 us + wire_bytes(8) / 6e9
  // after its sender starts. Task 0 computes 10 us after each wait, task 1 nothing: from the second step on,
  // task 1 waits for task 0's late message, 10 us more per step than in the first.
  constexpr double kLands = 1e-6 + 1e-7 + 1e-6 + wire_bytes(8) / 6e9;
  const std::vector<Edge> pair = {{0, 1, 8}, {1, 0, 8}};
  const Metrics m = stepped(pair, {0, 0, 0, 0}, {1e-5, 0, 0, 0}, 3);
  // Task 1: step 1 waits until kLands; step 2 starts kLands in, 10 us before task 0, and waits kLands + 10
  // us. Task 0 waits for its own message to be received (kLands after its start: a send completes when
  // received) before it computes, so its period is kLands + 10 us, and task 1, which computes nothing, waits
  // that long in step 3 again.
  EXPECT_NEAR(m.predicted_comm_time, (kLands + 2 * (kLands + 1e-5)) / 3, 1e-15);
  // Without the steps, one synchronised phase: the lateness is not seen.
  EXPECT_DOUBLE_EQ(stepped(pair, {0, 0, 0, 0}, {1e-5, 0, 0, 0}, 0).predicted_comm_time, kLands);
}

// A send completes when received: a task that sends far and hides nothing waits for that message, even though
// everything it receives is near (tamp-mesh's chunk with the most neighbours waits for the last one it
// posted).
TEST(PredictedTime, ASenderWaitsUntilItsMessagesAreReceived) {
  // Task 0 sends 8 bytes to task 1 (1 hop), then to task 3 (3 hops); task 3 hides 10 us, more than it waits.
  const std::vector<Edge> fan = {{0, 1, 8}, {0, 3, 8}};
  constexpr double kNear = 1e-6 + 1e-7 + 1e-6 + wire_bytes(8) / 6e9;  // first posted
  constexpr double kFar = 2e-6 + 3e-7 + 1e-6 + wire_bytes(8) / 6e9;   // second posted
  const std::vector<double> hidden = {0, 0, 0, 1e-5};
  // Without the sender's wait the phase would cost task 1's kNear; task 0 waits for kFar.
  EXPECT_DOUBLE_EQ(stepped(fan, hidden, {0, 0, 0, 0}, 1).predicted_comm_time, kFar);
  EXPECT_DOUBLE_EQ(crossing_hiding(hidden, {{"fan", PhaseKind::p2p, 1, fan}}).predicted_comm_time, kFar);
  EXPECT_GT(kFar, kNear);
}

TEST(PredictedTime, APairDoneWithItsRoundGoesOn) {
  // Two rounds of pairs on the line: round 0 pairs 0 with 3 (3 hops) and 1 with 2 (1 hop), round 1 pairs 1
  // with 2 again. Added up, the rounds cost the slow pair plus the fast one; step by step, tasks 1 and 2
  // start their second round as soon as their first is done, and are through both before 0 and 3 are through
  // their one.
  constexpr double kFast = 1e-6 + 1e-7 + 1e-6 + wire_bytes(8) / 6e9;
  constexpr double kSlow = 1e-6 + 3e-7 + 1e-6 + wire_bytes(8) / 6e9;
  const TaskGraph rounds = TaskGraph::from_phases(
      4, {{"swap/r0", PhaseKind::collective, 1, {{0, 3, 8}, {3, 0, 8}, {1, 2, 8}, {2, 1, 8}}},
          {"swap/r1", PhaseKind::collective, 1, {{1, 2, 8}, {2, 1, 8}}}});
  EXPECT_DOUBLE_EQ(evaluate(rounds, test::line_of_four(), test::identity_mapping(4)).predicted_comm_time,
                   kSlow + kFast);
  EvaluateOptions o;
  o.steps = 1;
  const Metrics m = evaluate(rounds, test::line_of_four(), test::identity_mapping(4), o);
  EXPECT_DOUBLE_EQ(m.predicted_comm_time, 2 * kFast);  // the 8-byte messages of round 0 never meet on 1 -> 2
  EXPECT_LT(m.predicted_comm_time, kSlow + kFast);
  EXPECT_DOUBLE_EQ(m.predicted_network_time, kSlow + kFast);  // the phases alone, added up
}

// Step by step, two messages share a link only while both flow: from the second step on, task 3 computes 1 ms
// longer, so 1 -> 3 (a rendezvous: it leaves when its receiver is there) starts 1 ms after 0 -> 2 and the two
// share the link 1 -> 2 only for the rest of 0 -> 2.
TEST(PredictedTime, MessagesShareALinkOnlyWhileBothFlow) {
  // Step 1: both flow together from 2.2 us (one overhead, 2 hops, 2 injection latencies) at 4.7e9 B/s each
  // (half the link): kCrossingNetwork, as one synchronised phase.
  EXPECT_DOUBLE_EQ(stepped(kCrossing, {}, {}, 1).predicted_comm_time, kCrossingNetwork);
  // Step 2: 0 -> 2 flows alone at the injection bandwidth (6e9) for 1 ms - 1 us, then both at 4.7e9 until 0
  // -> 2 is through; then 1 -> 3 alone again.
  constexpr double kAlone = 1e-3 - 1e-6;
  constexpr double kShared = (kWireB - kAlone * 6e9) / 4.7e9;
  constexpr double kRest = (kWireB - kShared * 4.7e9) / 6e9;
  // Task 1 posts at once and waits for task 3 (1 ms), then for its message: the most of any task.
  const double task1 = kCrossingNetwork + (1e-3 + 2e-7 + 1e-6 + kShared + kRest);
  const Metrics m = stepped(kCrossing, {}, {0, 0, 0, 1e-3}, 2);
  EXPECT_NEAR(m.predicted_comm_time, task1 / 2, 1e-15);
  // Sharing the link all the way (a synchronised phase) would cost 2 ms again: the late start saves some.
  EXPECT_LT(1e-3 + 2e-7 + 1e-6 + kShared + kRest, 1e-3 + kCrossingNetwork);
}

// The apps time their loop after a warmup step and an MPI_Barrier: the barrier, not the warmup's end, sets
// when each task starts the timed steps. Two tasks on routers 0 and 1 exchange 8 bytes; task 0 computes 10 us
// after each step. Without the barrier, task 1 starts the timed step 10 us before task 0 and waits for it;
// with it (two ranks: one MPI_Sendrecv round, both leave it together), the timed step is the first one again.
TEST(PredictedTime, TheBarrierBeforeTheTimedStepsSetsTheirStart) {
  constexpr double kLands = 1e-6 + 1e-7 + 1e-6 + wire_bytes(8) / 6e9;
  EvaluateOptions o;
  o.steps = 1;
  o.warmup = 1;
  o.step_compute = {1e-5, 0};
  const TaskGraph pair = TaskGraph::from_edges(2, {{0, 1, 8}, {1, 0, 8}});
  const Mapping two({0, 1}, 4);
  EXPECT_NEAR(evaluate(pair, test::line_of_four(), two, o).predicted_comm_time, kLands + 1e-5, 1e-15);
  o.barrier = true;
  EXPECT_NEAR(evaluate(pair, test::line_of_four(), two, o).predicted_comm_time, kLands, 1e-15);
  o.warmup = -1;
  EXPECT_THROW(evaluate(pair, test::line_of_four(), two, o), std::invalid_argument);
}

// With a warmup the apps run a barrier before it as well (the warmup starts from the barrier's exit, not from
// whenever the set-up let each rank go): two tasks, one MPI_Sendrecv round per barrier, two messages each. No
// warmup, one barrier: 2 + 2 messages; one warmup step: 2 + 2 + 2 + 2, the same time.
TEST(PredictedTime, AWarmupFollowsABarrierToo) {
  EvaluateOptions o;
  o.steps = 1;
  o.barrier = true;
  const TaskGraph pair = TaskGraph::from_edges(2, {{0, 1, 8}, {1, 0, 8}});
  const Mapping two({0, 1}, 4);
  const Metrics cold = evaluate(pair, test::line_of_four(), two, o);
  EXPECT_EQ(cold.flow.messages, 4);
  o.warmup = 1;
  const Metrics warm = evaluate(pair, test::line_of_four(), two, o);
  EXPECT_EQ(warm.flow.messages, 8);
  EXPECT_DOUBLE_EQ(warm.predicted_comm_time, cold.predicted_comm_time);
  o.barrier = false;
  EXPECT_EQ(evaluate(pair, test::line_of_four(), two, o).flow.messages, 4);
}

// The set-up before the first barrier (EvaluateOptions::setup), counted by hand on four tasks: an agreement
// is an allreduce by recursive doubling (2 rounds x 4 messages), a binomial broadcast 3 messages,
// MPI_Comm_split's gather and its groups 3 each. Reordered: agreement, the mapping's broadcast, gather,
// groups, the new communicator's id (a broadcast), agreement, and the app's one agreement: 8+3+3+3+3+8+8 = 36
// messages more. Adopted: agreement, MPI_Comm_dup's id, the app's agreement: 8+3+8 = 19. Without the barrier,
// none. (SetupModel::Call: an agreement with no colors, a split with a color and a key per task.)
TEST(PredictedTime, TheSetUpBeforeTheFirstBarrierSendsItsCollectivesMessages) {
  EvaluateOptions o;
  o.steps = 1;
  o.barrier = true;
  const TaskGraph ring = TaskGraph::from_edges(4, {{0, 1, 8}, {1, 2, 8}, {2, 3, 8}, {3, 0, 8}});
  const Mapping mapping({2, 0, 3, 1}, 4);
  const std::int64_t bare = evaluate(ring, test::line_of_four(), mapping, o).flow.messages;
  o.setup.calls = {SetupModel::Call{}};
  o.setup.ranks = SetupModel::Ranks::reordered;
  const Metrics reordered = evaluate(ring, test::line_of_four(), mapping, o);
  EXPECT_EQ(reordered.flow.messages, bare + 36);
  o.setup.ranks = SetupModel::Ranks::adopted;
  EXPECT_EQ(evaluate(ring, test::line_of_four(), mapping, o).flow.messages, bare + 19);
  // An MPI_Comm_split of the four tasks into {0, 2} and {1, 3}: the gather's 3 messages, task 0's groups (1
  // to task 2, then 2 to tasks 1 and 3), each new communicator's id (1 each): 8 instead of the agreement's 8.
  SetupModel::Call split;
  split.kind = SetupModel::Call::Kind::split;
  split.color = {0, 1, 0, 1};
  split.key = {0, 0, 1, 1};
  o.setup.calls = {split, split};
  EXPECT_EQ(evaluate(ring, test::line_of_four(), mapping, o).flow.messages, bare + 19 - 8 + 2 * 8);
  split.key.pop_back();
  o.setup.calls = {split};
  EXPECT_THROW(evaluate(ring, test::line_of_four(), mapping, o), std::invalid_argument);
  // A broadcast of 8 bytes from task 0 (3 messages), and one untimed step of the ring (4) before it.
  SetupModel::Call bcast;
  bcast.kind = SetupModel::Call::Kind::bcast;
  bcast.bytes = 8;
  SetupModel::Call step;
  step.kind = SetupModel::Call::Kind::step;
  o.setup.calls = {step, bcast};
  EXPECT_EQ(evaluate(ring, test::line_of_four(), mapping, o).flow.messages, bare + 19 - 8 + 4 + 3);
  o.setup.calls = {SetupModel::Call{}};
  o.barrier = false;
  EXPECT_EQ(evaluate(ring, test::line_of_four(), mapping, o).flow.messages,
            bare - 6);  // the barrier: 3 to task 0, 3 back
  // The same run twice: the same times to the last digit.
  o.barrier = true;
  o.setup.ranks = SetupModel::Ranks::reordered;
  EXPECT_EQ(evaluate(ring, test::line_of_four(), mapping, o).flow.total, reordered.flow.total);
}

TEST(PredictedTime, StepsNeedWholeCounts) {
  EvaluateOptions o;
  o.steps = 2;
  const TaskGraph half = TaskGraph::from_phases(4, {{"a", PhaseKind::p2p, 2.5, {kCrossing[0]}}});
  EXPECT_THROW(evaluate(half, test::line_of_four(), test::identity_mapping(4), o), std::invalid_argument);
  o.steps = -1;
  EXPECT_THROW(
      evaluate(TaskGraph::from_edges(4, kCrossing), test::line_of_four(), test::identity_mapping(4), o),
      std::invalid_argument);
}

// A collective in launcher order runs between the job's slots: rank r is the task on the r-th lowest slot, so
// the phase travels between the same nodes under every mapping, and it is no message of the mapped graph.
TEST(PredictedTime, ALauncherOrderPhaseCostsTheSameUnderEveryMapping) {
  Phase sum{"sum", PhaseKind::collective, 1, {{0, 1, 8}, {1, 0, 8}}};
  sum.launcher_order = true;
  const TaskGraph launcher = TaskGraph::from_phases(4, {sum});
  sum.launcher_order = false;
  const TaskGraph tasks = TaskGraph::from_phases(4, {sum});
  const Mapping apart({0, 3, 1, 2}, 4);  // tasks 0 and 1 three routers apart; slots 0 and 1 one apart
  const Metrics at_slots = evaluate(launcher, test::line_of_four(), apart);
  // One hop: 100 ns + 2 x 500 ns of injection latency + one 1 us overhead, then 8 B through injection.
  EXPECT_DOUBLE_EQ(at_slots.predicted_comm_time, 1e-6 + (1e-7 + 1e-6) + wire_bytes(8) / 6e9);
  EXPECT_DOUBLE_EQ(evaluate(launcher, test::line_of_four(), test::identity_mapping(4)).predicted_comm_time,
                   at_slots.predicted_comm_time);
  EXPECT_DOUBLE_EQ(evaluate(tasks, test::line_of_four(), apart).predicted_comm_time,
                   1e-6 + (3e-7 + 1e-6) + wire_bytes(8) / 6e9);
  EXPECT_EQ(at_slots.messages, 0);
  EXPECT_DOUBLE_EQ(at_slots.hop_bytes, 0);
  EXPECT_EQ(evaluate(tasks, test::line_of_four(), apart).messages, 2);
}

// With fewer tasks than slots, rank r is the task on the r-th lowest slot that holds one.
TEST(PredictedTime, LauncherRanksFollowTheUsedSlotsInOrder) {
  Phase sum{"sum", PhaseKind::collective, 1, {{0, 1, 8}}};
  sum.launcher_order = true;
  const TaskGraph g = TaskGraph::from_phases(2, {sum});
  // Task 1 on slot 0, task 0 on slot 3: rank 0 -> rank 1 goes from slot 0 to slot 3, three hops.
  const Metrics m = evaluate(g, test::line_of_four(), Mapping({3, 0}, 4));
  EXPECT_DOUBLE_EQ(m.predicted_comm_time, 1e-6 + (3e-7 + 1e-6) + wire_bytes(8) / 6e9);
  // Task 1 on slot 1, task 0 on slot 2: one hop.
  EXPECT_DOUBLE_EQ(evaluate(g, test::line_of_four(), Mapping({2, 1}, 4)).predicted_comm_time,
                   1e-6 + (1e-7 + 1e-6) + wire_bytes(8) / 6e9);
}

TEST(PredictedTime, NoLinkLoadsNoPrediction) {
  EvaluateOptions o;
  o.link_loads = false;
  const Metrics m =
      evaluate(TaskGraph::from_edges(4, kCrossing), test::line_of_four(), test::identity_mapping(4), o);
  EXPECT_EQ(m.predicted_comm_time, 0);
  EXPECT_TRUE(m.phases.empty());
}

}  // namespace
}  // namespace tamp
