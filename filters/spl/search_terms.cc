#include "filters/spl/search_terms.h"

#include "filters/spl/arg_cursor.h"
#include "filters/spl/spl_lexer.h"

namespace groundgate::filters::spl {
namespace {

constexpr std::string_view kTimeModifiers[] = {
    "earliest",      "latest",         "_index_earliest", "_index_latest", "starttime",
    "endtime",       "starttimeu",     "endtimeu",        "earliest_time", "latest_time",
    "starthoursago", "endhoursago",    "startdaysago",    "enddaysago",    "startminutesago",
    "endminutesago", "startmonthsago", "endmonthsago",    "daysago",       "hoursago",
    "minutesago",    "monthsago",      "timeformat",
};

// Keys of the search language that are not fields.
constexpr std::string_view kSearchDirectives[] = {"savedsearch", "savedsplunk", "eventtypetag",
                                                  "hosttag",     "nodename",    "summariesonly"};

bool is_directive(std::string_view key) {
  for (std::string_view d : kSearchDirectives) {
    if (iequals(d, key)) return true;
  }
  return false;
}

std::optional<Kind> component_kind(std::string_view key) {
  if (iequals(key, "index")) return Kind::kIndex;
  if (iequals(key, "sourcetype")) return Kind::kSourcetype;
  if (iequals(key, "source")) return Kind::kSource;
  return std::nullopt;
}

bool is_value(const Token* t) {
  return t != nullptr && (t->kind == TokenKind::kWord || t->kind == TokenKind::kString ||
                          t->kind == TokenKind::kMacro);
}

class TermReader {
 public:
  TermReader(std::span<const Token> tokens, std::string_view text, CommandFacts& facts)
      : tokens_(tokens), text_(text), facts_(facts) {}

  std::uint32_t read() {
    const std::uint32_t root = and_terms();
    while (at_ < tokens_.size()) {  // a ')' with no '(' (the parser reported it): go on after it
      ++at_;
      const std::uint32_t more = and_terms();
      node(Condition::Node::kAnd, {root, more});
    }
    return root;
  }

 private:
  const Token* peek(std::size_t ahead = 0) const {
    return at_ + ahead < tokens_.size() ? &tokens_[at_ + ahead] : nullptr;
  }
  // Boolean operators of the search language are upper case only.
  bool at_operator(std::string_view op) const {
    const Token* t = peek();
    return t != nullptr && t->kind == TokenKind::kWord && t->text(text_) == op;
  }

  std::uint32_t node(Condition::Node kind, std::vector<std::uint32_t> children = {},
                     std::uint32_t component = 0) {
    facts_.conditions.push_back({kind, std::move(children), component});
    return static_cast<std::uint32_t>(facts_.conditions.size() - 1);
  }

  // The search language binds OR tighter than AND (implied or written): `a b OR c d` is
  // a AND (b OR c) AND d.
  std::uint32_t and_terms() {
    std::vector<std::uint32_t> all;
    while (const Token* t = peek()) {
      if (t->kind == TokenKind::kRParen) break;
      if (at_operator("AND") || at_operator("OR") || t->kind == TokenKind::kComma) {
        ++at_;  // a stray operator with nothing before it
        continue;
      }
      all.push_back(or_terms());
    }
    if (all.size() == 1) return all[0];
    return node(Condition::Node::kAnd, std::move(all));  // empty: true
  }

  std::uint32_t or_terms() {
    std::vector<std::uint32_t> alternatives{not_term()};
    while (at_operator("OR") && peek(1) != nullptr && peek(1)->kind != TokenKind::kRParen) {
      ++at_;
      alternatives.push_back(not_term());
    }
    return alternatives.size() == 1 ? alternatives[0]
                                    : node(Condition::Node::kOr, std::move(alternatives));
  }

  std::uint32_t not_term() {
    if (at_operator("NOT")) {
      ++at_;
      if (peek() == nullptr) return node(Condition::Node::kOther);
      return node(Condition::Node::kNot, {not_term()});
    }
    return primary();
  }

