#pragma once
// Writes Responses API events and objects made by the proxy: a text delta carrying released
// text, the events that close a content part and a message item, the final response of a
// stopped answer, an error, and groundgate's own annotation event. Field order follows the API's.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::proxy::openai {

// Where an output_text part sits.
struct PartAddress {
  std::string_view item_id;
  std::int64_t output_index = 0;
  std::int64_t content_index = 0;
};

class ResponsesEventWriter {
 public:
  // The type of groundgate's own event: {"type":"groundgate.annotations","groundgate":[...]}.
  // It carries no sequence_number: it is not one of the upstream's events.
  static constexpr std::string_view kAnnotationType = "groundgate.annotations";

  // `sequence`: the event's sequence_number, left out when the upstream numbers none.
  static std::string text_delta(std::optional<std::int64_t> sequence, const PartAddress& at,
                                std::string_view delta);
  static std::string text_done(std::optional<std::int64_t> sequence, const PartAddress& at,
                               std::string_view text);
  static std::string part_done(std::optional<std::int64_t> sequence, const PartAddress& at,
                               std::string_view text);
  // An output_text part object.
  static std::string text_part(std::string_view text);
  // An assistant message item with one output_text part per text.
  static std::string message_item(std::string_view id, std::string_view status,
                                  const std::vector<std::string_view>& texts);
  static std::string item_done(std::optional<std::int64_t> sequence, std::int64_t output_index,
                               std::string_view item_json);
  // `type`: response.incomplete and the like; `response_json` the response object.
  static std::string response_event(std::string_view type, std::optional<std::int64_t> sequence,
                                    std::string_view response_json);
  static std::string error(std::optional<std::int64_t> sequence, std::string_view code,
                           std::string_view message);
  static std::string annotations(const std::vector<std::string>& annotations);
  // "[a,b,…]" of serialised objects.
  static std::string array(const std::vector<std::string>& objects);
};

}  // namespace groundgate::proxy::openai
