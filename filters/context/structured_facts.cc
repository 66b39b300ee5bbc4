#include "filters/context/structured_facts.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "filters/context/record_table.h"
#include "filters/table/table_readers.h"

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
    // (A key may open with a space or hold two: an empty part is none.)
    short_part = short_part || (end > at && end - at <= 2 && is_lower(out[end - 1]));
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

  // The span of `value` in the facts, when the line was written.
  std::optional<table::Span> fact(std::string_view path, std::string_view value) {
    std::string line(path);
    if (!line.empty()) line += ": ";
    const std::size_t value_at = out_.size() + line.size();
    line.append(value);
    if (!end_line(line)) return std::nullopt;
    const std::size_t end = std::min(value_at + value.size(), out_.size() - 2);
    if (end > UINT32_MAX) return std::nullopt;
    return table::Span{static_cast<std::uint32_t>(value_at), static_cast<std::uint32_t>(end)};
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
  void add_table(table::Table table) {
    if (tables_.size() < table::kMaxTables) tables_.push_back(std::move(table));
  }
  std::vector<table::Table> take_tables() { return std::move(tables_); }

 private:
  static constexpr std::size_t kMaxFlags = 1024;
  // False when nothing was written (an empty line, or no room left).
  bool end_line(std::string& line) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\n'))
      line.pop_back();
    if (line.empty()) return false;
    if (line.back() != '.' && line.back() != '!' && line.back() != '?') line += '.';
    line += '\n';
    if (out_.size() + line.size() > max_bytes_) return false;
    out_ += line;
    return true;
  }

  std::size_t max_bytes_;
  std::string out_;
  std::vector<Passage::Flag> flags_;
  std::vector<table::Table> tables_;
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

// Where a record's member writes its value: the record's table and the member's name.
struct CellSink {
  RecordTable* table = nullptr;
  std::string_view key;

  void add(const std::optional<table::Span>& span, std::string_view text,
           std::optional<double> number = std::nullopt) const {
    if (table != nullptr && span) table->cell(key, text, *span, number);
  }
};

// An array of two or more objects: records, read as a table too.
bool holds_records(simdjson::dom::array array) {
  std::size_t n = 0;
  for (simdjson::dom::element item : array) {
    if (item.type() != simdjson::dom::element_type::OBJECT) return false;
    ++n;
  }
  return n >= 2;
}

void walk(simdjson::dom::element e, std::vector<std::string>& path, std::string_view group,
          FactWriter& out, std::size_t depth, const CellSink& sink = {});

// An object's members, each under its key (`sink`'s table gets the scalar ones as cells).
void walk_members(simdjson::dom::object object, std::vector<std::string>& path, FactWriter& out,
                  std::size_t depth, RecordTable* record) {
  const std::string members_group =
      holds_only_flags(object) && !path.empty() ? path.back() : std::string();
  for (auto [key, value] : object) {
    path.push_back(key_words(key));
    walk(value, path, members_group, out, depth + 1, CellSink{record, path.back()});
    path.pop_back();
  }
}

// `group`: the words of the enclosing object when it is a group of flags, else empty.
// `sink`: set when `e` is a member of a record (its value becomes a cell).
void walk(simdjson::dom::element e, std::vector<std::string>& path, std::string_view group,
          FactWriter& out, std::size_t depth, const CellSink& sink) {
  if (depth > kMaxDepth) return;
  const std::string here = joined(path);
  if (auto flag = yes_no(e)) {
    if (*flag) {
      sink.add(out.fact(here, "yes"), "yes");
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
      walk_members(object, path, out, depth, nullptr);
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
      if (holds_records(array) && depth + 1 <= kMaxDepth) {
        RecordTable records;
        for (simdjson::dom::element item : array) {
          simdjson::dom::object object;
          if (item.get(object) != simdjson::SUCCESS) continue;
          records.begin_row();
          walk_members(object, path, out, depth + 1, &records);
        }
        if (auto table = records.take()) out.add_table(std::move(*table));
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
        const std::string value = with_state_name(path.empty() ? std::string_view() : path.back(),
                                                  clock_ranges_spelled(s));
        sink.add(out.fact(here, value), value);
      }
      return;
    }
    default: {
      std::string text;
      if (!scalar_text(e, text)) return;
      double number = 0;
      const bool numeric = e.get(number) == simdjson::SUCCESS;
      sink.add(out.fact(here, text), text, numeric ? std::optional<double>(number) : std::nullopt);
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
  Facts facts{out.take(), Passage::Shape::kRecord, {}, {}};
  facts.flags = out.take_flags();
  facts.tables = out.take_tables();
  return facts;
}

// The prose of `text` with its tables (pipe and HTML) rewritten as row facts; nullopt when it
// holds none.
std::optional<Facts> table_facts(std::string_view text, std::size_t max_bytes) {
  std::vector<table::RawTable> found = table::pipe_tables(text);
  for (table::RawTable& t : table::html_tables(text))
    found.push_back(std::move(t));
  if (found.empty()) return std::nullopt;
  std::sort(found.begin(), found.end(),
            [](const table::RawTable& a, const table::RawTable& b) { return a.begin < b.begin; });
  Facts facts{{}, Passage::Shape::kTable, {}, {}};
  std::string& out = facts.text;
  std::size_t at = 0;
  for (table::RawTable& raw : found) {
    if (raw.begin < at) continue;  // inside one already read
    out.append(text.substr(at, raw.begin - at));
    if (!out.empty() && out.back() != '\n') out += '\n';
    for (auto& row : raw.rows) {
      for (std::string& cell : row)
        cell = clock_ranges_spelled(cell);
    }
    facts.tables.push_back(table::render_rows(raw, out, max_bytes));
    at = raw.end;
    if (at < text.size() && text[at] == '\n') ++at;
  }
  out.append(text.substr(at));
  if (!out.empty() && out.back() != '\n') out += '\n';
  if (out.size() > max_bytes) out.resize(max_bytes);
  return facts;
}

// The whole text as comma- or tab-separated rows under a header line.
std::optional<Facts> delimited_facts(std::string_view text, std::size_t max_bytes) {
  std::optional<table::RawTable> raw = table::delimited_table(text);
  if (!raw) return std::nullopt;
  for (auto& row : raw->rows) {
    for (std::string& cell : row)
      cell = clock_ranges_spelled(cell);
  }
  Facts facts{{}, Passage::Shape::kTable, {}, {}};
  facts.tables.push_back(table::render_rows(*raw, facts.text, max_bytes));
  return facts;
}

}  // namespace

std::optional<Facts> read_as_facts(std::string_view text, std::size_t max_bytes) {
  if (auto facts = json_facts(text, max_bytes)) return facts;
  if (auto facts = table_facts(text, max_bytes)) return facts;
  return delimited_facts(text, max_bytes);
}

}  // namespace groundgate::filters::context
