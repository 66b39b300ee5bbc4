#pragma once
// One client connection of the mock upstream: a coroutine on the connection's strand that reads
// requests (keep-alive) and answers them, streaming at the planned token rate.

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/status.hpp>
#include <boost/beast/http/string_body.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "proxy/mock/answer_writer.h"
#include "proxy/mock/chat_answer_writer.h"
#include "proxy/mock/completion_writer.h"
#include "proxy/mock/mock_options.h"
#include "proxy/mock/mock_request.h"
#include "proxy/mock/mock_script.h"
#include "proxy/mock/request_log.h"
#include "proxy/mock/response_plan.h"
#include "proxy/mock/response_store.h"
#include "proxy/mock/responses_writer.h"

namespace groundgate::proxy::mock {

// Immutable after start-up, shared by every session.
struct MockContext {
  MockOptions options;
  MockScript script;
  std::string fingerprint;                   // "fp_…"
  std::vector<std::string> models;           // GET /v1/models
  std::shared_ptr<ResponseStore> responses;  // made through /v1/responses
  std::shared_ptr<RequestLog> requests;      // every completion request, as it came
};

class MockSession {
 public:
  MockSession(boost::asio::ip::tcp::socket socket, std::shared_ptr<const MockContext> context);

  boost::asio::awaitable<void> run();
  // Ends the connection now; call it on executor().
  void close();
  boost::asio::any_io_executor executor() { return stream_.get_executor(); }

 private:
  using Request = boost::beast::http::request<boost::beast::http::string_body>;

  boost::asio::awaitable<bool> handle(const Request& request);
  boost::asio::awaitable<bool> complete(const Request& request, Api api);
  // The planned answer, streamed or whole, through `writer`.
  boost::asio::awaitable<bool> answer(const MockRequest& request, const ResponsePlan& plan,
                                      AnswerWriter& writer, Usage usage);
  boost::asio::awaitable<bool> stream_answer(const ResponsePlan& plan, AnswerWriter& writer,
                                             Usage usage);
  // GET, DELETE, …/input_items and …/cancel of a stored response (`rest`: the path after
  // /v1/responses/).
  boost::asio::awaitable<bool> stored_response(const Request& request, std::string_view rest);
  void write_echo(const Request& request);
  void write_models();

  // Sends out_ as the body of a response; false when the connection is done.
  boost::asio::awaitable<bool> send(boost::beast::http::status status,
                                    std::string_view content_type);
  boost::asio::awaitable<bool> send_error(unsigned status, std::string_view message,
                                          std::string_view param = {});
  // Sends the events gathered in out_ (one HTTP chunk when chunked).
  boost::asio::awaitable<bool> write_events(bool chunked);
  boost::asio::awaitable<bool> wait_until(std::chrono::steady_clock::time_point when);
  void abort();
  // After refusing a request whose body is still arriving: read and drop the rest (bounded), so
  // that closing does not reset the connection before the client reads the refusal.
  boost::asio::awaitable<void> drain();

  boost::beast::tcp_stream stream_;
  boost::asio::steady_timer timer_;  // first-byte delay and token pacing
  boost::beast::flat_buffer buffer_;
  std::string out_;  // every body and event batch is built here, its capacity reused
  std::shared_ptr<const MockContext> context_;
  unsigned version_ = 11;  // of the request being answered
  bool keep_alive_ = true;
  bool closing_ = false;
};

}  // namespace groundgate::proxy::mock
