#pragma once
// The responses the mock made through the Responses API, so that GET /v1/responses/{id},
// …/input_items, …/cancel and DELETE answer as OpenAI's stored responses do (and a background
// response can be fetched once done). Bounded: the oldest go first. Thread-safe.

#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace groundgate::proxy::mock {

class ResponseStore {
 public:
  static constexpr std::size_t kMaxResponses = 256;

  void put(std::string id, std::string response, std::string input_items);
  std::optional<std::string> response(std::string_view id) const;
  std::optional<std::string> input_items(std::string_view id) const;
  bool erase(std::string_view id);

 private:
  struct Entry {
    std::string id;
    std::string response;
    std::string input_items;
  };
  const Entry* find(std::string_view id) const;

  mutable std::mutex mutex_;
  std::deque<Entry> entries_;
};

}  // namespace groundgate::proxy::mock
