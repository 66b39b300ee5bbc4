#include "filters/semantic_piece/respective_list.h"

#include <algorithm>
#include <cstdint>

#include "filters/text/stopwords.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Entity;
using text::EntityMatch;
using text::Token;

// The words a list joins its items with ("Kenya, Ghana and Nigeria").
constexpr auto kListJoints = text::word_table(",", "and", "or");

// A run of tokens of one kind outside the listed values: naming words (an order or a count
// of another kind among them: "the first", "phase two"), joints, or one other token (which
// ends an item). Articles and hedges skipped.
struct ListRun {
  enum class Kind : std::uint8_t { kName, kJoint, kOther };
  Kind kind;
  std::vector<std::size_t> at;  // token indices
  bool and_or = false;          // a joint run with "and" or "or" in it
};

std::vector<ListRun> list_runs(const ReadText& sentence, const RespectiveList& list) {
  const std::size_t values_begin = list.values.front()->begin;
  const std::size_t values_end = list.values.back()->end;
  auto label = [&](const Token& t) {
    return std::any_of(sentence.entities.begin(), sentence.entities.end(), [&](const Entity& e) {
      return (e.subtype == text::EntitySubtype::kOrdinal ||
              e.subtype == text::EntitySubtype::kCardinal) &&
             e.begin <= t.begin && t.end <= e.end &&
             text::compare(*list.values.front(), e) == EntityMatch::kIncomparable;
    });
  };
  std::vector<ListRun> runs;
  for (std::size_t i = 0; i < sentence.tokens.size(); ++i) {
    const Token& t = sentence.tokens[i];
    if (t.norm == "respectively") break;
    if (kLeftOutOfParallel.contains(t.norm)) continue;
    const bool in_values = t.begin >= values_begin && t.end <= values_end;
    ListRun::Kind kind = ListRun::Kind::kOther;
    if (!in_values && kListJoints.contains(t.norm)) {
      kind = ListRun::Kind::kJoint;
    } else if (!in_values && (names_a_thing(sentence.text, t) || label(t))) {
      kind = ListRun::Kind::kName;
    }
    if (runs.empty() || runs.back().kind != kind || kind == ListRun::Kind::kOther)
      runs.push_back({kind, {}, false});
    runs.back().at.push_back(i);
    runs.back().and_or = runs.back().and_or || t.norm == "and" || t.norm == "or";
  }
  return runs;
}

bool capitalised(std::string_view text, const Token& t) {
  return t.begin < text.size() && text[t.begin] >= 'A' && text[t.begin] <= 'Z';
}

// The first and last things of a list are cut from the words around them: the first is the
// end of its run, the last the start of its. A name runs as far as its capitals ("Samsung
// shipped", "the United States"); other things are as long as the first ("mobile and fixed
// broadband"), at most three words.
ListItem first_item(const ReadText& sentence, const std::vector<std::size_t>& at) {
  std::size_t from = at.size() - std::min(at.size(), kMaxNameWords);
  if (capitalised(sentence.text, sentence.tokens[at.back()])) {
    std::size_t k = at.size() - 1;
    while (k > from && capitalised(sentence.text, sentence.tokens[at[k - 1]]))
      --k;
    from = k;
  }
  return {at[from], at.back(), at.size() - from};
}

ListItem last_item(const ReadText& sentence, const std::vector<std::size_t>& at,
                   std::size_t first_words) {
  std::size_t to = std::min({at.size(), kMaxNameWords, first_words});
  if (capitalised(sentence.text, sentence.tokens[at.front()])) {
    to = 1;
    while (to < std::min(at.size(), kMaxNameWords) &&
           capitalised(sentence.text, sentence.tokens[at[to]]))
      ++to;
  }
  return {at.front(), at[to - 1], to};
}

}  // namespace

bool names_a_thing(std::string_view text, const Token& t) {
  if (t.kind != text::TokenKind::kWord || t.norm.size() < 2) return false;
  const std::string_view surface = t.surface(text);
  return text::is_content_word(t) ||
         std::all_of(surface.begin(), surface.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

bool says_respectively(const ReadText& sentence) {
  return std::any_of(sentence.tokens.begin(), sentence.tokens.end(),
                     [](const Token& t) { return t.norm == "respectively"; });
}

std::optional<RespectiveList> respective_values(const ReadText& sentence, const Entity& value) {
  if (!says_respectively(sentence)) return std::nullopt;
  std::vector<const Entity*> of_kind;
  for (const Entity& e : sentence.entities) {
    if ((e.type == text::EntityType::kNumber || e.type == text::EntityType::kTime) &&
        text::compare(value, e) != EntityMatch::kIncomparable)
      of_kind.push_back(&e);
  }
  auto same = [&](const Entity* e) { return text::compare(value, *e) == EntityMatch::kSame; };
  const auto own = std::find_if(of_kind.begin(), of_kind.end(), same);
  // The value twice: which thing it goes with is not said.
  if (own == of_kind.end() || std::count_if(of_kind.begin(), of_kind.end(), same) != 1)
    return std::nullopt;
  // Whether only joints and words left out of parallels stand between two values.
  auto listed = [&](const Entity* a, const Entity* b) {
    return std::all_of(sentence.tokens.begin(), sentence.tokens.end(), [&](const Token& t) {
      return t.begin < a->end || t.end > b->begin || kListJoints.contains(t.norm) ||
             kLeftOutOfParallel.contains(t.norm);
    });
  };
  auto first = own, last = own;
  while (first != of_kind.begin() && listed(*(first - 1), *first))
    --first;
  while (last + 1 != of_kind.end() && listed(*last, *(last + 1)))
    ++last;
  if (first == last) return std::nullopt;
  RespectiveList out;
  out.values.assign(first, last + 1);
  out.own = static_cast<std::size_t>(own - first);
  return out;
}

std::optional<RespectiveList> respective_list(const ReadText& sentence, const Entity& value) {
  std::optional<RespectiveList> list = respective_values(sentence, value);
  if (!list) return std::nullopt;
  const std::size_t n = list->values.size();
  const std::vector<ListRun> runs = list_runs(sentence, *list);
  std::optional<std::size_t> found;
  for (std::size_t r = 0; r + 2 * (n - 1) < runs.size(); ++r) {
    bool matches = true;
    for (std::size_t j = 0; j < 2 * n - 1 && matches; ++j) {
      const ListRun& run = runs[r + j];
      matches = j % 2 == 1 ? run.kind == ListRun::Kind::kJoint && (j != 2 * n - 3 || run.and_or)
                           : run.kind == ListRun::Kind::kName &&
                                 (j == 0 || j == 2 * n - 2 || run.at.size() <= kMaxNameWords);
    }
    if (!matches) continue;
    if (found) return std::nullopt;
    found = r;
  }
  if (!found) return std::nullopt;
  const ListItem first = first_item(sentence, runs[*found].at);
  list->items.push_back(first);
  for (std::size_t j = 2; j + 1 < 2 * n - 1; j += 2) {
    const std::vector<std::size_t>& at = runs[*found + j].at;
    list->items.push_back({at.front(), at.back(), at.size()});
  }
  list->items.push_back(last_item(sentence, runs[*found + 2 * n - 2].at, first.words));
  return list;
}

}  // namespace groundgate::filters::semantic_piece
