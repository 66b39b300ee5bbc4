#include "offline/model_client.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/http.hpp>

#include <thread>

#include "config/value_parsers.h"
#include "filters/sql/answer_query.h"
#include "proxy/openai/model_calls.h"
#include "proxy/openai/request_decoder.h"
#include "proxy/server/tls_contexts.h"
#include "proxy/server/upstream_connector.h"

namespace groundgate::offline {
namespace {

namespace asio = boost::asio;
namespace http = boost::beast::http;
namespace sql = filters::sql;
namespace server = proxy::server;

constexpr auto kUse = asio::as_tuple(asio::use_awaitable);
constexpr std::size_t kMaxReplyBytes = 4u << 20;

asio::awaitable<void> exchange(const ModelEndpoint& endpoint, std::string_view body,
                               ModelReply& reply) {
  auto executor = co_await asio::this_coro::executor;
  server::UpstreamConnection c =
      co_await server::connect_upstream(executor, endpoint.upstream, endpoint.tls.get());
  if (!c.stream) {
    reply.error = c.error;
    co_return;
  }
  http::request<http::string_body> request(
      http::verb::post, endpoint.upstream.base_path + "/v1/chat/completions", 11);
  request.set(http::field::host, endpoint.upstream.host);
  request.set(http::field::content_type, "application/json");
  if (!endpoint.api_key.empty()) {
    request.set(http::field::authorization, "Bearer " + endpoint.api_key);
  }
  request.body() = std::string(body);
  request.prepare_payload();
  auto [wec, written] = co_await http::async_write(*c.stream, request, kUse);
  if (wec) {
    reply.error = "cannot send the request: " + wec.message();
    co_return;
  }
  boost::beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(kMaxReplyBytes);
  auto [rec, read] = co_await http::async_read(*c.stream, buffer, parser, kUse);
  if (rec) {
    reply.error = "cannot read the response: " + rec.message();
    co_return;
  }
  reply.status = parser.get().result_int();
  reply.body = std::move(parser.get().body());
}

}  // namespace

std::optional<ModelEndpoint> model_endpoint(std::string_view url, std::string api_key,
                                            std::string& error) {
  const auto parsed = config::parse_upstream_url(url);
  if (!parsed.value) {
    error = parsed.error;
    return std::nullopt;
  }
  ModelEndpoint out;
  out.upstream.name = "model";
  out.upstream.url = std::string(url);
  out.upstream.https = parsed.value->https;
  out.upstream.host = parsed.value->host;
  out.upstream.port = parsed.value->port;
  out.upstream.base_path = parsed.value->base_path;
  out.api_key = std::move(api_key);
  if (out.upstream.https) {
    server::TlsContextResult tls = server::make_upstream_tls_context(out.upstream.tls);
    if (!tls.context) {
      error = tls.error;
      return std::nullopt;
    }
    out.tls = std::move(tls.context);
  }
  return out;
}

ModelReply call_model(const ModelEndpoint& endpoint, std::string_view body,
                      std::chrono::milliseconds timeout) {
  ModelReply reply;
  asio::io_context io;
  bool done = false;
  asio::co_spawn(io, exchange(endpoint, body, reply), [&](std::exception_ptr e) {
    done = true;
    if (e && reply.error.empty()) reply.error = "the call failed";
  });
  io.run_for(timeout);
  if (!done) {
    reply = ModelReply{};
    reply.error = "no answer within " + std::to_string(timeout.count()) + " ms";
  }
  return reply;
}

std::vector<sql::VariantAnswer> ask_variants(
    const ModelEndpoint& endpoint, std::string_view request_body, std::string_view question,
    std::span<const sql::QuestionVariant> variants, bool whole_answer,
    std::span<const config::QueryToolArgument> tools, std::chrono::milliseconds timeout) {
  std::vector<sql::VariantAnswer> answers(variants.size());
  const proxy::openai::ApiModelCalls model(
      proxy::openai::EndpointKind::kChatCompletions, std::string(request_body),
      proxy::openai::decode_request(request_body, proxy::openai::EndpointKind::kChatCompletions)
          .layout);
  std::vector<std::thread> calls;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    answers[i].variant = variants[i];
    calls.emplace_back([&, i] {
      sql::VariantAnswer& a = answers[i];
      const filters::model::RequestBody request = model.ask_again(question, a.variant.question);
      if (!request.body) {
        a.error = "no variant request: " + std::string(request.skip_reason);
        return;
      }
      const ModelReply reply = call_model(endpoint, *request.body, timeout);
      if (reply.status != 200) {
        a.error = reply.status == 0 ? reply.error : "status " + std::to_string(reply.status);
        return;
      }
      if (std::optional<filters::model::ModelAnswer> said =
              model.read_answer(reply.body, a.error)) {
        a.sql = sql::sql_of_answer(*said, whole_answer, tools, a.error);
      }
    });
  }
  for (std::thread& t : calls)
    t.join();
  return answers;
}

}  // namespace groundgate::offline
