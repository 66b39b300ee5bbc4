#include "proxy/openai/chunk_decoder.h"

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "proxy/openai/json_document.h"

namespace groundgate::proxy::openai {
namespace {

namespace od = simdjson::ondemand;

// The members each kind of object's walk reads, each allowed once (MembersOnce).
constexpr std::array<std::string_view, 8> kChunkMembers{
    "id", "object", "model", "system_fingerprint", "created", "choices", "usage", "error"};
constexpr std::array<std::string_view, 6> kChoiceMembers{"index", "delta",    "message",
                                                         "text",  "logprobs", "finish_reason"};
constexpr std::array<std::string_view, 8> kDeltaMembers{
    "content",           "role",      "tool_calls", "function_call", "refusal",
    "reasoning_content", "reasoning", "audio"};
constexpr std::array<std::string_view, 4> kToolCallMembers{"index", "id", "type", "function"};
constexpr std::array<std::string_view, 2> kFunctionMembers{"name", "arguments"};

// Whether a tool call object (or its function) holds a member it is read for twice.
bool repeats_a_member(simdjson::dom::object object, std::span<const std::string_view> read) {
  MembersOnce once(read);
  for (auto [key, value] : object) {
    if (!once.first(key)) return true;
  }
  return false;
}

// The calls in a tool_calls array (or one function_call object), already validated as JSON by
// the chunk's parser.
Status decode_tool_calls(std::string_view raw, bool legacy, std::vector<ToolCallDelta>& out) {
  thread_local simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (auto error = parser.parse(raw.data(), raw.size()).get(root); error) {
    return json_failure("tool_calls", error);
  }
  const auto call_of = [&](simdjson::dom::object function, int call) {
    ToolCallDelta delta;
    delta.call = call;
    std::string_view text;
    if (function["name"].get(text) == simdjson::SUCCESS) delta.name.assign(text);
    simdjson::dom::element arguments;
    if (function["arguments"].get(arguments) == simdjson::SUCCESS) {
      // Always a string in OpenAI's API; an object (some servers) is taken as its JSON.
      if (arguments.get(text) == simdjson::SUCCESS) {
        delta.arguments.assign(text);
      } else if (!arguments.is_null()) {
        delta.arguments = simdjson::minify(arguments);
      }
    }
    out.push_back(std::move(delta));
  };
  simdjson::dom::object object;
  if (legacy) {
    if (root.get(object) != simdjson::SUCCESS) return {};
    if (repeats_a_member(object, kFunctionMembers)) {
      return Status::failure("function_call member given twice");
    }
    call_of(object, 0);
    return {};
  }
  simdjson::dom::array calls;
  if (root.get(calls) != simdjson::SUCCESS) return {};
  int position = 0;
  for (simdjson::dom::element element : calls) {
    int call = position++;
    simdjson::dom::object call_object;
    if (element.get(call_object) == simdjson::SUCCESS) {
      simdjson::dom::object function;
      if (repeats_a_member(call_object, kToolCallMembers) ||
          (call_object["function"].get(function) == simdjson::SUCCESS &&
           repeats_a_member(function, kFunctionMembers))) {
        return Status::failure("tool call member given twice");
      }
    }
    std::int64_t index = 0;
    if (element["index"].get(index) == simdjson::SUCCESS) {
      if (index < 0 || index > ChunkDecoder::kMaxToolCallIndex) {
        return Status::failure("tool call index out of range: " + std::to_string(index));
      }
      call = static_cast<int>(index);
    }
    simdjson::dom::object function;
    if (element["function"].get(function) == simdjson::SUCCESS) {
      call_of(function, call);
    } else {
      out.push_back(ToolCallDelta{call, {}, {}});
    }
  }
  return {};
}

// Walks one document; `base` is the start of the padded input, for byte offsets.
class Walker {
 public:
  Walker(const char* base, DecodedChunk& out) : base_(base), out_(out) {}

  Status root(od::object object) {
    MembersOnce once(kChunkMembers);
    for (auto field_result : object) {
      od::field field;
      std::string_view key;
      if (auto error = std::move(field_result).get(field); error)
        return json_failure("chunk", error);
      if (auto error = json_key(field, key); error) return json_failure("chunk key", error);
      if (!once.first(key)) return member_twice("chunk", key);
      od::value value = field.value();
      Status status;
      if (key == "id") {
        status = header_string(value, out_.id, out_.header.id);
      } else if (key == "object") {
        status = header_string(value, out_.object, out_.header.object);
      } else if (key == "model") {
        status = header_string(value, out_.model, out_.header.model);
      } else if (key == "system_fingerprint") {
        status = header_string(value, out_.system_fingerprint, out_.header.system_fingerprint);
      } else if (key == "created") {
        status = created(value);
      } else if (key == "choices") {
        status = choices(value);
      } else if (key == "usage") {
        out_.has_usage = !is_null(value);
      } else if (key == "error") {
        status = error(value);
      }
      if (!status.ok) return status;
    }
    return {};
  }

