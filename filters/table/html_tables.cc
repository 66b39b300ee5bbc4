#include "filters/table/table_readers.h"

#include <algorithm>
#include <string>

#include "filters/table/text_lines.h"

namespace groundgate::filters::table {
namespace {

constexpr std::size_t kMaxColspan = 64;

char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// `s` at `at` starts with `word` (lowercase), case-insensitively.
bool starts_with_ci(std::string_view s, std::size_t at, std::string_view word) {
  if (at + word.size() > s.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (lower(s[at + i]) != word[i]) return false;
  }
  return true;
}

std::size_t find_ci(std::string_view s, std::string_view word, std::size_t from) {
  for (std::size_t i = from; i + word.size() <= s.size(); ++i) {
    if (starts_with_ci(s, i, word)) return i;
  }
  return std::string_view::npos;
}

// Appends the UTF-8 encoding of a code point (below U+10FFFF; others dropped).
void append_utf8(std::string& out, unsigned long cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    if (cp >= 0xD800 && cp <= 0xDFFF) return;
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp <= 0x10FFFF) {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Text between tags with the common character references decoded; whitespace runs become one
// space.
void append_text(std::string& out, std::string_view s) {
  static constexpr std::pair<std::string_view, std::string_view> kNamed[] = {
      {"amp;", "&"},
      {"lt;", "<"},
      {"gt;", ">"},
      {"quot;", "\""},
      {"apos;", "'"},
      {"nbsp;", " "},
      {"minus;", "-"},
      {"ndash;", "\xE2\x80\x93"},
      {"mdash;", "\xE2\x80\x94"},
      {"euro;", "\xE2\x82\xAC"},
      {"pound;", "\xC2\xA3"}};
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '&') {
      bool decoded = false;
      for (const auto& [name, value] : kNamed) {
        if (s.substr(i + 1).starts_with(name)) {
          out += value;
          i += name.size();
          decoded = true;
          break;
        }
      }
      if (!decoded && i + 2 < s.size() && s[i + 1] == '#') {
        const bool hex = s[i + 2] == 'x' || s[i + 2] == 'X';
        std::size_t j = i + (hex ? 3 : 2);
        unsigned long cp = 0;
        std::size_t digits = 0;
        for (; j < s.size() && digits < 7; ++j, ++digits) {
          const char d = lower(s[j]);
          const int v = d >= '0' && d <= '9'          ? d - '0'
                        : hex && d >= 'a' && d <= 'f' ? d - 'a' + 10
                                                      : -1;
          if (v < 0) break;
          cp = cp * (hex ? 16 : 10) + static_cast<unsigned long>(v);
        }
        if (digits > 0 && j < s.size() && s[j] == ';') {
          append_utf8(out, cp);
          i = j;
          decoded = true;
        }
      }
      if (decoded) continue;
    }
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (space) {
      if (!out.empty() && out.back() != ' ') out += ' ';
      continue;
    }
    out += c;
  }
}

// The value of `colspan="N"` in a tag's text, 1 when absent.
std::size_t colspan_of(std::string_view tag) {
  const std::size_t at = find_ci(tag, "colspan", 0);
  if (at == std::string_view::npos) return 1;
  std::size_t i = at + 7;
  while (i < tag.size() && (tag[i] == ' ' || tag[i] == '=' || tag[i] == '"' || tag[i] == '\''))
    ++i;
  std::size_t n = 0;
  while (i < tag.size() && tag[i] >= '0' && tag[i] <= '9' && n <= kMaxColspan)
    n = n * 10 + static_cast<std::size_t>(tag[i++] - '0');
  return std::clamp<std::size_t>(n, 1, kMaxColspan);
}

// The name of the tag at `s[at] == '<'`, lowercase, "/" kept for closing tags: "/td", "tr".
std::string tag_name(std::string_view s, std::size_t at) {
  std::string name;
  for (std::size_t i = at + 1; i < s.size() && name.size() < 8; ++i) {
    const char c = lower(s[i]);
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '/' && name.empty())) {
      name += c;
    } else {
      break;
    }
  }
  return name;
}

struct RowReader {
  RawTable& table;
  std::vector<std::string> row;
  std::string cell;
  bool in_cell = false;
  bool row_all_th = true;
  bool in_head = false;
  std::size_t colspan = 1;
  std::size_t header_rows = 0;
  bool last_row_header = true;  // header rows are the leading ones

  void end_cell() {
    if (!in_cell) return;
    in_cell = false;
    const std::string text(trimmed(cell));
    for (std::size_t k = 0; k < colspan && row.size() < kMaxColumns; ++k)
      row.push_back(k == 0 ? text : std::string());
    cell.clear();
  }
  void end_row() {
    end_cell();
    if (row.empty()) return;
    const bool header = in_head || row_all_th;
    if (header && last_row_header && table.rows.size() == header_rows) ++header_rows;
    last_row_header = last_row_header && header;
    table.rows.push_back(std::move(row));
    row.clear();
    row_all_th = true;
  }
};

}  // namespace

std::vector<RawTable> html_tables(std::string_view text) {
  std::vector<RawTable> out;
  std::size_t from = 0;
  while (out.size() < kMaxTables) {
    const std::size_t open = find_ci(text, "<table", from);
    if (open == std::string_view::npos) break;
    std::size_t close = find_ci(text, "</table", open);
    std::size_t end = text.size();
    if (close == std::string_view::npos) {
      close = text.size();
    } else if (const std::size_t gt = text.find('>', close); gt != std::string_view::npos) {
      end = gt + 1;
    }
    RawTable table;
    table.begin = open;
    table.end = end;
    RowReader reader{table, {}, {}};
    std::size_t i = text.find('>', open);
    i = i == std::string_view::npos ? close : i + 1;
    while (i < close) {
      const std::size_t lt = text.find('<', i);
      const std::size_t stop = lt == std::string_view::npos ? close : std::min(lt, close);
      if (reader.in_cell) append_text(reader.cell, text.substr(i, stop - i));
      if (stop >= close) break;
      const std::size_t gt = text.find('>', stop);
      if (gt == std::string_view::npos || gt > close) break;
      const std::string name = tag_name(text, stop);
      const std::string_view tag = text.substr(stop, gt - stop);
      if (name == "tr" || name == "/tr") {
        reader.end_row();
      } else if (name == "td" || name == "th") {
        reader.end_cell();
        reader.in_cell = true;
        reader.colspan = colspan_of(tag);
        reader.row_all_th = reader.row_all_th && name == "th";
      } else if (name == "/td" || name == "/th") {
        reader.end_cell();
      } else if (name == "thead") {
        reader.in_head = true;
      } else if (name == "/thead") {
        reader.end_row();
        reader.in_head = false;
      } else if (name == "br" || name == "p" || name == "/p" || name == "div") {
        if (reader.in_cell) reader.cell += ' ';
      }
      if (table.rows.size() * std::max<std::size_t>(1, table.width()) > kMaxCells) break;
      i = gt + 1;
    }
    reader.end_row();
    table.header_rows = reader.header_rows;
    table.headers_known = reader.header_rows > 0;
    finish(table);
    if (table.rows.size() >= 2 && table.width() >= 2) out.push_back(std::move(table));
    from = end;
  }
  return out;
}

}  // namespace groundgate::filters::table
