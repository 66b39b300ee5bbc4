#include "filters/verify/tool_call_check.h"

#include "filters/verify/combine.h"

#include <simdjson.h>

#include <algorithm>
#include <cctype>

namespace groundgate::filters::verify {
namespace {

namespace dom = simdjson::dom;

constexpr std::size_t kMaxArgumentValues = 64;
constexpr int kMaxDepth = 16;

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())) != 0)
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())) != 0)
    text.remove_suffix(1);
  return text;
}

std::string lower(std::string_view text) {
  std::string out(trim(text));
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A string's text or a number's JSON text; nothing for other types.
bool scalar_text(dom::element element, std::string& out) {
  std::string_view text;
  if (element.get(text) == simdjson::SUCCESS) {
    out.assign(text);
    return true;
  }
  if (element.is_number()) {
    out = simdjson::minify(element);
    return true;
  }
  return false;
}

struct Value {
  std::string path;
  std::string text;
};

void argument_values(dom::element element, const std::string& path, int depth,
                     std::vector<Value>& out) {
  if (depth > kMaxDepth || out.size() >= kMaxArgumentValues) return;
  dom::object object;
  dom::array array;
  std::string text;
  if (element.get(object) == simdjson::SUCCESS) {
    for (auto [key, value] : object)
      argument_values(value, path.empty() ? std::string(key) : path + "." + std::string(key),
                      depth + 1, out);
  } else if (element.get(array) == simdjson::SUCCESS) {
    std::size_t i = 0;
    for (dom::element item : array)
      argument_values(item, path + "[" + std::to_string(i++) + "]", depth + 1, out);
  } else if (scalar_text(element, text) && !trim(text).empty()) {
    out.push_back(Value{path, std::move(text)});
  }
}

// How bad a value's verdict is: no claim, supported, error, unsupported, contradicted.
int severity(const SentenceVerdict& v) {
  if (!v.ok()) return 1;
  if (!v.claims) return -1;
  return 2 * verify::severity(v.label);
}

}  // namespace

ToolSchemaValues ToolSchemaValues::from_request(const request::RequestView& request) {
  ToolSchemaValues result;
  for (const request::Tool& tool : request.tools) {
    for (const std::string& value : tool.offered_values)
      result.values_.emplace_back(tool.name, lower(value));
  }
  std::sort(result.values_.begin(), result.values_.end());
  result.values_.erase(std::unique(result.values_.begin(), result.values_.end()),
                       result.values_.end());
  return result;
}

bool ToolSchemaValues::offers(std::string_view tool, std::string_view value) const {
  const std::pair<std::string, std::string> key{std::string(tool), lower(value)};
  return std::binary_search(values_.begin(), values_.end(), key);
}

ToolCallVerdict check_tool_call(SentenceVerifier& verifier, std::string_view name,
                                std::string_view arguments, bool truncated,
                                const ToolSchemaValues& schema) {
  ToolCallVerdict result;
  result.verdict.claims = false;
  if (truncated) {
    result.verdict.error = VerifyError::kTooLong;
    return result;
  }
  dom::parser parser;
  dom::element root;
  std::vector<Value> values;
  // An empty argument string is an empty argument list.
  if (!trim(arguments).empty()) {
    if (parser.parse(arguments.data(), arguments.size()).get(root) != simdjson::SUCCESS) {
      result.verdict.error = VerifyError::kUnparsable;
      return result;
    }
    argument_values(root, "", 0, values);
  }
  int worst = -2;
  for (Value& value : values) {
    if (schema.offers(name, value.text)) continue;
    ++result.values;
    // A value is a small answer of its own: a long one (a message to send) has sentences.
    for (SentenceVerdict& verdict : verify_answer(verifier, value.text)) {
      const int s = severity(verdict);
      if (s <= worst) continue;
      worst = s;
      result.verdict = std::move(verdict);
      result.argument = value.path;
    }
  }
  return result;
}

}  // namespace groundgate::filters::verify
