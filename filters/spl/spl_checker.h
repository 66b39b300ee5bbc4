#pragma once
// One SPL search through the deterministic checks: macros expanded, the pipeline parsed,
// commands, functions and argument grammar (syntax), names against the metadata
// (fabrication, mixed, misaligned), fields through the pipeline, constraints against the
// question (misinterpretation), and a corrected search when every error has one certain fix.
// The engine's entry point: text in, an SplVerdict out, no I/O.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "filters/spl/macro_expansion.h"
#include "filters/spl/spl_metadata.h"
#include "filters/spl/spl_parser.h"
#include "filters/spl/spl_verdict.h"

namespace groundgate::filters::spl {

struct SplCheckerConfig {
  std::size_t max_query_bytes = 64u << 10;  // longer searches are not checked (bounded work)
  ExpansionLimits expansion;
  ParseLimits parse;
};

enum class SplError : std::uint8_t {
  kNone,
  kTooLong,  // over max_query_bytes: not checked
  kEmpty,    // nothing but whitespace
};

std::string_view to_string(SplError error);

struct SplCheck {
  SplVerdict verdict;
  SplError error = SplError::kNone;
};

class SplChecker {
 public:
  // `metadata`: what the prompt gave (never null; empty: nothing, only syntax is checked).
  // `question`: the user's question ("" when unknown: no misinterpretation check).
  SplChecker(std::shared_ptr<const SplMetadata> metadata, std::string_view question,
             SplCheckerConfig config = {});

  SplCheck check(std::string_view query) const;

 private:
  void run(std::string_view query, SplVerdict& verdict) const;
  void correct(std::string_view query, SplVerdict& verdict) const;

  std::shared_ptr<const SplMetadata> metadata_;
  std::string question_;
  SplCheckerConfig config_;
};

// An empty metadata, shared.
std::shared_ptr<const SplMetadata> no_metadata();

}  // namespace groundgate::filters::spl
