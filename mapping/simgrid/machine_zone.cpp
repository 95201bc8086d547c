#include "machine_zone.hpp"

#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <stdexcept>
#include <string>

namespace tamp::sim {

namespace {

using simgrid::kernel::routing::NetPoint;
using simgrid::kernel::routing::Route;

}  // namespace

MachineZone::MachineZone(MachineDescription machine, const SimgridPlatformOptions& options)
    : NetZoneImpl("tamp-machine"), machine_(std::move(machine)), net_(machine_.machine->network()) {
  validate(net_);
  const Machine& m = *machine_.machine;
  const Allocation& job = machine_.allocation;
  const int cores = job.max_cores_per_node();
  const std::vector<double> speed{options.host_speed};

  for (int node : job.nodes()) {
    const std::string name = simgrid_host_name(node);
    simgrid::s4u::Host* host = create_host(name, speed);
    host->set_core_count(cores);
    host->seal();
    const unsigned long vertex = host->get_netpoint()->id();
    if (vertex >= node_of_vertex_.size()) {
      node_of_vertex_.resize(vertex + 1, -1);
      host_links_.resize(vertex + 1);
    }
    node_of_vertex_[vertex] = node;
    HostLinks& links = host_links_[vertex];
    const auto make = [&](const std::string& link_name, double bandwidth, double latency) {
      simgrid::s4u::Link* link = create_link(link_name, {bandwidth});
      link->set_latency(latency);
      link->seal();
      return link->get_impl();
    };
    links.up = make(name + "-up", net_.injection_bandwidth, net_.injection_latency);
    links.down = make(name + "-down", net_.injection_bandwidth, net_.injection_latency);
    // SimGrid's clusters share one loopback (FATPIPE) per host; here too the ranks of a node share it.
    simgrid::s4u::Link* loopback = create_link(name + "-loopback", {net_.loopback_bandwidth});
    loopback->set_latency(net_.loopback_latency);
    loopback->set_sharing_policy(simgrid::s4u::Link::SharingPolicy::FATPIPE, {});
    loopback->seal();
    links.loopback = loopback->get_impl();
  }

  // Every network link that exists (capacity > 0), so that any route between allocated nodes finds its links.
  const double fastest = fastest_link_bandwidth(m);
  network_links_.assign(static_cast<std::size_t>(m.link_id_bound()), nullptr);
  for (LinkId l = 0; l < m.link_id_bound(); ++l) {
    const double capacity = m.link_capacity(l);
    if (!(capacity > 0)) continue;
    simgrid::s4u::Link* link = create_link("link-" + std::to_string(l), {fastest * capacity});
    link->set_latency(net_.link_latency);
    link->seal();
    network_links_[static_cast<std::size_t>(l)] = link->get_impl();
  }
  seal();
}

void MachineZone::get_local_route(const NetPoint* src, const NetPoint* dst, Route* into, double* latency) {
  const unsigned long a = src->id();
  const unsigned long b = dst->id();
  if (a >= node_of_vertex_.size() || b >= node_of_vertex_.size() || node_of_vertex_[a] < 0 ||
      node_of_vertex_[b] < 0)
    throw std::logic_error("tamp platform: route asked between " + src->get_name() + " and " +
                           dst->get_name() + ", which are not hosts of the machine");
  if (a == b) {
    into->link_list_.push_back(host_links_[a].loopback);
    if (latency) *latency += net_.loopback_latency;
    return;
  }
  machine_.machine->route(node_of_vertex_[a], node_of_vertex_[b], path_);
  into->link_list_.reserve(path_.size() + 2);
  into->link_list_.push_back(host_links_[a].up);
  for (LinkId l : path_) {
    LinkImpl* link = network_links_[static_cast<std::size_t>(l)];
    if (link == nullptr)
      throw std::logic_error("tamp platform: the route from " + src->get_name() + " to " + dst->get_name() +
                             " uses link " + std::to_string(l) + ", which has no capacity");
    into->link_list_.push_back(link);
  }
  into->link_list_.push_back(host_links_[b].down);
  if (latency) *latency += 2 * net_.injection_latency + static_cast<double>(path_.size()) * net_.link_latency;
}

}  // namespace tamp::sim
