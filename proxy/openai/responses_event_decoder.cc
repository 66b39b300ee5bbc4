#include "proxy/openai/responses_event_decoder.h"

#include <array>
#include <string_view>
#include <utility>

#include <simdjson.h>

#include "proxy/openai/json_document.h"
#include "proxy/openai/json_members.h"

namespace groundgate::proxy::openai {
namespace {

namespace od = simdjson::ondemand;

// Output items, content parts and search results kept per object; more is refused.
constexpr int kMaxItems = 4096;

// The members each kind of object's walk reads, each allowed once (MembersOnce).
constexpr std::array<std::string_view, 15> kEventMembers{
    "type",     "sequence_number", "item_id",      "output_index", "content_index", "delta",
    "text",     "arguments",       "name",         "logprobs",     "part",          "item",
    "response", "refusal",         "summary_index"};
constexpr std::array<std::string_view, 5> kResponseMembers{"id", "status", "error", "output",
                                                           "output_text"};
constexpr std::array<std::string_view, 9> kItemMembers{
    "type", "id", "status", "name", "call_id", "arguments", "content", "results", "summary"};
constexpr std::array<std::string_view, 4> kPartMembers{"type", "text", "logprobs", "refusal"};
constexpr std::array<std::string_view, 3> kResultMembers{"text", "filename", "file_id"};

// Walks one document; `base` is the start of the padded input, for byte offsets.
class Walker {
 public:
  Walker(const char* base, std::size_t size) : base_(base), size_(size) {}

  Status event(od::object object, ResponsesEvent& out) {
    MembersOnce once(kEventMembers);
    for (auto field_result : object) {
      od::field field;
      std::string_view key;
      if (auto error = std::move(field_result).get(field); error)
        return json_failure("event", error);
      if (auto error = json_key(field, key); error) return json_failure("event key", error);
      if (!once.first(key)) return member_twice("event", key);
      od::value value = field.value();
      Status status;
      if (key == "type") {
        status = string(value, out.type);
      } else if (key == "sequence_number") {
        status = integer(value, out.sequence, out.sequence_range);
        out.has_sequence = status.ok;
      } else if (key == "item_id") {
        status = string(value, out.item_id);
      } else if (key == "output_index") {
        ByteRange ignored;
        status = integer(value, out.output_index, ignored);
      } else if (key == "content_index") {
        ByteRange ignored;
        status = integer(value, out.content_index, ignored);
      } else if (key == "summary_index") {
        ByteRange ignored;
        status = integer(value, out.summary_index, ignored);
      } else if (key == "delta") {
        status = text(value, out.has_delta, out.delta, out.delta_range);
      } else if (key == "text" || key == "refusal") {
        if (out.has_text && !is_null(value)) return Status::failure("event with text and refusal");
        status = text(value, out.has_text, out.text, out.text_range);
      } else if (key == "arguments") {
        ByteRange ignored;
        status = text(value, out.has_arguments, out.arguments, ignored);
      } else if (key == "name") {
        status = string(value, out.name);
      } else if (key == "logprobs") {
        status = logprobs(value, out.logprobs_range);
      } else if (key == "part") {
        if (!is_null(value)) status = part(value, out.part.emplace());
      } else if (key == "item") {
        if (!is_null(value)) status = item(value, out.item.emplace());
      } else if (key == "response") {
        if (!is_null(value)) status = response(value, out.response.emplace());
      }
      if (!status.ok) return status;
    }
    return {};
  }

  Status response(od::value& value, ResponsesObject& out) {
    const std::size_t begin = offset_of(value);
    od::object object;
    if (auto error = value.get_object().get(object); error) return json_failure("response", error);
    MembersOnce once(kResponseMembers);
    for (auto field_result : object) {
      od::field field;
      std::string_view key;
      if (auto error = std::move(field_result).get(field); error)
        return json_failure("response", error);
      if (auto error = json_key(field, key); error) return json_failure("response key", error);
      if (!once.first(key)) return member_twice("response", key);
      od::value member = field.value();
      Status status;
      if (key == "id") {
        status = string(member, out.id);
      } else if (key == "status") {
        status = string(member, out.status);
      } else if (key == "error") {
        out.has_error = !is_null(member);
      } else if (key == "output") {
        status = output(member, out);
      } else if (key == "output_text") {
        std::string ignored;
        status = text(member, out.has_output_text, ignored, out.output_text_range);
      }
      if (!status.ok) return status;
    }
    return close_range(begin, out.range, "response");
  }

