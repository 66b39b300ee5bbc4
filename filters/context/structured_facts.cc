#include "filters/context/structured_facts.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace groundgate::filters::context {
namespace {

constexpr std::size_t kMaxDepth = 32;
// A string value this long, or holding a sentence end, is prose: kept as written.
constexpr std::size_t kProseValue = 100;

bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// "BusinessParking" → "Business Parking", "review_stars" → "review stars", "HasTV" → "Has TV".
std::string key_words(std::string_view key) {
  std::string out;
  for (std::size_t i = 0; i < key.size(); ++i) {
    const char c = key[i];
    if (c == '_' || c == '-' || c == '.') {
      if (!out.empty() && out.back() != ' ') out += ' ';
      continue;
    }
    const bool boundary =
        i > 0 &&
        ((is_upper(c) && (is_lower(key[i - 1]) || is_digit(key[i - 1]))) ||
         (is_upper(c) && i + 1 < key.size() && is_lower(key[i + 1]) && is_upper(key[i - 1])));
    if (boundary && !out.empty() && out.back() != ' ') out += ' ';
    out += c;
  }
  // A compound with a part of one or two letters ("Wi Fi") is also written whole ("WiFi").
  bool short_part = false;
  for (std::size_t at = 0; at < out.size();) {
    std::size_t end = out.find(' ', at);
    if (end == std::string::npos) end = out.size();
    short_part = short_part || (end - at <= 2 && is_lower(out[end - 1]));
    at = end + 1;
  }
  if (out != key && short_part && key.find_first_of("_-.") == std::string_view::npos) {
    out += ' ';
    out.append(key);
  }
  return out;
}

// "11:0-21:0" → "11:00-21:00": a clock time's one-digit minutes padded.
std::string padded_clock_times(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 4);
  for (std::size_t i = 0; i < s.size(); ++i) {
    out += s[i];
    const bool minutes_start = s[i] == ':' && i > 0 && is_digit(s[i - 1]) && i + 1 < s.size() &&
                               is_digit(s[i + 1]) && (i + 2 == s.size() || !is_digit(s[i + 2]));
    if (minutes_start) out += '0';
  }
  return out;
}

// "11:0-21:0" → "11:00 to 21:00": clock times padded, and a dash between two of them read
// "to" (a dash before digits would read as a minus sign).
std::string clock_ranges_spelled(std::string_view s) {
  std::string padded = padded_clock_times(s);
  std::string out;
  out.reserve(padded.size() + 8);
  for (std::size_t i = 0; i < padded.size(); ++i) {
    const bool between_times = padded[i] == '-' && i >= 3 && padded[i - 3] == ':' &&
                               i + 1 < padded.size() && is_digit(padded[i + 1]) &&
                               padded.find(':', i) != std::string::npos;
    if (between_times) {
      out += " to ";
    } else {
      out += padded[i];
    }
  }
  return out;
}

bool equals_lower(std::string_view a, std::string_view lower) {
  return a.size() == lower.size() &&
         std::equal(a.begin(), a.end(), lower.begin(), [](char x, char y) {
           return (is_upper(x) ? static_cast<char>(x - 'A' + 'a') : x) == y;
         });
}

// A Python dump's quoting ("u'free'", "'none'") removed.
std::string_view unquoted(std::string_view s) {
  if (s.size() >= 3 && s[0] == 'u' && s[1] == '\'' && s.back() == '\'')
    return s.substr(2, s.size() - 3);
  if (s.size() >= 2 && s.front() == '\'' && s.back() == '\'') return s.substr(1, s.size() - 2);
  return s;
}

class FactWriter {
 public:
  explicit FactWriter(std::size_t max_bytes) : max_bytes_(max_bytes) {}

