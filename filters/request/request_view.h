#pragma once
// A guarded request as the filters read it, whatever API shape it came in (chat completions,
// legacy completions, the Responses API): decoded once and strictly by proxy/openai
// (request_decoder.h), the one place request JSON is parsed. Filters read this view and never
// the request's bytes; a body the proxy must change (members stripped, a check's side request)
// is written by proxy/openai from it. A new API shape is a decoder there, not a change here.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::request {

enum class ApiShape : std::uint8_t { kChatCompletions, kCompletions, kResponses };

// Who wrote a turn: what it may be trusted for.
enum class Role : std::uint8_t {
  kSystem,     // system messages; the Responses API's `instructions`
  kDeveloper,  // developer messages
  kUser,       // the end user: what they typed, blocks that look like context included
  kAssistant,  // the model's earlier answers: never evidence
  kTool,       // a tool's result (chat `tool`/`function` messages, Responses tool outputs, an
               // earlier file search's passages, code interpreter logs)
  kPrompt,     // a legacy completion's prompt: the app's text, the user's question inside it
  kOther,      // a role the API does not define
};

// One turn of the conversation, in request order.
struct Turn {
  Role role = Role::kOther;
  std::string text;  // its content: a string, or its text parts joined by line breaks
  std::string name;  // kTool: the tool (or the file) it came from, when the request says
  std::string id;    // kTool: the call (or the file) it answers, when the request says
};

// One retrieved document of the `context` or `documents` extension field.
struct Document {
  std::string text;
  std::string title;
  std::string id;
};

// A `context` or `documents` member: a string, or a list of strings and of objects whose text
// is their first of `text`, `content` and `snippet`.
struct ContextField {
  std::string name;  // "context" or "documents"
  std::vector<Document> documents;
  bool list_or_string = true;    // false: neither, nothing in it was read
  std::size_t without_text = 0;  // list items with no text, skipped
};

// A tool (or legacy function) the app offers the model, and the values its parameter schema
// offers anywhere in it (`enum`, `const`, `default`): a string's text or a number's JSON.
struct Tool {
  std::string name;
  std::vector<std::string> offered_values;
};

// A top-level member the view does not decode itself (an extension such as `schema`): a
// string's text, or any other value's JSON text, which a check that reads it parses as its
// own format (as it would the same format from a file).
struct ExtensionMember {
  std::string name;
  bool string = false;  // the value is a JSON string: `value` is its text
  std::string value;
};

enum class AnswerFormat : std::uint8_t { kText, kJsonObject, kJsonSchema };

struct RequestView {
  // False: nothing in the request can be read (not a JSON object, a member the view reads given
  // twice in one object, two API shapes in one body); `error` says why, and whatever the
  // answer claims is unverified.
  bool readable = false;
  std::string error;
  ApiShape shape = ApiShape::kChatCompletions;
  std::string model;
  bool stream = false;
  bool background = false;  // Responses: answered later, by a GET
  AnswerFormat answer_format =
      AnswerFormat::kText;  // chat `response_format`, Responses `text.format`
  std::vector<Turn> turns;
  std::vector<ContextField> context_fields;
  std::vector<Tool> tools;
  std::vector<ExtensionMember> extensions;
  // Parts that may hold context but cannot be read (a file, an image, items stored upstream),
  // a few descriptions: the context is incomplete.
  std::vector<std::string> unreadable;
  std::vector<std::string> warnings;  // read anyway, with a caveat (invalid UTF-8 replaced)

  // The last user turn's text (empty without one): what the answer answers.
  std::string_view question() const;
  // The extension member `name`, or null.
  const ExtensionMember* extension(std::string_view name) const;
};

}  // namespace groundgate::filters::request
