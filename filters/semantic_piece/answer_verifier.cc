#include "filters/semantic_piece/answer_verifier.h"

namespace groundgate::filters::semantic_piece {

AnswerVerifier::AnswerVerifier(std::shared_ptr<const index::ContextIndex> index,
                               std::string_view question, VerifierOptions options,
                               std::uint32_t choice)
    : pieces_(std::move(index), question, std::move(options)), choice_(choice) {}

std::vector<Verdict> AnswerVerifier::on_delta(std::string_view delta) {
  std::vector<Verdict> out;
  verify(segmenter_.feed(delta), out);
  return out;
}

std::vector<Verdict> AnswerVerifier::finish() {
  std::vector<Verdict> out;
  verify(segmenter_.finish(), out);
  return out;
}

void AnswerVerifier::verify(const std::vector<text::StreamSentence>& sentences,
                            std::vector<Verdict>& out) {
  for (const text::StreamSentence& s : sentences) {
    // Code blocks and tables are not prose claims.
    if (s.span.kind == text::SentenceKind::kCodeBlock) continue;
    pieces_.verify_sentence(s.text, s.span.begin, choice_, out);
    ++sentences_;
  }
}

std::vector<Verdict> verify_answer(std::shared_ptr<const index::ContextIndex> index,
                                   std::string_view question, std::string_view answer,
                                   const VerifierOptions& options) {
  AnswerVerifier verifier(std::move(index), question, options);
  std::vector<Verdict> out = verifier.on_delta(answer);
  std::vector<Verdict> rest = verifier.finish();
  out.insert(out.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
  return out;
}

}  // namespace groundgate::filters::semantic_piece
