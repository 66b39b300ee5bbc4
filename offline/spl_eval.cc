#include "offline/spl_eval.h"

#include <algorithm>
#include <filesystem>

#include "filters/spl/metadata_file.h"
#include "filters/spl/metadata_json.h"
#include "filters/spl/spl_checker.h"
#include "filters/spl/spl_verdict_json.h"
#include "filters/verdict/json_string.h"
#include "offline/code_sample.h"
#include "offline/percentile.h"

namespace groundgate::offline {
namespace {

namespace spl = filters::spl;
namespace dom = simdjson::dom;

constexpr std::string_view kTypes[] = {"syntax",     "fabrication",       "mixed",
                                       "misaligned", "misinterpretation", "unverified"};

// The sample's `metadata` (the spl_metadata document as a string, or its JSON form) merged
// into `metadata`; false and `error` when it cannot be read.
bool add_inline_metadata(dom::element sample, spl::SplMetadata& metadata, std::string& error) {
  dom::element inline_metadata;
  if (sample["metadata"].get(inline_metadata) != simdjson::SUCCESS) return true;
  std::string_view text;
  if (inline_metadata.get_string().get(text) == simdjson::SUCCESS) {
    const spl::MetadataFile doc = spl::metadata_from_document(text);
    if (!doc.metadata) {
      error = "metadata: " + doc.error;
      return false;
    }
    metadata.merge(*doc.metadata);
  } else if (!spl::add_metadata_json(inline_metadata, metadata, error)) {
    error = "metadata: " + error;
    return false;
  }
  return true;
}

// One line of `--out`.
void write_prediction(std::FILE* out, const CodeSample& fields, const spl::SplCheck& check,
                      bool flagged) {
  std::string json = prediction_start(fields, flagged);
  if (!fields.variant.empty()) {
    json += ",\"variant\":";
    filters::verdict::append_json_string(json, fields.variant);
  }
  if (check.error != spl::SplError::kNone) {
    json += ",\"error\":";
    filters::verdict::append_json_string(json, spl::to_string(check.error));
  } else {
    json += ",\"kind\":\"spl\"";
    spl::append_verdict_members(json, check.verdict, {});
    char timing[48];
    std::snprintf(timing, sizeof timing, ",\"check_us\":%.1f",
                  static_cast<double>(check.verdict.check_ns) / 1e3);
    json += timing;
  }
  json += "}\n";
  std::fputs(json.c_str(), out);
}

}  // namespace

SplEvaluation::SplEvaluation(std::string data_dir) : data_dir_(std::move(data_dir)) {}

bool SplEvaluation::is_spl_sample(dom::element sample) {
  std::string_view task;
  return sample["task"].get_string().get(task) == simdjson::SUCCESS && task == "spl";
}

std::shared_ptr<const spl::SplMetadata> SplEvaluation::file(const std::string& name,
                                                            std::string& error) {
  std::filesystem::path p(name);
  if (p.is_relative() && !data_dir_.empty()) p = std::filesystem::path(data_dir_) / p;
  const std::string key = p.string();
  if (auto it = files_.find(key); it != files_.end()) return it->second;
  spl::MetadataFile loaded = spl::load_metadata_file(key);
  if (!loaded.metadata) {
    error = loaded.error;
    return nullptr;
  }
  std::shared_ptr<const spl::SplMetadata> shared = std::move(loaded.metadata);
  files_.emplace(key, shared);
  return shared;
}

bool SplEvaluation::add(dom::element sample, std::FILE* out, std::string& error) {
  CodeSample fields;
  if (!read_code_sample(sample, "spl", fields, error)) return false;
  auto metadata = std::make_shared<spl::SplMetadata>();
  if (!add_metadata_files(sample, *metadata, error) ||
      !add_inline_metadata(sample, *metadata, error)) {
    return false;
  }
  const spl::SplChecker checker(metadata, fields.question);
  const spl::SplCheck check = checker.check(fields.code);
  const bool flagged = count(check, fields.label != 0, fields.variant);
  if (out != nullptr) write_prediction(out, fields, check, flagged);
  return true;
}

bool SplEvaluation::add_metadata_files(dom::element sample, spl::SplMetadata& metadata,
                                       std::string& error) {
  dom::array files;
  if (sample["metadata_files"].get_array().get(files) != simdjson::SUCCESS) return true;
  for (dom::element f : files) {
    std::string_view name;
    if (f.get_string().get(name) != simdjson::SUCCESS) {
      error = "metadata_files holds a non-string";
      return false;
    }
    const auto loaded = file(std::string(name), error);
    if (!loaded) return false;
    metadata.merge(*loaded);
  }
  return true;
}

bool SplEvaluation::count(const spl::SplCheck& check, bool actual, std::string_view variant) {
  const spl::SplVerdict& v = check.verdict;
  const bool unverified = check.error != spl::SplError::kNone;
  const bool flagged = unverified || !v.findings.empty();
  unverified_ += unverified ? 1 : 0;
  total_.add(flagged, actual);
  check_us_.push_back(static_cast<double>(v.check_ns) / 1e3);
  const std::string name =
      variant.empty() ? (actual ? "hallucinated" : "valid") : std::string(variant);
  Counts& c = variants_[name];
  ++c.n;
  c.flagged += flagged ? 1 : 0;
  const std::vector<std::string_view> types =
      distinct_values(v.findings, [](const spl::Finding& f) { return spl::to_string(f.type); });
  for (std::string_view type : types)
    ++c.by_type[std::string(type)];
  if (std::find(types.begin(), types.end(), name) != types.end()) ++c.typed;
  return flagged;
}

void SplEvaluation::print() const {
  const Confusion& t = total_;
  std::printf("spl: n=%zu  hallucinated=%zu  valid=%zu  unverified=%zu\n", t.total(), t.tp + t.fn,
              t.tn + t.fp, unverified_);
  std::printf(
      "spl: balanced_accuracy=%.3f  precision=%.3f  recall=%.3f  f1=%.3f  (tp=%zu fp=%zu tn=%zu "
      "fn=%zu)\n",
      t.balanced_accuracy(), t.precision(), t.recall(), t.f1(), t.tp, t.fp, t.tn, t.fn);
  std::printf("spl: check_us per search p50=%.1f p99=%.1f\n", percentile(check_us_, 0.5),
              percentile(check_us_, 0.99));
  std::printf("%-18s %6s %8s %6s %7s %6s", "variant", "n", "flagged", "rate", "typed", "recall");
  for (std::string_view type : kTypes)
    std::printf(" %8.8s", type.data());
  std::printf("\n");
  for (const auto& [name, c] : variants_) {
    std::printf("%-18s %6zu %8zu %6.3f %7zu %6.3f", name.c_str(), c.n, c.flagged,
                Confusion::ratio(c.flagged, c.n), c.typed, Confusion::ratio(c.typed, c.n));
    for (std::string_view type : kTypes) {
      const auto it = c.by_type.find(type);
      std::printf(" %8zu", it == c.by_type.end() ? 0 : it->second);
    }
    std::printf("\n");
  }
  const auto valid = variants_.find("valid");
  if (valid != variants_.end()) {
    const Counts& c = valid->second;
    const auto none = [&](std::string_view type) {
      const auto it = c.by_type.find(type);
      return Confusion::ratio(c.n - (it == c.by_type.end() ? 0 : it->second), c.n);
    };
    std::printf("spl: valid searches with no syntax finding %.3f, no fabrication finding %.3f\n",
                none("syntax"), none("fabrication"));
  }
}

}  // namespace groundgate::offline
