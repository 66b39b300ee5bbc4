#pragma once

namespace groundgate::proxy::openai {

// The inspected request shapes: …/chat/completions, …/completions and the Responses API's
// …/responses (a POST creating a response; …/responses/{id} and its sub-paths are not this).
enum class EndpointKind { kChatCompletions, kCompletions, kResponses, kOther };

}  // namespace groundgate::proxy::openai
