#include "filters/spl/metadata_text.h"

#include <optional>
#include <string>
#include <vector>

#include "filters/spl/spl_extraction.h"
#include "filters/spl/spl_lexer.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::spl {
namespace {

std::string_view trim(std::string_view s, std::string_view chars = " \t\r*-•#>`'\"_") {
  const std::size_t b = s.find_first_not_of(chars);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(chars) - b + 1);
}

// The kind a list heading names ("Available sourcetypes", "Data models", "fields"), if any.
std::optional<Kind> heading_kind(std::string_view heading) {
  const std::string h = text::ascii_lower(trim(heading));
  const auto ends = [&](std::string_view w) { return h.ends_with(w); };
  if (ends("indexes") || ends("indices") || ends("index")) return Kind::kIndex;
  if (ends("sourcetypes") || ends("sourcetype") || ends("source types") || ends("source type")) {
    return Kind::kSourcetype;
  }
  if (ends("sources") || ends("source")) return Kind::kSource;
  if (ends("fields") || ends("field")) return Kind::kField;
  if (ends("lookups") || ends("lookup") || ends("lookup tables")) return Kind::kLookup;
  if (ends("macros") || ends("macro")) return Kind::kMacro;
  if (ends("data models") || ends("datamodels") || ends("data model") || ends("datamodel")) {
    return Kind::kDataModel;
  }
  return std::nullopt;
}

void add_name(SplMetadata& out, Kind kind, std::string_view name) {
  name = trim(name, " \t\r`'\"()[].;");
  // A name is one word: a list line that goes on in prose or a search gives none.
  if (name.empty() || name.size() > 256 || name.find_first_of(" \t=|") != std::string_view::npos) {
    return;
  }
  switch (kind) {
    case Kind::kMacro:
      out.add_macro_name(name);
      break;
    case Kind::kLookup:
      out.add_lookup(name, {});
      break;
    case Kind::kDataModel:
      out.add_datamodel(name, {});
      break;
    default:
      out.add(kind, name);
  }
}

std::vector<std::string_view> split_values(std::string_view values) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= values.size(); ++i) {
    if (i == values.size() || values[i] == ',' || values[i] == ';') {
      const std::string_view v = trim(values.substr(start, i - start), " \t\r");
      if (!v.empty()) out.push_back(v);
      start = i + 1;
    }
  }
  return out;
}

// "key: a, b" or "key = a, b" lines.
void read_list_line(std::string_view line, SplMetadata& out) {
  const std::size_t colon = line.find_first_of(":=");
  if (colon == std::string_view::npos || colon == 0) return;
  const std::optional<Kind> kind = heading_kind(line.substr(0, colon));
  if (!kind) return;
  // `source=a:b` keeps its colons: split at the first ':' or '=' only.
  for (std::string_view v : split_values(line.substr(colon + 1)))
    add_name(out, *kind, v);
}

std::vector<std::string_view> table_cells(std::string_view line) {
  std::vector<std::string_view> cells;
  line = trim(line, " \t\r");
  if (line.size() < 2 || line.front() != '|') return cells;
  std::size_t start = 1;
  for (std::size_t i = 1; i < line.size(); ++i) {
    if (line[i] == '|') {
      cells.push_back(trim(line.substr(start, i - start), " \t`"));
      start = i + 1;
    }
  }
  return cells;
}

