// JSON form of tamp::Metrics (the "metrics" object of docs/user-guide.md). Header-only; needs nlohmann-json,
// which the mapping library itself does not: include it only where JSON is written.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "tamp/metrics.hpp"

namespace tamp {

inline void to_json(nlohmann::json& j, const PhaseMetrics& p) {
  j = nlohmann::json{{"name", p.name},
                     {"kind", std::string(to_string(p.kind))},
                     {"count", p.count},
                     {"messages", p.messages},
                     {"bytes", p.bytes},
                     {"predicted_time", p.predicted_time},
                     {"max_link_load", p.max_link_load},
                     {"link_time", p.link_time},
                     {"injection_time", p.injection_time},
                     {"loopback_time", p.loopback_time},
                     {"latency_time", p.latency_time},
                     {"message_time", p.message_time},
                     {"resource_time", p.resource_time},
                     {"network_time", p.network_time}};
}

inline void to_json(nlohmann::json& j, const Metrics& m) {
  j = nlohmann::json{{"messages", m.messages},
                     {"total_bytes", m.total_bytes},
                     {"hop_bytes", m.hop_bytes},
                     {"hops_per_byte", m.hops_per_byte},
                     {"avg_dilation", m.avg_dilation},
                     {"max_dilation", m.max_dilation},
                     {"max_link_load", m.max_link_load},
                     {"mean_link_load", m.mean_link_load},
                     {"max_congestion", m.max_congestion},
                     {"offnode_fraction", m.offnode_fraction},
                     {"hop_bytes_per_class", m.hop_bytes_per_class},
                     {"predicted_comm_time", m.predicted_comm_time},
                     {"predicted_network_time", m.predicted_network_time},
                     {"phases", m.phases}};
  if (m.level_cost) j["level_cost"] = *m.level_cost;
}

}  // namespace tamp
