#include "proxy/mock/canned_answers.h"

#include <functional>
#include <vector>

namespace groundgate::proxy::mock {
namespace {

constexpr std::string_view kAnswers[] = {
    "According to the provided documents, the Eiffel Tower was completed in 1889 as the "
    "entrance arch to the World's Fair in Paris. It is 330 metres tall and remained the "
    "tallest man-made structure in the world until 1930. The tower is made of wrought iron and "
    "weighs about 7,300 tonnes.",
    "Based on the retrieved policy, customers can return most items within 30 days of "
    "delivery. Items must be unused and in their original packaging. Refunds are issued to the "
    "original payment method within 5 to 7 business days after the return is received.",
    "The context states that the API allows 600 requests per minute for each key. Requests "
    "above that limit receive HTTP status 429 and should be retried with exponential backoff. "
    "Enterprise customers can ask support for a higher limit.",
    "The passages describe the Amazon River as about 6,400 kilometres long. It flows through "
    "Peru, Colombia and Brazil before reaching the Atlantic Ocean. Its basin covers roughly 7 "
    "million square kilometres, the largest drainage basin on Earth.",
};

const std::vector<AnswerTokens>& answers() {
  static const std::vector<AnswerTokens> tokenized = [] {
    std::vector<AnswerTokens> out;
    for (std::string_view answer : kAnswers)
      out.emplace_back(std::string(answer));
    return out;
  }();
  return tokenized;
}

}  // namespace

std::span<const AnswerTokens> canned_answers() {
  return answers();
}

const AnswerTokens& pick_canned_answer(std::string_view prompt, size_t choice) {
  const auto& all = answers();
  return all[(std::hash<std::string_view>{}(prompt) + choice) % all.size()];
}

}  // namespace groundgate::proxy::mock
