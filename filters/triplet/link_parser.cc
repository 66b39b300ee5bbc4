#include "filters/triplet/link_parser.h"

#include <link-grammar/link-includes.h>

#include <algorithm>
#include <cctype>

#include <string>
#include <vector>

namespace groundgate::filters::triplet {

namespace {

constexpr std::size_t kMaxParseBytes = 1024;

// The sentence as plain printable ASCII for the parser (it asserts on some inputs, e.g. an
// empty string), with the source span of every byte so that word spans map back.
struct CleanText {
  std::string text;
  std::vector<std::uint32_t> source_begin;
  std::vector<std::uint32_t> source_end;

  void add(std::string_view s, std::size_t begin, std::size_t end) {
    for (const char c : s) {
      text.push_back(c);
      source_begin.push_back(static_cast<std::uint32_t>(begin));
      source_end.push_back(static_cast<std::uint32_t>(end));
    }
  }
};

// ASCII stand-ins for common typography; other non-ASCII characters are dropped.
std::string_view fold(std::uint32_t cp) {
  switch (cp) {
    case 0x2018:
    case 0x2019:
    case 0x2032:
      return "'";
    case 0x201C:
    case 0x201D:
    case 0x2033:
      return "\"";
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2212:
      return "-";
    case 0x2026:
      return "...";
    case 0x00A0:
    case 0x2009:
    case 0x202F:
      return " ";
    default:
      return {};
  }
}

CleanText clean(std::string_view s) {
  CleanText out;
  for (std::size_t i = 0; i < s.size() && out.text.size() < kMaxParseBytes;) {
    const auto byte = static_cast<unsigned char>(s[i]);
    if (byte < 0x80) {
      const char c = (byte < 0x20 || byte == 0x7F) ? ' ' : static_cast<char>(byte);
      if (!(c == ' ' && (out.text.empty() || out.text.back() == ' '))) out.add({&c, 1}, i, i + 1);
      ++i;
      continue;
    }
    std::size_t len = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
    if (i + len > s.size()) len = 1;
    std::uint32_t cp = len == 1 ? 0 : byte & (0x7F >> len);
    for (std::size_t k = 1; k < len; ++k) {
      const auto next = static_cast<unsigned char>(s[i + k]);
      if ((next & 0xC0) != 0x80) {
        cp = 0;
        len = k;
        break;
      }
      cp = (cp << 6) | (next & 0x3F);
    }
    out.add(fold(cp), i, i + len);
    i += len;
  }
  while (!out.text.empty() && out.text.back() == ' ') {
    out.text.pop_back();
    out.source_begin.pop_back();
    out.source_end.pop_back();
  }
  return out;
}

bool is_alpha(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0;
}
bool is_alnum(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0;
}
bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// Whether punctuation `c` between `prev` and `next` stays inside its word: "it's", "e-mail",
// "and/or", "AT&T", "U.S", "3.6", "1,000", "10:30", "$160", "25%".
bool stays_in_word(char c, char prev, char next) {
  switch (c) {
    case '\'':
      return is_alpha(prev) && is_alpha(next);
    case '-':
    case '/':
    case '&':
    case '.':
      return is_alnum(prev) && is_alnum(next);
    case ',':
    case ':':
      return is_digit(prev) && is_digit(next);
    case '$':
      return is_digit(next);
    case '%':
      return is_digit(prev);
    default:
      return false;
  }
}

// Every other punctuation mark as a word of its own. The library's tokenizer strips stacked
// affixes itself, and on some stacks (`"no"'m.`, `#)##:G`) it fails an assertion and aborts
// the process (link-grammar 5.12, flatten_wordgraph: "Extra word"); a lone mark has no
// affixes to strip. Inserted spaces map to the mark's source bytes.
CleanText isolate_punctuation(const CleanText& in) {
  CleanText out;
  out.text.reserve(in.text.size() + in.text.size() / 2);
  out.source_begin.reserve(out.text.capacity());
  out.source_end.reserve(out.text.capacity());
  const auto push = [&](char c, std::size_t from) {
    out.text.push_back(c);
    out.source_begin.push_back(in.source_begin[from]);
    out.source_end.push_back(in.source_end[from]);
  };
  for (std::size_t i = 0; i < in.text.size(); ++i) {
    const char c = in.text[i];
    const char prev = i > 0 ? in.text[i - 1] : ' ';
    const char next = i + 1 < in.text.size() ? in.text[i + 1] : ' ';
    if (c == ' ' || is_alnum(c) || stays_in_word(c, prev, next)) {
      if (!(c == ' ' && !out.text.empty() && out.text.back() == ' ')) push(c, i);
      continue;
    }
    if (!out.text.empty() && out.text.back() != ' ') push(' ', i);
    push(c, i);
    if (next != ' ') push(' ', i);
  }
  return out;
}

std::size_t count_words(std::string_view s) {
  std::size_t words = 0;
  bool in_word = false;
  for (const char c : s) {
    if (c == ' ') {
      in_word = false;
    } else if (!in_word) {
      in_word = true;
      ++words;
    }
  }
  return words;
}

bool has_alnum(std::string_view s) {
  for (const char c : s) {
    if (is_alnum(c)) return true;
  }
  return false;
}

}  // namespace

LinkParser::LinkParser(std::shared_ptr<const LinkDictionary> dictionary, Options options)
    : dictionary_(std::move(dictionary)), options_(options) {
  Parse_Options opts = parse_options_create();
  parse_options_set_verbosity(opts, 0);
  parse_options_set_linkage_limit(opts, options_.linkage_limit);
  parse_options_set_max_parse_time(opts, options_.max_parse_seconds);
  parse_options_set_short_length(opts, options_.short_length);
  parse_options_set_spell_guess(opts, 0);
  parse_options_set_display_morphology(opts, 0);
  parse_options_set_min_null_count(opts, 0);
  parse_options_set_max_null_count(opts, 0);
  parse_options_set_islands_ok(opts, false);
  parse_options_ = opts;
}

LinkParser::~LinkParser() {
  parse_options_delete(static_cast<Parse_Options>(parse_options_));
}

LinkParser::Result LinkParser::parse(std::string_view sentence, std::size_t max_words) {
  Result result;
  const CleanText folded = clean(sentence);
  if (!has_alnum(folded.text)) return result;
  result.words = count_words(folded.text);
  if (result.words > std::min(max_words, options_.max_words)) {
    result.status = Status::kTooLong;
    return result;
  }
  const CleanText input = isolate_punctuation(folded);
  auto opts = static_cast<Parse_Options>(parse_options_);
  parse_options_reset_resources(opts);
  ::Sentence sent =
      sentence_create(input.text.c_str(), static_cast<Dictionary>(dictionary_->handle()));
  if (sent == nullptr) {
    result.status = Status::kNoLinkage;
    return result;
  }
  const int found = sentence_parse(sent, opts);
  if (found <= 0 || sentence_null_count(sent) > 0 || sentence_num_valid_linkages(sent) <= 0) {
    result.status = parse_options_timer_expired(opts) ? Status::kTimeout : Status::kNoLinkage;
    sentence_delete(sent);
    return result;
  }
  ::Linkage linkage = linkage_create(0, sent, opts);
  if (linkage == nullptr) {
    result.status = Status::kNoLinkage;
    sentence_delete(sent);
    return result;
  }
  const std::size_t n_words = linkage_get_num_words(linkage);
  result.linkage.words.reserve(n_words);
  for (std::size_t w = 0; w < n_words; ++w) {
    Linkage::Word word;
    word.form = linkage_get_word(linkage, w);
    const std::size_t b = linkage_get_word_byte_start(linkage, w);
    const std::size_t e = linkage_get_word_byte_end(linkage, w);
    if (b < e && e <= input.text.size()) {
      word.begin = input.source_begin[b];
      word.end = input.source_end[e - 1];
    } else {
      // Walls and empty words: a zero-width span at the nearest source position.
      const std::size_t at = b < input.text.size() ? input.source_begin[b] : sentence.size();
      word.begin = word.end = at;
    }
    result.linkage.words.push_back(std::move(word));
  }
  const std::size_t n_links = linkage_get_num_links(linkage);
  result.linkage.links.reserve(n_links);
  for (std::size_t l = 0; l < n_links; ++l) {
    Linkage::Link link;
    link.label = linkage_get_link_label(linkage, l);
    link.left = static_cast<std::uint16_t>(linkage_get_link_lword(linkage, l));
    link.right = static_cast<std::uint16_t>(linkage_get_link_rword(linkage, l));
    if (link.left < n_words && link.right < n_words) result.linkage.links.push_back(link);
  }
  linkage_delete(linkage);
  sentence_delete(sent);
  result.status = Status::kParsed;
  return result;
}

std::string_view to_string(LinkParser::Status status) {
  switch (status) {
    case LinkParser::Status::kParsed:
      return "parsed";
    case LinkParser::Status::kEmpty:
      return "empty";
    case LinkParser::Status::kTooLong:
      return "too_long";
    case LinkParser::Status::kNoLinkage:
      return "no_linkage";
    case LinkParser::Status::kTimeout:
      return "timeout";
  }
  return "unknown";
}

}  // namespace groundgate::filters::triplet
