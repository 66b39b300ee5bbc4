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

std::optional<std::string_view> latin_fold(char32_t cp) {
  // Latin-1 letters from U+00C0 and Latin Extended-A from U+0100, one base letter each; the
  // ligatures and the sharp s spelled out below.
  static constexpr std::string_view kLatin1 =
      "aaaaaaaceeeeiiiidnooooo.ouuuuyts"   // U+00C0..U+00DF (× at U+00D7 is no letter)
      "aaaaaaaceeeeiiiidnooooo.ouuuuyty";  // U+00E0..U+00FF (÷ at U+00F7)
  static constexpr std::string_view kExtendedA =
      "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiiijjkkkllllllllll"
      "nnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";  // U+0100..U+017F
  static_assert(kLatin1.size() == 64 && kExtendedA.size() == 128);
  if (cp >= 0x300 && cp <= 0x36F) return std::string_view();
  switch (cp) {
    case 0xC6:
    case 0xE6:
      return "ae";
    case 0xDE:
    case 0xFE:
      return "th";
    case 0xDF:
      return "ss";
    case 0x132:
    case 0x133:
      return "ij";
    case 0x152:
    case 0x153:
      return "oe";
    default:
      break;
  }
  if (cp >= 0xC0 && cp <= 0xFF && cp != 0xD7 && cp != 0xF7) return kLatin1.substr(cp - 0xC0, 1);
  if (cp >= 0x100 && cp <= 0x17F) return kExtendedA.substr(cp - 0x100, 1);
  return std::nullopt;
}

std::string fold_for_matching(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto d = decode_utf8(text, i);
    if (d.code_point < 0x80) {
      out.push_back(ascii_lower(static_cast<char>(d.code_point)));
    } else if (const auto fold = typographic_fold(d.code_point); !fold.empty()) {
      out.append(fold);
    } else if (const auto letter = latin_fold(d.code_point)) {
      out.append(*letter);
    } else {
      append_utf8(out, simple_lower(d.code_point));
    }
    i += d.length;
  }
  return out;
}

}  // namespace groundgate::filters::text
