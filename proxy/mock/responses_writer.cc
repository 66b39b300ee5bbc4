#include "proxy/mock/responses_writer.h"

#include <chrono>

#include "proxy/mock/json_text.h"

namespace groundgate::proxy::mock {
namespace {

int64_t steady_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

ResponsesWriter::ResponsesWriter(const ResponsesIdentity& identity, const ResponsePlan& plan)
    : identity_(identity), plan_(plan) {}

bool ResponsesWriter::cut() const {
  return !tool() && !plan_.choices.empty() && plan_.choices.front().finish_reason == "length";
}

void ResponsesWriter::event(std::string& out, std::string_view type, std::string_view body) {
  out.append("event: ");
  out.append(type);
  out.append("\ndata: {\"type\":");
  append_json_string(out, type);
  out.append(",\"sequence_number\":");
  append_number(out, sequence_++);
  out.append(body);
  out.append("\n\n");
}

void ResponsesWriter::usage_object(std::string& out, Usage usage) const {
  out.append(R"({"input_tokens":)");
  append_number(out, usage.prompt_tokens);
  out.append(R"(,"input_tokens_details":{"cached_tokens":0},"output_tokens":)");
  append_number(out, usage.completion_tokens);
  out.append(R"(,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":)");
  append_number(out, usage.prompt_tokens + usage.completion_tokens);
  out.push_back('}');
}

void ResponsesWriter::text_part(std::string& out, std::string_view text) const {
  out.append(R"({"type":"output_text","annotations":[],"logprobs":[],"text":)");
  append_json_string(out, text);
  out.push_back('}');
}

void ResponsesWriter::search_item(std::string& out, bool done) const {
  out.append(R"({"id":)");
  append_json_string(out, identity_.search_id);
  out.append(R"(,"type":"file_search_call","status":)");
  out.append(done ? R"("completed","queries":["search"],"results":)"
                  : R"("in_progress","queries":[],"results":)");
  if (!done) {
    out.append("null}");
    return;
  }
  out.push_back('[');
  for (std::size_t i = 0; i < plan_.file_search->size(); ++i) {
    const ScriptPassage& passage = (*plan_.file_search)[i];
    if (i > 0) out.push_back(',');
    out.append(R"({"attributes":{},"file_id":"file-mock)");
    append_number(out, static_cast<uint64_t>(i + 1));
    out.append(R"(","filename":)");
    append_json_string(out, passage.filename);
    out.append(R"(,"score":0.9,"text":)");
    append_json_string(out, passage.text);
    out.push_back('}');
  }
  out.append("]}");
}

void ResponsesWriter::answer_item(std::string& out, bool done) const {
  const ChoicePlan& choice = plan_.choices.front();
  const std::string_view text = done ? choice.text->prefix(choice.tokens) : std::string_view();
  out.append(R"({"id":)");
  append_json_string(out, identity_.message_id);
  if (tool()) {
    out.append(R"(,"type":"function_call","status":)");
    out.append(done ? R"("completed")" : R"("in_progress")");
    out.append(R"(,"arguments":)");
    append_json_string(out, text);
    out.append(R"(,"call_id":)");
    append_json_string(out, identity_.call_id);
    out.append(R"(,"name":)");
    append_json_string(out, plan_.tool_call->name);
    out.push_back('}');
    return;
  }
  out.append(R"(,"type":"message","status":)");
  out.append(!done ? R"("in_progress")" : cut() ? R"("incomplete")" : R"("completed")");
  out.append(R"(,"content":[)");
  if (done) text_part(out, text);
  out.append(R"(],"role":"assistant"})");
}

void ResponsesWriter::response_object(std::string& out, std::string_view status, bool with_output,
                                      const Usage* usage) const {
  out.append(R"({"id":)");
  append_json_string(out, identity_.response_id);
  out.append(R"(,"object":"response","created_at":)");
  append_number(out, identity_.created_at);
  out.append(R"(,"status":)");
  append_json_string(out, status);
  out.append(identity_.background ? R"(,"background":true)" : R"(,"background":false)");
  out.append(R"(,"error":null,"incomplete_details":)");
  out.append(status == "incomplete" ? R"({"reason":"max_output_tokens"})" : "null");
  out.append(R"(,"instructions":null,"max_output_tokens":null,"model":)");
  append_json_string(out, identity_.model);
  out.append(R"(,"output":[)");
  if (with_output) {
    if (plan_.file_search != nullptr) {
      search_item(out, true);
      out.push_back(',');
    }
    answer_item(out, true);
  }
  out.append(R"(],"parallel_tool_calls":true,"previous_response_id":null,)"
             R"("reasoning":{"effort":null,"summary":null},"store":true,"temperature":1.0,)"
             R"("text":{"format":{"type":"text"}},"tool_choice":"auto","tools":[],"top_p":1.0,)"
             R"("truncation":"disabled","usage":)");
  if (usage != nullptr) {
    usage_object(out, *usage);
  } else {
    out.append("null");
  }
  out.append(R"(,"user":null,"metadata":{}})");
}

void ResponsesWriter::start(std::string& out) {
  std::string& body = scratch_;
  body.assign(R"(,"response":)");
  response_object(body, identity_.background ? "queued" : "in_progress", false, nullptr);
  body.push_back('}');
  event(out, "response.created", body);
  body.assign(R"(,"response":)");
  response_object(body, "in_progress", false, nullptr);
  body.push_back('}');
  event(out, "response.in_progress", body);
  if (plan_.file_search != nullptr) {
    body.assign(R"(,"output_index":0,"item":)");
    search_item(body, false);
    body.push_back('}');
    event(out, "response.output_item.added", body);
    for (std::string_view stage :
         {"response.file_search_call.in_progress", "response.file_search_call.searching",
          "response.file_search_call.completed"}) {
      body.assign(R"(,"output_index":0,"item_id":)");
      append_json_string(body, identity_.search_id);
      body.push_back('}');
      event(out, stage, body);
    }
    body.assign(R"(,"output_index":0,"item":)");
    search_item(body, true);
    body.push_back('}');
    event(out, "response.output_item.done", body);
  }
  body.assign(R"(,"output_index":)");
  append_number(body, static_cast<uint64_t>(answer_index()));
  body.append(R"(,"item":)");
  answer_item(body, false);
  body.push_back('}');
  event(out, "response.output_item.added", body);
  if (tool()) return;
  body.assign(R"(,"item_id":)");
  append_json_string(body, identity_.message_id);
  body.append(R"(,"output_index":)");
  append_number(body, static_cast<uint64_t>(answer_index()));
  body.append(R"(,"content_index":0,"part":)");
  text_part(body, "");
  body.push_back('}');
  event(out, "response.content_part.added", body);
}

void ResponsesWriter::token(std::string& out, std::size_t, std::string_view piece) {
  std::string& body = scratch_;
  body.assign(R"(,"item_id":)");
  append_json_string(body, identity_.message_id);
  body.append(R"(,"output_index":)");
  append_number(body, static_cast<uint64_t>(answer_index()));
  if (!tool()) body.append(R"(,"content_index":0)");
  body.append(R"(,"delta":)");
  append_json_string(body, piece);
  if (!tool()) body.append(R"(,"logprobs":[])");
  // OpenAI pads events with random `obfuscation`; here it carries the send time when stamping.
  body.append(R"(,"obfuscation":")");
  if (identity_.stamp) {
    body.append("gg-ts-");
    append_number(body, steady_ns());
  } else {
    body.append("mockpad");
  }
  body.append("\"}");
  event(out, tool() ? "response.function_call_arguments.delta" : "response.output_text.delta",
        body);
}

void ResponsesWriter::finish(std::string& out, std::size_t) {
  const ChoicePlan& choice = plan_.choices.front();
  const std::string_view text = choice.text->prefix(choice.tokens);
  std::string& body = scratch_;
  body.assign(R"(,"item_id":)");
  append_json_string(body, identity_.message_id);
  body.append(R"(,"output_index":)");
  append_number(body, static_cast<uint64_t>(answer_index()));
  if (tool()) {
    body.append(R"(,"arguments":)");
    append_json_string(body, text);
    body.push_back('}');
    event(out, "response.function_call_arguments.done", body);
  } else {
    const std::string address = body + R"(,"content_index":0)";
    body.assign(address);
    body.append(R"(,"text":)");
    append_json_string(body, text);
    body.append(R"(,"logprobs":[]})");
    event(out, "response.output_text.done", body);
    body.assign(address);
    body.append(R"(,"part":)");
    text_part(body, text);
    body.push_back('}');
    event(out, "response.content_part.done", body);
  }
  body.assign(R"(,"output_index":)");
  append_number(body, static_cast<uint64_t>(answer_index()));
  body.append(R"(,"item":)");
  answer_item(body, true);
  body.push_back('}');
  event(out, "response.output_item.done", body);
}

void ResponsesWriter::end(std::string& out, Usage usage) {
  std::string& body = scratch_;
  body.assign(R"(,"response":)");
  response_object(body, cut() ? "incomplete" : "completed", true, &usage);
  body.push_back('}');
  event(out, cut() ? "response.incomplete" : "response.completed", body);
}

void ResponsesWriter::whole(std::string& out, Usage usage) {
  if (identity_.background) {
    response_object(out, "queued", false, nullptr);
    return;
  }
  completed(out, usage);
}

void ResponsesWriter::completed(std::string& out, Usage usage) const {
  response_object(out, cut() ? "incomplete" : "completed", true, &usage);
}

}  // namespace groundgate::proxy::mock
