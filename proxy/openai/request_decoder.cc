#include "proxy/openai/request_decoder.h"

#include <array>
#include <utility>

#include "proxy/openai/request_inspector.h"
#include "proxy/openai/request_json.h"
#include "proxy/openai/request_reading.h"

namespace groundgate::proxy::openai {
namespace {

namespace dom = simdjson::dom;
using filters::request::AnswerFormat;
using filters::request::ApiShape;

// The top-level members the view decodes itself; any other is an extension member.
constexpr std::array<std::string_view, 15> kViewMembers{"model",       "stream",
                                                        "background",  "response_format",
                                                        "text",        "messages",
                                                        "input",       "instructions",
                                                        "prompt",      "context",
                                                        "documents",   "tools",
                                                        "functions",   "previous_response_id",
                                                        "conversation"};

// Bounds of the walk over tool parameter schemas (bounded work on any request).
constexpr std::size_t kMaxOfferedValues = 4096;
constexpr int kMaxSchemaDepth = 16;

bool is_view_member(std::string_view key) {
  for (std::string_view member : kViewMembers)
    if (member == key) return true;
  return false;
}

// A string's text or a number's JSON text; nothing for other types.
std::optional<std::string> scalar_text(dom::element element) {
  if (auto text = string_of(element)) return std::string(*text);
  if (element.is_number()) return simdjson::minify(element);
  return std::nullopt;
}

// The shape the endpoint serves. A body holding another shape's conversation as well would be
// read one way here and maybe the other way upstream: refused. Where the endpoint is not
// known, the body's members tell (chat's `messages` first).
std::optional<ApiShape> shape_of(EndpointKind kind, dom::object root, RequestReading& reading) {
  const bool messages = present(root, "messages");
  if (messages && present(root, "input")) {
    reading.refuse("both `messages` (chat completions) and `input` (Responses API)");
    return std::nullopt;
  }
  switch (kind) {
    case EndpointKind::kChatCompletions:
      return ApiShape::kChatCompletions;
    case EndpointKind::kCompletions:
      return ApiShape::kCompletions;
    case EndpointKind::kResponses:
      return ApiShape::kResponses;
    case EndpointKind::kOther:
      break;
  }
  dom::array list;
  if (root.at_key("messages").get_array().get(list) == simdjson::SUCCESS) {
    return ApiShape::kChatCompletions;
  }
  dom::object prompt;  // a stored prompt template; a legacy completion's prompt is text
  if (!messages && (present(root, "input") || present(root, "instructions") ||
                    root.at_key("prompt").get_object().get(prompt) == simdjson::SUCCESS)) {
    return ApiShape::kResponses;
  }
  return present(root, "prompt") ? ApiShape::kCompletions : ApiShape::kChatCompletions;
}

class RootReader {
 public:
  RootReader(RequestReading& reading) : reading_(reading), view_(reading.view()) {}

  void read(dom::object root, ApiShape shape) {
    view_.shape = shape;
    for (auto [key, value] : root) {
      reading_.layout().members.emplace_back(key);
      member(key, value);
    }
    // Turns in the order every reader sees them: a Responses request's instructions first.
    dom::element value;
    if (shape == ApiShape::kChatCompletions &&
        root.at_key("messages").get(value) == simdjson::SUCCESS) {
      read_chat_messages(value, reading_);
    } else if (shape == ApiShape::kCompletions &&
               root.at_key("prompt").get(value) == simdjson::SUCCESS) {
      read_prompt(value, reading_);
    } else if (shape == ApiShape::kResponses) {
      read_responses_input(root, reading_);
    }
  }

 private:
  void member(std::string_view key, dom::element value) {
    if (key == "model") {
      view_.model = string_of(value).value_or("");
    } else if (key == "stream") {
      bool stream = false;
      view_.stream = value.get_bool().get(stream) == simdjson::SUCCESS && stream;
    } else if (key == "background" && view_.shape == ApiShape::kResponses) {
      bool background = false;
      view_.background = value.get_bool().get(background) == simdjson::SUCCESS && background;
    } else if (key == "response_format" && view_.shape != ApiShape::kResponses) {
      view_.answer_format = answer_format(value, "response_format");
    } else if (key == "text" && view_.shape == ApiShape::kResponses) {
      if (std::optional<dom::object> text = reading_.object(value, "text")) {
        dom::element format;
        if (text->at_key("format").get(format) == simdjson::SUCCESS) {
          view_.answer_format = answer_format(format, "text.format");
        }
      }
    } else if (key == "context" || key == "documents") {
      context_field(key, value);
    } else if (key == "tools" || key == "functions") {
      tools(value, key == "functions");
    } else if (!is_view_member(key)) {
      view_.extensions.push_back(extension(key, value));
    }
  }

  AnswerFormat answer_format(dom::element value, std::string_view what) {
    const std::optional<dom::object> format = reading_.object(value, what);
    const std::string_view type =
        format ? field_string(*format, "type").value_or("") : std::string_view();
    return type == "json_object"   ? AnswerFormat::kJsonObject
           : type == "json_schema" ? AnswerFormat::kJsonSchema
                                   : AnswerFormat::kText;
  }