 private:
  Status output(od::value& value, ResponsesObject& out) {
    if (is_null(value)) return {};
    od::array array;
    if (auto error = value.get_array().get(array); error) return json_failure("output", error);
    out.has_output = true;
    for (auto element : array) {
      od::value item_value;
      if (auto error = element.get(item_value); error) return json_failure("output item", error);
      if (out.output.size() >= kMaxItems) return Status::failure("too many output items");
      if (Status status = item(item_value, out.output.emplace_back()); !status.ok) return status;
    }
    return {};
  }

  Status item(od::value& value, ResponsesItem& out) {
    const std::size_t begin = offset_of(value);
    od::object object;
    if (auto error = value.get_object().get(object); error) return json_failure("item", error);
    MembersOnce once(kItemMembers);
    for (auto field_result : object) {
      od::field field;
      std::string_view key;
      if (auto error = std::move(field_result).get(field); error)
        return json_failure("item", error);
      if (auto error = json_key(field, key); error) return json_failure("item key", error);
      if (!once.first(key)) return member_twice("item", key);
      od::value member = field.value();
      Status status;
      if (key == "type") {
        status = string(member, out.type);
      } else if (key == "id") {
        status = string(member, out.id);
      } else if (key == "status") {
        status = string(member, out.status);
      } else if (key == "name") {
        status = string(member, out.name);
      } else if (key == "call_id") {
        status = string(member, out.call_id);
      } else if (key == "arguments") {
        ByteRange ignored;
        status = text(member, out.has_arguments, out.arguments, ignored);
      } else if (key == "content") {
        status = parts(member, out.content);
      } else if (key == "summary") {
        status = parts(member, out.summary);
      } else if (key == "results") {
        status = results(member, out);
      }
      if (!status.ok) return status;
    }
    return close_range(begin, out.range, "item");
  }

  // An item's content (a message's, a reasoning item's) or summary: a list of parts; other
  // shapes carry no text.
  Status parts(od::value& value, std::vector<ResponsesPart>& out) {
    if (is_null(value)) return {};
    od::array array;
    if (value.get_array().get(array) != simdjson::SUCCESS) return {};
    for (auto element : array) {
      od::value part_value;
      if (auto error = element.get(part_value); error) return json_failure("content part", error);
      if (out.size() >= kMaxItems) return Status::failure("too many content parts");
      if (Status status = part(part_value, out.emplace_back()); !status.ok) return status;
    }
    return {};
  }

  Status part(od::value& value, ResponsesPart& out) {
    od::object object;
    if (auto error = value.get_object().get(object); error) return json_failure("part", error);
    MembersOnce once(kPartMembers);
    for (auto field_result : object) {
      od::field field;
      std::string_view key;
      if (auto error = std::move(field_result).get(field); error)
        return json_failure("part", error);
      if (auto error = json_key(field, key); error) return json_failure("part key", error);
      if (!once.first(key)) return member_twice("part", key);
      od::value member = field.value();
      Status status;
      if (key == "type") {
        status = string(member, out.type);
      } else if (key == "text" || key == "refusal") {
        if (out.has_text && !is_null(member)) return Status::failure("part with text and refusal");
        status = text(member, out.has_text, out.text, out.text_range);
      } else if (key == "logprobs") {
        status = logprobs(member, out.logprobs_range);
      }
      if (!status.ok) return status;
    }
    return {};
  }

  // Log probabilities: their tokens repeat the text, so a writer that changes the text must not
  // leave them. An empty list (the usual value) needs nothing.
  Status logprobs(od::value& value, ByteRange& range) {
    od::array array;
    if (value.get_array().get(array) != simdjson::SUCCESS) return {};
    std::string_view raw;
    if (auto error = array.raw_json().get(raw); error) return json_failure("logprobs", error);
    raw = trim_right(raw);
    if (raw.size() > 2) range = range_of(raw);
    return {};
  }

