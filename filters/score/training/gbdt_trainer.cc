#include "filters/score/training/gbdt_trainer.h"

#include <simdjson.h>
#include <xgboost/c_api.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <limits>
#include <utility>

namespace groundgate::filters::score::training {
namespace {

std::string last_error() {
  return XGBGetLastError();
}

// A DMatrix that frees itself.
class Matrix {
 public:
  Matrix(std::span<const float> x, std::size_t rows, std::size_t columns) {
    ok_ = XGDMatrixCreateFromMat(x.data(), rows, columns, std::numeric_limits<float>::quiet_NaN(),
                                 &handle_) == 0;
  }
  ~Matrix() {
    if (handle_ != nullptr) XGDMatrixFree(handle_);
  }
  Matrix(const Matrix&) = delete;
  Matrix& operator=(const Matrix&) = delete;
  bool ok() const { return ok_; }
  DMatrixHandle handle() const { return handle_; }

 private:
  DMatrixHandle handle_ = nullptr;
  bool ok_ = false;
};

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.9g", v);
  return buffer;
}

// One tree of XGBoost's JSON dump (nested nodes with nodeid, split "f<i>", split_condition,
// yes, no, children; leaves with leaf) renumbered breadth first.
bool append_tree(simdjson::dom::element root, std::string& out, std::string& error) {
  std::deque<simdjson::dom::element> queue{root};
  std::vector<simdjson::dom::element> order;
  while (!queue.empty()) {
    simdjson::dom::element node = queue.front();
    queue.pop_front();
    order.push_back(node);
    simdjson::dom::array children;
    if (node["children"].get(children) == simdjson::SUCCESS) {
      for (simdjson::dom::element child : children)
        queue.push_back(child);
    }
  }
  // Position in `order` of each XGBoost node id.
  auto position = [&](int64_t id) -> int64_t {
    for (std::size_t i = 0; i < order.size(); ++i) {
      int64_t own = -1;
      if (order[i]["nodeid"].get(own) == simdjson::SUCCESS && own == id)
        return static_cast<int64_t>(i);
    }
    return -1;
  };
  out += '[';
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (i > 0) out += ',';
    simdjson::dom::element node = order[i];
    double leaf = 0;
    if (node["leaf"].get(leaf) == simdjson::SUCCESS) {
      out += '[' + number(leaf) + ']';
      continue;
    }
    std::string_view split;
    double threshold = 0;
    int64_t yes = 0, no = 0;
    if (node["split"].get(split) != simdjson::SUCCESS || split.size() < 2 || split[0] != 'f' ||
        node["split_condition"].get(threshold) != simdjson::SUCCESS ||
        node["yes"].get(yes) != simdjson::SUCCESS || node["no"].get(no) != simdjson::SUCCESS) {
      error = "unexpected node in XGBoost's dump";
      return false;
    }
    out += '[' + std::string(split.substr(1)) + ',' + number(threshold) + ',' +
           std::to_string(position(yes)) + ',' + std::to_string(position(no)) + ']';
  }
  out += ']';
  return true;
}

}  // namespace

GbdtModel::GbdtModel(GbdtModel&& other) noexcept
    : booster_(std::exchange(other.booster_, nullptr)) {}

GbdtModel& GbdtModel::operator=(GbdtModel&& other) noexcept {
  std::swap(booster_, other.booster_);
  return *this;
}

GbdtModel::~GbdtModel() {
  if (booster_ != nullptr) XGBoosterFree(booster_);
}

bool GbdtModel::train(const TrainingSet& data, const GbdtParams& params, std::string& error) {
  if (data.rows() == 0 || data.columns == 0 || data.x.size() != data.rows() * data.columns ||
      (!data.weight.empty() && data.weight.size() != data.rows())) {
    error = "a training set needs rows of `columns` values, a label each and a weight each or none";
    return false;
  }
  if (!params.monotone.empty() && params.monotone.size() != data.columns) {
    error = "monotone constraints: one per column or none";
    return false;
  }
  Matrix matrix(data.x, data.rows(), data.columns);
  if (!matrix.ok() ||
      XGDMatrixSetFloatInfo(matrix.handle(), "label", data.y.data(), data.rows()) != 0 ||
      (!data.weight.empty() &&
       XGDMatrixSetFloatInfo(matrix.handle(), "weight", data.weight.data(), data.rows()) != 0)) {
    error = last_error();
    return false;
  }
  if (booster_ != nullptr) XGBoosterFree(booster_);
  booster_ = nullptr;
  DMatrixHandle handles[] = {matrix.handle()};
  if (XGBoosterCreate(handles, 1, &booster_) != 0) {
    error = last_error();
    return false;
  }
  const std::pair<const char*, std::string> settings[] = {
      {"objective", "binary:logistic"},
      {"base_score", "0.5"},
      {"tree_method", "exact"},
      {"nthread", "1"},
      {"seed", "0"},
      {"max_depth", std::to_string(params.max_depth)},
      {"eta", number(params.learning_rate)},
      {"min_child_weight", number(params.min_child_weight)},
      {"lambda", number(params.lambda)},
      {"verbosity", "0"},
  };
  for (const auto& [key, value] : settings) {
    if (XGBoosterSetParam(booster_, key, value.c_str()) != 0) {
      error = last_error();
      return false;
    }
  }
  if (!params.monotone.empty()) {
    std::string constraints = "(";
    for (std::size_t i = 0; i < params.monotone.size(); ++i)
      constraints += (i > 0 ? "," : "") + std::to_string(params.monotone[i]);
    constraints += ")";
    if (XGBoosterSetParam(booster_, "monotone_constraints", constraints.c_str()) != 0) {
      error = last_error();
      return false;
    }
  }
  for (std::size_t round = 0; round < params.rounds; ++round) {
    if (XGBoosterUpdateOneIter(booster_, static_cast<int>(round), matrix.handle()) != 0) {
      error = last_error();
      return false;
    }
  }
  return true;
}

std::vector<double> GbdtModel::margins(std::span<const float> x, std::size_t columns) const {
  std::vector<double> out;
  if (booster_ == nullptr || columns == 0) return out;
  Matrix matrix(x, x.size() / columns, columns);
  bst_ulong length = 0;
  const float* result = nullptr;
  if (!matrix.ok() || XGBoosterPredict(booster_, matrix.handle(), 1, 0, 0, &length, &result) != 0)
    return out;
  out.assign(result, result + length);
  return out;
}

std::string GbdtModel::trees_json(std::string& error) const {
  bst_ulong count = 0;
  const char** dump = nullptr;
  if (booster_ == nullptr || XGBoosterDumpModelEx(booster_, "", 0, "json", &count, &dump) != 0) {
    error = booster_ == nullptr ? "no model" : last_error();
    return {};
  }
  simdjson::dom::parser parser;
  std::string out = "[";
  for (bst_ulong i = 0; i < count; ++i) {
    simdjson::dom::element root;
    if (parser.parse(dump[i], std::strlen(dump[i])).get(root) != simdjson::SUCCESS) {
      error = "XGBoost's dump is not JSON";
      return {};
    }
    if (i > 0) out += ",\n";
    if (!append_tree(root, out, error)) return {};
  }
  out += ']';
  return out;
}

}  // namespace groundgate::filters::score::training
