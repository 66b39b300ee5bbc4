#pragma once
// `groundgate eval` on SPL samples (`"task": "spl"`): each search goes through the SPL checks
// against the sample's metadata (inline `metadata`, the spl_metadata form, and the files
// `metadata_files` names, relative to the data file) and question, and is scored like prose:
// flagged (any finding, or not checkable) against its label. Samples with a `variant` (the
// generator's category, or "valid") are also counted per variant and finding type: a
// category's recall counts the samples flagged with a finding of that very type.

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <simdjson.h>

#include "filters/spl/spl_checker.h"
#include "filters/spl/spl_metadata.h"
#include "offline/confusion.h"

namespace groundgate::offline {

class SplEvaluation {
 public:
  explicit SplEvaluation(std::string data_dir);

  static bool is_spl_sample(simdjson::dom::element sample);
  // Checks one sample; false and `error` when it is malformed. Writes its prediction to `out`
  // when given.
  bool add(simdjson::dom::element sample, std::FILE* out, std::string& error);
  bool empty() const { return total_.total() == 0; }
  void print() const;

 private:
  struct Counts {
    std::size_t n = 0;
    std::size_t flagged = 0;
    std::size_t typed = 0;  // flagged with a finding of the variant's own type
    std::map<std::string, std::size_t, std::less<>> by_type;
  };

  std::shared_ptr<const filters::spl::SplMetadata> file(const std::string& name,
                                                        std::string& error);
  // The files the sample's `metadata_files` names, merged into `metadata`; false and `error`
  // when one cannot be read.
  bool add_metadata_files(simdjson::dom::element sample, filters::spl::SplMetadata& metadata,
                          std::string& error);
  // Counts one checked sample (`actual`: its label says wrong); whether it was flagged.
  bool count(const filters::spl::SplCheck& check, bool actual, std::string_view variant);

  std::string data_dir_;
  std::map<std::string, std::shared_ptr<const filters::spl::SplMetadata>> files_;
  std::map<std::string, Counts, std::less<>> variants_;
  Confusion total_;
  std::size_t unverified_ = 0;
  std::vector<double> check_us_;
};

}  // namespace groundgate::offline
