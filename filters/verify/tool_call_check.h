#pragma once
// A tool call checked like an answer sentence: every string and number value of its arguments
// is a claim about the documents or the question (an order number, a date, a name), verified
// as a sentence of its own; the worst value decides. Values the tool's own schema offers
// (`enum`, `const`, `default`) are the app's vocabulary, not claims. Keys, booleans and nulls
// are structure.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "filters/request/request_view.h"
#include "filters/verify/sentence_verifier.h"

namespace groundgate::filters::verify {

// Per tool name, the values its parameter schema offers. Bounded.
class ToolSchemaValues {
 public:
  // From the tools a request offers (its view's, with their schemas' values).
  static ToolSchemaValues from_request(const request::RequestView& request);
  bool offers(std::string_view tool, std::string_view value) const;
  std::size_t size() const { return values_.size(); }

 private:
  std::vector<std::pair<std::string, std::string>> values_;  // (tool, value), sorted
};

struct ToolCallVerdict {
  // The deciding value's verdict; offsets are into the arguments text. Supported with no
  // claims when no value needed checking.
  SentenceVerdict verdict;
  std::string argument;    // that value's path: "order_id", "items[0].sku"
  std::size_t values = 0;  // values verified
};

// `truncated`: the arguments are only a prefix (over the proxy's bound): not checked, the
// verdict is kTooLong. Arguments that are not JSON give kUnparsable.
ToolCallVerdict check_tool_call(SentenceVerifier& verifier, std::string_view name,
                                std::string_view arguments, bool truncated,
                                const ToolSchemaValues& schema);

}  // namespace groundgate::filters::verify
