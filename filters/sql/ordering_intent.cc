// ORDER BY and LIMIT as the question asks for them.
//
// Rules:
// - order_direction: a superlative ("highest", "jüngste") answered by ORDER BY ... LIMIT, or a
//   sort range ("from oldest to youngest"), must order its key the superlative's way (read
//   from the key: the oldest has the highest age and the earliest birth date); a sort word
//   ("descending", "alphabetisch") orders the statement's own first key its way. Questions
//   whose superlatives disagree ("highest and lowest") are not judged.
// - limit_mismatch: "top 3", "the 3 largest", "die ersten 5" ask for that many rows: a LIMIT
//   of another count, or an ORDER BY with no LIMIT at all; a superlative with no number asks
//   for one row: a LIMIT above 1 that is no number of the question.
#include <algorithm>

#include "filters/sql/column_words.h"
#include "filters/sql/intent_rules.h"

namespace groundgate::filters::sql {
namespace {

std::string number_text(double n) {
  const auto whole = static_cast<long long>(n);
  return static_cast<double>(whole) == n ? std::to_string(whole) : std::to_string(n);
}

// The key's column name and type, "" for an aggregate or an expression.
std::pair<std::string, std::string> key_column(const IntentInput& in, std::size_t core,
                                               const OrderKey& key) {
  if (key.value.aggregate != Aggregate::kNone || !key.value.simple || key.value.columns.empty()) {
    return {};
  }
  const Column* col = column_of(in, core, key.value.columns.front());
  if (col == nullptr) return {key.value.columns.front().column, ""};
  return {col->name, col->type};
}

const Cue* superlative_for_order(const QuestionIntent& q, bool limited) {
  for (const Cue& c : q.cues()) {
    if (is_superlative(c.kind) && (limited || c.sort_range)) return &c;
  }
  return nullptr;
}

void direction(const IntentInput& in, SqlVerdict& verdict) {
  const QuestionIntent& q = *in.intent;
  const Cue* desc = q.first(CueKind::kDescending);
  const Cue* asc = q.first(CueKind::kAscending);
  const Cue* sort_word = (desc == nullptr) != (asc == nullptr) ? (desc ? desc : asc) : nullptr;
  // "sorted by age" with no direction and no superlative: ascending, as people sort.
  if (sort_word == nullptr && desc == nullptr && asc == nullptr &&
      std::none_of(q.cues().begin(), q.cues().end(),
                   [](const Cue& c) { return is_superlative(c.kind); })) {
    sort_word = q.first(CueKind::kSorted);
  }
  const auto& cores = in.shape->cores();
  for (std::size_t i = 0; i < cores.size(); ++i) {
    const SelectCore& c = cores[i];
    if (c.order_by.empty()) continue;
    const OrderKey& key = c.order_by.front();
    const auto [name, type] = key_column(in, i, key);
    const Cue* cue = superlative_for_order(q, c.limit.has_value());
    bool want_descending = false;
    if (cue != nullptr) {
      const int smallest = superlative_direction(q, name, type);
      if (smallest < 0) continue;
      want_descending = smallest == 0;
    } else if (sort_word != nullptr && c.depth == 0 && !c.in_cte) {
      cue = sort_word;
      want_descending = sort_word == desc;
    } else {
      continue;
    }
    if (key.descending == want_descending) continue;
    add_intent_finding(verdict, "order_direction",
                       quoted_phrase(cue->phrase) + " asks for the " +
                           (want_descending ? "largest values first" : "smallest values first") +
                           "; the query orders " + query_text(in, key.value.begin, key.value.end) +
                           (key.descending           ? " DESC"
                            : key.explicit_direction ? " ASC"
                                                     : " ascending"),
                       key.value.begin, key.value.end);
    return;
  }
}

void limit(const IntentInput& in, SqlVerdict& verdict) {
  const QuestionIntent& q = *in.intent;
  const Cue* counted = nullptr;
  const Cue* single = nullptr;
  for (const Cue& c : q.cues()) {
    if ((c.kind == CueKind::kTop || is_superlative(c.kind)) && c.number && counted == nullptr) {
      counted = &c;
    }
    if (is_superlative(c.kind) && !c.number && !c.sort_range && single == nullptr) single = &c;
  }
  bool any_limit = false;
  for (const SelectCore& c : in.shape->cores()) {
    if (!c.limit) continue;
    any_limit = true;
    if (c.order_by.empty()) continue;
    const long long n = *c.limit;
    if (counted != nullptr && static_cast<double>(n) != *counted->number) {
      add_intent_finding(verdict, "limit_mismatch",
                         quoted_phrase(counted->phrase) + " asks for " +
                             number_text(*counted->number) + " rows; the query keeps " +
                             query_text(in, c.limit_span.begin, c.limit_span.end),
                         c.limit_span.begin, c.limit_span.end);
      return;
    }
    if (counted == nullptr && single != nullptr && n > 1 &&
        !q.names_number(static_cast<double>(n))) {
      add_intent_finding(verdict, "limit_mismatch",
                         quoted_phrase(single->phrase) + " asks for one row; the query keeps " +
                             query_text(in, c.limit_span.begin, c.limit_span.end),
                         c.limit_span.begin, c.limit_span.end);
      return;
    }
  }
  const SelectCore* top = in.shape->top();
  if (counted != nullptr && !any_limit && top != nullptr && !top->order_by.empty() &&
      counted->kind == CueKind::kTop) {
    add_intent_finding(verdict, "limit_mismatch",
                       quoted_phrase(counted->phrase) + " asks for " +
                           number_text(*counted->number) + " rows; the query has no LIMIT",
                       top->order_span.begin, top->order_span.end);
  }
}

}  // namespace

void check_ordering(const IntentInput& in, SqlVerdict& verdict) {
  if (!has_question(in)) return;
  direction(in, verdict);
  limit(in, verdict);
}

}  // namespace groundgate::filters::sql
