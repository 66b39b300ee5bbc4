#pragma once
// Asking an OpenAI-compatible endpoint once more, from the command line: the metamorphic check
// of `groundgate sqlcheck` needs the model's answers to rewritten questions. One blocking call
// per question, bounded by a timeout; calls in parallel each run on their own thread.

#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/ssl/context.hpp>

#include "config/config.h"
#include "filters/sql/metamorphic_check.h"

namespace groundgate::offline {

struct ModelEndpoint {
  config::UpstreamConfig upstream;                 // url parsed into https, host, port, base_path
  std::shared_ptr<boost::asio::ssl::context> tls;  // for https
  std::string api_key;                             // sent as "Authorization: Bearer ..." when set
};

// `url`: the endpoint's base ("https://api.openai.com", "http://127.0.0.1:8081"); nullopt and
// `error` when it is not one or its TLS context cannot be made.
std::optional<ModelEndpoint> model_endpoint(std::string_view url, std::string api_key,
                                            std::string& error);

struct ModelReply {
  unsigned status = 0;  // 0: no response
  std::string body;
  std::string error;
};

// POST base_path + /v1/chat/completions with `body`; the whole exchange within `timeout`.
ModelReply call_model(const ModelEndpoint& endpoint, std::string_view body,
                      std::chrono::milliseconds timeout);

// Asks the model each variant of `question` (the app's request `request_body` with the
// question rewritten), all at once, each within `timeout`, and reads the query of each answer.
std::vector<filters::sql::VariantAnswer> ask_variants(
    const ModelEndpoint& endpoint, std::string_view request_body, std::string_view question,
    std::span<const filters::sql::QuestionVariant> variants, bool whole_answer,
    std::span<const config::QueryToolArgument> tools, std::chrono::milliseconds timeout);

}  // namespace groundgate::offline
