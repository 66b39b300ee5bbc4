#include "filters/spl/example_fields.h"

#include <simdjson.h>

#include <algorithm>

namespace groundgate::filters::spl {
namespace {

namespace dom = simdjson::dom;

constexpr std::size_t kMaxNameBytes = 128;
constexpr std::size_t kMaxJsonDepth = 16;

bool key_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

class Names {
 public:
  explicit Names(std::size_t max) : max_(max) {}
  bool full() const { return out_.size() >= max_; }
  void add(std::string_view name) {
    // Splunk drops leading characters that cannot start a field name.
    while (!name.empty() && !letter(name.front()))
      name.remove_prefix(1);
    if (name.empty() || name.size() > kMaxNameBytes || full()) return;
    if (std::find(out_.begin(), out_.end(), name) == out_.end()) out_.emplace_back(name);
  }
  std::vector<std::string> take() { return std::move(out_); }

 private:
  std::size_t max_;
  std::vector<std::string> out_;
};

// `key=value` and `key="value"` anywhere in the text; `==` is no pair.
void key_values(std::string_view event, Names& names) {
  for (std::size_t eq = event.find('='); eq != std::string_view::npos && !names.full();
       eq = event.find('=', eq + 1)) {
    if (eq + 1 < event.size() && event[eq + 1] == '=') {
      ++eq;
      continue;
    }
    std::size_t begin = eq;
    while (begin > 0 && key_char(event[begin - 1]))
      --begin;
    if (begin < eq && (begin == 0 || event[begin - 1] != '=')) {
      names.add(event.substr(begin, eq - begin));
    }
  }
}

// `<Data Name='X'>` and elements that hold text (`<Computer>host</Computer>`).
void xml_names(std::string_view event, Names& names) {
  for (std::size_t lt = event.find('<'); lt != std::string_view::npos && !names.full();
       lt = event.find('<', lt + 1)) {
    const std::size_t gt = event.find('>', lt);
    if (gt == std::string_view::npos) return;
    const std::string_view tag = event.substr(lt + 1, gt - lt - 1);
    if (tag.empty() || !letter(tag.front()) || tag.back() == '/') continue;
    std::size_t name_end = 0;
    while (name_end < tag.size() && (key_char(tag[name_end]) || tag[name_end] == ':'))
      ++name_end;
    const std::string_view element = tag.substr(0, name_end);
    const bool has_text = gt + 1 < event.size() && event[gt + 1] != '<';
    if (!has_text) continue;
    const std::size_t name_at = tag.find("Name=");
    if (name_at != std::string_view::npos && name_at + 6 < tag.size()) {
      const char quote = tag[name_at + 5];
      const std::size_t close = tag.find(quote, name_at + 6);
      if ((quote == '\'' || quote == '"') && close != std::string_view::npos) {
        names.add(tag.substr(name_at + 6, close - name_at - 6));
        continue;
      }
    }
    names.add(element);
  }
}

void json_paths(const dom::element& e, std::string& path, std::size_t depth, Names& names) {
  if (depth > kMaxJsonDepth || names.full()) return;
  dom::object o;
  dom::array a;
  if (e.get_object().get(o) == simdjson::SUCCESS) {
    for (const auto field : o) {
      const std::size_t size = path.size();
      if (!path.empty()) path += '.';
      path += field.key;
      json_paths(field.value, path, depth + 1, names);
      path.resize(size);
    }
  } else if (e.get_array().get(a) == simdjson::SUCCESS) {
    const std::size_t size = path.size();
    path += "{}";
    for (const dom::element item : a) {
      json_paths(item, path, depth + 1, names);
      if (names.full()) break;
    }
    path.resize(size);
  } else if (!path.empty()) {
    names.add(path);
  }
}

}  // namespace

std::vector<std::string> example_event_fields(std::string_view event, std::size_t max_names) {
  Names names(max_names);
  const std::size_t first = event.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && (event[first] == '{' || event[first] == '[')) {
    dom::parser parser;
    dom::element root;
    if (parser.parse(event.data(), event.size()).get(root) == simdjson::SUCCESS) {
      std::string path;
      json_paths(root, path, 0, names);
      return names.take();
    }
  }
  if (first != std::string_view::npos && event[first] == '<') xml_names(event, names);
  key_values(event, names);
  return names.take();
}

}  // namespace groundgate::filters::spl
