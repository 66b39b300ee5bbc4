#pragma once
// Search macros expanded as Splunk does before it parses a search: `name` and `name(a, b)` in
// backticks become their definitions, `$arg$` replaced by the call's arguments, nested macros
// expanded in turn (bounded depth and size). Every byte of the result remembers where it came
// from: the model's own text (the query, or an argument it wrote) or a definition the prompt
// gave, so findings point at the query and only what the model wrote is held against it.
// Macros inside quoted strings and comments are left as they are.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "filters/spl/spl_metadata.h"

namespace groundgate::filters::spl {

enum class MacroStatus : std::uint8_t {
  kExpanded,
  kUnknown,         // no macro of that name
  kWrongArguments,  // the name exists, not with this many arguments
  kOpaque,          // the prompt names it without a definition: left unexpanded
  kTooDeep,         // nested beyond the bound: left unexpanded
};

// A macro call the model wrote (in the query or in an argument it gave another macro).
struct MacroCall {
  std::string name;
  std::uint32_t begin = 0;  // the call's span in the query, backticks included
  std::uint32_t end = 0;
  std::size_t arguments = 0;
  MacroStatus status = MacroStatus::kExpanded;
};

struct ExpansionLimits {
  std::size_t max_depth = 8;
  std::size_t max_bytes = 256u << 10;  // the expanded text; beyond it the rest is cut
};

class Expansion {
 public:
  const std::string& text() const { return text_; }
  const std::vector<MacroCall>& calls() const { return calls_; }
  bool truncated() const { return truncated_; }

  // Whether every byte of text()[begin, end) is the model's own.
  bool written_by_model(std::size_t begin, std::size_t end) const;
  // The span of the query that produced text()[begin, end): the model's bytes, or the calls
  // whose definitions gave the rest.
  std::pair<std::uint32_t, std::uint32_t> query_span(std::size_t begin, std::size_t end) const;

 private:
  friend Expansion expand_macros(std::string_view, const SplMetadata&, const SplMetadata*,
                                 const ExpansionLimits&);
  static constexpr std::uint32_t kFromDefinition = 0x80000000u;
  std::string text_;
  // Per byte: an offset in the query, or kFromDefinition | the index of the top-level call
  // whose expansion it belongs to.
  std::vector<std::uint32_t> origin_;
  std::vector<MacroCall> calls_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> call_spans_;  // by top-level call index
  bool truncated_ = false;
};

// Expands `query` with the macros of `metadata`, then those of `builtin` (may be null).
Expansion expand_macros(std::string_view query, const SplMetadata& metadata,
                        const SplMetadata* builtin, const ExpansionLimits& limits = {});

// A macro call's text without its backticks split into name and arguments (top-level commas;
// quotes and parentheses respected; one pair of surrounding double quotes removed from each).
struct MacroCallText {
  std::string_view name;
  std::vector<std::pair<std::size_t, std::size_t>> arguments;  // spans in the call text
};
MacroCallText split_macro_call(std::string_view inner);

std::string_view to_string(MacroStatus status);

}  // namespace groundgate::filters::spl
