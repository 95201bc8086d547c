// Matrix rows generated on demand, so every rank builds its own blocks without communication.
#include "matrix_source.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <stdexcept>

#include "tamp/text.hpp"

namespace tamp::lanczos {
namespace {

constexpr double kPi = 3.14159265358979323846;

std::int64_t parse_count(const std::string& text, const std::string& what, const std::string& spec) {
  if (text.empty() || text.size() > 12 || text.find_first_not_of("0123456789") != std::string::npos ||
      std::stoll(text) < 1)
    throw std::invalid_argument("--matrix " + spec + ": " + what + " '" + text +
                                "' is not a positive integer");
  return std::stoll(text);
}

// A whole number written out or in exponent form (4.66e7, as [Aktulga12] Table 1 prints sizes), in [1, 2^53].
std::int64_t parse_whole(const std::string& text, const std::string& what, const std::string& spec) {
  char* end = nullptr;
  const double value = text.empty() ? 0.0 : std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(value >= 1 && value <= 0x1.0p53) || value != std::floor(value) ||
      text.find_first_of("xXpP") != std::string::npos)
    throw std::invalid_argument("--matrix " + spec + ": " + what + " '" + text +
                                "' is not a whole number in [1, 2^53]");
  return static_cast<std::int64_t>(value);
}

// Uniform in [0, 1) from the top 53 bits.
double unit(std::uint64_t bits) {
  return static_cast<double>(bits >> 11) * 0x1.0p-53;
}

}  // namespace

std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

MatrixSpec parse_matrix_spec(const std::string& text) {
  MatrixSpec spec;
  spec.text = text;
  const std::size_t colon = text.find(':');
  const std::string kind = text.substr(0, colon);
  const std::string args = colon == std::string::npos ? "" : text.substr(colon + 1);
  if (args.empty() && (kind == "laplace" || kind == "random" || kind == "mm" || kind == "shape"))
    throw std::invalid_argument("--matrix " + text + ": needs arguments after '" + kind + ":'");
  if (kind == "laplace") {
    spec.kind = MatrixKind::laplace;
    spec.n = 1;
    for (long long size : parse_extents(args, 999999999999, [&](std::string_view part) {  // at most 12 digits
           return std::invalid_argument("--matrix " + text + ": grid size '" + std::string(part) +
                                        "' is not a positive integer");
         })) {
      spec.dims.push_back(size);
      if (spec.n > (std::int64_t{1} << 40) / size)
        throw std::invalid_argument("--matrix " + text + ": too large");
      spec.n *= size;
    }
    if (spec.dims.size() > 3)
      throw std::invalid_argument("--matrix " + text + ": a Laplacian has 1, 2 or 3 dimensions");
  } else if (kind == "random") {
    spec.kind = MatrixKind::random;
    const auto parts = split(args, ',');
    spec.n = parse_count(parts[0], "dimension", text);
    for (std::size_t i = 1; i < parts.size(); ++i) {
      const std::size_t eq = parts[i].find('=');
      const std::string key = parts[i].substr(0, eq);
      const std::string value = eq == std::string::npos ? "" : parts[i].substr(eq + 1);
      if (key == "density") {
        char* end = nullptr;
        spec.density = std::strtod(value.c_str(), &end);
        if (value.empty() || *end != '\0' || !(spec.density > 0 && spec.density <= 1))
          throw std::invalid_argument("--matrix " + text + ": density '" + value + "' is not in (0, 1]");
      } else if (key == "seed") {
        spec.seed = static_cast<std::uint64_t>(parse_count(value, "seed", text));
      } else {
        throw std::invalid_argument("--matrix " + text + ": unknown option '" + parts[i] +
                                    "' (expected density=D, seed=S)");
      }
    }
  } else if (kind == "mm") {
    spec.kind = MatrixKind::market;
    spec.market = std::make_shared<const LowerCsr>(read_matrix_market(args));
    spec.n = spec.market->n;
  } else if (kind == "shape") {
    spec.kind = MatrixKind::shape;
    const auto parts = split(args, ',');
    const std::string key = "nonzeros=";
    if (parts.size() != 2 || parts[1].compare(0, key.size(), key) != 0)
      throw std::invalid_argument("--matrix " + text + ": expected shape:N,nonzeros=L");
    spec.n = parse_whole(parts[0], "dimension", text);
    spec.stored = parse_whole(parts[1].substr(key.size()), "non-zero count", text);
    const double n = static_cast<double>(spec.n);
    if (static_cast<double>(spec.stored) < n || static_cast<double>(spec.stored) > n * (n + 1) / 2)
      throw std::invalid_argument("--matrix " + text + ": " + std::to_string(spec.stored) +
                                  " stored non-zeros do not fit a lower triangle of dimension " +
                                  std::to_string(spec.n) + " with its diagonal (n to n(n+1)/2)");
  } else {
    throw std::invalid_argument(
        "--matrix " + text + ": unknown kind '" + kind +
        "' (expected laplace:NXxNYxNZ, random:N[,density=D][,seed=S], mm:PATH or shape:N,nonzeros=L)");
  }
  return spec;
}

