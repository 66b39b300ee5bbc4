#include "filters/context/context_extractor.h"

#include <simdjson.h>

#include <optional>

#include "filters/context/chat_request.h"
#include "filters/context/context_collector.h"
#include "filters/context/json_members.h"
#include "filters/context/responses_request.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::context {

namespace dom = simdjson::dom;
using Source = Passage::Source;

ExtractedContext extract_context(std::string_view request_body, const ContextOptions& options) {
  ExtractedContext out;
  std::string repaired;
  std::string_view body = request_body;
  if (!text::is_valid_utf8(body)) {
    repaired = text::repair_utf8(body);
    body = repaired;
    out.warnings.push_back("invalid UTF-8 in the request body replaced by U+FFFD for checking");
  }
  dom::parser parser;
  dom::element root;
  if (auto error = parser.parse(body.data(), body.size()).get(root); error != simdjson::SUCCESS) {
    out.warnings.push_back(std::string("request body is not valid JSON: ") +
                           simdjson::error_message(error));
    return out;
  }
  dom::object object;
  if (root.get_object().get(object) != simdjson::SUCCESS) {
    out.warnings.push_back("request body is not a JSON object");
    return out;
  }
  out.readable = true;

  ContextCollector collector(options, out);
  std::vector<bool> extension_members;
  bool any_extension = false;
  std::optional<dom::array> messages;
  std::optional<dom::element> prompt;
  for (dom::key_value_pair member : object) {
    bool extension = member.key == "context" || member.key == "documents";
    extension_members.push_back(extension);
    any_extension = any_extension || extension;
    if (extension && options.extension_fields) {
      collector.add_field(member.value,
                          member.key == "context" ? Source::kContextField : Source::kDocumentsField,
                          member.key);
    } else if (dom::array array; member.key == "messages" &&
                                 member.value.get_array().get(array) == simdjson::SUCCESS) {
      messages = array;
    } else if (member.key == "prompt") {
      prompt = member.value;
    }
  }
  if (messages) {
    read_chat_messages(*messages, collector);
  } else if (is_responses_request(object)) {
    read_responses_request(object, collector);
  } else if (prompt) {
    read_prompt(*prompt, collector);
  }
  collector.finish();

  if (any_extension && options.extension_fields && !options.keep_extension_fields) {
    // The original bytes, not the repaired ones: repair never touches JSON structure.
    std::optional<std::string> forwarded = without_members(request_body, extension_members);
    if (forwarded) {
      out.forwarded_body = std::move(*forwarded);
    } else {
      out.warnings.push_back("could not remove `context`/`documents` from the forwarded body");
    }
  }
  return out;
}

}  // namespace groundgate::filters::context
