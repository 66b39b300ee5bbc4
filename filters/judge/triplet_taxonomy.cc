#include "filters/judge/triplet_taxonomy.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace groundgate::filters::judge {
namespace {

using verdict::HallucinationType;
using verdict::Label;

constexpr std::array<std::string_view, 24> kStopWords{
    "a",  "an",  "the", "of",   "in", "on",   "at",  "to",   "for", "by",  "with", "from",
    "is", "are", "was", "were", "be", "been", "has", "have", "had", "and", "or",   "its"};

// A word folded for comparison: lower case, a plural or verb ending taken off.
std::string stem(std::string w) {
  for (std::string_view suffix : {"ing", "ed", "es", "s"}) {
    if (w.size() > suffix.size() + 2 && w.ends_with(suffix)) {
      w.resize(w.size() - suffix.size());
      break;
    }
  }
  return w;
}

// Content words of a phrase, folded, sorted and unique.
std::vector<std::string> words(std::string_view phrase) {
  std::vector<std::string> out;
  std::string w;
  auto flush = [&] {
    if (!w.empty() && std::find(kStopWords.begin(), kStopWords.end(), w) == kStopWords.end())
      out.push_back(stem(std::move(w)));
    w.clear();
  };
  for (char c : phrase) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) != 0 || u >= 0x80 || c == '.' || c == ',') {
      // Decimal points and thousands separators stay inside numbers; elsewhere they end a word.
      if ((c == '.' || c == ',') &&
          (w.empty() || std::isdigit(static_cast<unsigned char>(w.back())) == 0)) {
        flush();
        continue;
      }
      w += static_cast<char>(std::tolower(u));
    } else {
      flush();
    }
  }
  flush();
  for (std::string& x : out) {
    while (!x.empty() && (x.back() == '.' || x.back() == ','))
      x.pop_back();
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// At least half of the shorter phrase's words are in the other.
bool same(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  if (a.empty() || b.empty()) return false;
  std::vector<std::string> common;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(common));
  return 2 * common.size() >= std::min(a.size(), b.size());
}

struct Folded {
  std::vector<std::string> subject, relation, object;
  explicit Folded(const TripletText& t)
      : subject(words(t.subject)), relation(words(t.relation)), object(words(t.object)) {}
};

}  // namespace

TripletType classify_false_triplet(const TripletText& triplet,
                                   const std::vector<TripletText>& sources,
                                   const std::vector<std::size_t>& cited) {
  const Folded t(triplet);
  TripletType out;
  for (std::size_t k : cited) {
    if (k == 0 || k > sources.size()) continue;
    const Folded s(sources[k - 1]);
    if (same(t.subject, s.subject) && same(t.relation, s.relation) && !t.object.empty() &&
        !s.object.empty() && t.object != s.object) {
      return {HallucinationType::kDetailedInformationModification, Label::kContradicted, k};
    }
    const bool entities = (same(t.subject, s.subject) && same(t.object, s.object)) ||
                          (same(t.subject, s.object) && same(t.object, s.subject));
    if (entities && out.source == 0)
      out = {HallucinationType::kContextualFabrication, Label::kUnsupported, k};
  }
  return out;
}

std::string triplet_line(const TripletText& t) {
  std::string out = "(" + t.subject + "; " + t.relation + "; " + t.object + ")";
  std::replace_if(
      out.begin(), out.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return out;
}

}  // namespace groundgate::filters::judge
