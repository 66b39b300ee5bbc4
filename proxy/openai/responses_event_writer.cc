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
  out.append(at.shape == PartShape::kSummaryText ? R"(,"summary_index":)" : R"(,"content_index":)");
  out.append(std::to_string(at.index));
}

}  // namespace

std::string_view ResponsesEventWriter::delta_type(PartShape shape) {
  switch (shape) {
    case PartShape::kOutputText:
      break;
    case PartShape::kRefusal:
      return "response.refusal.delta";
    case PartShape::kSummaryText:
      return "response.reasoning_summary_text.delta";
    case PartShape::kReasoningText:
      return "response.reasoning_text.delta";
  }
  return "response.output_text.delta";
}

std::string ResponsesEventWriter::delta(std::optional<std::int64_t> sequence, const PartAddress& at,
                                        std::string_view delta) {
  std::string out = open_event(delta_type(at.shape), sequence);
  append_address(out, at);
  out.append(R"(,"delta":)");
  append_json_string(out, delta);
  out.append(at.shape == PartShape::kOutputText ? R"(,"logprobs":[]})" : "}");
  return out;
}

std::string_view ResponsesEventWriter::done_type(PartShape shape) {
  switch (shape) {
    case PartShape::kOutputText:
      break;
    case PartShape::kRefusal:
      return "response.refusal.done";
    case PartShape::kSummaryText:
      return "response.reasoning_summary_text.done";
    case PartShape::kReasoningText:
      return "response.reasoning_text.done";
  }
  return "response.output_text.done";
}

std::string ResponsesEventWriter::done(std::optional<std::int64_t> sequence, const PartAddress& at,
                                       std::string_view text) {
  std::string out = open_event(done_type(at.shape), sequence);
  append_address(out, at);
  out.append(at.shape == PartShape::kRefusal ? R"(,"refusal":)" : R"(,"text":)");
  append_json_string(out, text);
  out.append(at.shape == PartShape::kOutputText ? R"(,"logprobs":[]})" : "}");
  return out;
}

std::string_view ResponsesEventWriter::part_done_type(PartShape shape) {
  return shape == PartShape::kSummaryText ? "response.reasoning_summary_part.done"
                                          : "response.content_part.done";
}

std::string ResponsesEventWriter::part_done(std::optional<std::int64_t> sequence,
                                            const PartAddress& at, std::string_view text) {
  std::string out = open_event(part_done_type(at.shape), sequence);
  append_address(out, at);
  out.append(R"(,"part":)");
  out.append(part(at.shape, text));
  out.push_back('}');
  return out;
}

std::string ResponsesEventWriter::part(PartShape shape, std::string_view text) {
  std::string out;
  switch (shape) {
    case PartShape::kOutputText:
      out = R"({"type":"output_text","annotations":[],"logprobs":[],"text":)";
      break;
    case PartShape::kRefusal:
      out = R"({"type":"refusal","refusal":)";
      break;
    case PartShape::kSummaryText:
      out = R"({"type":"summary_text","text":)";
      break;
    case PartShape::kReasoningText:
      out = R"({"type":"reasoning_text","text":)";
      break;
  }
  append_json_string(out, text);
  out.push_back('}');
  return out;
}

std::string ResponsesEventWriter::item(
    std::string_view id, std::string_view status, bool reasoning,
    const std::vector<std::pair<PartShape, std::string_view>>& parts) {
  std::string out = R"({"id":)";
  append_json_string(out, id);
  out.append(reasoning ? R"(,"type":"reasoning","status":)" : R"(,"type":"message","status":)");
  append_json_string(out, status);
  const auto list = [&](std::string_view name, bool summary) {
    out.append(R"(,")");
    out.append(name);
    out.append(R"(":[)");
    bool first = true;
    for (const auto& [shape, text] : parts) {
      if ((shape == PartShape::kSummaryText) != summary) continue;
      if (!first) out.push_back(',');
      first = false;
      out.append(part(shape, text));
    }
    out.push_back(']');
  };
  if (reasoning) list("summary", true);
  list("content", false);
  out.append(reasoning ? "}" : R"(,"role":"assistant"})");
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
