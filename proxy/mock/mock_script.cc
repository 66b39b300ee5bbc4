#include "proxy/mock/mock_script.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace groundgate::proxy::mock {
namespace {

constexpr std::streamoff kMaxScriptBytes = 16 << 20;
constexpr int64_t kMaxDelayMs = 10 * 60 * 1000;

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string lowered(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), lower);
  return text;
}

// Where `lowered_needle` ends in `text` from `from` on, ASCII case folded; npos when absent.
std::size_t find_folded(std::string_view text, std::string_view lowered_needle,
                        std::size_t from = 0) {
  if (lowered_needle.empty()) return from;
  auto it = std::search(text.begin() + static_cast<std::ptrdiff_t>(from), text.end(),
                        lowered_needle.begin(), lowered_needle.end(),
                        [](char a, char b) { return lower(a) == b; });
  if (it == text.end()) return std::string_view::npos;
  return static_cast<std::size_t>(it - text.begin()) + lowered_needle.size();
}

// Every needle occurs, each after the one before.
bool contains_in_order(std::string_view text, const std::vector<std::string>& needles) {
  std::size_t at = 0;
  for (const std::string& needle : needles) {
    at = find_folded(text, needle, at);
    if (at == std::string_view::npos) return false;
  }
  return true;
}

std::optional<std::string> scalar(const YAML::Node& node, std::string_view key, std::string& out) {
  if (!node.IsScalar()) return "'" + std::string(key) + "' must be a string";
  out = node.Scalar();
  return std::nullopt;
}

std::optional<std::string> integer(const YAML::Node& node, std::string_view key, int64_t min,
                                   int64_t max, int64_t& out) {
  if (!node.IsScalar() || !YAML::convert<int64_t>::decode(node, out) || out < min || out > max)
    return "'" + std::string(key) + "' must be an integer in [" + std::to_string(min) + ", " +
           std::to_string(max) + "]";
  return std::nullopt;
}

std::optional<std::string> read_tool_call(const YAML::Node& node, ScriptEntry& entry) {
  if (!node.IsMap()) return "'tool_call' must be a map with 'name' and 'arguments'";
  ScriptToolCall call;
  std::string arguments = "{}";
  for (const auto& item : node) {
    const std::string key = item.first.Scalar();
    std::optional<std::string> error;
    if (key == "name") {
      error = scalar(item.second, "tool_call.name", call.name);
    } else if (key == "arguments") {
      error = scalar(item.second, "tool_call.arguments", arguments);
    } else {
      error = "unknown key 'tool_call." + key + "'";
    }
    if (error) return error;
  }
  if (call.name.empty()) return "'tool_call.name' is required";
  call.arguments = AnswerTokens(std::move(arguments));
  entry.tool_call = std::move(call);
  return std::nullopt;
}

std::optional<std::string> read_file_search(const YAML::Node& node, ScriptEntry& entry) {
  if (!node.IsSequence() || node.size() == 0)
    return "'file_search' must be a non-empty list of {filename, text}";
  for (const auto& item : node) {
    if (!item.IsMap()) return "'file_search' items must be maps with 'filename' and 'text'";
    ScriptPassage passage;
    for (const auto& field : item) {
      const std::string key = field.first.Scalar();
      std::optional<std::string> error;
      if (key == "filename") {
        error = scalar(field.second, "file_search.filename", passage.filename);
      } else if (key == "text") {
        error = scalar(field.second, "file_search.text", passage.text);
      } else {
        error = "unknown key 'file_search." + key + "'";
      }
      if (error) return error;
    }
    if (passage.text.empty()) return "'file_search.text' is required";
    entry.file_search.push_back(std::move(passage));
  }
  return std::nullopt;
}

