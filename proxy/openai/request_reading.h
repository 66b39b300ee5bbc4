#pragma once
// What the request decoders of each API shape share while they read one body into its view
// (request_decoder.h): the view and layout being filled, the strict reading of objects (a key
// twice refuses the request), message content as text, and the notes on what cannot be read.

#include <optional>
#include <string>
#include <string_view>

#include <simdjson.h>

#include "proxy/openai/request_decoder.h"

namespace groundgate::proxy::openai {

class RequestReading {
 public:
  explicit RequestReading(DecodedRequest& out) : out_(out) {}

  filters::request::RequestView& view() { return out_.view; }
  RequestLayout& layout() { return out_.layout; }
  bool refused() const { return refused_; }

  // The request cannot be read (the first reason counts): nothing in it is evidence.
  void refuse(std::string error);
  // `object` as an object of the request (`what` names it in the error), or nullopt: not an
  // object, or refused for a key given twice.
  std::optional<simdjson::dom::object> object(simdjson::dom::element element,
                                              std::string_view what);
  // A part of the request that may hold context but cannot be read (a file, a stored item).
  void unreadable(std::string what);
  // Message content: a string, or a list of parts whose text parts count (types `text`,
  // `input_text`, `output_text`, or none), joined by line breaks. Nothing when it is neither;
  // parts that may hold context but are not text (files, images, audio) are noted unreadable.
  std::optional<std::string> content_text(simdjson::dom::element content);
  // A turn with text.
  void add_turn(filters::request::Role role, std::string text, std::string_view name = {},
                std::string_view id = {});

 private:
  DecodedRequest& out_;
  bool refused_ = false;
};

// The last user message of a conversation list (chat `messages`, Responses `input` items), as
// the request writer needs it; nullopt without one.
std::optional<RequestLayout::UserMessage> last_user_message(simdjson::dom::array items);

// Each shape's conversation, read into turns.
void read_chat_messages(simdjson::dom::element messages, RequestReading& reading);
void read_prompt(simdjson::dom::element prompt, RequestReading& reading);
void read_responses_input(simdjson::dom::object root, RequestReading& reading);

}  // namespace groundgate::proxy::openai
