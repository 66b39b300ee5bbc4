#pragma once
// JSON string serialisation, the one escaper of the project: verdicts, annotations, access log,
// the mock upstream and the OpenAI wire writer all write strings with it.

#include <string>
#include <string_view>

namespace groundgate::filters::verdict {

// Appends `text` as a quoted JSON string. Invalid UTF-8 becomes U+FFFD so the output is always
// valid JSON, whatever a filter or an upstream produced.
void append_json_string(std::string& out, std::string_view text);
std::string json_string(std::string_view text);

}  // namespace groundgate::filters::verdict
