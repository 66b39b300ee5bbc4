#include "filters/score/tree_ensemble.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::score {
namespace {

// Loads `json` (an array of trees) over vectors of `features` values.
bool load(TreeEnsemble& trees, std::string_view json, std::size_t features, std::string& error) {
  simdjson::dom::parser parser;
  simdjson::dom::array array;
  if (parser.parse(json.data(), json.size()).get(array) != simdjson::SUCCESS) {
    error = "the test's JSON is not an array";
    return false;
  }
  return trees.load(array, features, error);
}

TreeEnsemble loaded(std::string_view json, std::size_t features) {
  TreeEnsemble trees;
  std::string error;
  EXPECT_TRUE(load(trees, json, features, error)) << error;
  return trees;
}

double margin(const TreeEnsemble& trees, std::vector<float> x) {
  return trees.margin(x);
}

// Why `json` is refused; empty when it loads.
std::string refusal(std::string_view json, std::size_t features) {
  TreeEnsemble trees;
  std::string error;
  return load(trees, json, features, error) ? std::string() : error;
}

TEST(TreeEnsemble, SplitSendsBelowThresholdToYesAndTheRestToNo) {
  const TreeEnsemble t = loaded("[[[0, 0.5, 1, 2], [-1], [3]]]", 1);
  EXPECT_EQ(t.trees(), 1u);
  EXPECT_EQ(t.nodes(), 3u);
  EXPECT_DOUBLE_EQ(margin(t, {0.2f}), -1);
  EXPECT_DOUBLE_EQ(margin(t, {-7.0f}), -1);
  EXPECT_DOUBLE_EQ(margin(t, {0.5f}), 3);  // equal is not below
  EXPECT_DOUBLE_EQ(margin(t, {0.9f}), 3);
}

TEST(TreeEnsemble, WalksEveryBranchOfADeeperTree) {
  // Root on feature 0; its children split feature 1 at different thresholds.
  const TreeEnsemble t =
      loaded("[[[0, 0.5, 1, 2], [1, 10, 3, 4], [1, 20, 5, 6], [1.5], [2.5], [3.5], [4.5]]]", 2);
  EXPECT_DOUBLE_EQ(margin(t, {0, 5}), 1.5);
  EXPECT_DOUBLE_EQ(margin(t, {0, 15}), 2.5);
  EXPECT_DOUBLE_EQ(margin(t, {1, 15}), 3.5);
  EXPECT_DOUBLE_EQ(margin(t, {1, 25}), 4.5);
}

TEST(TreeEnsemble, ChildrenMayComeInAnyOrderAfterTheirParent) {
  // yes after no in the node list: the indices decide, not the order.
  const TreeEnsemble t = loaded("[[[0, 0, 2, 1], [10], [-10]]]", 1);
  EXPECT_DOUBLE_EQ(margin(t, {-1}), -10);
  EXPECT_DOUBLE_EQ(margin(t, {1}), 10);
}

TEST(TreeEnsemble, MarginIsTheSumOfTheTrees) {
  const TreeEnsemble t =
      loaded("[[[0, 0.5, 1, 2], [-1], [1]], [[0.25]], [[1, 3, 1, 2], [2], [4]]]", 2);
  EXPECT_EQ(t.trees(), 3u);
  EXPECT_EQ(t.nodes(), 7u);
  EXPECT_DOUBLE_EQ(margin(t, {0, 0}), -1 + 0.25 + 2);
  EXPECT_DOUBLE_EQ(margin(t, {1, 5}), 1 + 0.25 + 4);
}

TEST(TreeEnsemble, NoTreesGiveAZeroMargin) {
  const TreeEnsemble t = loaded("[]", 3);
  EXPECT_EQ(t.trees(), 0u);
  EXPECT_DOUBLE_EQ(margin(t, {1, 2, 3}), 0);
}

TEST(TreeEnsemble, NaNIsBelowNoThreshold) {
  const TreeEnsemble t = loaded("[[[0, 0.5, 1, 2], [-1], [3]]]", 1);
  EXPECT_DOUBLE_EQ(margin(t, {std::numeric_limits<float>::quiet_NaN()}), 3);
  EXPECT_DOUBLE_EQ(margin(t, {std::numeric_limits<float>::infinity()}), 3);
  EXPECT_DOUBLE_EQ(margin(t, {-std::numeric_limits<float>::infinity()}), -1);
}

TEST(TreeEnsemble, LoadingAgainReplacesTheTrees) {
  TreeEnsemble t = loaded("[[[1]], [[2]]]", 1);
  EXPECT_DOUBLE_EQ(margin(t, {0}), 3);
  std::string error;
  ASSERT_TRUE(load(t, "[[[5]]]", 1, error)) << error;
  EXPECT_EQ(t.trees(), 1u);
  EXPECT_DOUBLE_EQ(margin(t, {0}), 5);
}

TEST(TreeEnsemble, TreesOfDifferentDepthsEachGiveTheirOwnLeaf) {
  // A lone leaf, and a tree whose yes side goes a level deeper than its no side.
  const TreeEnsemble t = loaded("[[[5]], [[0, 0.5, 1, 2], [0, 0.25, 3, 4], [7], [1], [2]]]", 1);
  EXPECT_EQ(t.depth(), 2u);
  EXPECT_EQ(t.nodes(), 6u);
  EXPECT_DOUBLE_EQ(margin(t, {0.1f}), 6);
  EXPECT_DOUBLE_EQ(margin(t, {0.3f}), 7);
  EXPECT_DOUBLE_EQ(margin(t, {0.7f}), 12);
  EXPECT_DOUBLE_EQ(margin(t, {std::numeric_limits<float>::quiet_NaN()}), 12);
}

// A chain of `levels` splits on feature 0, each sending values below `level + 1` to a leaf
// worth the level.
std::string chain(std::size_t levels) {
  std::string json = "[[";
  for (std::size_t level = 0; level < levels; ++level) {
    const std::size_t at = 2 * level;  // this split; its leaf at + 1, the next split at + 2
    json += "[0, " + std::to_string(level + 1) + ", " + std::to_string(at + 1) + ", " +
            std::to_string(at + 2) + "], [" + std::to_string(level) + "], ";
  }
  return json + "[-1]]]";
}

TEST(TreeEnsemble, WalksATreeAsDeepAsTheLimitAndRefusesADeeperOne) {
  const TreeEnsemble t = loaded(chain(TreeEnsemble::kMaxDepth), 1);
  EXPECT_EQ(t.depth(), TreeEnsemble::kMaxDepth);
  for (std::size_t level = 0; level < TreeEnsemble::kMaxDepth; ++level)
    EXPECT_DOUBLE_EQ(margin(t, {static_cast<float>(level) + 0.5f}), static_cast<double>(level));
  EXPECT_DOUBLE_EQ(margin(t, {100}), -1);
  const std::string error = refusal(chain(TreeEnsemble::kMaxDepth + 1), 1);
  EXPECT_NE(error.find("levels deep"), std::string::npos) << error;
}

TEST(TreeEnsemble, RefusesChildrenOutOfRange) {
  EXPECT_NE(refusal("[[[0, 0.5, 1, 3], [1], [2]]]", 1).find("out of range"), std::string::npos);
  EXPECT_NE(refusal("[[[0, 0.5, -1, 2], [1], [2]]]", 1), "");
  // A split as the last node has nowhere to send a vector.
  EXPECT_NE(refusal("[[[0, 0.5, 1, 1]]]", 1), "");
}

TEST(TreeEnsemble, RefusesCycles) {
  // A child at or before its parent could loop: children must come after.
  EXPECT_NE(refusal("[[[0, 0.5, 0, 1], [1]]]", 1), "");
  EXPECT_NE(refusal("[[[0, 0.5, 1, 2], [0, 0.5, 0, 2], [1]]]", 1), "");
  EXPECT_NE(refusal("[[[0, 0.5, 1, 2], [1], [0, 0.5, 1, 3], [1]]]", 1), "");
}

TEST(TreeEnsemble, RefusesFeaturesOutOfRange) {
  EXPECT_EQ(refusal("[[[1, 0.5, 1, 2], [1], [2]]]", 2), "");
  const std::string error = refusal("[[[2, 0.5, 1, 2], [1], [2]]]", 2);
  EXPECT_NE(error.find("tree 0: node 0"), std::string::npos) << error;
  EXPECT_NE(refusal("[[[-1, 0.5, 1, 2], [1], [2]]]", 2), "");
}

TEST(TreeEnsemble, RefusesIndicesThatAreNotWholeNumbers) {
  EXPECT_NE(refusal("[[[0.5, 0.5, 1, 2], [1], [2]]]", 2), "");
  EXPECT_NE(refusal("[[[0, 0.5, 1.5, 2], [1], [2]]]", 2), "");
  EXPECT_NE(refusal("[[[0, 0.5, 1, 1.75], [1], [2]]]", 2), "");
}

TEST(TreeEnsemble, RefusesNodesOfTheWrongShape) {
  EXPECT_NE(refusal("[[[0, 0.5]]]", 1).find("other than 1 or 4"), std::string::npos);
  EXPECT_NE(refusal("[[[0, 0.5, 1, 2, 3], [1], [2]]]", 1), "");
  EXPECT_NE(refusal("[[[]]]", 1), "");
  EXPECT_NE(refusal("[[[\"f0\", 0.5, 1, 2], [1], [2]]]", 1), "");
  EXPECT_NE(refusal("[[0.5]]", 1).find("not an array"), std::string::npos);
}

TEST(TreeEnsemble, RefusesTreesThatAreNotNonEmptyArrays) {
  EXPECT_NE(refusal("[[[1]], []]", 1).find("tree 1"), std::string::npos);
  EXPECT_NE(refusal("[{}]", 1), "");
  EXPECT_NE(refusal("[3]", 1), "");
}

}  // namespace
}  // namespace groundgate::filters::score
