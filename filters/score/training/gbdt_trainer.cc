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
// yes, no, children; leaves with leaf) renumbered breadth first, each leaf times `scale`.
bool append_tree(simdjson::dom::element root, double scale, std::string& out, std::string& error) {
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
      out += '[' + number(leaf * scale) + ']';
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

GbdtModel::GbdtModel(GbdtModel&& other) noexcept : boosters_(std::move(other.boosters_)) {
  other.boosters_.clear();
}

GbdtModel& GbdtModel::operator=(GbdtModel&& other) noexcept {
  std::swap(boosters_, other.boosters_);
  return *this;
}

GbdtModel::~GbdtModel() {
  free_boosters();
}

void GbdtModel::free_boosters() {
  for (void* booster : boosters_)
    XGBoosterFree(booster);
  boosters_.clear();
}

namespace {

bool set_param(BoosterHandle booster, const char* key, const std::string& value,
               std::string& error) {
  if (XGBoosterSetParam(booster, key, value.c_str()) == 0) return true;
  error = last_error();
  return false;
}

// One booster grown on `matrix` with `seed` drawing its row samples; nullptr and `error` when
// XGBoost refuses.
BoosterHandle grow(const Matrix& matrix, const GbdtParams& params, std::size_t seed,
                   std::string& error) {
  BoosterHandle booster = nullptr;
  DMatrixHandle handles[] = {matrix.handle()};
  if (XGBoosterCreate(handles, 1, &booster) != 0) {
    error = last_error();
    return nullptr;
  }
  std::string constraints;
  for (std::size_t i = 0; i < params.monotone.size(); ++i)
    constraints += (i > 0 ? "," : "(") + std::to_string(params.monotone[i]);
  if (!constraints.empty()) constraints += ")";
  const std::pair<const char*, std::string> settings[] = {
      {"objective", "binary:logistic"},
      {"base_score", "0.5"},
      {"tree_method", "exact"},
      {"nthread", "1"},
      {"seed", std::to_string(seed)},
      {"max_depth", std::to_string(params.max_depth)},
      {"eta", number(params.learning_rate)},
      {"min_child_weight", number(params.min_child_weight)},
      {"lambda", number(params.lambda)},
      {"subsample", number(params.subsample)},
      {"verbosity", "0"},
  };
  bool ok = true;
  for (const auto& [key, value] : settings)
    ok = ok && set_param(booster, key, value, error);
  if (ok && !constraints.empty())
    ok = set_param(booster, "monotone_constraints", constraints, error);
  for (std::size_t round = 0; ok && round < params.rounds; ++round) {
    if (XGBoosterUpdateOneIter(booster, static_cast<int>(round), matrix.handle()) != 0) {
      error = last_error();
      ok = false;
    }
  }
  if (ok) return booster;
  XGBoosterFree(booster);
  return nullptr;
}

}  // namespace

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
  if (params.bags == 0 || !(params.subsample > 0 && params.subsample <= 1)) {
    error = "bagging needs at least one bag and a subsample share in (0, 1]";
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
  free_boosters();
  for (std::size_t bag = 0; bag < params.bags; ++bag) {
    BoosterHandle booster = grow(matrix, params, bag, error);
    if (booster == nullptr) {
      free_boosters();
      return false;
    }
    boosters_.push_back(booster);
  }
  return true;
}

std::vector<double> GbdtModel::margins(std::span<const float> x, std::size_t columns) const {
  std::vector<double> out;
  if (boosters_.empty() || columns == 0) return out;
  Matrix matrix(x, x.size() / columns, columns);
  if (!matrix.ok()) return out;
  for (void* booster : boosters_) {
    bst_ulong length = 0;
    const float* result = nullptr;
    if (XGBoosterPredict(booster, matrix.handle(), 1, 0, 0, &length, &result) != 0) return {};
    if (out.empty()) out.assign(length, 0);
    if (length != out.size()) return {};
    for (bst_ulong i = 0; i < length; ++i)
      out[i] += result[i] / static_cast<double>(boosters_.size());
  }
  return out;
}

std::string GbdtModel::trees_json(std::string& error) const {
  if (boosters_.empty()) {
    error = "no model";
    return {};
  }
  const double scale = 1.0 / static_cast<double>(boosters_.size());
  simdjson::dom::parser parser;
  std::string out = "[";
  bool first = true;
  for (void* booster : boosters_) {
    bst_ulong count = 0;
    const char** dump = nullptr;
    if (XGBoosterDumpModelEx(booster, "", 0, "json", &count, &dump) != 0) {
      error = last_error();
      return {};
    }
    for (bst_ulong i = 0; i < count; ++i) {
      simdjson::dom::element root;
      if (parser.parse(dump[i], std::strlen(dump[i])).get(root) != simdjson::SUCCESS) {
        error = "XGBoost's dump is not JSON";
        return {};
      }
      if (!first) out += ",\n";
      first = false;
      if (!append_tree(root, scale, out, error)) return {};
    }
  }
  out += ']';
  return out;
}

}  // namespace groundgate::filters::score::training