 private:
  // A string (or null, kept as such) of the header: other types are left out of synthesised
  // chunks.
  Status header_string(od::value& value, std::string& text, std::string& raw) {
    od::json_type type;
    if (auto error = value.type().get(type); error) return json_failure("header field", error);
    if (type == od::json_type::null && is_null(value)) {
      raw = "null";
      return {};
    }
    if (type != od::json_type::string) return {};
    const std::string_view token = trim_right(value.raw_json_token());
    std::string_view unescaped;
    if (auto error = value.get_string().get(unescaped); error) return json_failure("header", error);
    text.assign(unescaped);
    raw.assign(token);
    return {};
  }

  Status created(od::value& value) {
    od::json_type type;
    if (auto error = value.type().get(type); error) return json_failure("created", error);
    if (type != od::json_type::number) return {};
    const std::string_view token = trim_right(value.raw_json_token());
    std::int64_t seconds = 0;
    if (value.get_int64().get(seconds) != simdjson::SUCCESS) {
      double fractional = 0;
      if (auto error = value.get_double().get(fractional); error) {
        return json_failure("created", error);
      }
      // Out of int64 range the cast is undefined; no real timestamp is that large.
      if (!(fractional > -9.2e18 && fractional < 9.2e18)) {
        return Status::failure("created out of range");
      }
      seconds = static_cast<std::int64_t>(fractional);
    }
    out_.created = seconds;
    out_.header.created.assign(token);
    return {};
  }

  Status error(od::value& value) {
    od::object object;
    if (value.get_object().get(object) != simdjson::SUCCESS) {
      out_.has_error = !is_null(value);
      return {};
    }
    out_.has_error = true;
    for (auto field_result : object) {
      od::field field;
      std::string_view key;
      if (auto error = std::move(field_result).get(field); error)
        return json_failure("error", error);
      if (auto error = json_key(field, key); error) return json_failure("error key", error);
      std::string_view message;
      if (key == "message" && field.value().get_string().get(message) == simdjson::SUCCESS) {
        out_.error_message.assign(message);
      }
    }
    return {};
  }

  Status choices(od::value& value) {
    od::array array;
    if (is_null(value)) return {};
    if (auto error = value.get_array().get(array); error) return json_failure("choices", error);
    int position = 0;
    for (auto element : array) {
      od::object object;
      if (auto error = element.get_object().get(object); error)
        return json_failure("choice", error);
      ChoiceDelta choice;
      choice.index = position++;
      if (Status status = this->choice(object, choice); !status.ok) return status;
      out_.choices.push_back(std::move(choice));
    }
    return {};
  }

  Status choice(od::object& object, ChoiceDelta& choice) {
    MembersOnce once(kChoiceMembers);
    for (auto field_result : object) {
      od::field field;
      std::string_view key;
      if (auto error = std::move(field_result).get(field); error)
        return json_failure("choice", error);
      if (auto error = json_key(field, key); error) return json_failure("choice key", error);
      if (!once.first(key)) return member_twice("choice", key);
      od::value value = field.value();
      Status status;
      if (key == "index") {
        std::int64_t index = 0;
        if (auto error = value.get_int64().get(index); error) return json_failure("index", error);
        if (index < 0 || index > ChunkDecoder::kMaxChoiceIndex) {
          return Status::failure("choice index out of range: " + std::to_string(index));
        }
        choice.index = static_cast<int>(index);
      } else if (key == "delta" || key == "message") {
        status = delta(value, choice);
      } else if (key == "text") {
        status = text(value, choice);
        choice.legacy_text = choice.has_text;
      } else if (key == "logprobs") {
        status = logprobs(value, choice);
      } else if (key == "finish_reason") {
        status = finish_reason(value, choice);
      }
      if (!status.ok) return status;
    }
    return {};
  }

  Status delta(od::value& value, ChoiceDelta& choice) {
    if (is_null(value)) return {};
    od::object object;
    if (auto error = value.get_object().get(object); error) return json_failure("delta", error);
    MembersOnce once(kDeltaMembers);
    for (auto field_result : object) {
      od::field field;
      std::string_view key;
      if (auto error = std::move(field_result).get(field); error)
        return json_failure("delta", error);
      if (auto error = json_key(field, key); error) return json_failure("delta key", error);
      if (!once.first(key)) return member_twice("delta", key);
      od::value member = field.value();
      if (key == "content") {
        if (Status status = text(member, choice); !status.ok) return status;
      } else if (key == "role") {
        std::string_view role;
        if (member.get_string().get(role) == simdjson::SUCCESS) choice.role.assign(role);
      } else if (key == "tool_calls" || key == "function_call") {
        if (Status status = tool_calls(member, key == "function_call", choice); !status.ok) {
          return status;
        }
      } else if (key == "refusal") {
        if (Status status = shown_string(member, "refusal", choice.refusal); !status.ok) {
          return status;
        }
      } else if (key == "reasoning_content" || key == "reasoning") {
        if (Status status = reasoning(member, choice); !status.ok) return status;
      } else if (key == "audio") {
        choice.has_audio = choice.has_audio || !is_null(member);
      }
    }
    return {};
  }

