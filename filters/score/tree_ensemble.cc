#include "filters/score/tree_ensemble.h"

#include <cmath>

namespace groundgate::filters::score {
namespace {

// A feature or node index: a whole number in [low, high).
bool is_index(double v, double low, double high) {
  return v >= low && v < high && std::floor(v) == v;
}

}  // namespace

bool TreeEnsemble::load(simdjson::dom::array trees, std::size_t feature_count, std::string& error) {
  nodes_.clear();
  roots_.clear();
  std::size_t tree_number = 0;
  for (simdjson::dom::element tree : trees) {
    simdjson::dom::array nodes;
    if (tree.get(nodes) != simdjson::SUCCESS || nodes.size() == 0) {
      error = "tree " + std::to_string(tree_number) + " is not a non-empty array";
      return false;
    }
    const auto base = static_cast<std::uint32_t>(nodes_.size());
    const std::size_t count = nodes.size();
    roots_.push_back(base);
    std::size_t at = 0;
    for (simdjson::dom::element item : nodes) {
      simdjson::dom::array fields;
      if (item.get(fields) != simdjson::SUCCESS) {
        error = "tree " + std::to_string(tree_number) + ": a node is not an array";
        return false;
      }
      double v[4] = {};
      std::size_t n = 0;
      for (simdjson::dom::element f : fields) {
        if (n == 4 || f.get(v[n]) != simdjson::SUCCESS) {
          error =
              "tree " + std::to_string(tree_number) + ": a node holds other than 1 or 4 numbers";
          return false;
        }
        ++n;
      }
      Node node;
      if (n == 1) {
        node.value = static_cast<float>(v[0]);
      } else if (n == 4) {
        const auto after = static_cast<double>(at + 1);
        const auto end = static_cast<double>(count);
        if (!is_index(v[0], 0, static_cast<double>(feature_count)) || !is_index(v[2], after, end) ||
            !is_index(v[3], after, end)) {
          error = "tree " + std::to_string(tree_number) + ": node " + std::to_string(at) +
                  " names a feature or a child out of range";
          return false;
        }
        node.feature = static_cast<std::int32_t>(v[0]);
        node.value = static_cast<float>(v[1]);
        node.yes = base + static_cast<std::uint32_t>(v[2]);
        node.no = base + static_cast<std::uint32_t>(v[3]);
      } else {
        error = "tree " + std::to_string(tree_number) + ": a node holds other than 1 or 4 numbers";
        return false;
      }
      nodes_.push_back(node);
      ++at;
    }
    ++tree_number;
  }
  return true;
}

double TreeEnsemble::margin(std::span<const float> x) const {
  double sum = 0;
  for (std::uint32_t at : roots_) {
    while (nodes_[at].feature >= 0) {
      const Node& n = nodes_[at];
      at = x[static_cast<std::size_t>(n.feature)] < n.value ? n.yes : n.no;
    }
    sum += nodes_[at].value;
  }
  return sum;
}

}  // namespace groundgate::filters::score