  // `context`: a string or a list of strings; `documents`: a list of strings or objects
  // (text/content/snippet, title, id). Either shape is accepted in either field.
  void context_field(std::string_view name, dom::element value) {
    filters::request::ContextField field;
    field.name = name;
    dom::array items;
    if (auto text = string_of(value)) {
      field.documents.push_back({std::string(*text), {}, {}});
    } else if (value.get_array().get(items) == simdjson::SUCCESS) {
      for (dom::element item : items)
        document(item, field);
    } else {
      field.list_or_string = false;
    }
    view_.context_fields.push_back(std::move(field));
  }

  void document(dom::element item, filters::request::ContextField& field) {
    if (auto text = string_of(item)) {
      field.documents.push_back({std::string(*text), {}, {}});
      return;
    }
    std::optional<std::string_view> text;
    const std::optional<dom::object> object = reading_.object(item, "document");
    if (object) {
      for (std::string_view key : {"text", "content", "snippet"}) {
        if ((text = field_string(*object, key))) break;
      }
    }
    if (!text) {
      ++field.without_text;
      return;
    }
    field.documents.push_back({std::string(*text),
                               std::string(field_string(*object, "title").value_or("")),
                               id_text(*object, "id")});
  }

  // Chat nests a tool's function ({"type":"function","function":{...}}); the Responses API
  // does not ({"type":"function","name":...,"parameters":...}); legacy `functions` are those.
  void tools(dom::element value, bool legacy) {
    dom::array list;
    if (value.get_array().get(list) != simdjson::SUCCESS) return;
    for (dom::element item : list) {
      std::optional<dom::object> tool = reading_.object(item, legacy ? "function" : "tool");
      dom::element nested;
      if (tool && !legacy && tool->at_key("function").get(nested) == simdjson::SUCCESS) {
        tool = reading_.object(nested, "function");
      }
      std::optional<std::string_view> name = tool ? field_string(*tool, "name") : std::nullopt;
      dom::element parameters;
      if (!name || tool->at_key("parameters").get(parameters) != simdjson::SUCCESS) continue;
      filters::request::Tool out;
      out.name = *name;
      offered_values(parameters, 0, out.offered_values);
      view_.tools.push_back(std::move(out));
    }
  }

  // The `enum`, `const` and `default` values anywhere in a parameter schema.
  void offered_values(dom::element schema, int depth, std::vector<std::string>& out) {
    if (depth > kMaxSchemaDepth || offered_ >= kMaxOfferedValues) return;
    dom::array array;
    if (std::optional<dom::object> object = reading_.object(schema, "tool schema")) {
      for (auto [key, value] : *object) {
        if (key == "enum" && value.get_array().get(array) == simdjson::SUCCESS) {
          for (dom::element item : array)
            offer(scalar_text(item), out);
        } else if (key == "const" || key == "default") {
          offer(scalar_text(value), out);
        } else {
          offered_values(value, depth + 1, out);
        }
      }
    } else if (schema.get_array().get(array) == simdjson::SUCCESS) {
      for (dom::element item : array)
        offered_values(item, depth + 1, out);
    }
  }

  void offer(std::optional<std::string> value, std::vector<std::string>& out) {
    if (!value || offered_ >= kMaxOfferedValues) return;
    out.push_back(std::move(*value));
    ++offered_;
  }

  static filters::request::ExtensionMember extension(std::string_view key, dom::element value) {
    filters::request::ExtensionMember member;
    member.name = key;
    if (auto text = string_of(value)) {
      member.string = true;
      member.value = *text;
    } else {
      member.value = simdjson::minify(value);
    }
    return member;
  }

  RequestReading& reading_;
  filters::request::RequestView& view_;
  std::size_t offered_ = 0;
};

}  // namespace

DecodedRequest decode_request(dom::element root, EndpointKind kind) {
  DecodedRequest out;
  RequestReading reading(out);
  dom::object object;
  if (root.get_object().get(object) != simdjson::SUCCESS) {
    reading.refuse("request body is not a JSON object");
    return out;
  }
  out.view.readable = true;
  if (std::optional<std::string_view> key = repeated_key(object)) {
    reading.refuse("request member \"" + std::string(*key) + "\" given twice");
    return out;
  }
  const std::optional<ApiShape> shape = shape_of(kind, object, reading);
  if (shape) RootReader(reading).read(object, *shape);
  if (reading.refused()) {
    // Nothing of a request read two ways is evidence: only the reason stays.
    std::string error = std::move(out.view.error);
    out = DecodedRequest{};
    out.view.error = std::move(error);
  }
  return out;
}

DecodedRequest decode_request(std::string_view body, EndpointKind kind) {
  RequestInspector inspector;
  inspector.inspect(kind, body);
  return inspector.decode();
}

}  // namespace groundgate::proxy::openai
