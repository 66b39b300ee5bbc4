#include "bench/load/load_worker.h"

#include <array>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <charconv>

#include "bench/load/response_reader.h"

namespace groundgate::bench::load {
namespace {

namespace net = boost::asio;
using net::awaitable;
using net::ip::tcp;
using Clock = std::chrono::steady_clock;

constexpr auto kUse = net::as_tuple(net::use_awaitable);
constexpr size_t kReadBufferBytes = 4096;
constexpr size_t kPendingLimit = 64u << 10;
constexpr auto kRetryDelay = std::chrono::milliseconds(100);
constexpr std::string_view kStamp = "gg-ts-";

int64_t to_ns(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

// The mock's send time from `"system_fingerprint":"gg-ts-<ns>"`, or -1.
int64_t find_stamp(std::string_view event) {
  const size_t at = event.find(kStamp);
  if (at == std::string_view::npos) return -1;
  const char* first = event.data() + at + kStamp.size();
  int64_t ns = -1;
  auto [end, ec] = std::from_chars(first, event.data() + event.size(), ns);
  return ec == std::errc() ? ns : -1;
}

// An event a guard made: a chat chunk with no choices, a groundgate member and no usage (a usage
// chunk the summary rides on is the upstream's), or the Responses API's groundgate.annotations.
bool is_annotation_chunk(std::string_view event) {
  if (event.find(R"("type":"groundgate.annotations")") != std::string_view::npos) return true;
  return event.find(R"("choices":[])") != std::string_view::npos &&
         event.find(R"("groundgate":)") != std::string_view::npos &&
         event.find(R"("usage":{)") == std::string_view::npos;
}

}  // namespace

struct LoadWorker::Stream {
  explicit Stream(net::io_context& io) : socket(io), timer(io), reader(kPendingLimit) {}
  tcp::socket socket;
  net::steady_timer timer;
  ResponseReader reader;
  bool in_answer = false;
  int64_t last_stamp = -1;  // of the last stamped event: what an unstamped annotation follows
  std::array<char, kReadBufferBytes> buffer;
};

uint64_t LoadCounters::errors() const {
  return connect_errors + write_errors + read_errors + status_errors + protocol_errors;
}

void LoadCounters::merge(const LoadCounters& other) {
  events += other.events;
  unstamped += other.unstamped;
  done_events += other.done_events;
  annotation_chunks += other.annotation_chunks;
  responses += other.responses;
  connect_errors += other.connect_errors;
  write_errors += other.write_errors;
  read_errors += other.read_errors;
  status_errors += other.status_errors;
  protocol_errors += other.protocol_errors;
  open_at_end += other.open_at_end;
}

LoadWorker::LoadWorker(tcp::endpoint target, std::shared_ptr<const std::string> request,
                       LoadWindow window, unsigned first, unsigned step, unsigned total)
    : stop_timer_(io_),
      target_(std::move(target)),
      request_(std::move(request)),
      window_(window),
      measure_from_ns_(to_ns(window.measure_from)),
      measure_until_ns_(to_ns(window.measure_until)) {
  for (unsigned i = first; i < total; i += step) {
    streams_.push_back(std::make_unique<Stream>(io_));
    net::co_spawn(io_, run_stream(*streams_.back(), i), net::detached);
  }
}

LoadWorker::~LoadWorker() = default;

void LoadWorker::run() {
  stop_timer_.expires_at(window_.measure_until);
  stop_timer_.async_wait([this](const boost::system::error_code&) { stop(); });
  io_.run();
}

void LoadWorker::stop() {
  stopping_ = true;
  for (auto& stream : streams_) {
    if (stream->in_answer) ++counters_.open_at_end;
    boost::system::error_code ignored;
    stream->socket.close(ignored);
    stream->timer.cancel();
  }
}

void LoadWorker::note_error(const std::string& message) {
  if (first_error_.empty()) first_error_ = message;
}

awaitable<void> LoadWorker::run_stream(Stream& stream, unsigned index) {
  stream.timer.expires_at(window_.start + window_.ramp_step * index);
  co_await stream.timer.async_wait(kUse);
  while (!stopping_) {
    if (!stream.socket.is_open()) {
      auto [ec] = co_await stream.socket.async_connect(target_, kUse);
      if (stopping_) break;
      if (ec) {
        ++counters_.connect_errors;
        note_error("connect: " + ec.message());
        boost::system::error_code ignored;
        stream.socket.close(ignored);
        stream.timer.expires_after(kRetryDelay);
        co_await stream.timer.async_wait(kUse);
        continue;
      }
      stream.socket.set_option(tcp::no_delay(true), ec);
    }
    const Outcome outcome = co_await exchange(stream);
    stream.in_answer = false;
    if (stopping_) break;
    if (outcome == Outcome::kOk) {
      ++counters_.responses;
      boost::system::error_code ignored;
      if (!stream.reader.keep_alive()) stream.socket.close(ignored);
      continue;
    }
    switch (outcome) {
      case Outcome::kWriteError:
        ++counters_.write_errors;
        break;
      case Outcome::kReadError:
        ++counters_.read_errors;
        break;
      case Outcome::kStatusError:
        ++counters_.status_errors;
        break;
      default:
        ++counters_.protocol_errors;
        break;
    }
    boost::system::error_code ignored;
    stream.socket.close(ignored);
    stream.timer.expires_after(kRetryDelay);
    co_await stream.timer.async_wait(kUse);
  }
}

awaitable<LoadWorker::Outcome> LoadWorker::exchange(Stream& stream) {
  auto [write_ec, written] = co_await net::async_write(stream.socket, net::buffer(*request_), kUse);
  if (write_ec) {
    if (!stopping_) note_error("write: " + write_ec.message());
    co_return Outcome::kWriteError;
  }
  ResponseReader& reader = stream.reader;
  reader.reset();
  stream.in_answer = true;
  for (;;) {
    auto [ec, n] = co_await stream.socket.async_read_some(net::buffer(stream.buffer), kUse);
    const int64_t arrival_ns = to_ns(Clock::now());
    ResponseReader::Status status;
    if (ec == net::error::eof) {
      status = reader.finish_at_eof();
      if (status == ResponseReader::Status::kError) {
        if (!stopping_) note_error("read: " + reader.error());
        co_return Outcome::kReadError;
      }
    } else if (ec) {
      if (!stopping_) note_error("read: " + ec.message());
      co_return Outcome::kReadError;
    } else {
      status = reader.feed(std::string_view(stream.buffer.data(), n));
    }
    if (status == ResponseReader::Status::kError) {
      note_error("protocol: " + reader.error());
      co_return Outcome::kProtocolError;
    }
    if (reader.status_code() != 0 && reader.status_code() != 200) {
      note_error("status " + std::to_string(reader.status_code()));
      co_return Outcome::kStatusError;
    }
    while (auto event = reader.next_event())
      on_event(stream, *event, arrival_ns);
    if (status == ResponseReader::Status::kDone) co_return Outcome::kOk;
  }
}

void LoadWorker::on_event(Stream& stream, std::string_view event, int64_t arrival_ns) {
  int64_t stamp = find_stamp(event);
  const bool annotation = is_annotation_chunk(event);
  if (stamp >= 0 && !annotation) stream.last_stamp = stamp;
  // Chat's annotation chunks repeat the stamp of the chunk they follow; Responses' have none.
  if (annotation && stamp < 0) stamp = stream.last_stamp;
  if (arrival_ns < measure_from_ns_ || arrival_ns >= measure_until_ns_) return;
  if (stamp >= 0 && annotation) {
    ++counters_.annotation_chunks;
    annotation_latency_.record(arrival_ns - stamp);
  } else if (stamp >= 0) {
    ++counters_.events;
    latency_.record(arrival_ns - stamp);
  } else if (event.find("[DONE]") == std::string_view::npos) {
    ++counters_.unstamped;
  } else {
    ++counters_.done_events;
  }
}

}  // namespace groundgate::bench::load
