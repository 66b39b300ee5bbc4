#pragma once
// Errors as values for the OpenAI wire-format code: no exceptions on the data path.

#include <string>
#include <utility>

namespace groundgate::proxy::openai {

struct Status {
  bool ok = true;
  std::string message;  // why it failed; empty when ok

  static Status failure(std::string message) { return Status{false, std::move(message)}; }
};

}  // namespace groundgate::proxy::openai
