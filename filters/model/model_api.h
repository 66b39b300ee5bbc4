#pragma once
// The model APIs whose requests and answers the filters make and read themselves (side
// requests: SQL check 5's variants, the judge): each names a body shape and an endpoint.

#include <cstdint>

namespace groundgate::filters::model {

enum class Api : std::uint8_t { kChatCompletions, kResponses };

}  // namespace groundgate::filters::model
