#pragma once
// What a Responses API client makes of an event stream: the text per part from the deltas, and
// every event that repeats it (output_text.done, content_part.done, output_item.done, the final
// response), checked to agree with the deltas; annotations; sequence numbers; the end.

#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "proxy/sse/sse_parser.h"
#include "tests/proxy/sse/recorded_streams.h"

namespace groundgate::proxy::openai::test_responses {

struct ResponsesView {
  std::map<std::pair<int64_t, int64_t>, std::string> text;         // (output_index, content_index)
  std::map<std::pair<std::string, int64_t>, std::string> by_item;  // (item_id, content_index)
  std::vector<std::string> repeats_disagree;                       // a repeat unlike the deltas
  std::vector<std::string> types;                                  // every event's type, in order
  std::vector<std::string> annotations;                            // `groundgate` objects, in order
  std::vector<std::string> final_annotations;                      // of the final response object
  int annotation_events = 0;                                       // groundgate.annotations events
  std::vector<int64_t> sequence;                                   // sequence_number, in order
  std::string final_type;                                          // response.completed, …
  std::string final_status;
  std::string incomplete_reason;
  std::vector<std::string> final_items;  // the final response's item types
  std::vector<std::string> error_codes;
  int events_after_final = 0;
  int unnamed_made = 0;  // events without an `event:` line

  // The only part's text (most answers have one).
  std::string only_text() const { return text.size() == 1 ? text.begin()->second : "<parts>"; }
  bool sequence_increases() const {
    for (std::size_t i = 1; i < sequence.size(); ++i)
      if (sequence[i] <= sequence[i - 1]) return false;
    return true;
  }
  bool sequence_consecutive() const {
    for (std::size_t i = 1; i < sequence.size(); ++i)
      if (sequence[i] != sequence[i - 1] + 1) return false;
    return true;
  }
};

inline void collect_annotations(simdjson::dom::element holder, std::vector<std::string>& out) {
  simdjson::dom::array array;
  if (holder["groundgate"].get_array().get(array) != simdjson::SUCCESS) return;
  for (simdjson::dom::element element : array)
    out.push_back(simdjson::minify(element));
}

inline ResponsesView responses_view(std::string_view sse_text) {
  ResponsesView view;
  const std::vector<sse::SseEvent> events =
      sse::test_streams::whole_stream_events(sse_text, 1 << 22);
  simdjson::dom::parser json;
  const auto check_repeat = [&](std::string_view item_id, int64_t content,
                                std::string_view repeated, std::string_view where) {
    const auto at = view.by_item.find({std::string(item_id), content});
    const std::string deltas = at == view.by_item.end() ? std::string() : at->second;
    if (deltas != repeated) {
      view.repeats_disagree.push_back(std::string(where) + ": deltas '" + deltas + "', repeat '" +
                                      std::string(repeated) + "'");
    }
  };
  const auto check_item = [&](simdjson::dom::element item, std::string_view where) {
    std::string_view id;
    if (item["id"].get(id) != simdjson::SUCCESS) id = {};
    simdjson::dom::array content;
    if (item["content"].get_array().get(content) != simdjson::SUCCESS) return;
    int64_t k = 0;
    for (simdjson::dom::element part : content) {
      std::string_view type, text;
      if (part["type"].get(type) == simdjson::SUCCESS && type == "output_text" &&
          part["text"].get(text) == simdjson::SUCCESS) {
        check_repeat(id, k, text, where);
      }
      ++k;
    }
  };
  for (const auto& event : events) {
    if (!event.has_data) continue;
    if (!view.final_type.empty()) ++view.events_after_final;
    simdjson::dom::element root;
    if (json.parse(event.data).get(root) != simdjson::SUCCESS) {
      ADD_FAILURE() << "not JSON: " << event.data;
      continue;
    }
    std::string_view type;
    EXPECT_EQ(simdjson::SUCCESS, root["type"].get(type)) << event.data;
    view.types.emplace_back(type);
    if (event.type.empty()) ++view.unnamed_made;
    int64_t sequence = 0;
    if (root["sequence_number"].get(sequence) == simdjson::SUCCESS)
      view.sequence.push_back(sequence);
    collect_annotations(root, view.annotations);
    int64_t output = 0, content = 0;
    std::string_view item_id;
    if (root["output_index"].get(output) != simdjson::SUCCESS) output = -1;
    if (root["content_index"].get(content) != simdjson::SUCCESS) content = -1;
    if (root["item_id"].get(item_id) != simdjson::SUCCESS) item_id = {};
    std::string_view text;
    if (type == "groundgate.annotations") {
      ++view.annotation_events;
    } else if (type == "response.output_text.delta") {
      EXPECT_EQ(simdjson::SUCCESS, root["delta"].get(text));
      view.text[{output, content}] += text;
      view.by_item[{std::string(item_id), content}] += text;
    } else if (type == "response.output_text.done") {
      EXPECT_EQ(simdjson::SUCCESS, root["text"].get(text));
      check_repeat(item_id, content, text, "output_text.done");
    } else if (type == "response.content_part.done") {
      EXPECT_EQ(simdjson::SUCCESS, root["part"]["text"].get(text));
      check_repeat(item_id, content, text, "content_part.done");
    } else if (type == "response.output_item.done") {
      check_item(root["item"], "output_item.done");
    } else if (type == "response.completed" || type == "response.incomplete" ||
               type == "response.failed") {
      view.final_type = type;
      simdjson::dom::element response = root["response"];
      std::string_view status, reason;
      if (response["status"].get(status) == simdjson::SUCCESS) view.final_status = status;
      if (response["incomplete_details"]["reason"].get(reason) == simdjson::SUCCESS) {
        view.incomplete_reason = reason;
      }
      collect_annotations(response, view.final_annotations);
      simdjson::dom::array items;
      if (response["output"].get_array().get(items) == simdjson::SUCCESS) {
        for (simdjson::dom::element item : items) {
          std::string_view item_type;
          if (item["type"].get(item_type) == simdjson::SUCCESS) {
            view.final_items.emplace_back(item_type);
          }
          check_item(item, "final response");
        }
      }
    } else if (type == "error") {
      std::string_view code;
      EXPECT_EQ(simdjson::SUCCESS, root["code"].get(code));
      view.error_codes.emplace_back(code);
    }
  }
  return view;
}

}  // namespace groundgate::proxy::openai::test_responses