  // A string a client may show (or null: none). Any other type is refused: a client could
  // show something of it that no filter could check.
  Status shown_string(od::value& value, std::string_view what, ShownString& out) {
    if (is_null(value)) return {};
    const std::string_view token = trim_right(value.raw_json_token());
    std::string_view unescaped;
    if (auto error = value.get_string().get(unescaped); error) return json_failure(what, error);
    // A second one (a choice with both `delta` and `message`): a client shows one of the two.
    if (out.present) return Status::failure("choice has more than one " + std::string(what));
    out.present = true;
    out.text.assign(unescaped);
    out.range = range_of(token);
    return {};
  }

  // Reasoning under either name. Given twice, it must say the same (a client shows one or the
  // other): the second is a repeat, to be rewritten with the first.
  Status reasoning(od::value& value, ChoiceDelta& choice) {
    if (!choice.reasoning.present) return shown_string(value, "reasoning", choice.reasoning);
    ShownString second;
    if (Status status = shown_string(value, "reasoning", second); !status.ok) return status;
    if (!second.present) return {};
    if (second.text != choice.reasoning.text || !choice.reasoning_repeat.empty()) {
      return Status::failure("reasoning given differently, or more than twice");
    }
    choice.reasoning_repeat = second.range;
    return {};
  }

  // tool_calls (an array of calls) or the legacy function_call (one call), or null. Rare next to
  // text deltas: the value's raw text is decoded on its own.
  Status tool_calls(od::value& value, bool legacy, ChoiceDelta& choice) {
    if (is_null(value)) return {};
    std::string_view raw;
    if (legacy) {
      od::object object;
      if (auto error = value.get_object().get(object); error)
        return json_failure("function", error);
      if (auto error = object.raw_json().get(raw); error) return json_failure("function", error);
    } else {
      od::array array;
      if (auto error = value.get_array().get(array); error)
        return json_failure("tool_calls", error);
      if (auto error = array.raw_json().get(raw); error) return json_failure("tool_calls", error);
    }
    raw = trim_right(raw);
    choice.has_tool_calls = true;
    choice.function_call = legacy;
    choice.tool_calls_range = range_of(raw);
    return decode_tool_calls(raw, legacy, choice.tool_calls);
  }

  // Log probabilities (an object; some servers send an array): their tokens repeat the text,
  // so a writer that changes the text must not leave them.
  Status logprobs(od::value& value, ChoiceDelta& choice) {
    if (is_null(value)) return {};
    choice.has_logprobs = true;
    std::string_view raw;
    od::object object;
    od::array array;
    if (value.get_object().get(object) == simdjson::SUCCESS) {
      if (auto error = object.raw_json().get(raw); error) return json_failure("logprobs", error);
    } else if (value.get_array().get(array) == simdjson::SUCCESS) {
      if (auto error = array.raw_json().get(raw); error) return json_failure("logprobs", error);
    } else {
      return {};  // a scalar holds no tokens
    }
    choice.logprobs_range = range_of(trim_right(raw));
    return {};
  }

  // The answer text: a string, or null (no text). Two of them in one choice is ambiguous: a
  // client keeps the last, a filter would have seen only one; refuse the chunk instead.
  Status text(od::value& value, ChoiceDelta& choice) {
    if (is_null(value)) return {};
    const std::string_view token = trim_right(value.raw_json_token());
    std::string_view unescaped;
    if (auto error = value.get_string().get(unescaped); error)
      return json_failure("content", error);
    if (choice.has_text) return Status::failure("choice has more than one content string");
    choice.has_text = true;
    choice.text.assign(unescaped);
    choice.text_range = range_of(token);
    return {};
  }

  Status finish_reason(od::value& value, ChoiceDelta& choice) {
    const std::string_view token = trim_right(value.raw_json_token());
    choice.finish_reason_range = range_of(token);
    if (is_null(value)) return {};
    std::string_view reason;
    if (auto error = value.get_string().get(reason); error) return json_failure("finish", error);
    choice.finish_reason = std::string(reason);
    return {};
  }

  ByteRange range_of(std::string_view token) const {
    const auto begin = static_cast<std::size_t>(token.data() - base_);
    return {begin, begin + token.size()};
  }

  const char* base_;
  DecodedChunk& out_;
};

}  // namespace

void DecodedChunk::clear() {
  id.clear();
  object.clear();
  created.reset();
  model.clear();
  system_fingerprint.clear();
  header.id.clear();
  header.object.clear();
  header.created.clear();
  header.model.clear();
  header.system_fingerprint.clear();
  choices.clear();
  has_usage = false;
  has_error = false;
  error_message.clear();
}

Status ChunkDecoder::decode(std::string_view json, DecodedChunk& out) {
  out.clear();
  JsonDocument parse;
  if (Status status = parse.start(json, "chunk"); !status.ok) return status;
  od::object object;
  if (auto error = parse.document().get_object().get(object); error) {
    return json_failure("chunk", error);
  }
  if (Status status = Walker(parse.base(), out).root(object); !status.ok) return status;
  return parse.finish("chunk");
}

}  // namespace groundgate::proxy::openai
