#include "filters/figures/figure.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "filters/text/number_words.h"

namespace groundgate::filters::figures {
namespace {

using text::EntitySubtype;
using text::Token;
using text::TokenKind;

// Short scale words written after an amount: "$160m", "£2bn", "5k".
double short_scale(std::string_view w) {
  if (w == "m" || w == "mn" || w == "mln") return 1e6;
  if (w == "bn" || w == "b" || w == "bln") return 1e9;
  if (w == "k") return 1e3;
  return 0;
}

// Digits written after the point in a number token's norm ("1452.4" → 1).
int decimals_of(std::string_view norm) {
  const std::size_t point = norm.find('.');
  return point == std::string_view::npos ? 0 : static_cast<int>(norm.size() - point - 1);
}

bool read_number(std::string_view norm, double& out) {
  if (!norm.empty() && norm.front() == '+') norm.remove_prefix(1);
  const auto [end, error] = std::from_chars(norm.data(), norm.data() + norm.size(), out);
  return error == std::errc() && end == norm.data() + norm.size();
}

std::string with_separators(std::string digits) {
  const std::size_t point = digits.find('.');
  std::size_t int_end = point == std::string::npos ? digits.size() : point;
  const std::size_t first = digits.front() == '-' ? 1 : 0;
  for (std::size_t at = int_end; at > first + 3; at -= 3)
    digits.insert(at - 3, 1, ',');
  return digits;
}

// A duration written as a number of days ("14.69 days").
bool in_days(const text::Entity& e, std::span<const Token> tokens) {
  for (const Token& t : tokens) {
    if (t.begin >= e.end) break;
    if (t.begin >= e.begin && (t.norm == "days" || t.norm == "day")) return true;
  }
  return false;
}

}  // namespace

double Figure::half_step() const {
  return 0.5 * std::pow(10.0, -decimals);
}

std::vector<Figure> figures_of(std::string_view sentence, std::span<const Token> tokens,
                               std::span<const text::Entity> entities) {
  std::vector<Figure> out;
  std::size_t t = 0;
  for (const text::Entity& e : entities) {
    const bool days = e.subtype == EntitySubtype::kDuration && in_days(e, tokens);
    if (e.type != text::EntityType::kNumber && !days) continue;
    if (e.subtype != EntitySubtype::kMoney && e.subtype != EntitySubtype::kPercent &&
        e.subtype != EntitySubtype::kCardinal && !days) {
      continue;
    }
    while (t < tokens.size() && tokens[t].begin < e.begin)
      ++t;
    // The first number token of the entity, and a scale word after it.
    std::size_t n = t;
    while (n < tokens.size() && tokens[n].begin < e.end && tokens[n].kind != TokenKind::kNumber)
      ++n;
    if (n >= tokens.size() || tokens[n].begin >= e.end) continue;  // written in words
    Figure f;
    f.begin = e.begin;
    f.end = e.end;
    f.number_begin = tokens[n].begin;
    f.number_end = tokens[n].end;
    if (!read_number(tokens[n].norm, f.value)) continue;
    f.decimals = decimals_of(tokens[n].norm);
    f.grouped = tokens[n].has(text::kGrouped);
    f.percent = e.subtype == EntitySubtype::kPercent;
    f.money = e.subtype == EntitySubtype::kMoney;
    f.days = days;
    for (std::size_t k = n + 1; k < tokens.size() && tokens[k].begin < e.end; ++k) {
      if (tokens[k].kind != TokenKind::kWord) continue;
      const std::optional<double> word = text::scale_word(tokens[k].norm);
      const double scale = word ? *word : short_scale(tokens[k].norm);
      if (scale > 1) {
        f.scale = scale;
        f.scaled = true;
        break;
      }
    }
    // "-28.05%" is one token; "- 28.05" or "(28.05)" written around it is a sign too.
    if (n > 0 && tokens[n - 1].norm == "-" && tokens[n - 1].end == tokens[n].begin && f.value > 0 &&
        (n < 2 || tokens[n - 2].kind != TokenKind::kNumber)) {
      f.value = -f.value;
      f.begin = std::min(f.begin, tokens[n - 1].begin);
      f.number_begin = tokens[n - 1].begin;
    }
    const bool small_count = e.subtype == EntitySubtype::kCardinal && !f.scaled &&
                             f.decimals == 0 && std::fabs(f.value) < 10;
    if (small_count) continue;
    out.push_back(f);
  }
  (void)sentence;
  return out;
}

std::string written_like(double value, const Figure& like, std::string_view sentence) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", std::clamp(like.decimals, 0, 6), value);
  std::string number = buffer;
  if (number.starts_with('-') && number.find_first_not_of("0.", 1) == std::string::npos) {
    number.erase(0, 1);
  }
  if (like.grouped) number = with_separators(number);
  if (like.number_begin < like.begin || like.number_end > like.end || like.end > sentence.size())
    return number;
  std::string out(sentence.substr(like.begin, like.number_begin - like.begin));
  out += number;
  out.append(sentence.substr(like.number_end, like.end - like.number_end));
  return out;
}

}  // namespace groundgate::filters::figures