// Markdown tables with index / sourcetype / source / fields columns: a row is a stream.
void read_tables(const std::vector<std::string_view>& lines, SplMetadata& out) {
  for (std::size_t i = 0; i + 2 < lines.size(); ++i) {
    const std::vector<std::string_view> header = table_cells(lines[i]);
    if (header.empty()) continue;
    int col[4] = {-1, -1, -1, -1};  // index, sourcetype, source, fields
    for (std::size_t c = 0; c < header.size(); ++c) {
      const std::optional<Kind> k = heading_kind(header[c]);
      if (!k) continue;
      if (*k == Kind::kIndex) col[0] = static_cast<int>(c);
      if (*k == Kind::kSourcetype) col[1] = static_cast<int>(c);
      if (*k == Kind::kSource) col[2] = static_cast<int>(c);
      if (*k == Kind::kField) col[3] = static_cast<int>(c);
    }
    if (col[0] < 0 && col[1] < 0 && col[2] < 0) continue;
    std::size_t row = i + 1;
    if (table_cells(lines[row]).empty()) continue;
    if (trim(lines[row], " \t|-:").empty()) ++row;  // the |---|---| line
    for (; row < lines.size(); ++row) {
      const std::vector<std::string_view> cells = table_cells(lines[row]);
      if (cells.empty()) break;
      const auto cell = [&](int c) {
        return c >= 0 && static_cast<std::size_t>(c) < cells.size() ? std::string(cells[c])
                                                                    : std::string();
      };
      Stream s{cell(col[0]), cell(col[1]), cell(col[2]), {}, col[3] >= 0};
      if (col[3] >= 0) {
        const std::string fields = cell(col[3]);
        for (std::string_view f : split_values(fields))
          s.fields.emplace_back(trim(f, " \t`'\""));
      }
      out.add_stream(std::move(s));
    }
    i = row;
  }
}

// Names written as a search would: `index=x`, `sourcetype="y"`, and in example searches
// fields compared, macros and lookups called.
void read_search_like(std::string_view text, SplMetadata& out, bool example) {
  const LexResult lexed = lex(text, LexMode::kSearch, 0, text.size(), 1u << 16);
  const std::vector<Token>& t = lexed.tokens;
  for (std::size_t i = 0; i < t.size(); ++i) {
    // A name in backticks, in an example or in prose ("end with the macro `x_filter`"): the
    // prompt names a macro a search may call (its definition unknown unless given).
    if (t[i].kind == TokenKind::kMacro) {
      const std::string_view inner = t[i].text(text).substr(1, t[i].end - t[i].begin - 2);
      add_name(out, Kind::kMacro, inner.substr(0, inner.find('(')));
      continue;
    }
    if (example && t[i].is(text, "lookup") && i + 1 < t.size() &&
        t[i + 1].kind == TokenKind::kWord) {
      add_name(out, Kind::kLookup, t[i + 1].text(text));
      continue;
    }
    if (t[i].kind != TokenKind::kWord || i + 2 >= t.size() ||
        t[i + 1].kind != TokenKind::kCompare ||
        (t[i + 2].kind != TokenKind::kWord && t[i + 2].kind != TokenKind::kString)) {
      continue;
    }
    const std::string_view key = t[i].text(text);
    const std::string value = unquote(t[i + 2], text);
    if (iequals(key, "index")) {
      add_name(out, Kind::kIndex, value);
    } else if (iequals(key, "sourcetype")) {
      add_name(out, Kind::kSourcetype, value);
    } else if (iequals(key, "source")) {
      add_name(out, Kind::kSource, value);
    } else if (example && key.find('*') == std::string_view::npos) {
      add_name(out, Kind::kField, key);
    }
  }
}

void read_mentions(std::string_view text, SplMetadata& out) {
  std::size_t start = std::string_view::npos;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ' ';
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '.' || c == ':';
    if (word && start == std::string_view::npos) start = i;
    if (!word && start != std::string_view::npos) {
      const std::string_view w = trim(text.substr(start, i - start), ".:");
      if (w.size() >= 2 && w.size() <= 128) out.add_mentioned_word(w);
      start = std::string_view::npos;
    }
  }
}

}  // namespace

void add_metadata_text(std::string_view text, SplMetadata& out) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  for (std::string_view line : lines)
    read_list_line(trim(line, " \t\r*-•#>"), out);
  read_tables(lines, out);
  for (const SplSpan& block : find_fenced_spl(text))
    read_search_like(text.substr(block.begin, block.end - block.begin), out, true);
  // Prose line by line: a quote a line leaves open (a sample log, an apostrophe) must not hide
  // the names of the lines after it.
  for (std::string_view line : lines)
    read_search_like(line, out, false);
  read_mentions(text, out);
}

}  // namespace groundgate::filters::spl
