#include "filters/score/tree_ensemble.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace groundgate::filters::score {
namespace {

// A feature or node index: a whole number in [low, high).
bool is_index(double v, double low, double high) {
  return v >= low && v < high && std::floor(v) == v;
}

// A node as the model file gives it, its children indexed within its tree.
struct Node {
  std::int32_t feature = -1;  // -1: leaf
  float value = 0;            // threshold, or the leaf's value
  std::uint32_t yes = 0;
  std::uint32_t no = 0;
};

// Levels of splits from the root to the deepest leaf (children come after their parents).
std::size_t tree_depth(const std::vector<Node>& tree) {
  std::vector<std::size_t> below(tree.size(), 0);
  for (std::size_t i = tree.size(); i-- > 0;) {
    if (tree[i].feature >= 0) below[i] = 1 + std::max(below[tree[i].yes], below[tree[i].no]);
  }
  return below[0];
}

// Lays `tree` out complete to `depth` levels from `node`, at heap position `heap` of `level`: a
// leaf above the last level fills both halves below it, under a split that either way leads to
// it.
void place(const std::vector<Node>& tree, std::uint32_t node, std::size_t heap, std::size_t level,
           std::size_t depth, std::span<float> leaves,
           const std::function<void(std::size_t, std::uint32_t, float)>& split_at) {
  const Node& n = tree[node];
  if (level == depth) {
    leaves[heap - ((std::size_t{1} << depth) - 1)] = n.value;
    return;
  }
  const bool split = n.feature >= 0;
  split_at(heap, split ? static_cast<std::uint32_t>(n.feature) : 0, split ? n.value : 0);
  place(tree, split ? n.yes : node, 2 * heap + 1, level + 1, depth, leaves, split_at);
  place(tree, split ? n.no : node, 2 * heap + 2, level + 1, depth, leaves, split_at);
}

}  // namespace

bool TreeEnsemble::load(simdjson::dom::array trees, std::size_t feature_count, std::string& error) {
  trees_ = nodes_ = depth_ = 0;
  splits_.clear();
  leaves_.clear();
  std::vector<std::vector<Node>> parsed;
  for (simdjson::dom::element tree : trees) {
    const std::string name = "tree " + std::to_string(parsed.size());
    simdjson::dom::array nodes;
    if (tree.get(nodes) != simdjson::SUCCESS || nodes.size() == 0) {
      error = name + " is not a non-empty array";
      return false;
    }
    const std::size_t count = nodes.size();
    std::vector<Node>& own = parsed.emplace_back();
    for (simdjson::dom::element item : nodes) {
      const std::size_t at = own.size();
      simdjson::dom::array fields;
      if (item.get(fields) != simdjson::SUCCESS) {
        error = name + ": a node is not an array";
        return false;
      }
      double v[4] = {};
      std::size_t n = 0;
      for (simdjson::dom::element f : fields) {
        if (n == 4 || f.get(v[n]) != simdjson::SUCCESS) {
          error = name + ": a node holds other than 1 or 4 numbers";
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
          error =
              name + ": node " + std::to_string(at) + " names a feature or a child out of range";
          return false;
        }
        node.feature = static_cast<std::int32_t>(v[0]);
        node.value = static_cast<float>(v[1]);
        node.yes = static_cast<std::uint32_t>(v[2]);
        node.no = static_cast<std::uint32_t>(v[3]);
      } else {
        error = name + ": a node holds other than 1 or 4 numbers";
        return false;
      }
      own.push_back(node);
    }
    const std::size_t depth = tree_depth(own);
    if (depth > kMaxDepth) {
      error = name + " is " + std::to_string(depth) + " levels deep, more than " +
              std::to_string(kMaxDepth);
      return false;
    }
    depth_ = std::max(depth_, depth);
    nodes_ += own.size();
  }
  trees_ = parsed.size();
  const std::size_t split_count = (std::size_t{1} << depth_) - 1;
  splits_.resize(trees_ * split_count);
  leaves_.resize(trees_ * (split_count + 1));
  for (std::size_t t = 0; t < trees_; ++t) {
    Split* splits = splits_.data() + t * split_count;
    place(parsed[t], 0, 0, 0, depth_,
          std::span<float>(leaves_).subspan(t * (split_count + 1), split_count + 1),
          [&](std::size_t heap, std::uint32_t feature, float threshold) {
            splits[heap] = Split{feature, threshold};
          });
  }
  return true;
}

double TreeEnsemble::margin(std::span<const float> x) const {
  const std::size_t split_count = (std::size_t{1} << depth_) - 1;
  double sum = 0;
  const Split* splits = splits_.data();
  const float* leaves = leaves_.data();
  for (std::size_t t = 0; t < trees_; ++t) {
    std::size_t at = 0;
    for (std::size_t level = 0; level < depth_; ++level) {
      const Split& s = splits[at];
      // Below the threshold: yes (2at + 1); else, NaN included, no (2at + 2).
      at = 2 * at + 1 + static_cast<std::size_t>(!(x[s.feature] < s.threshold));
    }
    sum += leaves[at - split_count];
    splits += split_count;
    leaves += split_count + 1;
  }
  return sum;
}

}  // namespace groundgate::filters::score
