#pragma once
// The OpenAI-compatible mock upstream: POST /v1/chat/completions, /v1/completions and
// /v1/responses (streamed or whole; stored responses answer GET, DELETE, …/input_items and
// …/cancel), GET /v1/models, /mock/echo/… (reflects the request as JSON), scripted answers and
// faults. A product feature: the demo, the integration tests and the load benchmarks run on it.

#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "proxy/mock/mock_options.h"
#include "proxy/mock/request_log.h"

namespace groundgate::proxy::mock {

class MockUpstream;

struct MockCreate {
  std::unique_ptr<MockUpstream> upstream;
  std::string error;  // empty: created
  bool ok() const { return upstream != nullptr; }
};

// Runs on the io_context it was created with (any number of threads may run it); must be
// destroyed before that io_context.
class MockUpstream {
 public:
  // Loads the script and binds the listening socket; nothing is accepted before start().
  static MockCreate create(boost::asio::io_context& io, MockOptions options);
  ~MockUpstream();
  MockUpstream(const MockUpstream&) = delete;
  MockUpstream& operator=(const MockUpstream&) = delete;

  uint16_t port() const;  // the bound port (the picked one when options.port was 0)
  // The completion requests answered so far, oldest first, with options.keep_requests
  // (request_log.h).
  std::vector<RecordedRequest> requests() const;
  void start();  // the accept loop; call once
  void stop();   // closes the acceptor and every connection; safe from any thread

  struct State;  // defined in the .cc: shared with the accept loop and the sessions

 private:
  explicit MockUpstream(std::shared_ptr<State> state) : state_(std::move(state)) {}
  std::shared_ptr<State> state_;
};

}  // namespace groundgate::proxy::mock
