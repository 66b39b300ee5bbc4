#include "filters/spl/finding_sink.h"

namespace groundgate::filters::spl {

void FindingSink::add(FindingType type, std::string_view code, std::string reason,
                      std::uint32_t begin, std::uint32_t end,
                      std::optional<std::string> replacement) {
  const bool exact = by_model(begin, end);
  const auto [qb, qe] = expansion_.query_span(begin, end);
  if (!exact || qe - qb != end - begin) replacement.reset();
  add_at_query(type, code, std::move(reason), qb, qe, std::move(replacement));
}

void FindingSink::add_at_query(FindingType type, std::string_view code, std::string reason,
                               std::uint32_t begin, std::uint32_t end,
                               std::optional<std::string> replacement) {
  Finding f;
  f.type = type;
  f.label = type == FindingType::kMisinterpretation || type == FindingType::kUnverified
                ? Label::kUnsupported
                : Label::kContradicted;
  f.code = code;
  f.reason = std::move(reason);
  f.begin = begin;
  f.end = end;
  f.replacement = std::move(replacement);
  add_finding(verdict_, std::move(f));
}

std::optional<text::NameSuggestion> FindingSink::suggest(std::string_view word,
                                                         std::span<const std::string> candidates) {
  if (suggestions_++ >= kMaxSuggestions) return std::nullopt;
  return text::closest_name(word, candidates);
}

std::string did_you_mean(const std::optional<text::NameSuggestion>& suggestion) {
  if (!suggestion) return "";
  return "; did you mean `" + suggestion->name + "`?";
}

std::string written_like(std::string_view original, std::string_view value) {
  const bool quoted = (!original.empty() && original.front() == '"') ||
                      value.find_first_of(" \t,|()[]=<>\"") != std::string_view::npos;
  if (!quoted) return std::string(value);
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace groundgate::filters::spl
