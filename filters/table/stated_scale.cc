#include "filters/table/stated_scale.h"

#include <string>

namespace groundgate::filters::table {
namespace {

bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// The scale words, each with its multiplier; a word must end there (no letter after it).
struct ScaleWord {
  std::string_view word;
  double scale;
};
constexpr ScaleWord kWords[] = {
    {"thousands", 1e3}, {"thousand", 1e3}, {"millions", 1e6}, {"million", 1e6},
    {"billions", 1e9},  {"billion", 1e9},  {"bn", 1e9},       {"m", 1e6},
};
// Currency signs that may stand between "in" and the scale word or right before a short one.
constexpr std::string_view kCurrencies[] = {
    "us$", "a$",  "c$",  "hk$", "s$",  "r$",  "$",   "\xE2\x82\xAC", "\xC2\xA3", "\xC2\xA5", "usd",
    "eur", "gbp", "rmb", "chf", "sek", "nok", "dkk", "inr",          "jpy",      "cad",      "aud"};

// The scale word at `at` ("millions", "m"), or 0. Short forms ("m", "bn") only right after a
// currency sign: "$m", "€m", "US$ m".
double word_at(std::string_view s, std::size_t at, bool after_currency) {
  for (const ScaleWord& w : kWords) {
    if (!s.substr(at).starts_with(w.word)) continue;
    const std::size_t end = at + w.word.size();
    if (end < s.size() && is_letter(s[end])) continue;
    if (w.word.size() <= 2 && !after_currency) continue;
    return w.scale;
  }
  return 0;
}

// A currency sign or code at `at` and the text after it (and one space); npos when none.
std::size_t after_currency(std::string_view s, std::size_t at) {
  for (std::string_view c : kCurrencies) {
    if (!s.substr(at).starts_with(c)) continue;
    if (is_letter(c.front()) && at > 0 && is_letter(s[at - 1])) continue;
    std::size_t end = at + c.size();
    if (end < s.size() && s[end] == ' ') ++end;
    return end;
  }
  return std::string_view::npos;
}

// Every scale stated in `s` (lowercase), in order, by calling `found(scale)`; stops when it
// returns false.
template <typename Found>
void scan(std::string_view s, Found found) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    double scale = 0;
    // "'000", "’000", "(000s)", "000's": thousands as accounts head a column.
    if (s.substr(i).starts_with("'000") || s.substr(i).starts_with("\xE2\x80\x99"
                                                                   "000")) {
      scale = 1e3;
    } else if (s.substr(i).starts_with("(000") && (i + 4 < s.size()) &&
               (s[i + 4] == ')' || s[i + 4] == 's' || s[i + 4] == '\'')) {
      scale = 1e3;
    } else if (s.substr(i).starts_with("in ") && (i == 0 || !is_letter(s[i - 1]))) {
      // "in millions", "in $ millions", "in US$ millions", "in thousands of dollars".
      std::size_t at = i + 3;
      const std::size_t currency = after_currency(s, at);
      if (currency != std::string_view::npos) at = currency;
      scale = word_at(s, at, false);
    } else if (const std::size_t currency = after_currency(s, i);
               currency != std::string_view::npos && (i == 0 || !is_letter(s[i - 1]))) {
      // "$ million", "US$m", "€m", "$000": a currency sign heading the scale.
      if (s.substr(currency).starts_with("000") &&
          (currency + 3 == s.size() || !(s[currency + 3] >= '0' && s[currency + 3] <= '9') ||
           false)) {
        scale = (currency + 3 < s.size() && (s[currency + 3] == ',' || s[currency + 3] == '.'))
                    ? 0
                    : 1e3;
      } else {
        scale = word_at(s, currency, true);
      }
    } else if (s[i] == '(' && (s.substr(i + 1).starts_with("thousands)") ||
                               s.substr(i + 1).starts_with("millions)") ||
                               s.substr(i + 1).starts_with("billions)"))) {
      scale = word_at(s, i + 1, false);
    }
    if (scale != 0 && !found(scale)) return;
  }
}

}  // namespace

double stated_scale(std::string_view text) {
  const std::string s = lowered(text);
  double out = 0;
  scan(s, [&](double scale) {
    out = scale;
    return false;
  });
  return out;
}

double only_stated_scale(std::string_view text) {
  const std::string s = lowered(text);
  double out = 0;
  bool two = false;
  scan(s, [&](double scale) {
    if (out != 0 && out != scale) {
      two = true;
      return false;
    }
    out = scale;
    return true;
  });
  return two ? 0 : out;
}

}  // namespace groundgate::filters::table