std::optional<std::string> read_field(const std::string& key, const YAML::Node& value,
                                      ScriptEntry& entry) {
  std::string text;
  int64_t number = 0;
  if (key == "match") {
    if (value.IsSequence()) {
      if (value.size() == 0) return "'match' must be a string or a non-empty list";
      for (const auto& item : value) {
        if (auto error = scalar(item, "match[]", text)) return error;
        entry.match.push_back(lowered(std::move(text)));
      }
      return std::nullopt;
    }
    if (auto error = scalar(value, key, text)) return error;
    entry.match.push_back(lowered(std::move(text)));
  } else if (key == "system") {
    if (auto error = scalar(value, key, text)) return error;
    entry.system = lowered(std::move(text));
  } else if (key == "temperature") {
    double t = 0;
    if (!value.IsScalar() || !YAML::convert<double>::decode(value, t) || !(t >= 0 && t <= 2))
      return "'temperature' must be a number in [0, 2]";
    entry.temperature = t;
  } else if (key == "turns") {
    if (!value.IsSequence() || value.size() == 0) return "'turns' must be a non-empty list";
    for (const auto& item : value) {
      if (auto error = scalar(item, "turns[]", text)) return error;
      entry.turns.emplace_back(std::move(text));
    }
  } else if (key == "model") {
    return scalar(value, key, entry.model);
  } else if (key == "answer") {
    if (auto error = scalar(value, key, text)) return error;
    entry.answers.emplace_back(std::move(text));
  } else if (key == "answers") {
    if (!value.IsSequence() || value.size() == 0) return "'answers' must be a non-empty list";
    for (const auto& item : value) {
      if (auto error = scalar(item, "answers[]", text)) return error;
      entry.answers.emplace_back(std::move(text));
    }
  } else if (key == "tool_call") {
    return read_tool_call(value, entry);
  } else if (key == "file_search") {
    return read_file_search(value, entry);
  } else if (key == "status") {
    if (auto error = integer(value, key, 400, 599, number)) return error;
    entry.status = static_cast<unsigned>(number);
  } else if (key == "message") {
    return scalar(value, key, entry.message);
  } else if (key == "first_byte_delay_ms") {
    if (auto error = integer(value, key, 0, kMaxDelayMs, number)) return error;
    entry.first_byte_delay = std::chrono::milliseconds(number);
  } else if (key == "close_after_tokens") {
    if (auto error = integer(value, key, 0, INT64_MAX, number)) return error;
    entry.close_after_tokens = static_cast<uint64_t>(number);
  } else if (key == "tokens_per_second") {
    double rate = 0;
    if (!value.IsScalar() || !YAML::convert<double>::decode(value, rate) || !std::isfinite(rate))
      return "'tokens_per_second' must be a number";
    entry.tokens_per_second = rate;
  } else {
    return "unknown key '" + key + "'";
  }
  return std::nullopt;
}

std::optional<std::string> read_entry(const YAML::Node& node, ScriptEntry& entry) {
  if (!node.IsMap()) return "must be a map";
  bool has_answer = false;
  bool has_answers = false;
  for (const auto& item : node) {
    if (!item.first.IsScalar()) return "keys must be strings";
    const std::string key = item.first.Scalar();
    has_answer |= key == "answer";
    has_answers |= key == "answers";
    if (auto error = read_field(key, item.second, entry)) return error;
  }
  if (has_answer && has_answers) return "give either 'answer' or 'answers', not both";
  if (!entry.turns.empty() && (has_answer || has_answers))
    return "give either 'turns' or 'answer(s)', not both";
  const bool answers = !entry.answers.empty() || !entry.turns.empty();
  if (entry.tool_call && answers) return "'tool_call' cannot be combined with 'answer(s)'";
  if (entry.status != 0 && (answers || entry.tool_call))
    return "'status' cannot be combined with 'answer(s)' or 'tool_call'";
  return std::nullopt;
}

}  // namespace

bool glob_match(std::string_view pattern, std::string_view text) {
  size_t p = 0, t = 0, star = std::string_view::npos, resume = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*')
    ++p;
  return p == pattern.size();
}

ScriptLoad MockScript::load_file(const std::string& path) {
  ScriptLoad out;
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  if (!file) {
    out.error = "cannot open mock script '" + path + "'";
    return out;
  }
  if (file.tellg() > kMaxScriptBytes) {
    out.error = "mock script '" + path + "' is larger than 16 MiB";
    return out;
  }
  file.seekg(0);
  std::ostringstream text;
  text << file.rdbuf();
  out = parse(text.str());
  if (!out.ok()) out.error = "mock script '" + path + "': " + out.error;
  return out;
}

ScriptLoad MockScript::parse(std::string_view yaml) {
  ScriptLoad out;
  try {
    const YAML::Node root = YAML::Load(std::string(yaml));
    if (root.IsNull()) return out;
    if (!root.IsSequence()) {
      out.error = "the script must be a list of entries";
      return out;
    }
    for (size_t i = 0; i < root.size(); ++i) {
      ScriptEntry entry;
      if (auto error = read_entry(root[i], entry)) {
        out.entries.clear();
        out.error = "entry " + std::to_string(i + 1) + ": " + *error;
        return out;
      }
      out.entries.push_back(std::move(entry));
    }
  } catch (const YAML::Exception& e) {
    out.entries.clear();
    out.error = std::string("invalid YAML: ") + e.what();
  }
  return out;
}

const ScriptEntry* MockScript::find(const MockRequest& request) const {
  for (const auto& entry : entries_) {
    if (request.api == Api::kCompletion && entry.tool_call) continue;
    if (!entry.model.empty() && !glob_match(entry.model, request.model)) continue;
    if (!contains_in_order(request.last_user_text, entry.match)) continue;
    if (find_folded(request.system_text, entry.system) == std::string_view::npos) continue;
    // An absent temperature is the API's default, 1.
    if (entry.temperature &&
        std::abs(*entry.temperature - request.temperature.value_or(1.0)) > 1e-9)
      continue;
    return &entry;
  }
  return nullptr;
}

}  // namespace groundgate::proxy::mock
