// A request body, whatever its bytes, read once by the inspector and decoded into the filters'
// view for each endpoint; what the writer makes of it (the members the filters keep taken out,
// a check's variant, the judge's request) is JSON, and a model's answer read as either API
// never fails. Never a crash, never a hard failure.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <simdjson.h>

#include "proxy/openai/json_members.h"
#include "proxy/openai/model_calls.h"
#include "proxy/openai/request_inspector.h"
#include "proxy/openai/request_writer.h"

namespace openai = groundgate::proxy::openai;

namespace {

bool is_json_object(std::string_view text) {
  simdjson::dom::parser parser;
  simdjson::dom::object object;
  return parser.parse(text.data(), text.size()).get_object().get(object) == simdjson::SUCCESS;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(bytes), size);
  openai::RequestInspector inspector;
  const auto info = inspector.inspect("/v1/chat/completions", body);
  if (!info.valid_json && info.error.empty()) __builtin_trap();
  if (!info.valid_json && (info.stream || info.include_usage)) __builtin_trap();
  const openai::DecodedRequest chat = inspector.decode();
  if (!chat.view.readable && (chat.view.error.empty() || !chat.view.turns.empty())) {
    __builtin_trap();
  }
  // Only a body that parsed is changed, and what comes out is an object with fewer members.
  openai::RequestLayout layout = chat.layout;
  const std::vector<std::string> names{"context", "documents", "schema"};
  if (auto stripped = openai::without_members(body, names, layout)) {
    if (!chat.view.readable || stripped->size() >= body.size()) __builtin_trap();
    if (!openai::object_members(*stripped)) __builtin_trap();
  }
  for (const openai::EndpointKind kind :
       {openai::EndpointKind::kChatCompletions, openai::EndpointKind::kResponses}) {
    const openai::DecodedRequest decoded = openai::decode_request(body, kind);
    const auto calls = openai::model_calls(kind, std::string(body), decoded.layout);
    const auto variant = calls->ask_again("How many", "How few");
    if (variant.body.has_value() == !variant.skip_reason.empty()) __builtin_trap();
    if (variant.body && !is_json_object(*variant.body)) __builtin_trap();
    if (!is_json_object(calls->ask("m", body.substr(0, 64), body.substr(0, 256), {}))) {
      __builtin_trap();
    }
    std::string error;
    if (!calls->read_answer(body, error) && error.empty()) __builtin_trap();
  }
  return 0;
}