void lower_row(const MatrixSpec& spec, std::int64_t row, std::vector<std::pair<std::int64_t, double>>& out) {
  out.clear();
  switch (spec.kind) {
    case MatrixKind::laplace: {
      // Neighbours below the diagonal: -1 in each dimension, then the diagonal 2 * dimensions.
      std::int64_t stride = 1;
      std::int64_t rest = row;
      std::vector<std::pair<std::int64_t, double>> below;
      for (const std::int64_t size : spec.dims) {
        if (rest % size > 0) below.push_back({row - stride, -1.0});
        rest /= size;
        stride *= size;
      }
      std::sort(below.begin(), below.end());
      out = below;
      out.push_back({row, 2.0 * static_cast<double>(spec.dims.size())});
      break;
    }
    case MatrixKind::random: {
      // Geometric gaps give each column below the diagonal probability `density`; couplings in [-1, 1); the
      // diagonal rises along the basis like the unperturbed energies of a CI matrix.
      std::uint64_t state = mix64(spec.seed ^ mix64(static_cast<std::uint64_t>(row)));
      const double log_miss = spec.density < 1 ? std::log1p(-spec.density) : 0.0;
      std::int64_t col = -1;
      while (true) {
        state = mix64(state);
        const double gap = spec.density < 1 ? std::floor(std::log1p(-unit(state)) / log_miss) : 0.0;
        if (gap >= static_cast<double>(row - col - 1))
          break;  // the next non-zero would be on or past the diagonal
        col += 1 + static_cast<std::int64_t>(gap);
        state = mix64(state);
        out.push_back({col, 2.0 * unit(state) - 1.0});
      }
      const double spread = 4.0 * std::sqrt(spec.density * static_cast<double>(spec.n));
      out.push_back({row, spread * static_cast<double>(row) / static_cast<double>(spec.n)});
      break;
    }
    case MatrixKind::market: {
      const LowerCsr& m = *spec.market;
      for (std::int64_t e = m.offsets[row]; e < m.offsets[row + 1]; ++e)
        out.push_back({m.columns[e], m.values[e]});
      break;
    }
    case MatrixKind::shape:
      throw std::logic_error("--matrix " + spec.text + " has no entries to read");
  }
}

double nonzeros_estimate(const MatrixSpec& spec) {
  switch (spec.kind) {
    case MatrixKind::laplace:
      return 1.0 + 2.0 * static_cast<double>(spec.dims.size());
    case MatrixKind::random:
      return 1.0 + spec.density * static_cast<double>(spec.n - 1);
    case MatrixKind::market: {
      const LowerCsr& m = *spec.market;
      std::int64_t diagonal = 0;
      for (std::int64_t r = 0; r < m.n; ++r)
        for (std::int64_t e = m.offsets[r]; e < m.offsets[r + 1]; ++e) diagonal += m.columns[e] == r;
      const auto stored = static_cast<double>(m.columns.size());
      return (2.0 * stored - static_cast<double>(diagonal)) / static_cast<double>(m.n);
    }
    case MatrixKind::shape:
      return (2.0 * static_cast<double>(spec.stored) - static_cast<double>(spec.n)) /
             static_cast<double>(spec.n);
  }
  return 0.0;
}

std::vector<double> laplace_lowest(const std::vector<std::int64_t>& dims, int k) {
  // The k lowest sums need at most the k lowest 1D values of each dimension.
  std::vector<double> sums{0.0};
  for (const std::int64_t size : dims) {
    const std::int64_t take = std::min<std::int64_t>(size, k);
    std::vector<double> next;
    for (const double s : sums)
      for (std::int64_t m = 1; m <= take; ++m)
        next.push_back(s + 2.0 -
                       2.0 * std::cos(kPi * static_cast<double>(m) / static_cast<double>(size + 1)));
    std::sort(next.begin(), next.end());
    sums = std::move(next);
  }
  std::vector<double> distinct;
  for (const double v : sums) {
    if (distinct.empty() || v - distinct.back() > 1e-12) distinct.push_back(v);
    if (static_cast<int>(distinct.size()) == k) break;
  }
  return distinct;
}

std::vector<std::int64_t> spreading_permutation(std::int64_t n, std::uint64_t seed) {
  std::vector<std::int64_t> order(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) order[i] = i;
  if (seed == 0) return order;
  std::mt19937_64 rng(seed);
  for (std::int64_t i = n - 1; i > 0; --i)
    std::swap(order[i], order[rng() % static_cast<std::uint64_t>(i + 1)]);
  return order;
}

}  // namespace tamp::lanczos
