// The placement grammar (tamp/placement.hpp): parsing, printing, checking, the post-processing steps.
#include "tamp/placement.hpp"

#include <algorithm>
#include <stdexcept>

namespace tamp {

Placement Placement::parse(std::string_view text) {
  Placement p;
  constexpr std::string_view kFile = "file:";
  if (text.substr(0, kFile.size()) == kFile) {
    if (text.size() == kFile.size()) throw std::invalid_argument("file: needs a path (file:PATH)");
    p.file_ = true;
    p.path_ = std::string(text.substr(kFile.size()));
    return p;
  }
  const std::size_t plus = text.find('+');
  p.name_ = std::string(text.substr(0, plus));
  for (std::size_t at = plus; at != std::string_view::npos;) {
    const std::size_t next = text.find('+', at + 1);
    p.steps_.emplace_back(text.substr(at + 1, next == std::string_view::npos ? next : next - at - 1));
    at = next;
  }
  return p;
}

std::string Placement::str() const {
  if (file_) return "file:" + path_;
  std::string text = name_;
  for (const std::string& step : steps_) text += "+" + step;
  return text;
}

bool Placement::names_one_of(const std::vector<std::string>& orderings) const {
  return !file_ && std::find(orderings.begin(), orderings.end(), name_) != orderings.end();
}

void Placement::check(const std::vector<std::string>& orderings) const {
  if (file_) return;
  if (names_one_of(orderings)) {
    for (const std::string& step : steps_) find_refiner(step);
    return;
  }
  try {
    find_mapper(name_);
    for (const std::string& step : steps_) find_refiner(step);
  } catch (const std::invalid_argument& e) {
    if (orderings.empty()) throw;
    std::string names;
    for (const auto& n : orderings) names += (names.empty() ? "" : ", ") + n;
    throw std::invalid_argument(std::string(e.what()) + "; this app also offers: " + names);
  }
}

Mapping Placement::apply_steps(const TaskGraph& graph, const Allocation& allocation,
                               const MapOptions& options, Mapping mapping) const {
  for (const std::string& step : steps_) {
    mapping = find_refiner(step).fn(graph, allocation, options, std::move(mapping));
    mapping.validate(options.max_tasks_per_slot);
  }
  return mapping;
}

}  // namespace tamp
