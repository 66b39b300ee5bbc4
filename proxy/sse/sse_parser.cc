#include "proxy/sse/sse_parser.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "proxy/sse/line_end.h"

namespace groundgate::proxy::sse {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

std::optional<std::uint64_t> parse_retry(std::string_view value) {
  if (value.empty()) return std::nullopt;
  std::uint64_t result = 0;
  for (char c : value) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (result > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
    result = result * 10 + digit;
  }
  return result;
}

}  // namespace

SseParser::SseParser(std::size_t max_event_bytes) : max_event_bytes_(max_event_bytes) {}

SseParser::State SseParser::feed(std::string_view bytes, std::vector<SseEvent>& out) {
  if (state_ != State::kOk) return state_;
  std::size_t i = 0;
  if (pending_cr_ && !bytes.empty()) {
    pending_cr_ = false;
    if (bytes[0] == '\n') {
      current_.raw.push_back('\n');
      line_start_ = current_.raw.size();
      i = 1;
    }
    if (dispatch_pending_) {
      dispatch_pending_ = false;
      dispatch(out, true);
    }
  }
  while (i < bytes.size()) {
    const std::size_t end = find_line_end(bytes, i);
    // Checked before appending so a huge feed without line ends is never copied.
    if (current_.raw.size() + (end - i) > max_event_bytes_) return fail();
    current_.raw.append(bytes.substr(i, end - i));
    if (end == bytes.size()) break;
    const std::size_t line_end = current_.raw.size();
    current_.raw.push_back(bytes[end]);
    i = end + 1;
    if (bytes[end] == '\r') {
      if (i == bytes.size()) {
        pending_cr_ = true;
      } else if (bytes[i] == '\n') {
        current_.raw.push_back('\n');
        ++i;
      }
    }
    if (current_.raw.size() > max_event_bytes_) return fail();
    const bool blank = process_line(line_start_, line_end);
    line_start_ = current_.raw.size();
    if (blank) {
      if (pending_cr_) {
        dispatch_pending_ = true;
      } else {
        dispatch(out, true);
      }
    }
  }
  return state_;
}

SseParser::State SseParser::fail() {
  state_ = State::kEventTooLarge;
  current_ = SseEvent{};
  spare_.clear();
  spare_.shrink_to_fit();
  return state_;
}

void SseParser::finish(std::vector<SseEvent>& out) {
  if (state_ != State::kOk) return;
  pending_cr_ = false;
  if (dispatch_pending_) {
    dispatch_pending_ = false;
    dispatch(out, true);
  }
  if (current_.raw.empty()) return;
  if (line_start_ < current_.raw.size()) process_line(line_start_, current_.raw.size());
  dispatch(out, false);
}

bool SseParser::process_line(std::size_t begin, std::size_t end) {
  std::string_view line(current_.raw.data() + begin, end - begin);
  if (at_stream_start_) {
    at_stream_start_ = false;
    if (line.starts_with(kBom)) line.remove_prefix(kBom.size());
  }
  if (line.empty()) return true;
  if (line.front() == ':') return false;  // comment
  std::string_view field = line;
  std::string_view value;
  if (const std::size_t colon = line.find(':'); colon != std::string_view::npos) {
    field = line.substr(0, colon);
    value = line.substr(colon + 1);
    if (value.starts_with(' ')) value.remove_prefix(1);
  }
  if (field == "data") {
    if (data_lines_++ > 0) current_.data.push_back('\n');
    current_.data.append(value);
  } else if (field == "event") {
    current_.type.assign(value);
  } else if (field == "id") {
    if (value.find('\0') == std::string_view::npos) current_.id.assign(value);
  } else if (field == "retry") {
    if (auto retry = parse_retry(value)) current_.retry = retry;
  }
  return false;
}

void SseParser::dispatch(std::vector<SseEvent>& out, bool terminated) {
  current_.has_data = data_lines_ > 0;
  current_.terminated = terminated;
  out.push_back(std::move(current_));
  if (spare_.empty()) {
    current_ = SseEvent{};
  } else {
    current_ = std::move(spare_.back());
    spare_.pop_back();
  }
  line_start_ = 0;
  data_lines_ = 0;
}

void SseParser::recycle(std::vector<SseEvent>& events) {
  for (SseEvent& event : events) {
    if (spare_.size() >= kMaxSpareEvents) break;
    if (event.raw.capacity() > kMaxSpareBytes || event.data.capacity() > kMaxSpareBytes) continue;
    event.raw.clear();
    event.data.clear();
    event.type.clear();
    event.id.clear();
    event.retry.reset();
    event.has_data = false;
    event.terminated = true;
    spare_.push_back(std::move(event));
  }
  events.clear();
}

}  // namespace groundgate::proxy::sse