  void fact(std::string_view path, std::string_view value) {
    std::string line(path);
    if (!line.empty()) line += ": ";
    line.append(value);
    end_line(line);
  }
  // A false flag: negated, so that "offers X" meets "no X" and "does not offer X" agrees.
  void denied(std::string_view path) {
    std::string line = "no ";
    line.append(path);
    end_line(line);
  }
  // `name` as key_words() wrote it; a flag keeps its words only ("Wi Fi", not "Wi Fi WiFi").
  void flag(std::string group, std::string name, bool value) {
    const std::size_t last = name.rfind(' ');
    if (last != std::string::npos) {
      std::string before;
      for (char c : std::string_view(name).substr(0, last)) {
        if (c != ' ') before += c;
      }
      if (before == std::string_view(name).substr(last + 1)) name.resize(last);
    }
    if (flags_.size() < kMaxFlags) flags_.push_back({std::move(group), std::move(name), value});
  }
  std::string take() { return std::move(out_); }
  std::vector<Passage::Flag> take_flags() { return std::move(flags_); }

 private:
  static constexpr std::size_t kMaxFlags = 1024;
  void end_line(std::string& line) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\n'))
      line.pop_back();
    if (line.empty()) return;
    if (line.back() != '.' && line.back() != '!' && line.back() != '?') line += '.';
    line += '\n';
    if (out_.size() + line.size() > max_bytes_) return;
    out_ += line;
  }

  std::size_t max_bytes_;
  std::string out_;
  std::vector<Passage::Flag> flags_;
};

// The last two keys of a member's path name its fact ("attributes BusinessParking garage"
// → "Business Parking garage"): outer keys group, they do not describe.
std::string joined(const std::vector<std::string>& path) {
  std::string out;
  for (std::size_t i = path.size() > 2 ? path.size() - 2 : 0; i < path.size(); ++i) {
    const std::string& p = path[i];
    if (p.empty()) continue;
    if (!out.empty()) out += ' ';
    out += p;
  }
  return out;
}

// A scalar's text for a joined list; false for objects and arrays.
bool scalar_text(simdjson::dom::element e, std::string& out) {
  std::string_view s;
  double d = 0;
  bool b = false;
  switch (e.type()) {
    case simdjson::dom::element_type::STRING:
      if (e.get(s) != simdjson::SUCCESS) return false;
      out = clock_ranges_spelled(unquoted(s));
      return true;
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
    case simdjson::dom::element_type::DOUBLE: {
      if (e.get(d) != simdjson::SUCCESS) return false;
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, "%.10g", d);
      out = buffer;
      return true;
    }
    case simdjson::dom::element_type::BOOL:
      if (e.get(b) != simdjson::SUCCESS) return false;
      out = b ? "yes" : "no";
      return true;
    default:
      return false;
  }
}

// A US state's postal code under a key "state" is written out too ("CA (California)"):
// addresses abbreviate it, prose names it.
std::string with_state_name(std::string_view key, std::string_view value) {
  static constexpr std::pair<std::string_view, std::string_view> kStates[] = {
      {"AL", "Alabama"},        {"AK", "Alaska"},         {"AZ", "Arizona"},
      {"AR", "Arkansas"},       {"CA", "California"},     {"CO", "Colorado"},
      {"CT", "Connecticut"},    {"DE", "Delaware"},       {"DC", "District of Columbia"},
      {"FL", "Florida"},        {"GA", "Georgia"},        {"HI", "Hawaii"},
      {"ID", "Idaho"},          {"IL", "Illinois"},       {"IN", "Indiana"},
      {"IA", "Iowa"},           {"KS", "Kansas"},         {"KY", "Kentucky"},
      {"LA", "Louisiana"},      {"ME", "Maine"},          {"MD", "Maryland"},
      {"MA", "Massachusetts"},  {"MI", "Michigan"},       {"MN", "Minnesota"},
      {"MS", "Mississippi"},    {"MO", "Missouri"},       {"MT", "Montana"},
      {"NE", "Nebraska"},       {"NV", "Nevada"},         {"NH", "New Hampshire"},
      {"NJ", "New Jersey"},     {"NM", "New Mexico"},     {"NY", "New York"},
      {"NC", "North Carolina"}, {"ND", "North Dakota"},   {"OH", "Ohio"},
      {"OK", "Oklahoma"},       {"OR", "Oregon"},         {"PA", "Pennsylvania"},
      {"RI", "Rhode Island"},   {"SC", "South Carolina"}, {"SD", "South Dakota"},
      {"TN", "Tennessee"},      {"TX", "Texas"},          {"UT", "Utah"},
      {"VT", "Vermont"},        {"VA", "Virginia"},       {"WA", "Washington"},
      {"WV", "West Virginia"},  {"WI", "Wisconsin"},      {"WY", "Wyoming"},
  };
  if (!equals_lower(key, "state") || value.size() != 2) return std::string(value);
  for (const auto& [code, name] : kStates) {
    if (code == value) return std::string(value) + " (" + std::string(name) + ")";
  }
  return std::string(value);
}

