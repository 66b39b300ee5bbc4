#include "filters/sql/intent_check.h"

#include <algorithm>

#include "filters/sql/column_words.h"
#include "filters/sql/intent_kinds.h"
#include "filters/sql/intent_rules.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::size_t kMaxQuotedBytes = 80;

// Whether a superlative asks for the smallest value of the column (the oldest has the
// earliest date, the highest rank the smallest number).
bool wants_smallest(CueKind kind, std::string_view column, std::string_view type) {
  const bool date = date_like(column, type);
  switch (kind) {
    case CueKind::kMost:
      return rank_like(column);  // the highest rank is number 1
    case CueKind::kLeast:
      return !rank_like(column);
    case CueKind::kEarliest:
      return true;
    case CueKind::kOldest:
      return date;
    case CueKind::kYoungest:
      return !date;
    default:
      return false;
  }
}

FindingType type_of(ErrorFamily family) {
  return family == ErrorFamily::kValue ? FindingType::kContent : FindingType::kLogic;
}

}  // namespace

void add_intent_finding(SqlVerdict& verdict, std::string_view code, std::string reason,
                        std::size_t begin, std::size_t end) {
  const IntentKind* kind = intent_kind(code);
  Finding f;
  f.check = Check::kIntent;
  f.type = kind != nullptr ? type_of(kind->family) : FindingType::kLogic;
  f.label = Label::kUnsupported;
  f.code = kind != nullptr ? kind->code : "intent";
  f.reason = std::move(reason);
  f.begin = begin;
  f.end = std::max(begin, end);
  f.annotate_only = kind != nullptr && kind->annotate_only;
  add_finding(verdict, std::move(f));
}

const Column* column_of(const IntentInput& in, std::size_t core, const ColumnRef& ref) {
  const Table* t = in.shape->table_of(core, ref);
  return t != nullptr ? t->find_column(ref.column) : nullptr;
}

std::string quoted_phrase(std::string_view text) {
  return "\"" + std::string(text) + "\"";
}

std::string query_text(const IntentInput& in, std::size_t begin, std::size_t end) {
  if (begin >= in.sql.size() || end <= begin) return "``";
  std::string_view text = in.sql.substr(begin, std::min(end, in.sql.size()) - begin);
  std::string out = "`";
  if (text.size() > kMaxQuotedBytes) {
    std::size_t cut = kMaxQuotedBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
      --cut;
    out += std::string(text.substr(0, cut)) + "...";
  } else {
    out += std::string(text);
  }
  return out + "`";
}

bool has_question(const IntentInput& in) {
  return in.intent != nullptr && in.terms != nullptr && !in.terms->empty();
}

int superlative_direction(const QuestionIntent& q, std::string_view column, std::string_view type) {
  int direction = -1;
  for (const Cue& c : q.cues()) {
    if (!is_superlative(c.kind)) continue;
    const int d = wants_smallest(c.kind, column, type) ? 1 : 0;
    if (direction >= 0 && direction != d) return -1;
    direction = d;
  }
  return direction;
}

void check_intent(const IntentInput& in, SqlVerdict& verdict) {
  CheckReport& report = verdict.report(Check::kIntent);
  report = CheckReport{CheckState::kPassed, {}};
  if (in.shape->top() == nullptr) {
    report = CheckReport{CheckState::kSkipped, "not_a_query"};
    return;
  }
  const std::size_t before = verdict.findings.size();
  check_joins(in, verdict);
  check_aggregation(in, verdict);
  check_grouping(in, verdict);
  check_ordering(in, verdict);
  check_comparisons(in, verdict);
  check_columns(in, verdict);
  check_definitions(in, verdict);
  check_values(in, verdict);
  CheckReport& after = verdict.report(Check::kIntent);
  if (verdict.findings.size() > before) {
    after.state = CheckState::kFailed;
  } else if (!has_question(in) && after.state == CheckState::kPassed) {
    after.note = "no_question";  // joins and values only
  }
}

}  // namespace groundgate::filters::sql
