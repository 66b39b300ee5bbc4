#pragma once
// Decodes one event of the Responses API's stream (`response.output_text.delta`, …) or a whole
// response object (the non-streamed answer, and the `response` member of lifecycle events).
// Besides the values it records where the answer text, the arguments and the objects sit in
// the raw JSON, so that a writer can splice the client's text in and leave every other byte as
// the upstream sent it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/stream_filter.h"
#include "proxy/openai/chunk_decoder.h"
#include "proxy/openai/status.h"

namespace groundgate::proxy::openai {

// A content part (`output_text`, `refusal`, `reasoning_text`, …) or a reasoning item's
// summary part (`summary_text`).
struct ResponsesPart {
  std::string type;
  // The text a client shows: `text`, or a refusal part's `refusal` (a part with both does not
  // decode: clients differ in which they show).
  bool has_text = false;
  std::string text;          // unescaped
  ByteRange text_range;      // the string token, quotes included
  ByteRange logprobs_range;  // a non-empty logprobs array: its tokens repeat the text
};

// An output item (`message`, `function_call`, `file_search_call`, …).
struct ResponsesItem {
  ByteRange range;  // the item object
  std::string type;
  std::string id;
  std::string status;
  std::string name;     // function_call
  std::string call_id;  // function_call
  bool has_arguments = false;
  std::string arguments;  // function_call, unescaped
  std::vector<ResponsesPart> content;
  std::vector<ResponsesPart> summary;  // a reasoning item's summary parts
  // file_search_call results (present when the request asked to include them).
  std::vector<filters::stream::RetrievedPassage> results;
};

// A response object: the non-streamed answer, or the `response` of a lifecycle event.
struct ResponsesObject {
  ByteRange range;  // the object
  std::string id;
  std::string status;
  bool has_output = false;
  std::vector<ResponsesItem> output;
  bool has_error = false;  // a non-null `error`
  // `output_text`, the SDKs' concatenation of the text parts, which some servers send too.
  bool has_output_text = false;
  ByteRange output_text_range;
};

struct ResponsesEvent {
  std::string type;
  bool has_sequence = false;
  std::int64_t sequence = 0;
  ByteRange sequence_range;
  std::string item_id;
  std::int64_t output_index = -1;
  std::int64_t content_index = -1;
  std::int64_t summary_index = -1;  // reasoning summary events
  bool has_delta = false;           // output_text.delta, function_call_arguments.delta
  std::string delta;
  ByteRange delta_range;
  // output_text.done, reasoning_summary_text.done, reasoning_text.done (`text`); refusal.done
  // (`refusal`: an event with both does not decode)
  bool has_text = false;
  std::string text;
  ByteRange text_range;
  ByteRange logprobs_range;    // output_text.delta / .done: a non-empty logprobs array
  bool has_arguments = false;  // function_call_arguments.done
  std::string arguments;
  std::string name;
  std::optional<ResponsesPart> part;        // content_part.added / .done
  std::optional<ResponsesItem> item;        // output_item.added / .done
  std::optional<ResponsesObject> response;  // response.created, .completed, …

  void clear();
};

class ResponsesEventDecoder {
 public:
  // One streamed event's JSON.
  Status decode(std::string_view json, ResponsesEvent& out);
  // A whole response object's JSON (the non-streamed answer).
  Status decode_response(std::string_view json, ResponsesObject& out);
};

}  // namespace groundgate::proxy::openai
