#include "proxy/openai/responses_event_writer.h"

#include "proxy/openai/json_string.h"

namespace groundgate::proxy::openai {
namespace {

// {"type":…,"sequence_number":… (no closing brace)
std::string open_event(std::string_view type, std::optional<std::int64_t> sequence) {
  std::string out = R"({"type":)";
  append_json_string(out, type);
  if (sequence) {
    out.append(R"(,"sequence_number":)");
    out.append(std::to_string(*sequence));
  }
  return out;
}

void append_address(std::string& out, const PartAddress& at) {
  out.append(R"(,"item_id":)");
  append_json_string(out, at.item_id);
  out.append(R"(,"output_index":)");
  out.append(std::to_string(at.output_index));
  out.append(R"(,"content_index":)");
  out.append(std::to_string(at.content_index));
}

}  // namespace

std::string ResponsesEventWriter::text_delta(std::optional<std::int64_t> sequence,
                                             const PartAddress& at, std::string_view delta) {
  std::string out = open_event("response.output_text.delta", sequence);
  append_address(out, at);
  out.append(R"(,"delta":)");
  append_json_string(out, delta);
  out.append(R"(,"logprobs":[]})");
  return out;
}

std::string ResponsesEventWriter::text_done(std::optional<std::int64_t> sequence,
                                            const PartAddress& at, std::string_view text) {
  std::string out = open_event("response.output_text.done", sequence);
  append_address(out, at);
  out.append(R"(,"text":)");
  append_json_string(out, text);
  out.append(R"(,"logprobs":[]})");
  return out;
}

std::string ResponsesEventWriter::part_done(std::optional<std::int64_t> sequence,
                                            const PartAddress& at, std::string_view text) {
  std::string out = open_event("response.content_part.done", sequence);
  append_address(out, at);
  out.append(R"(,"part":)");
  out.append(text_part(text));
  out.push_back('}');
  return out;
}

std::string ResponsesEventWriter::text_part(std::string_view text) {
  std::string out = R"({"type":"output_text","annotations":[],"logprobs":[],"text":)";
  append_json_string(out, text);
  out.push_back('}');
  return out;
}

std::string ResponsesEventWriter::message_item(std::string_view id, std::string_view status,
                                               const std::vector<std::string_view>& texts) {
  std::string out = R"({"id":)";
  append_json_string(out, id);
  out.append(R"(,"type":"message","status":)");
  append_json_string(out, status);
  out.append(R"(,"content":[)");
  for (std::size_t i = 0; i < texts.size(); ++i) {
    if (i > 0) out.push_back(',');
    out.append(text_part(texts[i]));
  }
  out.append(R"(],"role":"assistant"})");
  return out;
}

std::string ResponsesEventWriter::item_done(std::optional<std::int64_t> sequence,
                                            std::int64_t output_index, std::string_view item_json) {
  std::string out = open_event("response.output_item.done", sequence);
  out.append(R"(,"output_index":)");
  out.append(std::to_string(output_index));
  out.append(R"(,"item":)");
  out.append(item_json);
  out.push_back('}');
  return out;
}

std::string ResponsesEventWriter::response_event(std::string_view type,
                                                 std::optional<std::int64_t> sequence,
                                                 std::string_view response_json) {
  std::string out = open_event(type, sequence);
  out.append(R"(,"response":)");
  out.append(response_json);
  out.push_back('}');
  return out;
}

std::string ResponsesEventWriter::error(std::optional<std::int64_t> sequence, std::string_view code,
                                        std::string_view message) {
  std::string out = open_event("error", sequence);
  out.append(R"(,"code":)");
  append_json_string(out, code);
  out.append(R"(,"message":)");
  append_json_string(out, message);
  out.append(R"(,"param":null})");
  return out;
}

std::string ResponsesEventWriter::annotations(const std::vector<std::string>& annotations) {
  std::string out = open_event(kAnnotationType, std::nullopt);
  out.append(R"(,"groundgate":)");
  out.append(array(annotations));
  out.push_back('}');
  return out;
}

std::string ResponsesEventWriter::array(const std::vector<std::string>& objects) {
  std::string out = "[";
  for (std::size_t i = 0; i < objects.size(); ++i) {
    if (i > 0) out.push_back(',');
    out.append(objects[i]);
  }
  out.push_back(']');
  return out;
}

}  // namespace groundgate::proxy::openai
