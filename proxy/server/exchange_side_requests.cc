// The response filters' side requests (filters/stream/stream_filter.h): what the chain posted
// goes to the route's upstream as requests of the stream's own endpoint, with the client's
// header fields, on the exchange's executor (side_requests.h sends them); next_side_answers
// waits for the next batch's answers. The relay (exchange_relay.cc) and the whole-body
// transform (exchange_response.cc) hand those to their filters.

#include <optional>
#include <string>
#include <vector>

#include "proxy/server/exchange.h"
#include "proxy/server/forwarding.h"
#include "proxy/server/header_writer.h"

namespace groundgate::proxy::server {
using boost::asio::awaitable;

std::optional<SideDestination> Exchange::side_destination(
    const filters::stream::SideEndpoint* endpoint) const {
  using Auth = filters::stream::SideEndpoint::Auth;
  const config::UpstreamConfig* upstream = endpoint == nullptr || endpoint->upstream.empty()
                                               ? upstream_config_
                                               : config_.find_upstream(endpoint->upstream);
  // The client's credentials go to the route's upstream only (config refuses the rest; be
  // safe anyway).
  if (upstream == nullptr ||
      (endpoint != nullptr && endpoint->auth == Auth::kForward && upstream != upstream_config_)) {
    return std::nullopt;
  }
  SideDestination to{upstream, runtime_->tls_for(upstream->name), {}};
  // The stream's own endpoint unless the batch names a path.
  const std::string_view target =
      endpoint == nullptr || endpoint->path.empty() ? request_.target() : endpoint->path;
  append_request_line("POST", upstream_target(upstream->base_path, target), 11, to.header);
  if (endpoint == nullptr || endpoint->auth == Auth::kForward) {
    append_end_to_end_headers(request_.fields(), /*drop_accept_encoding=*/true, to.header,
                              /*drop_traceparent=*/false);
  } else {
    append_field("Content-Type", "application/json", to.header);
    append_field("Accept", "application/json", to.header);
    if (endpoint->auth == Auth::kBearer)
      append_field("Authorization", "Bearer " + endpoint->bearer, to.header);
  }
  append_field("Host", host_header(upstream->host, upstream->port, upstream->https), to.header);
  append_field("Connection", "close", to.header);
  return to;
}

void Exchange::start_side_requests() {
  std::vector<filters::stream::SideBatch> batches = chain_.take_side_requests();
  if (batches.empty()) return;
  // On the exchange's own executor (its strand, or its thread's io_context): the calls'
  // handlers never run beside the relay's.
  if (!side_) {
    side_ = std::make_unique<SideRequests>(handlers_done_->get_executor(),
                                           ctx_.metrics.side_requests_now, ctx_.filter_workers);
  }
  for (filters::stream::SideBatch& batch : batches) {
    std::optional<SideDestination> to = side_destination(batch.batch.endpoint.get());
    if (to) {
      side_->start(std::move(batch), std::move(*to));
    } else {
      side_->refuse(std::move(batch), "endpoint: not an upstream this stream may call");
    }
  }
}

awaitable<std::optional<SideAnswers>> Exchange::next_side_answers() {
  const Clock::time_point start = Clock::now();
  start_side_requests();
  std::optional<SideAnswers> answers;
  while (side_ && !client_gone_) {
    answers = side_->take_answers();
    if (answers || !side_->busy()) break;  // answers, or nothing out that could bring some
    co_await side_->wait_answers();
  }
  if (client_gone_) answers.reset();
  side_wait_ += Clock::now() - start;
  co_return answers;
}

}  // namespace groundgate::proxy::server
