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

void Exchange::start_side_requests() {
  std::vector<filters::stream::SideBatch> batches = chain_.take_side_requests();
  if (batches.empty()) return;
  if (!side_) {
    // The stream's own request, to the same endpoint, with the client's header fields.
    std::string header;
    append_request_line("POST", upstream_target(upstream_config_->base_path, request_.target()), 11,
                        header);
    append_end_to_end_headers(request_.fields(), /*drop_accept_encoding=*/true, header,
                              /*drop_traceparent=*/false);
    append_field(
        "Host",
        host_header(upstream_config_->host, upstream_config_->port, upstream_config_->https),
        header);
    append_field("Connection", "close", header);
    // On the exchange's own executor (its strand, or its thread's io_context): the calls'
    // handlers never run beside the relay's.
    side_ =
        std::make_unique<SideRequests>(handlers_done_->get_executor(), *upstream_config_,
                                       runtime_->tls_for(upstream_config_->name), std::move(header),
                                       ctx_.metrics.side_requests_now, ctx_.filter_workers);
  }
  for (filters::stream::SideBatch& batch : batches)
    side_->start(std::move(batch));
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