// A yes/no value: a boolean, or a string that spells one; nullopt for anything else.
std::optional<bool> yes_no(simdjson::dom::element e) {
  bool b = false;
  if (e.get(b) == simdjson::SUCCESS) return b;
  std::string_view s;
  if (e.get(s) != simdjson::SUCCESS) return std::nullopt;
  s = unquoted(s);
  if (equals_lower(s, "true") || equals_lower(s, "yes")) return true;
  if (equals_lower(s, "false") || equals_lower(s, "no") || equals_lower(s, "none")) return false;
  return std::nullopt;
}

// An object whose values are all yes/no (or unknown) groups its flags ("Ambience").
bool holds_only_flags(simdjson::dom::object object) {
  bool any = false;
  for (auto [key, value] : object) {
    if (value.is_null()) continue;
    if (!yes_no(value)) return false;
    any = true;
  }
  return any;
}

// `group`: the words of the enclosing object when it is a group of flags, else empty.
void walk(simdjson::dom::element e, std::vector<std::string>& path, std::string_view group,
          FactWriter& out, std::size_t depth) {
  if (depth > kMaxDepth) return;
  const std::string here = joined(path);
  if (auto flag = yes_no(e)) {
    if (*flag) {
      out.fact(here, "yes");
    } else {
      out.denied(here);
    }
    out.flag(std::string(group), path.empty() ? std::string() : path.back(), *flag);
    return;
  }
  switch (e.type()) {
    case simdjson::dom::element_type::OBJECT: {
      simdjson::dom::object object;
      if (e.get(object) != simdjson::SUCCESS) return;
      const std::string members_group =
          holds_only_flags(object) && !path.empty() ? path.back() : std::string();
      for (auto [key, value] : object) {
        path.push_back(key_words(key));
        walk(value, path, members_group, out, depth + 1);
        path.pop_back();
      }
      return;
    }
    case simdjson::dom::element_type::ARRAY: {
      simdjson::dom::array array;
      if (e.get(array) != simdjson::SUCCESS) return;
      std::string list;
      bool scalars = true;
      for (simdjson::dom::element item : array) {
        std::string text;
        if (!scalar_text(item, text)) {
          scalars = false;
          break;
        }
        if (text.empty()) continue;
        if (!list.empty()) list += ", ";
        list += text;
      }
      if (scalars) {
        if (!list.empty()) out.fact(here, list);
        return;
      }
      for (simdjson::dom::element item : array)
        walk(item, path, {}, out, depth + 1);
      return;
    }
    case simdjson::dom::element_type::NULL_VALUE:
      return;  // unknown, not "none"
    case simdjson::dom::element_type::STRING: {
      std::string_view s;
      if (e.get(s) != simdjson::SUCCESS) return;
      s = unquoted(s);
      if (s.empty()) return;
      if (s.size() >= kProseValue || s.find(". ") != std::string_view::npos) {
        out.fact(here, s);  // prose: its own sentences follow the key
      } else {
        out.fact(here, with_state_name(path.empty() ? std::string_view() : path.back(),
                                       clock_ranges_spelled(s)));
      }
      return;
    }
    default: {
      std::string text;
      if (scalar_text(e, text)) out.fact(here, text);
      return;
    }
  }
}

std::optional<Facts> json_facts(std::string_view text, std::size_t max_bytes) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos || (text[first] != '{' && text[first] != '[')) {
    return std::nullopt;
  }
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(text.data(), text.size()).get(doc) != simdjson::SUCCESS) return std::nullopt;
  FactWriter out(max_bytes);
  std::vector<std::string> path;
  walk(doc, path, {}, out, 0);
  Facts facts{out.take(), Passage::Shape::kRecord, {}};
  facts.flags = out.take_flags();
  return facts;
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    at = end + 1;
  }
  return out;
}

