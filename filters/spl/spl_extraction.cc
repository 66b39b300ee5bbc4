#include "filters/spl/spl_extraction.h"

#include "filters/spl/command_table.h"
#include "filters/spl/spl_lexer.h"

namespace groundgate::filters::spl {

bool is_spl_block(std::string_view language, std::string_view code) {
  if (!language.empty()) {
    return iequals(language, "spl") || iequals(language, "splunk") ||
           iequals(language, "splunk-spl") || iequals(language, "splunkspl");
  }
  // Unlabelled: a search's usual first words.
  const LexResult lexed = lex(code, LexMode::kSearch, 0, code.size(), 4);
  if (lexed.tokens.empty()) return false;
  const Token& first = lexed.tokens[0];
  if (first.kind == TokenKind::kMacro) return true;
  if (first.kind == TokenKind::kPipe && lexed.tokens.size() > 1) {
    const CommandInfo* info = CommandTable::get().find(lexed.tokens[1].text(code));
    return info != nullptr && info->type == CommandType::kGenerating;
  }
  if (first.kind == TokenKind::kWord && lexed.tokens.size() > 1 &&
      lexed.tokens[1].kind == TokenKind::kCompare) {
    const std::string_view key = first.text(code);
    return iequals(key, "index") || iequals(key, "sourcetype") || iequals(key, "source");
  }
  return false;
}

std::vector<SplSpan> find_fenced_spl(std::string_view answer) {
  std::vector<SplSpan> out;
  for (const text::FencedBlock& b : text::fenced_blocks(answer)) {
    if (b.block.opened && is_spl_block(b.block.language, b.block.code)) {
      out.push_back({b.code_begin(), b.code_end(), b.block.closed});
    }
  }
  return out;
}

std::vector<SplSpan> find_spl(std::string_view text) {
  std::vector<SplSpan> out = find_fenced_spl(text);
  if (out.empty()) {
    if (auto whole = text::whole_answer_code(text)) out.push_back(*whole);
  }
  return out;
}

}  // namespace groundgate::filters::spl
