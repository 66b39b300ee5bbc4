#include "filters/redact/phrase_matcher.h"

#include <algorithm>

namespace groundgate::filters::redact {

std::shared_ptr<const PhraseMatcher> PhraseMatcher::compile(const config::RedactConfig& config) {
  std::shared_ptr<PhraseMatcher> matcher(new PhraseMatcher());
  matcher->replacement_ = config.replacement;
  matcher->case_insensitive_ = config.case_insensitive;
  matcher->nodes_.emplace_back();
  for (const std::string& phrase : config.phrases) {
    if (!phrase.empty()) matcher->add(phrase);
  }
  return matcher;
}

unsigned char PhraseMatcher::fold(char c) const {
  const auto byte = static_cast<unsigned char>(c);
  // ASCII only: bytes of multi-byte UTF-8 sequences are all >= 0x80 and stay as they are.
  if (case_insensitive_ && byte >= 'A' && byte <= 'Z') return byte - 'A' + 'a';
  return byte;
}

void PhraseMatcher::add(std::string_view phrase) {
  std::uint32_t node = 0;
  for (char c : phrase) {
    const unsigned char byte = fold(c);
    std::uint32_t next = child(node, byte);
    if (next == kNone) {
      next = static_cast<std::uint32_t>(nodes_.size());
      nodes_.emplace_back();
      auto& edges = nodes_[node].edges;
      const auto at =
          std::lower_bound(edges.begin(), edges.end(), byte,
                           [](const auto& edge, unsigned char b) { return edge.first < b; });
      edges.insert(at, {byte, next});
    }
    node = next;
  }
  if (!nodes_[node].terminal) ++phrase_count_;
  nodes_[node].terminal = true;
}

std::uint32_t PhraseMatcher::child(std::uint32_t node, unsigned char byte) const {
  const auto& edges = nodes_[node].edges;
  const auto at =
      std::lower_bound(edges.begin(), edges.end(), byte,
                       [](const auto& edge, unsigned char b) { return edge.first < b; });
  return at != edges.end() && at->first == byte ? at->second : kNone;
}

PhraseMatcher::Match PhraseMatcher::match_at(std::string_view text, std::size_t pos) const {
  Match match;
  std::uint32_t node = 0;
  for (std::size_t i = pos; i < text.size(); ++i) {
    node = child(node, fold(text[i]));
    if (node == kNone) return match;
    if (nodes_[node].terminal) match.length = i - pos + 1;
  }
  match.may_extend = !nodes_[node].edges.empty();
  return match;
}

}  // namespace groundgate::filters::redact
