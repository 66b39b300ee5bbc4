#include "proxy/openai/request_writer.h"

#include <algorithm>
#include <charconv>
#include <vector>

#include "filters/verdict/json_string.h"
#include "proxy/openai/json_members.h"

namespace groundgate::proxy::openai {
namespace {

using filters::model::RequestBody;

constexpr std::string_view kUnreadable = "request_unreadable";
constexpr std::string_view kNoQuestion = "question_not_in_request";

std::optional<std::size_t> position_of(const RequestLayout& layout, std::string_view key) {
  const auto at = std::find(layout.members.begin(), layout.members.end(), key);
  if (at == layout.members.end()) return std::nullopt;
  return static_cast<std::size_t>(at - layout.members.begin());
}

// `text` with its first `question` replaced, as a JSON string; nullopt when it does not hold it.
std::optional<std::string> rewritten(std::string_view text, std::string_view question,
                                     std::string_view variant) {
  const std::size_t at = text.find(question);
  if (question.empty() || at == std::string_view::npos) return std::nullopt;
  std::string out;
  filters::verdict::append_json_string(out, std::string(text.substr(0, at)) + std::string(variant) +
                                                std::string(text.substr(at + question.size())));
  return out;
}

// Where a rewritten question goes in a body, and what goes there.
struct Replacement {
  ValueSpan span;
  std::string json;
};

// The span of member `position` of the object at `pos`, or of element `index` of the array.
std::optional<ValueSpan> member_value(std::string_view json, std::size_t pos,
                                      std::size_t position) {
  const auto members = object_members(json, pos);
  if (!members || position >= members->size()) return std::nullopt;
  return ValueSpan{(*members)[position].value_begin, (*members)[position].value_end};
}
std::optional<ValueSpan> element(std::string_view json, std::size_t pos, std::size_t index) {
  const auto elements = array_elements(json, pos);
  if (!elements || index >= elements->size()) return std::nullopt;
  return (*elements)[index];
}

// The last user message of the list in member `list` with the question rewritten in its
// content (a string, or its first text part that holds it).
std::optional<Replacement> in_last_user_message(std::string_view body, const RequestLayout& layout,
                                                std::size_t list, std::string_view question,
                                                std::string_view variant) {
  const std::optional<RequestLayout::UserMessage>& user = layout.last_user;
  if (!user || !user->content) return std::nullopt;
  std::optional<ValueSpan> span = member_value(body, 0, list);
  if (span) span = element(body, span->begin, user->item);
  if (span) span = member_value(body, span->begin, *user->content);
  if (!span) return std::nullopt;
  if (user->string_text) {
    std::optional<std::string> json = rewritten(*user->string_text, question, variant);
    if (!json) return std::nullopt;
    return Replacement{*span, std::move(*json)};
  }
  for (const RequestLayout::TextPart& part : user->parts) {
    std::optional<std::string> json = rewritten(part.text, question, variant);
    if (!json) continue;
    std::optional<ValueSpan> text = element(body, span->begin, part.index);
    if (text) text = member_value(body, text->begin, part.text_member);
    if (!text) return std::nullopt;
    return Replacement{*text, std::move(*json)};
  }
  return std::nullopt;
}

// The replacement for the question in the conversation of `body`, or why there is none.
std::optional<Replacement> question_replacement(std::string_view body, const RequestLayout& layout,
                                                std::string_view list_member,
                                                std::string_view question, std::string_view variant,
                                                std::string_view& skip_reason) {
  const std::optional<std::size_t> list = position_of(layout, list_member);
  skip_reason = kUnreadable;
  if (!list || layout.conversation == RequestLayout::Conversation::kUnreadable) return std::nullopt;
  skip_reason = kNoQuestion;
  if (layout.conversation == RequestLayout::Conversation::kInputString) {
    std::optional<std::string> json = rewritten(layout.input_text, question, variant);
    std::optional<ValueSpan> span = member_value(body, 0, *list);
    if (!json || !span) return std::nullopt;
    return Replacement{*span, std::move(*json)};
  }
  return in_last_user_message(body, layout, *list, question, variant);
}

// `body` with the replacement made, the members named in `dropped` left out and `appended`
// (members, comma-separated) added at its end.
std::optional<std::string> edited(std::string_view body, RequestLayout layout,
                                  const Replacement& replacement,
                                  std::span<const std::string> dropped, std::string_view appended) {
  std::string out(body.substr(0, replacement.span.begin));
  out += replacement.json;
  out += body.substr(replacement.span.end);
  if (std::optional<std::string> without = without_members(out, dropped, layout)) {
    out = std::move(*without);
  }
  const std::size_t close = out.find_last_of('}');
  if (close == std::string::npos) return std::nullopt;
  out.insert(close, layout.members.empty() ? std::string(appended) : "," + std::string(appended));
  return out;
}

// A sampling temperature as JSON: the shortest form that reads back the same (0, 0.5);
// outside [0, 2] it is clamped (the APIs refuse those).
std::string number_text(double value) {
  value = std::clamp(value, 0.0, 2.0);
  char buffer[32];
  const std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, r.ptr);
}

}  // namespace

