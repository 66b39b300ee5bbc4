#pragma once
// A gradient-boosted tree ensemble (as XGBoost trains them), evaluated without XGBoost: the sum
// of each tree's leaf for a feature vector, plus a base margin. A node sends a vector to its
// `yes` child when the feature is below the threshold. Loaded from the model file's JSON.

#include <simdjson.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::score {

class TreeEnsemble {
 public:
  // `trees`: an array of trees, each an array of nodes: [feature, threshold, yes, no] for a
  // split (yes/no index nodes of the same tree) or [leaf] for a leaf. `feature_count`: the
  // length of the vectors it will be given. False and `error` on anything malformed: a tree
  // that is not a tree (a child index out of range or not after its parent), a feature out
  // of range, an index that is not a whole number.
  bool load(simdjson::dom::array trees, std::size_t feature_count, std::string& error);

  // The ensemble's margin (log-odds) for `x` (size feature_count). Bounded: each tree is walked
  // from its root to a leaf, children always after parents. A NaN is below no threshold.
  double margin(std::span<const float> x) const;

  std::size_t trees() const { return roots_.size(); }
  std::size_t nodes() const { return nodes_.size(); }

 private:
  struct Node {
    std::int32_t feature = -1;  // -1: leaf
    float value = 0;            // threshold, or the leaf's value
    std::uint32_t yes = 0;      // absolute indices into nodes_
    std::uint32_t no = 0;
  };
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> roots_;
};

}  // namespace groundgate::filters::score