  std::uint32_t primary() {
    const Token& t = tokens_[at_];
    if (t.kind == TokenKind::kLParen) {
      ++at_;
      const std::uint32_t inner = and_terms();
      if (peek() != nullptr && peek()->kind == TokenKind::kRParen) ++at_;
      return inner;
    }
    if (t.kind == TokenKind::kString && peek(1) != nullptr &&
        peek(1)->kind == TokenKind::kCompare) {
      return comparison();  // "field name"=value
    }
    if (t.kind == TokenKind::kWord) {
      const Token* after = peek(1);
      if (after != nullptr && after->kind == TokenKind::kCompare) return comparison();
      if (after != nullptr && after->kind == TokenKind::kWord && after->is(text_, "IN") &&
          peek(2) != nullptr && peek(2)->kind == TokenKind::kLParen) {
        return in_list();
      }
      if (after != nullptr && after->kind == TokenKind::kLParen &&
          (t.is(text_, "TERM") || t.is(text_, "CASE"))) {
        at_ += 2;
        skip_to_close();
        return node(Condition::Node::kOther);
      }
    }
    if (t.kind == TokenKind::kCompare) {
      facts_.issues.push_back({"missing_field", t.begin, t.end, "a comparison with no field"});
    }
    ++at_;
    return node(Condition::Node::kOther);  // a bare term, a macro, a subsearch
  }

  void skip_to_close() {
    int depth = 1;
    while (at_ < tokens_.size() && depth > 0) {
      depth += tokens_[at_].kind == TokenKind::kLParen   ? 1
               : tokens_[at_].kind == TokenKind::kRParen ? -1
                                                         : 0;
      ++at_;
    }
  }

  std::uint32_t comparison() {
    const Token key = tokens_[at_++];
    const Token op = tokens_[at_++];
    const std::string key_name = unquote(key, text_);
    const std::string_view k = key_name;
    if (!is_value(peek())) {
      facts_.issues.push_back(
          {"missing_value", key.begin, op.end,
           "`" + std::string(k) + std::string(op.text(text_)) + "` with no value"});
      return node(Condition::Node::kOther);
    }
    const Token value = tokens_[at_++];
    if (is_time_modifier(k)) {
      facts_.times.push_back(
          {std::string(text_.substr(key.begin, value.end - key.begin)), key.begin, value.end});
      return node(Condition::Node::kOther);
    }
    if (const std::optional<Kind> kind = component_kind(k)) {
      facts_.components.push_back({*kind, unquote(value, text_), key.begin, key.end, value.begin,
                                   value.end, op.text(text_) == "=" || op.text(text_) == "=="});
      const auto index = static_cast<std::uint32_t>(facts_.components.size() - 1);
      if (!facts_.components.back().equals) return node(Condition::Node::kOther);
      return node(Condition::Node::kComponent, {}, index);
    }
    if (!is_directive(k) && k.find('*') == std::string_view::npos) {
      facts_.reads.push_back({key_name, key.begin, key.end, false});
    }
    return node(Condition::Node::kOther);
  }

  std::uint32_t in_list() {
    const Token key = tokens_[at_];
    at_ += 3;  // key IN (
    const std::optional<Kind> kind = component_kind(key.text(text_));
    std::vector<std::uint32_t> alternatives;
    while (const Token* t = peek()) {
      ++at_;
      if (t->kind == TokenKind::kRParen) break;
      if (!kind || !is_value(t)) continue;
      facts_.components.push_back(
          {*kind, unquote(*t, text_), key.begin, key.end, t->begin, t->end, true});
      alternatives.push_back(node(Condition::Node::kComponent, {},
                                  static_cast<std::uint32_t>(facts_.components.size() - 1)));
    }
    if (!kind) {
      facts_.reads.push_back({std::string(key.text(text_)), key.begin, key.end, false});
      return node(Condition::Node::kOther);
    }
    return node(Condition::Node::kOr, std::move(alternatives));
  }

  std::span<const Token> tokens_;
  std::string_view text_;
  CommandFacts& facts_;
  std::size_t at_ = 0;
};

}  // namespace

bool is_time_modifier(std::string_view key) {
  for (std::string_view m : kTimeModifiers) {
    if (iequals(m, key)) return true;
  }
  return false;
}

void read_search_terms(std::span<const Token> tokens, std::string_view text, CommandFacts& facts) {
  if (tokens.empty() || too_deep(tokens, facts)) return;
  TermReader reader(tokens, text, facts);
  const std::uint32_t root = reader.read();
  if (facts.condition_root == UINT32_MAX) {
    facts.condition_root = root;
  } else {
    facts.conditions.push_back({Condition::Node::kAnd, {facts.condition_root, root}, 0});
    facts.condition_root = static_cast<std::uint32_t>(facts.conditions.size() - 1);
  }
}

}  // namespace groundgate::filters::spl
