#include "filters/text/segment_scanner.h"

#include <algorithm>
#include <array>

#include "filters/text/stopwords.h"
#include "filters/text/utf8.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::text {

namespace {

// Whitespace runs longer than this end a sentence without looking further (bounds lookahead).
constexpr std::size_t kMaxSpaceLookahead = 64;
constexpr std::size_t kMaxWordLookahead = 24;
// Runs of marks ("?!...", closing quotes) are read at most this long: bounded lookahead.
constexpr std::size_t kMaxMarkRun = 16;

enum class Decision { kNo, kYes, kMore };

// Titles and references that are never the last word of a sentence.
constexpr auto kNonFinal =
    word_table("adm", "approx", "ca", "capt", "cf", "cmdr", "col", "dr", "gen", "gov", "hon", "lt",
               "mr", "mrs", "ms", "mssrs", "mt", "pres", "prof", "rep", "rev", "sen", "sgt", "vs");
// References that precede a number ("No. 5", "Jan. 12", "pp. 3").
constexpr auto kBeforeNumber =
    word_table("apr", "art", "aug", "ch", "dec", "eq", "feb", "fig", "jan", "jul", "jun", "mar",
               "no", "nos", "nov", "oct", "p", "pp", "sec", "sep", "sept", "vol");
// Abbreviations that often end a sentence: a boundary only if a sentence-starting word follows.
constexpr auto kAmbiguous = word_table(
    "al", "assn", "ave", "blvd", "bros", "co", "corp", "dept", "esq", "est", "etc", "ft", "govt",
    "hrs", "inc", "jr", "lbs", "llc", "ltd", "max", "min", "mins", "oz", "plc", "rd", "sr", "st");
constexpr auto kNonFinalDotted = word_table("cf", "e.g", "i.e", "viz");

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}
bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool is_alpha(char c) {
  return is_lower(c) || is_upper(c);
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

class Scanner {
 public:
  Scanner(std::string_view buf, bool at_end) : b_(buf), at_end_(at_end) {}

  bool has(std::size_t pos) const { return pos < b_.size(); }
  char at(std::size_t pos) const { return b_[pos]; }
  bool starts(std::size_t pos, std::string_view s) const { return b_.substr(pos, s.size()) == s; }
  // True when `s` might still appear at pos once more bytes arrive.
  bool partial(std::size_t pos, std::string_view s) const {
    return !at_end_ && pos + s.size() > b_.size() && s.starts_with(b_.substr(pos));
  }
  bool at_end() const { return at_end_; }
  std::size_t size() const { return b_.size(); }

  // Length of a terminal mark at pos: . ! ? or U+2026; 0 if none.
  std::size_t terminal_at(std::size_t pos) const {
    const char c = b_[pos];
    if (c == '.' || c == '!' || c == '?') return 1;
    return starts(pos, "\xE2\x80\xA6") ? 3 : 0;
  }
  // Length of a closing quote/bracket at pos; 0 if none.
  std::size_t closer_at(std::size_t pos) const {
    const char c = b_[pos];
    if (c == '"' || c == '\'' || c == ')' || c == ']' || c == '}' || c == '*' || c == '_') return 1;
    if (starts(pos, "\xE2\x80\x9D") || starts(pos, "\xE2\x80\x99")) return 3;
    return starts(pos, "\xC2\xBB") ? 2 : 0;
  }
  std::size_t opener_at(std::size_t pos) const {
    const char c = b_[pos];
    if (c == '"' || c == '\'' || c == '(' || c == '[') return 1;
    return (starts(pos, "\xE2\x80\x9C") || starts(pos, "\xE2\x80\x98")) ? 3 : 0;
  }
  // A multi-byte mark might be cut by the buffer end.
  bool mark_pending(std::size_t pos) const {
    return partial(pos, "\xE2\x80\xA6") || partial(pos, "\xE2\x80\x9D") ||
           partial(pos, "\xE2\x80\x99") || partial(pos, "\xC2\xBB") ||
           partial(pos, "\xE2\x80\x9C") || partial(pos, "\xE2\x80\x98");
  }

  std::string_view b_;
  bool at_end_;
};

// Is the word starting at pos (after optional openers) one that typically starts a sentence?
Decision starter_word(const Scanner& sc, std::size_t pos) {
  while (sc.has(pos)) {
    const std::size_t n = sc.opener_at(pos);
    if (n == 0) break;
    pos += n;
  }
  if (!sc.has(pos)) return sc.at_end() ? Decision::kNo : Decision::kMore;
  if (sc.mark_pending(pos)) return Decision::kMore;
  std::size_t e = pos;
  while (sc.has(e) && is_alpha(sc.at(e)) && e - pos <= kMaxWordLookahead)
    ++e;
  if (e - pos > kMaxWordLookahead) return Decision::kNo;
  if (!sc.has(e) && !sc.at_end()) return Decision::kMore;
  if (e == pos) return Decision::kNo;
  return is_stopword(ascii_lower(sc.b_.substr(pos, e - pos))) ? Decision::kYes : Decision::kNo;
}

// Decides a candidate boundary: terminal run [run_begin, run_end), closers up to `end`.
Decision decide_terminal(const Scanner& sc, std::size_t sentence_begin, std::size_t run_begin,
                         std::size_t run_end, std::size_t end) {
  if (!sc.has(end)) return sc.at_end() ? Decision::kYes : Decision::kMore;
  if (sc.mark_pending(end)) return Decision::kMore;
  const bool single_dot = run_end == run_begin + 1 && sc.at(run_begin) == '.';
  const bool closed = end > run_end;

  // Letters right before the run ("Mr", "S" of "U.S", "century").
  std::size_t w = run_begin;
  while (w > sentence_begin && is_alpha(sc.at(w - 1)) && run_begin - w <= kMaxWordLookahead)
    --w;
  const std::string word = ascii_lower(sc.b_.substr(w, run_begin - w));
  const bool dotted = !word.empty() && w > sentence_begin && sc.at(w - 1) == '.';

  if (!is_space(sc.at(end))) {
    // Missing space: "century.First" splits; "U.S.A.", "3.6", "Ph.D", "example.com" do not.
    if (!is_upper(sc.at(end))) return Decision::kNo;
    if (!sc.has(end + 1)) return sc.at_end() ? Decision::kNo : Decision::kMore;
    // "choices.BUST is": an all-caps word after a lowercase word ends the sentence too.
    const bool caps_word =
        is_upper(sc.at(end + 1)) && word.size() >= 3 && !dotted && is_lower(sc.at(run_begin - 1));
    if (!is_lower(sc.at(end + 1)) && !caps_word) return Decision::kNo;
    if (!single_dot) return Decision::kYes;
    if (word.empty()) {
      if (w == sentence_begin) return Decision::kNo;
      const char prev = sc.at(w - 1);
      if (is_digit(prev)) {
        std::size_t d = w;
        while (d > sentence_begin && is_digit(sc.at(d - 1)))
          --d;
        return (d > sentence_begin && sc.at(d - 1) == '.') ? Decision::kNo : Decision::kYes;
      }
      return (prev == ')' || prev == '"' || prev == '\'') ? Decision::kYes : Decision::kNo;
    }
    if (dotted || word.size() < 2) return Decision::kNo;
    const auto original = sc.b_.substr(w, run_begin - w);
    if (std::none_of(original.begin(), original.end(), is_lower)) return Decision::kNo;
    if (kNonFinal.contains(word) || kBeforeNumber.contains(word) || kAmbiguous.contains(word)) {
      return Decision::kNo;
    }
    return Decision::kYes;
  }

  // Whitespace follows: find the next visible character.
  std::size_t q = end;
  bool newline = false;
  while (sc.has(q) && is_space(sc.at(q))) {
    newline = newline || sc.at(q) == '\n';
    if (++q - end > kMaxSpaceLookahead) return Decision::kYes;
  }
  if (!sc.has(q)) return sc.at_end() ? Decision::kYes : Decision::kMore;
  if (newline) return Decision::kYes;
  const char next = sc.at(q);
  if (is_lower(next)) {
    // Pre-tokenised, lowercased text ("... his new artwork . conor mcgregor reveals ..."): a
    // full stop standing alone between spaces still ends the sentence.
    const bool detached = single_dot && !closed && run_begin > sentence_begin + 1 &&
                          is_space(sc.at(run_begin - 1)) &&
                          (is_alpha(sc.at(run_begin - 2)) || is_digit(sc.at(run_begin - 2)));
    return detached ? Decision::kYes : Decision::kNo;
  }
  if (!single_dot || closed) return Decision::kYes;
  if (dotted) {
    std::size_t d = w;
    while (d > sentence_begin && (is_alpha(sc.at(d - 1)) || sc.at(d - 1) == '.') &&
           run_begin - d <= kMaxWordLookahead) {
      --d;
    }
    const std::string abbreviation = ascii_lower(sc.b_.substr(d, run_begin - d));
    if (kNonFinalDotted.contains(abbreviation)) return Decision::kNo;
    return starter_word(sc, q);
  }
  if (word.empty()) return Decision::kYes;
  if (word.size() == 1 && is_upper(sc.at(w))) return starter_word(sc, q);  // initial "J."
  if (kNonFinal.contains(word)) return Decision::kNo;
  if (kBeforeNumber.contains(word) && is_digit(next)) return Decision::kNo;
  if (kAmbiguous.contains(word)) return starter_word(sc, q);
  return Decision::kYes;
}

enum class LineKind { kProse, kHeading, kListItem, kTableRow, kFence, kMore };

struct LineStart {
  LineKind kind = LineKind::kProse;
  std::size_t content = 0;  // where the sentence text starts (after the marker)
};

// After a marker at [pos, after): spaces and then text on the same line are required.
LineStart marker_content(const Scanner& sc, std::size_t after, LineKind kind) {
  if (!sc.has(after)) return {sc.at_end() ? LineKind::kProse : LineKind::kMore, 0};
  if (sc.at(after) != ' ' && sc.at(after) != '\t') return {LineKind::kProse, 0};
  std::size_t p = after;
  while (sc.has(p) && (sc.at(p) == ' ' || sc.at(p) == '\t') && p - after <= kMaxSpaceLookahead)
    ++p;
  if (!sc.has(p)) return {sc.at_end() ? LineKind::kProse : LineKind::kMore, 0};
  if (is_space(sc.at(p)) || p - after > kMaxSpaceLookahead) return {LineKind::kProse, 0};
  return {kind, p};
}

LineStart classify_line(const Scanner& sc, std::size_t s) {
  const char c = sc.at(s);
  if (c == '`' || c == '~') {
    const std::string_view fence = c == '`' ? "```" : "~~~";
    if (sc.starts(s, fence)) return {LineKind::kFence, s};
    return {sc.partial(s, fence) ? LineKind::kMore : LineKind::kProse, s};
  }
  if (c == '|') return {LineKind::kTableRow, s};
  if (c == '#') {
    std::size_t p = s;
    while (sc.has(p) && sc.at(p) == '#' && p - s < 7)
      ++p;
    if (!sc.has(p) && !sc.at_end()) return {LineKind::kMore, s};
    if (p - s > 6) return {LineKind::kProse, s};
    return marker_content(sc, p, LineKind::kHeading);
  }
  if (c == '-' || c == '*' || c == '+') return marker_content(sc, s + 1, LineKind::kListItem);
  if (sc.starts(s, "\xE2\x80\xA2")) return marker_content(sc, s + 3, LineKind::kListItem);
  if (sc.partial(s, "\xE2\x80\xA2")) return {LineKind::kMore, s};
  if (is_digit(c)) {
    std::size_t p = s;
    while (sc.has(p) && is_digit(sc.at(p)) && p - s < 4)
      ++p;
    if (!sc.has(p)) return {sc.at_end() ? LineKind::kProse : LineKind::kMore, s};
    if (p - s > 3 || (sc.at(p) != '.' && sc.at(p) != ')')) return {LineKind::kProse, s};
    return marker_content(sc, p + 1, LineKind::kListItem);
  }
  return {LineKind::kProse, s};
}

std::size_t trim_end(const Scanner& sc, std::size_t begin, std::size_t end) {
  while (end > begin && is_space(sc.at(end - 1)))
    --end;
  return end;
}

struct Unit {
  Decision status = Decision::kMore;  // kYes: a unit; kMore: wait; kNo: only whitespace left
  std::size_t begin = 0;
  std::size_t end = 0;       // content end (trimmed)
  std::size_t consumed = 0;  // bytes finished with
  SentenceKind kind = SentenceKind::kProse;
  bool forced = false;
  bool open_prose = false;  // kMore at the buffer's end inside prose, nothing pending
};

// Cut a unit that reached the length limit: at the last space in its second half if any.
// Needs 3 bytes past the limit (or the end) so the UTF-8 alignment never depends on the buffer end.
Unit forced_cut(const Scanner& sc, std::size_t s, std::size_t content, SentenceKind kind) {
  const std::size_t limit = s + kMaxSentenceBytes;
  if (!sc.has(limit + 3) && !sc.at_end()) return {};
  std::size_t cut = limit;
  while (cut > s + kMaxSentenceBytes / 2 && !is_space(sc.at(cut - 1)))
    --cut;
  if (cut <= s + kMaxSentenceBytes / 2) cut = align_to_char_start(sc.b_, limit);
  if (cut <= content) cut = limit;
  return {Decision::kYes, content, trim_end(sc, content, cut), cut, kind, true};
}

// A code block from `s`; `open` says whether s is the opening fence line.
Unit scan_code(const Scanner& sc, std::size_t s, char fence_char, bool open) {
  const std::string_view fence = fence_char == '`' ? "```" : "~~~";
  std::size_t p = s;
  if (open) {
    p += 3;
  } else if (sc.starts(s, fence)) {
    // The block continued after a cut and this is its closing fence line.
    p = s + 3;
    while (sc.has(p) && sc.at(p) != '\n') {
      if (p - s >= kMaxSentenceBytes) return forced_cut(sc, s, s, SentenceKind::kCodeBlock);
      ++p;
    }
    if (!sc.has(p) && !sc.at_end()) return {};
    return {Decision::kYes, s, trim_end(sc, s, p), p, SentenceKind::kCodeBlock};
  }
  bool closing = false;
  while (true) {
    if (p - s >= kMaxSentenceBytes) return forced_cut(sc, s, s, SentenceKind::kCodeBlock);
    if (!sc.has(p)) {
      if (!sc.at_end()) return {};
      return {Decision::kYes, s, trim_end(sc, s, p), p, SentenceKind::kCodeBlock};
    }
    const char c = sc.at(p);
    if (c == '\n') {
      if (closing) return {Decision::kYes, s, trim_end(sc, s, p), p, SentenceKind::kCodeBlock};
      std::size_t q = p + 1;
      while (sc.has(q) && sc.at(q) == ' ' && q - p <= 4)
        ++q;
      if (sc.starts(q, fence)) {
        closing = true;
        p = q + 3;
        continue;
      }
      if (sc.partial(q, fence) || (!sc.has(q) && !sc.at_end())) return {};
    }
    ++p;
  }
}

// A heading or table row: the rest of the line.
Unit scan_line(const Scanner& sc, std::size_t s, std::size_t content, SentenceKind kind) {
  std::size_t p = content;
  while (true) {
    if (p - s >= kMaxSentenceBytes) return forced_cut(sc, s, content, kind);
    if (!sc.has(p)) {
      if (!sc.at_end()) return {};
      break;
    }
    if (sc.at(p) == '\n') break;
    ++p;
  }
  return {Decision::kYes, content, trim_end(sc, content, p), p, kind};
}

// Bytes scan_prose passes over without a look: no newline, no terminal mark, and no first
// byte of a multi-byte mark (… ” ’ » “ ‘ start with 0xE2 or 0xC2). Most of any text.
constexpr auto kPlainBytes = [] {
  std::array<bool, 256> plain{};
  plain.fill(true);
  for (const int c : std::array<int, 6>{'\n', '.', '!', '?', 0xE2, 0xC2})
    plain[static_cast<std::size_t>(c)] = false;
  return plain;
}();

Unit scan_prose(const Scanner& sc, std::size_t s, std::size_t content, SentenceKind kind) {
  std::size_t p = content;
  // The length limit, or the buffer end, whichever comes first: plain bytes stop there.
  const std::size_t plain_end = std::min(sc.size(), s + kMaxSentenceBytes);
  while (true) {
    while (p < plain_end && kPlainBytes[static_cast<unsigned char>(sc.at(p))])
      ++p;
    if (p - s >= kMaxSentenceBytes) return forced_cut(sc, s, content, kind);
    if (!sc.has(p)) {
      if (!sc.at_end()) {
        Unit open;
        open.open_prose = true;
        return open;
      }
      return {Decision::kYes, content, trim_end(sc, content, p), p, kind};
    }
    const char c = sc.at(p);
    if (c == '\n') {
      std::size_t q = p;
      int newlines = 0;
      bool long_run = false;
      while (sc.has(q) && is_space(sc.at(q))) {
        newlines += sc.at(q) == '\n';
        if (++q - p > kMaxSpaceLookahead) {
          long_run = true;
          break;
        }
      }
      if (!long_run && !sc.has(q)) {
        if (!sc.at_end()) return {};
        return {Decision::kYes, content, trim_end(sc, content, p), p, kind};
      }
      if (long_run || newlines >= 2 || !is_lower(sc.at(q))) {
        return {Decision::kYes, content, trim_end(sc, content, p), p, kind};
      }
      p = q;
      continue;
    }
    if (sc.mark_pending(p)) return {};
    std::size_t n = sc.terminal_at(p);
    if (n == 0) {
      ++p;
      continue;
    }
    const std::size_t run_begin = p;
    std::size_t run_end = p;
    while (sc.has(run_end) && run_end - run_begin < kMaxMarkRun &&
           (n = sc.terminal_at(run_end)) > 0) {
      run_end += n;
    }
    std::size_t end = run_end;
    while (sc.has(end) && end - run_end < kMaxMarkRun && (n = sc.closer_at(end)) > 0) {
      end += n;
    }
    if (sc.has(end) && sc.mark_pending(end)) return {};
    switch (decide_terminal(sc, content, run_begin, run_end, end)) {
      case Decision::kMore:
        return {};
      case Decision::kYes:
        return {Decision::kYes, content, end, end, kind};
      case Decision::kNo:
        p = end;
        break;
    }
  }
}

Unit scan_unit(const Scanner& sc, std::size_t start, ScanState& state) {
  std::size_t s = start;
  bool line_start = state.line_start;
  while (sc.has(s) && is_space(sc.at(s))) {
    line_start = line_start || sc.at(s) == '\n';
    ++s;
  }
  if (!sc.has(s)) {
    state.line_start = line_start;
    return {sc.at_end() ? Decision::kNo : Decision::kMore, s, s, s};
  }
  Unit unit;
  if (state.in_code) {
    unit = scan_code(sc, s, state.fence, false);
  } else if (line_start) {
    const LineStart line = classify_line(sc, s);
    switch (line.kind) {
      case LineKind::kMore:
        unit = {};
        break;
      case LineKind::kFence:
        unit = scan_code(sc, s, sc.at(s), true);
        break;
      case LineKind::kHeading:
        unit = scan_line(sc, s, line.content, SentenceKind::kHeading);
        break;
      case LineKind::kTableRow:
        unit = scan_line(sc, s, s, SentenceKind::kTableRow);
        break;
      case LineKind::kListItem:
        unit = scan_prose(sc, s, line.content, SentenceKind::kListItem);
        break;
      case LineKind::kProse:
        unit = scan_prose(sc, s, s, SentenceKind::kProse);
        break;
    }
  } else {
    unit = scan_prose(sc, s, s, SentenceKind::kProse);
  }
  if (unit.status == Decision::kMore) {
    // Leading whitespace is finished with; remember whether it held a newline.
    state.line_start = line_start;
    state.open_prose = unit.open_prose;
    unit.consumed = s;
    return unit;
  }
  if (unit.kind == SentenceKind::kCodeBlock) {
    if (!state.in_code) state.fence = sc.at(s);
    state.in_code = unit.forced;
  }
  state.line_start = false;
  return unit;
}

}  // namespace

std::size_t scan_sentences(std::string_view buffer, std::size_t base, bool at_end, ScanState& state,
                           std::vector<Sentence>& out) {
  const Scanner sc(buffer, at_end);
  std::size_t pos = 0;
  state.open_prose = false;
  while (true) {
    const Unit unit = scan_unit(sc, pos, state);
    if (unit.status != Decision::kYes) return unit.consumed;
    if (unit.end > unit.begin)
      out.push_back({base + unit.begin, base + unit.end, unit.kind, unit.forced});
    pos = unit.consumed;
  }
}

bool scan_may_decide(const ScanState& state, std::size_t buffered, std::string_view bytes) {
  // Under the limit, no forced cut: a unit starts at or after the buffer's first byte.
  if (!state.open_prose || buffered + bytes.size() >= kMaxSentenceBytes) return true;
  for (const char c : bytes) {
    if (!kPlainBytes[static_cast<unsigned char>(c)]) return true;
  }
  return false;
}

}  // namespace groundgate::filters::text
