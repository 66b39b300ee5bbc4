#include "filters/spl/spl_parser.h"

namespace groundgate::filters::spl {
namespace {

class Parser {
 public:
  Parser(std::string_view text, const std::vector<Token>& tokens, const ParseLimits& limits,
         std::vector<SyntaxIssue>& issues)
      : text_(text), tokens_(tokens), limits_(limits), issues_(issues) {}

  Pipeline top() {
    Pipeline p = pipeline(0);
    while (at_ < tokens_.size()) {  // a ']' with no '[': reported, skipped, parsing goes on
      const Token& t = tokens_[at_++];
      issue("unbalanced_bracket", t.begin, t.end, "a closing bracket with no opening one");
      Pipeline rest = pipeline(0);
      const auto shift = static_cast<std::uint32_t>(p.subsearches.size());
      for (Command& c : rest.commands) {
        for (Token& a : c.args) {
          if (a.kind == TokenKind::kSubsearch && a.aux != UINT32_MAX) a.aux += shift;
        }
        p.commands.push_back(std::move(c));
      }
      for (Pipeline& s : rest.subsearches)
        p.subsearches.push_back(std::move(s));
    }
    return p;
  }

 private:
  bool at(TokenKind kind) const { return at_ < tokens_.size() && tokens_[at_].kind == kind; }

  void issue(std::string_view code, std::uint32_t b, std::uint32_t e, std::string reason) {
    issues_.push_back({code, b, e, std::move(reason)});
  }

  // Commands up to the end or a ']' (left for the caller).
  Pipeline pipeline(std::size_t depth) {
    Pipeline p;
    bool piped = false;
    if (at(TokenKind::kPipe)) {
      piped = true;
      ++at_;
    }
    bool first = true;
    while (true) {
      if (at_ >= tokens_.size() || at(TokenKind::kRBracket)) {
        if (piped) {
          const std::uint32_t where = at_ > 0 ? tokens_[at_ - 1].begin : 0;
          issue("empty_command", where, where + 1, "a pipe with no command after it");
        }
        break;
      }
      if (at(TokenKind::kPipe)) {  // two pipes in a row
        issue("empty_command", tokens_[at_].begin, tokens_[at_].end,
              "a pipe with no command after it");
        ++at_;
        piped = true;
        first = false;
        continue;
      }
      p.commands.push_back(command(p, piped, first, depth));
      first = false;
      if (!at(TokenKind::kPipe)) break;
      ++at_;
      piped = true;
    }
    return p;
  }

  Command command(Pipeline& owner, bool piped, bool first, std::size_t depth) {
    Command c;
    c.piped = piped;
    const Token& head = tokens_[at_];
    const bool explicit_search = head.kind == TokenKind::kWord && head.is(text_, "search");
    if (head.kind == TokenKind::kWord && (piped || explicit_search || !first)) {
      c.name = head.text(text_);
      c.name_begin = head.begin;
      c.name_end = head.end;
      ++at_;
    } else if (head.kind == TokenKind::kMacro && piped) {
      c.name = head.text(text_);
      c.name_begin = head.begin;
      c.name_end = head.end;
      c.macro_command = true;
      ++at_;
    } else if (piped) {
      issue("missing_command", head.begin, head.end, "a pipe followed by no command name");
    }
    int parens = 0;
    std::uint32_t first_open = 0;
    while (at_ < tokens_.size() && !at(TokenKind::kPipe) && !at(TokenKind::kRBracket)) {
      const Token& t = tokens_[at_];
      if (t.kind == TokenKind::kLBracket) {
        c.args.push_back(subsearch(owner, depth));
        continue;
      }
      if (t.kind == TokenKind::kLParen && parens++ == 0) first_open = t.begin;
      if (t.kind == TokenKind::kRParen && --parens < 0) {
        issue("unbalanced_parenthesis", t.begin, t.end,
              "a closing parenthesis with no opening one");
        parens = 0;
        c.balanced = false;
      }
      c.args.push_back(t);
      ++at_;
    }
    if (parens > 0) {
      issue("unbalanced_parenthesis", first_open, first_open + 1, "a parenthesis never closed");
      c.balanced = false;
    }
    return c;
  }

  // tokens_[at_] is '['.
  Token subsearch(Pipeline& owner, std::size_t depth) {
    const Token open = tokens_[at_++];
    Token t{TokenKind::kSubsearch, open.begin, open.end, 0};
    if (depth + 1 > limits_.max_depth) {
      issue("too_deep", open.begin, open.end, "subsearches nested too deeply to check");
      int level = 1;  // skip to the matching bracket
      while (at_ < tokens_.size() && level > 0) {
        level += tokens_[at_].kind == TokenKind::kLBracket   ? 1
                 : tokens_[at_].kind == TokenKind::kRBracket ? -1
                                                             : 0;
        ++at_;
      }
      t.end = at_ > 0 ? tokens_[at_ - 1].end : open.end;
      t.aux = UINT32_MAX;
      return t;
    }
    Pipeline inner = pipeline(depth + 1);
    if (at(TokenKind::kRBracket)) {
      t.end = tokens_[at_].end;
      ++at_;
    } else {
      issue("unclosed_bracket", open.begin, open.end, "a subsearch bracket never closed");
      t.end = static_cast<std::uint32_t>(text_.size());
    }
    if (inner.commands.empty()) {
      issue("empty_subsearch", open.begin, t.end, "a subsearch with no command");
    }
    t.aux = static_cast<std::uint32_t>(owner.subsearches.size());
    owner.subsearches.push_back(std::move(inner));
    return t;
  }

  std::string_view text_;
  const std::vector<Token>& tokens_;
  const ParseLimits& limits_;
  std::vector<SyntaxIssue>& issues_;
  std::size_t at_ = 0;
};

}  // namespace

ParsedSearch parse_search(std::string_view text, const ParseLimits& limits) {
  ParsedSearch out;
  LexResult lexed = lex(text, LexMode::kSearch, 0, text.size(), limits.max_tokens);
  if (lexed.error != LexError::kNone) {
    const std::string_view what = lexed.error == LexError::kUnclosedString  ? "a quoted string"
                                  : lexed.error == LexError::kUnclosedMacro ? "a macro's backtick"
                                                                            : "a ``` comment";
    out.issues.push_back({to_string(lexed.error), lexed.error_begin,
                          static_cast<std::uint32_t>(text.size()),
                          std::string(what) + " never closed"});
  }
  if (lexed.tokens.size() >= limits.max_tokens) {
    out.issues.push_back({"too_long", 0, static_cast<std::uint32_t>(text.size()),
                          "more tokens than the check reads"});
  }
  Parser parser(text, lexed.tokens, limits, out.issues);
  out.pipeline = parser.top();
  return out;
}

}  // namespace groundgate::filters::spl
