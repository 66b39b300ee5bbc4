#include "filters/checks/query_verdict.h"

namespace groundgate::filters::checks {

verify::SentenceVerdict query_unit_verdict(std::size_t begin, std::size_t end,
                                           verify::VerifyError error) {
  verify::SentenceVerdict v;
  v.query = true;
  v.answer_begin = begin;
  v.answer_end = end;
  v.error = error;
  return v;
}

}  // namespace groundgate::filters::checks
