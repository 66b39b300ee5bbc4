#pragma once
// A gradient-boosted tree ensemble (as XGBoost trains them), evaluated without XGBoost: the sum
// of each tree's leaf for a feature vector, plus a base margin. A node sends a vector to its
// `yes` child when the feature is below the threshold. Loaded from the model file's JSON.
// Every tree is laid out as a complete binary tree of the ensemble's depth (a leaf above it
// repeated below it), so a walk is the same few steps for every tree and vector, without a
// branch that depends on the data: a thousand trees walked by branches cost ten times what
// two hundred did, mostly in mispredicted branches.

#include <simdjson.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::score {

class TreeEnsemble {
 public:
  // Trees deeper than this are refused: the complete layout holds 2^depth leaves per tree.
  static constexpr std::size_t kMaxDepth = 8;

  // `trees`: an array of trees, each an array of nodes: [feature, threshold, yes, no] for a
  // split (yes/no index nodes of the same tree) or [leaf] for a leaf. `feature_count`: the
  // length of the vectors it will be given. False and `error` on anything malformed: a tree
  // that is not a tree (a child index out of range or not after its parent), a feature out
  // of range, an index that is not a whole number, a tree deeper than kMaxDepth.
  bool load(simdjson::dom::array trees, std::size_t feature_count, std::string& error);

  // The ensemble's margin (log-odds) for `x` (size feature_count): depth() steps per tree. A
  // NaN is below no threshold.
  double margin(std::span<const float> x) const;

  std::size_t trees() const { return trees_; }
  std::size_t nodes() const { return nodes_; }  // as loaded, before the complete layout
  std::size_t depth() const { return depth_; }

 private:
  struct Split {
    std::uint32_t feature = 0;
    float threshold = 0;
  };
  std::size_t trees_ = 0;
  std::size_t nodes_ = 0;
  std::size_t depth_ = 0;
  // Per tree, 2^depth - 1 splits in heap order (the children of i at 2i + 1, yes, and
  // 2i + 2, no) and 2^depth leaves.
  std::vector<Split> splits_;
  std::vector<float> leaves_;
};

}  // namespace groundgate::filters::score
