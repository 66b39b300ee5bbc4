#include "proxy/openai/json_document.h"

#include <utility>

namespace groundgate::proxy::openai {
namespace {

constexpr std::size_t kSharedParseBytes = 64u << 10;

}  // namespace

JsonDocument::Buffers& JsonDocument::thread_buffers() {
  thread_local Buffers buffers;
  return buffers;
}

Status JsonDocument::start(std::string_view json, std::string_view what) {
  buffers_ = json.size() > kSharedParseBytes ? &own_.emplace() : &thread_buffers();
  buffers_->padded.assign(json);
  buffers_->padded.append(simdjson::SIMDJSON_PADDING, ' ');
  simdjson::dom::element ignored;
  if (auto error =
          buffers_->validator.parse(buffers_->padded.data(), json.size(), false).get(ignored);
      error) {
    return json_failure(what, error);
  }
  if (auto error =
          buffers_->parser.iterate(buffers_->padded.data(), json.size(), buffers_->padded.size())
              .get(document_);
      error) {
    return json_failure(what, error);
  }
  return {};
}

const char* JsonDocument::base() const {
  return buffers_->padded.data();
}

Status JsonDocument::finish(std::string_view what) {
  const char* location = nullptr;
  if (document_.current_location().get(location) == simdjson::SUCCESS) {
    return Status::failure("trailing content after the " + std::string(what) + " object");
  }
  return {};
}

Status json_failure(std::string_view what, simdjson::error_code error) {
  std::string message(what);
  message.append(": ");
  message.append(simdjson::error_message(error));
  return Status::failure(std::move(message));
}

std::string_view trim_right(std::string_view token) {
  while (!token.empty() && (token.back() == ' ' || token.back() == '\t' || token.back() == '\n' ||
                            token.back() == '\r')) {
    token.remove_suffix(1);
  }
  return token;
}

}  // namespace groundgate::proxy::openai