std::string_view trimmed(std::string_view s) {
  const std::size_t a = s.find_first_not_of(" \t");
  if (a == std::string_view::npos) return {};
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

// Cells of a row split on `separator`, outside double quotes, trimmed and unquoted.
std::vector<std::string_view> cells(std::string_view row, char separator) {
  std::vector<std::string_view> out;
  bool quoted = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= row.size(); ++i) {
    if (i < row.size() && row[i] == '"') quoted = !quoted;
    if (i == row.size() || (row[i] == separator && !quoted)) {
      std::string_view cell = trimmed(row.substr(start, i - start));
      if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"')
        cell = cell.substr(1, cell.size() - 2);
      out.push_back(cell);
      start = i + 1;
    }
  }
  return out;
}

void row_fact(const std::vector<std::string_view>& header, const std::vector<std::string_view>& row,
              FactWriter& out) {
  std::string line;
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (row[i].empty()) continue;
    if (!line.empty()) line += "; ";
    if (i < header.size() && !header[i].empty()) {
      line.append(header[i]);
      line += ": ";
    }
    line += clock_ranges_spelled(row[i]);
  }
  out.fact("", line);
}

// "| a | b |" → cells a, b (the outer bars dropped).
std::vector<std::string_view> markdown_cells(std::string_view line) {
  line = trimmed(line);
  if (line.starts_with('|')) line.remove_prefix(1);
  if (line.ends_with('|')) line.remove_suffix(1);
  return cells(line, '|');
}

bool markdown_separator(std::string_view line) {
  line = trimmed(line);
  return line.find('-') != std::string_view::npos &&
         line.find_first_not_of("|-: \t") == std::string_view::npos;
}

// Prose with its Markdown tables rewritten as row facts; nullopt when it holds none.
std::optional<Facts> markdown_facts(std::string_view text, std::size_t max_bytes) {
  const std::vector<std::string_view> lines = lines_of(text);
  std::string out;
  bool found = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool table = trimmed(lines[i]).starts_with('|') && i + 1 < lines.size() &&
                       markdown_separator(lines[i + 1]);
    if (!table) {
      out.append(lines[i]);
      out += '\n';
      continue;
    }
    found = true;
    const std::vector<std::string_view> header = markdown_cells(lines[i]);
    FactWriter rows(max_bytes);
    std::size_t row = i + 2;
    for (; row < lines.size() && trimmed(lines[row]).starts_with('|'); ++row)
      row_fact(header, markdown_cells(lines[row]), rows);
    out += rows.take();
    i = row - 1;
  }
  if (!found) return std::nullopt;
  if (out.size() > max_bytes) out.resize(max_bytes);
  return Facts{std::move(out), Passage::Shape::kTable};
}

// The whole text as comma- or tab-separated rows under a header line: at least three rows of
// the same cell count, short header cells.
std::optional<Facts> delimited_facts(std::string_view text, std::size_t max_bytes) {
  std::vector<std::string_view> lines;
  for (std::string_view line : lines_of(text)) {
    if (!trimmed(line).empty()) lines.push_back(line);
  }
  if (lines.size() < 3) return std::nullopt;
  for (const char separator : {'\t', ','}) {
    const std::vector<std::string_view> header = cells(lines[0], separator);
    if (header.size() < 2) continue;
    const bool short_header = std::all_of(header.begin(), header.end(), [](std::string_view c) {
      return !c.empty() && c.size() <= 40 && !c.ends_with('.');
    });
    const bool same_count = std::all_of(lines.begin() + 1, lines.end(), [&](std::string_view l) {
      return cells(l, separator).size() == header.size();
    });
    if (!short_header || !same_count) continue;
    FactWriter rows(max_bytes);
    for (std::size_t i = 1; i < lines.size(); ++i)
      row_fact(header, cells(lines[i], separator), rows);
    return Facts{rows.take(), Passage::Shape::kTable};
  }
  return std::nullopt;
}

}  // namespace

std::optional<Facts> read_as_facts(std::string_view text, std::size_t max_bytes) {
  if (auto facts = json_facts(text, max_bytes)) return facts;
  if (auto facts = markdown_facts(text, max_bytes)) return facts;
  return delimited_facts(text, max_bytes);
}

}  // namespace groundgate::filters::context
