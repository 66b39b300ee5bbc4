#pragma once
// Writes Responses API events and objects made by the proxy: a text delta carrying released
// text, the events that close a content part and a message item, the final response of a
// stopped answer, an error, and groundgate's own annotation event. Field order follows the API's.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace groundgate::proxy::openai {

// What kind of part a text part is (its events and object differ by kind).
enum class PartShape : std::uint8_t {
  kOutputText,     // a message's answer
  kRefusal,        // a message's refusal
  kSummaryText,    // a reasoning item's summary part
  kReasoningText,  // a reasoning item's content part
};

// Where a part sits: content_index, or summary_index for a summary part.
struct PartAddress {
  std::string_view item_id;
  std::int64_t output_index = 0;
  std::int64_t index = 0;
  PartShape shape = PartShape::kOutputText;
};

class ResponsesEventWriter {
 public:
  // The type of groundgate's own event: {"type":"groundgate.annotations","groundgate":[...]}.
  // It carries no sequence_number: it is not one of the upstream's events.
  static constexpr std::string_view kAnnotationType = "groundgate.annotations";

  // The delta event of a part's shape (response.output_text.delta, response.refusal.delta,
  // response.reasoning_summary_text.delta, response.reasoning_text.delta) and its type.
  // `sequence`: the event's sequence_number, left out when the upstream numbers none.
  static std::string_view delta_type(PartShape shape);
  static std::string delta(std::optional<std::int64_t> sequence, const PartAddress& at,
                           std::string_view delta);
  // The event that ends a part's text (response.output_text.done, …) and its type.
  static std::string_view done_type(PartShape shape);
  static std::string done(std::optional<std::int64_t> sequence, const PartAddress& at,
                          std::string_view text);
  // The event that ends the part (response.content_part.done, or
  // response.reasoning_summary_part.done) and its type.
  static std::string_view part_done_type(PartShape shape);
  static std::string part_done(std::optional<std::int64_t> sequence, const PartAddress& at,
                               std::string_view text);
  // A part object of `shape`.
  static std::string part(PartShape shape, std::string_view text);
  // An item whose parts (of a message: output_text and refusal; of a reasoning item: summary
  // and reasoning text) are `parts`, in their lists' order: an assistant message, or a
  // reasoning item.
  static std::string item(std::string_view id, std::string_view status, bool reasoning,
                          const std::vector<std::pair<PartShape, std::string_view>>& parts);
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
