#include "filters/sql/column_words.h"

#include <algorithm>
#include <string>

#include "filters/sql/intent_cues.h"
#include "filters/sql/name_distance.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::string_view kCountParts[] = {"count", "number", "num_", "anzahl", "zahl"};
constexpr std::string_view kSumParts[] = {"total", "sum", "gesamt", "summe"};
constexpr std::string_view kAvgParts[] = {"avg", "average", "mean", "durchschnitt", "mittel"};
constexpr std::string_view kMaxParts[] = {"max",   "highest", "höchst", "most", "meist",
                                          "größt", "top",     "peak",   "best"};
constexpr std::string_view kMinParts[] = {"min",     "lowest",  "niedrigst", "least",
                                          "wenigst", "kleinst", "mindest"};
constexpr std::string_view kDateTypes[] = {"date", "time"};
constexpr std::string_view kRankEnds[] = {"rank",        "rang",     "ranking", "platz",
                                          "platzierung", "position", "place",   "placement"};
constexpr std::string_view kCountedParts[] = {
    "population", "bevölkerung", "einwohner",   "attendance", "anwesenheit",
    "besucher",   "zuschauer",   "inhabitants", "quantity",   "menge"};
constexpr std::string_view kKeyParts[] = {"schlüssel", "kennung", "nummer", "code", "key"};

bool ends_with_part(const std::string& folded, std::string_view part) {
  if (!folded.ends_with(part)) return false;
  const std::size_t at = folded.size() - part.size();
  return at == 0 || folded[at - 1] == '_' || folded[at - 1] == ' ';
}

}  // namespace

bool name_has_part(std::string_view name, std::span<const std::string_view> parts) {
  const std::string folded = fold_name(name);
  return std::any_of(parts.begin(), parts.end(),
                     [&](std::string_view p) { return folded.find(p) != std::string::npos; });
}

bool date_like(std::string_view name, std::string_view type) {
  if (name_has_part(type, kDateTypes)) return true;
  return name_has_part(name, date_name_parts()) && !name_has_part(name, age_name_parts());
}

bool rank_like(std::string_view name) {
  const std::string folded = fold_name(name);
  return std::any_of(std::begin(kRankEnds), std::end(kRankEnds),
                     [&](std::string_view e) { return ends_with_part(folded, e); });
}

bool counts_things(std::string_view name) {
  return name_realizes(name, Aggregate::kCount) || name_has_part(name, kCountedParts);
}

bool numeric_type(std::string_view type) {
  const std::string t = fold_name(type);
  if (t.find("int") != std::string::npos) return true;
  if (t.find("char") != std::string::npos || t.find("clob") != std::string::npos ||
      t.find("text") != std::string::npos || t.find("blob") != std::string::npos || t.empty()) {
    return false;
  }
  return t.find("real") != std::string::npos || t.find("floa") != std::string::npos ||
         t.find("doub") != std::string::npos || t.find("num") != std::string::npos ||
         t.find("dec") != std::string::npos || t.find("bool") != std::string::npos;
}

bool integer_type(std::string_view type) {
  return fold_name(type).find("int") != std::string::npos;
}

bool name_realizes(std::string_view name, Aggregate aggregate) {
  switch (aggregate) {
    case Aggregate::kCount:
      return name_has_part(name, kCountParts);
    case Aggregate::kSum:
      return name_has_part(name, kSumParts);
    case Aggregate::kAvg:
      return name_has_part(name, kAvgParts);
    case Aggregate::kMax:
      return name_has_part(name, kMaxParts);
    case Aggregate::kMin:
      return name_has_part(name, kMinParts);
    case Aggregate::kNone:
      return false;
  }
  return false;
}

bool key_like_name(std::string_view name) {
  const std::string folded = fold_name(name);
  if (folded == "id" || ends_with_part(folded, "id") || folded.ends_with("_nr") || folded == "nr") {
    return true;
  }
  return std::any_of(std::begin(kKeyParts), std::end(kKeyParts),
                     [&](std::string_view p) { return folded.ends_with(p); });
}

}  // namespace groundgate::filters::sql