  // file_search_call results: passages with their file's name and id.
  Status results(od::value& value, ResponsesItem& out) {
    if (is_null(value)) return {};
    od::array array;
    if (value.get_array().get(array) != simdjson::SUCCESS) return {};
    for (auto element : array) {
      od::object object;
      if (element.get_object().get(object) != simdjson::SUCCESS) continue;
      filters::stream::RetrievedPassage passage;
      bool has_text = false;
      MembersOnce once(kResultMembers);
      for (auto field_result : object) {
        od::field field;
        std::string_view key;
        if (auto error = std::move(field_result).get(field); error)
          return json_failure("result", error);
        if (auto error = json_key(field, key); error) return json_failure("result", error);
        if (!once.first(key)) return member_twice("result", key);
        od::value member = field.value();
        Status status;
        if (key == "text") {
          ByteRange ignored;
          status = text(member, has_text, passage.text, ignored);
        } else if (key == "filename") {
          status = string(member, passage.title);
        } else if (key == "file_id") {
          status = string(member, passage.id);
        }
        if (!status.ok) return status;
      }
      if (has_text && out.results.size() < kMaxItems) out.results.push_back(std::move(passage));
    }
    return {};
  }

  // A string member; other types leave `out` empty.
  static Status string(od::value& value, std::string& out) {
    std::string_view text;
    if (value.get_string().get(text) == simdjson::SUCCESS) out.assign(text);
    return {};
  }

  Status integer(od::value& value, std::int64_t& out, ByteRange& range) {
    const std::string_view token = trim_right(value.raw_json_token());
    if (auto error = value.get_int64().get(out); error) return json_failure("integer", error);
    range = range_of(token);
    return {};
  }

  // Answer text: a string or null. Any other type is refused: a client would read something,
  // and a filter could not check it. (A second one in the same object is refused as every
  // member read twice is: MembersOnce.)
  Status text(od::value& value, bool& has, std::string& out, ByteRange& range) {
    if (is_null(value)) return {};
    const std::string_view token = trim_right(value.raw_json_token());
    std::string_view unescaped;
    if (auto error = value.get_string().get(unescaped); error) return json_failure("text", error);
    has = true;
    out.assign(unescaped);
    range = range_of(token);
    return {};
  }

  std::size_t offset_of(od::value& value) const {
    return static_cast<std::size_t>(value.raw_json_token().data() - base_);
  }

  // An object walked from `begin` to its end (validated by the walk).
  Status close_range(std::size_t begin, ByteRange& range, std::string_view what) const {
    const std::size_t end = json_value_end(std::string_view(base_, size_), begin);
    if (end == std::string_view::npos) {
      return Status::failure(std::string(what) + " does not end");
    }
    range = {begin, end};
    return {};
  }

  ByteRange range_of(std::string_view token) const {
    const auto begin = static_cast<std::size_t>(token.data() - base_);
    return {begin, begin + token.size()};
  }

  const char* base_;
  std::size_t size_;
};

// One document walked by `walk`, with its byte offsets from the padded input.
template <typename Walk>
Status decode_with(std::string_view json, Walk walk) {
  JsonDocument parse;
  if (Status status = parse.start(json, "event"); !status.ok) return status;
  Walker walker(parse.base(), json.size());
  if (Status status = walk(walker, parse.document()); !status.ok) return status;
  return parse.finish("event");
}

}  // namespace

void ResponsesEvent::clear() {
  type.clear();
  has_sequence = false;
  sequence = 0;
  sequence_range = {};
  item_id.clear();
  output_index = -1;
  content_index = -1;
  summary_index = -1;
  has_delta = false;
  delta.clear();
  delta_range = {};
  has_text = false;
  text.clear();
  text_range = {};
  has_arguments = false;
  arguments.clear();
  name.clear();
  part.reset();
  item.reset();
  response.reset();
}

Status ResponsesEventDecoder::decode(std::string_view json, ResponsesEvent& out) {
  out.clear();
  return decode_with(json, [&](Walker& walker, od::document& document) -> Status {
    od::object object;
    if (auto error = document.get_object().get(object); error) return json_failure("event", error);
    return walker.event(object, out);
  });
}

Status ResponsesEventDecoder::decode_response(std::string_view json, ResponsesObject& out) {
  out = ResponsesObject{};
  return decode_with(json, [&](Walker& walker, od::document& document) -> Status {
    od::value value;
    if (auto error = document.get_value().get(value); error) return json_failure("response", error);
    return walker.response(value, out);
  });
}

}  // namespace groundgate::proxy::openai
