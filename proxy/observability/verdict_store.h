#pragma once
// The verdicts of recent guarded answers, for GET /verdicts/{id} on the admin listener: an app
// whose client library drops groundgate's inline annotations (most SDKs' streaming helpers do)
// looks the verdicts of the answer it just read up by the id in the response's x-groundgate-id
// header, or by the upstream's own response id (`chatcmpl-…`, `resp_…`), which every SDK
// exposes. Bounded by age and by bytes: the oldest go first. Thread-safe: exchanges put from
// their I/O threads, the admin listener reads from its own.

#include <chrono>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace groundgate::proxy::observability {

// A new answer id: "gg-" and 24 random hex digits.
std::string new_verdict_id();

struct VerdictEntry {
  std::string id;           // groundgate's (x-groundgate-id)
  std::string response_id;  // the upstream's; empty when the answer had none
  std::string json;         // the document the look-up returns
};

struct VerdictStoreLimits {
  std::chrono::milliseconds keep{std::chrono::minutes(10)};  // 0: nothing is kept
  std::size_t max_bytes = 16u << 20;
};

class VerdictStore {
 public:
  using Clock = std::chrono::steady_clock;
  using Limits = VerdictStoreLimits;

  explicit VerdictStore(Limits limits = {}) : limits_(limits) {}

  // New limits apply from the next put (a config reload); entries over them go then.
  void set_limits(Limits limits);
  void put(VerdictEntry entry, Clock::time_point now = Clock::now());
  // By either id; the latest entry when two answers gave the same upstream id.
  std::optional<std::string> find(std::string_view id, Clock::time_point now = Clock::now());
  std::size_t size() const;
  std::size_t bytes() const;

 private:
  struct Stored {
    VerdictEntry entry;
    Clock::time_point at;
    std::uint64_t serial = 0;
    std::size_t bytes() const {
      return entry.id.size() + entry.response_id.size() + entry.json.size();
    }
  };
  // Drops the oldest entries while there are too many bytes or they are too old. Under mutex_.
  void evict(Clock::time_point now);
  void unindex(const Stored& stored);

  mutable std::mutex mutex_;
  Limits limits_;
  std::deque<Stored> entries_;  // oldest first
  std::uint64_t next_serial_ = 0;
  std::uint64_t first_serial_ = 0;                        // serial of entries_.front()
  std::unordered_map<std::string, std::uint64_t> by_id_;  // either id → serial
  std::size_t bytes_ = 0;
};

}  // namespace groundgate::proxy::observability
