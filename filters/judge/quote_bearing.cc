#include "filters/judge/quote_bearing.h"

#include <algorithm>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/text/entities.h"

namespace groundgate::filters::judge {
namespace {

// Rule 1: the share of the sentence's content stems the quotes must hold.
constexpr std::size_t kShareDivisor = 3;
// Rule 3: the stems a sentence without anchors must share.
constexpr std::size_t kMinSharedWithoutAnchors = 2;

std::vector<std::string> distinct_terms(std::string_view text) {
  std::vector<std::string> terms = index::ContextIndex::query_terms(text);
  std::sort(terms.begin(), terms.end());
  terms.erase(std::unique(terms.begin(), terms.end()), terms.end());
  return terms;
}

bool has(const std::vector<std::string>& sorted, const std::string& term) {
  return std::binary_search(sorted.begin(), sorted.end(), term);
}

// Numbers, dates, durations, money: compared by value. Names: by their words.
bool is_value(const text::Entity& e) {
  return e.type == text::EntityType::kTime || e.type == text::EntityType::kNumber;
}

bool anchor_in_quotes(const text::Entity& anchor, const std::vector<text::Entity>& quoted,
                      const std::vector<std::string>& quote_terms, BearingFor use) {
  if (!is_value(anchor)) {
    const std::vector<std::string> words = index::ContextIndex::query_terms(anchor.text);
    return std::any_of(words.begin(), words.end(),
                       [&](const std::string& w) { return has(quote_terms, w); });
  }
  return std::any_of(quoted.begin(), quoted.end(), [&](const text::Entity& q) {
    if (!is_value(q)) return false;
    const text::EntityMatch match = text::compare(anchor, q);
    return use == BearingFor::kSupport ? match == text::EntityMatch::kSame
                                       : match != text::EntityMatch::kIncomparable;
  });
}

}  // namespace

bool Bearing::bears() const {
  if (terms == 0) return false;
  const std::size_t share = (terms + kShareDivisor - 1) / kShareDivisor;
  if (shared_terms < std::max<std::size_t>(1, share)) return false;
  if (anchors > 0) return shared_anchors > 0;
  return shared_terms >= std::min(kMinSharedWithoutAnchors, terms);
}

std::string Bearing::describe() const {
  std::string out =
      "shares " + std::to_string(shared_terms) + " of " + std::to_string(terms) + " content words";
  if (anchors > 0) {
    out += shared_anchors == 0 ? " and none" : " and " + std::to_string(shared_anchors);
    out += " of its " + std::to_string(anchors) + " numbers or names";
  }
  return out;
}

Bearing bearing(std::string_view sentence, std::span<const std::string> quotes, BearingFor use) {
  std::vector<std::string> quote_terms;
  std::vector<text::Entity> quoted;
  for (const std::string& quote : quotes) {
    std::vector<std::string> terms = index::ContextIndex::query_terms(quote);
    quote_terms.insert(quote_terms.end(), terms.begin(), terms.end());
    std::vector<text::Entity> entities = text::extract_entities(quote);
    quoted.insert(quoted.end(), entities.begin(), entities.end());
  }
  std::sort(quote_terms.begin(), quote_terms.end());
  quote_terms.erase(std::unique(quote_terms.begin(), quote_terms.end()), quote_terms.end());

  Bearing b;
  const std::vector<std::string> terms = distinct_terms(sentence);
  b.terms = terms.size();
  b.shared_terms = static_cast<std::size_t>(std::count_if(
      terms.begin(), terms.end(), [&](const std::string& t) { return has(quote_terms, t); }));
  for (const text::Entity& anchor : text::extract_entities(sentence)) {
    ++b.anchors;
    if (anchor_in_quotes(anchor, quoted, quote_terms, use)) ++b.shared_anchors;
  }
  return b;
}

}  // namespace groundgate::filters::judge
