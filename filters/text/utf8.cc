#include "filters/text/utf8.h"

namespace groundgate::filters::text {

namespace {

bool is_continuation(unsigned char c) {
  return (c & 0xC0) == 0x80;
}

}  // namespace

DecodedChar decode_utf8(std::string_view text, std::size_t pos) {
  const auto c0 = static_cast<unsigned char>(text[pos]);
  if (c0 < 0x80) return {c0, 1, true};
  std::size_t need = 0;
  char32_t cp = 0;
  char32_t min = 0;
  if (c0 >= 0xC2 && c0 <= 0xDF) {
    need = 1, cp = c0 & 0x1F, min = 0x80;
  } else if (c0 >= 0xE0 && c0 <= 0xEF) {
    need = 2, cp = c0 & 0x0F, min = 0x800;
  } else if (c0 >= 0xF0 && c0 <= 0xF4) {
    need = 3, cp = c0 & 0x07, min = 0x10000;
  } else {
    return {kReplacementChar, 1, false};
  }
  if (pos + need >= text.size()) return {kReplacementChar, 1, false};
  for (std::size_t i = 1; i <= need; ++i) {
    const auto c = static_cast<unsigned char>(text[pos + i]);
    if (!is_continuation(c)) return {kReplacementChar, 1, false};
    cp = (cp << 6) | (c & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    return {kReplacementChar, 1, false};
  }
  return {cp, static_cast<std::uint8_t>(need + 1), true};
}

bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto d = decode_utf8(text, i);
    if (!d.valid) return false;
    i += d.length;
  }
  return true;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = kReplacementChar;
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

std::string repair_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto d = decode_utf8(text, i);
    if (d.valid) {
      out.append(text.substr(i, d.length));
    } else {
      append_utf8(out, kReplacementChar);
    }
    i += d.length;
  }
  return out;
}

std::size_t complete_prefix_length(std::string_view text) {
  // Look at most 3 bytes back for a lead byte whose sequence is cut off by the end.
  const std::size_t n = text.size();
  for (std::size_t back = 1; back <= 3 && back <= n; ++back) {
    const auto c = static_cast<unsigned char>(text[n - back]);
    if (is_continuation(c)) continue;
    std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    return len > back ? n - back : n;
  }
  return n;
}

std::size_t align_to_char_start(std::string_view text, std::size_t pos) {
  if (pos >= text.size()) return text.size();
  for (std::size_t back = 0; back < 4 && back <= pos; ++back) {
    const auto c = static_cast<unsigned char>(text[pos - back]);
    if (!is_continuation(c)) {
      const auto d = decode_utf8(text, pos - back);
      return (d.valid && pos - back + d.length > pos) ? pos - back : pos;
    }
  }
  return pos;
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    c = ascii_lower(c);
  return out;
}

char32_t simple_lower(char32_t cp) {
  if (cp >= 'A' && cp <= 'Z') return cp + 32;
  if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 32;
  // Latin Extended-A pairs each capital with the small letter after it ("Ă" U+0102, "ă"
  // U+0103), but for U+0139..U+0148 and U+0179..U+017E, which start one later; U+0130 (İ),
  // U+0131 (ı), U+0138 (ĸ), U+0149 (ŉ) and U+017F (ſ) have no pair here.
  const bool odd_capitals = (cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E);
  if (odd_capitals) return cp % 2 == 1 ? cp + 1 : cp;
  const bool even_capitals =
      (cp >= 0x100 && cp <= 0x12F) || (cp >= 0x132 && cp <= 0x137) || (cp >= 0x14A && cp <= 0x177);
  if (even_capitals) return cp % 2 == 0 ? cp + 1 : cp;
  if (cp == 0x178) return 0xFF;  // Ÿ
  return cp;
}

std::string_view typographic_fold(char32_t cp) {
  switch (cp) {
    case 0x2018:
    case 0x2019:
    case 0x201A:
    case 0x201B:
    case 0x2032:
    case 0x02BC:
      return "'";
    case 0x201C:
    case 0x201D:
    case 0x201E:
    case 0x201F:
    case 0x2033:
    case 0x00AB:
    case 0x00BB:
      return "\"";
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2015:
    case 0x2212:
      return "-";
    case 0x2026:
      return "...";
    case 0x00A0:
    case 0x2002:
    case 0x2003:
    case 0x2009:
    case 0x200A:
    case 0x202F:
      return " ";
    case 0xFB01:
      return "fi";
    case 0xFB02:
      return "fl";
    default:
      return {};
  }
}