std::optional<std::string> without_members(std::string_view body,
                                           std::span<const std::string> names,
                                           RequestLayout& layout) {
  std::vector<bool> remove;
  bool any = false;
  for (const std::string& key : layout.members) {
    remove.push_back(std::find(names.begin(), names.end(), key) != names.end());
    any = any || remove.back();
  }
  if (!any) return std::nullopt;
  std::optional<std::string> out = without_members(body, remove);
  if (!out) return std::nullopt;
  std::vector<std::string> kept;
  for (std::size_t i = 0; i < remove.size(); ++i) {
    if (!remove[i]) kept.push_back(std::move(layout.members[i]));
  }
  layout.members = std::move(kept);
  return out;
}

RequestBody question_variant(EndpointKind api, std::string_view body, const RequestLayout& layout,
                             std::string_view question, std::string_view variant) {
  const bool responses = api == EndpointKind::kResponses;
  // A conversation takes every request's items and answers: a variant must not join it.
  if (responses && layout.stored_conversation) return {std::nullopt, "request_in_conversation"};
  std::string_view skip_reason;
  const std::optional<Replacement> replacement = question_replacement(
      body, layout, responses ? "input" : "messages", question, variant, skip_reason);
  if (!replacement) return {std::nullopt, skip_reason};
  // Never stored with the provider: the rewrites are the proxy's, not the app's questions.
  static const std::vector<std::string> kChatDropped{"stream", "stream_options", "n", "store"};
  static const std::vector<std::string> kResponsesDropped{"stream", "stream_options", "store",
                                                          "background"};
  std::optional<std::string> out = responses ? edited(body, layout, *replacement, kResponsesDropped,
                                                      "\"stream\":false,\"store\":false")
                                             : edited(body, layout, *replacement, kChatDropped,
                                                      "\"stream\":false,\"n\":1,\"store\":false");
  if (!out) return {std::nullopt, kUnreadable};
  return {std::move(out), {}};
}

std::string own_request(EndpointKind api, std::string_view model, std::string_view instructions,
                        std::string_view prompt, const filters::model::AskOptions& options) {
  using filters::verdict::append_json_string;
  std::string out = "{\"model\":";
  append_json_string(out, model);
  if (api == EndpointKind::kResponses) {
    out += ",\"instructions\":";
    append_json_string(out, instructions);
    out += ",\"input\":";
    append_json_string(out, prompt);
    out += ",\"stream\":false,\"store\":false";
  } else {
    out += ",\"messages\":[{\"role\":\"system\",\"content\":";
    append_json_string(out, instructions);
    out += "},{\"role\":\"user\",\"content\":";
    append_json_string(out, prompt);
    out += "}],\"stream\":false,\"n\":1";
  }
  if (options.max_tokens > 0) {
    out += api == EndpointKind::kResponses ? ",\"max_output_tokens\":" : ",\"max_tokens\":";
    out += std::to_string(options.max_tokens);
  }
  return out + ",\"temperature\":" + number_text(options.temperature) + "}";
}

}  // namespace groundgate::proxy::openai
