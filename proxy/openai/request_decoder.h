#pragma once
// A completion request's body decoded once, strictly, into the shape-neutral view the filters
// read (filters/request/request_view.h), and where its parts sit, for the writer
// (request_writer.h). One decoder per API shape: chat completions (`messages`), legacy
// completions (`prompt`) and the Responses API (`input`, `instructions`); the endpoint says
// which, and a body that also holds another shape's `messages` or `input` is refused (an
// upstream of the other shape would answer a request the filters never read). A key given
// twice in any object the view reads makes the request unreadable: readers disagree on which
// one counts (simdjson's DOM keeps the first, Python and Node the last).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <simdjson.h>

#include "filters/request/request_view.h"
#include "proxy/openai/endpoint_kind.h"

namespace groundgate::proxy::openai {

// Where the request writer finds what it may change, by position rather than by key (a key
// may be written with escapes, "cont\u0065nt"): the top-level members as the parser read
// them, and the last user message, whose question a check may ask again rewritten.
struct RequestLayout {
  std::vector<std::string> members;  // top-level keys, decoded, in document order

  struct TextPart {
    std::size_t index = 0;        // among the content's parts
    std::size_t text_member = 0;  // position of `text` among the part's members
    std::string text;
  };
  // The last user message of `messages` (chat) or `input` (Responses).
  struct UserMessage {
    std::size_t item = 0;                    // its index in the list
    std::optional<std::size_t> content;      // position of `content` among its members
    std::optional<std::string> string_text;  // content that is a string: its text
    std::vector<TextPart> parts;             // content that is a list: parts with a `text`
  };
  enum class Conversation : unsigned char { kNone, kListOfMessages, kInputString, kUnreadable };
  // How the conversation is given: chat `messages` (a list), Responses `input` (a list of
  // items, or the question as a string); kUnreadable: neither.
  Conversation conversation = Conversation::kUnreadable;
  std::string input_text;                // kInputString: the string
  std::optional<UserMessage> last_user;  // in a list
  bool stored_conversation = false;      // Responses `conversation`: the request adds to it
};

struct DecodedRequest {
  filters::request::RequestView view;
  RequestLayout layout;
};

// Reads the view of a parsed body: `root` as simdjson's DOM parsed it; `kind`: the endpoint's,
// kOther when unknown (then the body's members tell the shape). RequestInspector parses.
DecodedRequest decode_request(simdjson::dom::element root, EndpointKind kind);

// A body on its own (tests, the command line): RequestInspector's one parse, then its view.
DecodedRequest decode_request(std::string_view body, EndpointKind kind = EndpointKind::kOther);

}  // namespace groundgate::proxy::openai