char32_t compose_latin(char base, char32_t mark) {
  struct Composition {
    char base;
    char16_t mark;
    char16_t letter;
  };
  // Each lowercase letter of Latin-1 and Latin Extended-A that is an ASCII letter and one
  // combining mark (Unicode canonical decomposition).
  static constexpr Composition kCompositions[] = {
      {'a', 0x300, 0x0E0}, {'a', 0x301, 0x0E1}, {'a', 0x302, 0x0E2}, {'a', 0x303, 0x0E3},
      {'a', 0x308, 0x0E4}, {'a', 0x30A, 0x0E5}, {'c', 0x327, 0x0E7}, {'e', 0x300, 0x0E8},
      {'e', 0x301, 0x0E9}, {'e', 0x302, 0x0EA}, {'e', 0x308, 0x0EB}, {'i', 0x300, 0x0EC},
      {'i', 0x301, 0x0ED}, {'i', 0x302, 0x0EE}, {'i', 0x308, 0x0EF}, {'n', 0x303, 0x0F1},
      {'o', 0x300, 0x0F2}, {'o', 0x301, 0x0F3}, {'o', 0x302, 0x0F4}, {'o', 0x303, 0x0F5},
      {'o', 0x308, 0x0F6}, {'u', 0x300, 0x0F9}, {'u', 0x301, 0x0FA}, {'u', 0x302, 0x0FB},
      {'u', 0x308, 0x0FC}, {'y', 0x301, 0x0FD}, {'y', 0x308, 0x0FF}, {'a', 0x304, 0x101},
      {'a', 0x306, 0x103}, {'a', 0x328, 0x105}, {'c', 0x301, 0x107}, {'c', 0x302, 0x109},
      {'c', 0x307, 0x10B}, {'c', 0x30C, 0x10D}, {'d', 0x30C, 0x10F}, {'e', 0x304, 0x113},
      {'e', 0x306, 0x115}, {'e', 0x307, 0x117}, {'e', 0x328, 0x119}, {'e', 0x30C, 0x11B},
      {'g', 0x302, 0x11D}, {'g', 0x306, 0x11F}, {'g', 0x307, 0x121}, {'g', 0x327, 0x123},
      {'h', 0x302, 0x125}, {'i', 0x303, 0x129}, {'i', 0x304, 0x12B}, {'i', 0x306, 0x12D},
      {'i', 0x328, 0x12F}, {'j', 0x302, 0x135}, {'k', 0x327, 0x137}, {'l', 0x301, 0x13A},
      {'l', 0x327, 0x13C}, {'l', 0x30C, 0x13E}, {'n', 0x301, 0x144}, {'n', 0x327, 0x146},
      {'n', 0x30C, 0x148}, {'o', 0x304, 0x14D}, {'o', 0x306, 0x14F}, {'o', 0x30B, 0x151},
      {'r', 0x301, 0x155}, {'r', 0x327, 0x157}, {'r', 0x30C, 0x159}, {'s', 0x301, 0x15B},
      {'s', 0x302, 0x15D}, {'s', 0x327, 0x15F}, {'s', 0x30C, 0x161}, {'t', 0x327, 0x163},
      {'t', 0x30C, 0x165}, {'u', 0x303, 0x169}, {'u', 0x304, 0x16B}, {'u', 0x306, 0x16D},
      {'u', 0x30A, 0x16F}, {'u', 0x30B, 0x171}, {'u', 0x328, 0x173}, {'w', 0x302, 0x175},
      {'y', 0x302, 0x177}, {'z', 0x301, 0x17A}, {'z', 0x307, 0x17C}, {'z', 0x30C, 0x17E}};
  for (const Composition& c : kCompositions) {
    if (c.base == base && c.mark == mark) return c.letter;
  }
  return 0;
}

void append_folded(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(ascii_lower(static_cast<char>(cp)));
  } else if (const auto fold = typographic_fold(cp); !fold.empty()) {
    out.append(fold);
  } else if (const char32_t letter =
                 !out.empty() && is_combining_mark(cp) ? compose_latin(out.back(), cp) : 0) {
    out.pop_back();
    append_utf8(out, letter);
  } else {
    append_utf8(out, simple_lower(cp));
  }
}

std::string fold_for_matching(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto d = decode_utf8(text, i);
    append_folded(out, d.code_point);
    i += d.length;
  }
  return out;
}

}  // namespace groundgate::filters::text
