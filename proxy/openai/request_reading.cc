#include "proxy/openai/request_reading.h"

#include <algorithm>

#include "proxy/openai/request_json.h"

namespace groundgate::proxy::openai {
namespace {

namespace dom = simdjson::dom;

// Part types that carry context a text reader cannot see.
bool is_opaque_part(std::string_view type) {
  return type == "input_file" || type == "input_image" || type == "input_audio" || type == "file" ||
         type == "image_url" || type == "input_video";
}

bool is_user_message(dom::object item) {
  // A Responses input item may leave out its type; a chat message has none.
  if (field_string(item, "role").value_or("") != "user") return false;
  return field_string(item, "type").value_or("message") == "message";
}

std::optional<std::size_t> position_of(dom::object object, std::string_view key) {
  std::size_t i = 0;
  for (auto [name, value] : object) {
    if (name == key) return i;
    ++i;
  }
  return std::nullopt;
}

}  // namespace

void RequestReading::refuse(std::string error) {
  if (refused_) return;
  refused_ = true;
  out_.view.readable = false;
  out_.view.error = std::move(error);
}

std::optional<dom::object> RequestReading::object(dom::element element, std::string_view what) {
  dom::object object;
  if (element.get_object().get(object) != simdjson::SUCCESS) return std::nullopt;
  if (std::optional<std::string_view> key = repeated_key(object)) {
    refuse(std::string(what) + " member \"" + std::string(*key) + "\" given twice");
    return std::nullopt;
  }
  return object;
}

void RequestReading::unreadable(std::string what) {
  // A handful tell the reader enough; a request with hundreds of files repeats itself.
  constexpr std::size_t kMaxReasons = 8;
  std::vector<std::string>& notes = out_.view.unreadable;
  if (std::find(notes.begin(), notes.end(), what) != notes.end()) return;
  if (notes.size() < kMaxReasons) notes.push_back(std::move(what));
}

std::optional<std::string> RequestReading::content_text(dom::element content) {
  if (auto text = string_of(content)) return std::string(*text);
  dom::array parts;
  if (content.get_array().get(parts) != simdjson::SUCCESS) return std::nullopt;
  std::string out;
  for (dom::element part : parts) {
    std::optional<std::string_view> text = string_of(part);
    std::optional<dom::object> object;
    if (!text) object = this->object(part, "content part");
    if (object) {
      std::optional<std::string_view> type = field_string(*object, "type");
      if (!type || *type == "text" || *type == "input_text" || *type == "output_text") {
        text = field_string(*object, "text");
      } else if (is_opaque_part(*type)) {
        unreadable("a content part of type `" + std::string(*type) + "`");
      }
    }
    if (!text) continue;
    if (!out.empty()) out.push_back('\n');
    out.append(*text);
  }
  return out;
}

void RequestReading::add_turn(filters::request::Role role, std::string text, std::string_view name,
                              std::string_view id) {
  out_.view.turns.push_back({role, std::move(text), std::string(name), std::string(id)});
}

std::optional<RequestLayout::UserMessage> last_user_message(dom::array items) {
  std::optional<dom::object> last;
  std::size_t index = 0, i = 0;
  for (dom::element item : items) {
    dom::object object;
    if (item.get_object().get(object) == simdjson::SUCCESS && is_user_message(object)) {
      last = object;
      index = i;
    }
    ++i;
  }
  if (!last) return std::nullopt;
  RequestLayout::UserMessage message;
  message.item = index;
  message.content = position_of(*last, "content");
  dom::element content;
  if (!message.content || last->at_key("content").get(content) != simdjson::SUCCESS) {
    return message;
  }
  if (auto text = string_of(content)) {
    message.string_text = std::string(*text);
    return message;
  }
  dom::array parts;
  if (content.get_array().get(parts) != simdjson::SUCCESS) return message;
  std::size_t part_index = 0;
  for (dom::element part : parts) {
    dom::object object;
    std::optional<std::string_view> text;
    if (part.get_object().get(object) == simdjson::SUCCESS &&
        (text = field_string(object, "text"))) {
      message.parts.push_back({part_index, *position_of(object, "text"), std::string(*text)});
    }
    ++part_index;
  }
  return message;
}

}  // namespace groundgate::proxy::openai
