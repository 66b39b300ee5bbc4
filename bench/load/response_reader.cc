#include "bench/load/response_reader.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace groundgate::bench::load {
namespace {

constexpr size_t kHeaderLimit = 16u << 10;
constexpr std::string_view kHeaderEnd = "\r\n\r\n";

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool equals_lower(std::string_view text, std::string_view lower_word) {
  if (text.size() != lower_word.size()) return false;
  for (size_t i = 0; i < text.size(); ++i)
    if (lower(text[i]) != lower_word[i]) return false;
  return true;
}

bool contains_lower(std::string_view text, std::string_view lower_word) {
  for (size_t i = 0; i + lower_word.size() <= text.size(); ++i)
    if (equals_lower(text.substr(i, lower_word.size()), lower_word)) return true;
  return false;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
    text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = lower(c);
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

ResponseReader::ResponseReader(size_t pending_limit) : pending_limit_(pending_limit) {
  header_.reserve(1024);
  body_.reserve(4096);
}

void ResponseReader::reset() {
  header_.clear();
  body_.clear();
  event_start_ = 0;
  scan_from_ = 0;
  in_body_ = false;
  done_ = false;
  body_kind_ = Body::kUntilClose;
  chunk_ = Chunk::kSize;
  remaining_ = 0;
  status_code_ = 0;
  keep_alive_ = true;
  error_.clear();
}

ResponseReader::Status ResponseReader::fail(std::string message) {
  if (error_.empty()) error_ = std::move(message);
  return Status::kError;
}

ResponseReader::Status ResponseReader::feed(std::string_view bytes) {
  if (!error_.empty()) return Status::kError;
  if (event_start_ > 0) {  // drop what was handed out; only a partial event moves
    body_.erase(0, event_start_);
    scan_from_ -= event_start_;
    event_start_ = 0;
  }
  if (in_body_) return feed_body(bytes);

  const size_t before = header_.size();
  const size_t searched = before >= 3 ? before - 3 : 0;
  header_.append(bytes.substr(0, std::min(bytes.size(), kHeaderLimit + 4 - before)));
  const size_t end = header_.find(kHeaderEnd, searched);
  if (end == std::string::npos) {
    if (header_.size() > kHeaderLimit) return fail("response header larger than 16 KiB");
    return Status::kMore;
  }
  if (parse_header(end) == Status::kError) return Status::kError;
  in_body_ = true;
  // Bytes past the header in this read belong to the body.
  return feed_body(bytes.substr(end + kHeaderEnd.size() - before));
}

ResponseReader::Status ResponseReader::parse_header(size_t end) {
  std::string_view head(header_.data(), end);
  const size_t line_end = head.find("\r\n");
  std::string_view status_line = head.substr(0, line_end);
  if (!status_line.starts_with("HTTP/1.") || status_line.size() < 12)
    return fail("malformed status line");
  const bool http10 = status_line[7] == '0';
  keep_alive_ = !http10;
  auto [ptr, ec] = std::from_chars(status_line.data() + 9, status_line.data() + 12, status_code_);
  if (ec != std::errc() || ptr != status_line.data() + 12) return fail("malformed status code");

  std::optional<uint64_t> length;
  bool chunked = false;
  std::string_view rest = line_end == std::string_view::npos ? "" : head.substr(line_end + 2);
  while (!rest.empty()) {
    const size_t next = rest.find("\r\n");
    std::string_view line = rest.substr(0, next);
    rest = next == std::string_view::npos ? "" : rest.substr(next + 2);
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) return fail("malformed header line");
    const std::string_view name = line.substr(0, colon);
    const std::string_view value = trim(line.substr(colon + 1));
    if (equals_lower(name, "transfer-encoding")) {
      chunked = contains_lower(value, "chunked");
    } else if (equals_lower(name, "content-length")) {
      uint64_t parsed = 0;
      auto [p, e] = std::from_chars(value.data(), value.data() + value.size(), parsed);
      if (e != std::errc() || p != value.data() + value.size()) return fail("bad content-length");
      length = parsed;
    } else if (equals_lower(name, "connection")) {
      if (contains_lower(value, "close")) keep_alive_ = false;
      if (contains_lower(value, "keep-alive")) keep_alive_ = true;
    }
  }
  if (chunked) {
    body_kind_ = Body::kChunked;
  } else if (length) {
    body_kind_ = Body::kLength;
    remaining_ = *length;
    if (remaining_ == 0) done_ = true;
  } else {
    body_kind_ = Body::kUntilClose;
    keep_alive_ = false;
  }
  return Status::kMore;
}

void ResponseReader::append_body(std::string_view data) {
  body_.append(data);
}

ResponseReader::Status ResponseReader::feed_body(std::string_view bytes) {
  Status status = Status::kMore;
  switch (body_kind_) {
    case Body::kChunked:
      status = feed_chunked(bytes);
      break;
    case Body::kLength: {
      const size_t take = static_cast<size_t>(std::min<uint64_t>(remaining_, bytes.size()));
      append_body(bytes.substr(0, take));
      remaining_ -= take;
      if (take < bytes.size()) return fail("bytes after the end of the response");
      if (remaining_ == 0) done_ = true;
      break;
    }
    case Body::kUntilClose:
      append_body(bytes);
      break;
  }
  if (status == Status::kError) return status;
  if (body_.size() > pending_limit_)
    return fail("more than the pending limit without an event end");
  return done_ ? Status::kDone : Status::kMore;
}

ResponseReader::Status ResponseReader::feed_chunked(std::string_view bytes) {
  size_t i = 0;
  while (i < bytes.size()) {
    const char c = bytes[i];
    switch (chunk_) {
      case Chunk::kSize: {
        const int digit = hex_value(c);
        if (digit >= 0) {
          if (remaining_ > (uint64_t{1} << 40)) return fail("chunk size too large");
          remaining_ = remaining_ * 16 + static_cast<uint64_t>(digit);
        } else if (c == ';' || c == ' ' || c == '\t') {
          chunk_ = Chunk::kExtension;
        } else if (c == '\r') {
          chunk_ = Chunk::kSizeLf;
        } else {
          return fail("malformed chunk size");
        }
        ++i;
        break;
      }
      case Chunk::kExtension:
        if (c == '\r') chunk_ = Chunk::kSizeLf;
        ++i;
        break;
      case Chunk::kSizeLf:
        if (c != '\n') return fail("malformed chunk size line");
        chunk_ = remaining_ == 0 ? Chunk::kTrailer : Chunk::kData;
        ++i;
        break;
      case Chunk::kData: {
        const size_t take = static_cast<size_t>(std::min<uint64_t>(remaining_, bytes.size() - i));
        append_body(bytes.substr(i, take));
        remaining_ -= take;
        i += take;
        if (remaining_ == 0) chunk_ = Chunk::kDataCr;
        break;
      }
      case Chunk::kDataCr:
        if (c != '\r') return fail("chunk data not followed by CRLF");
        chunk_ = Chunk::kDataLf;
        ++i;
        break;
      case Chunk::kDataLf:
        if (c != '\n') return fail("chunk data not followed by CRLF");
        chunk_ = Chunk::kSize;
        ++i;
        break;
      case Chunk::kTrailer:  // at the start of a trailer line; an empty one ends the body
        chunk_ = c == '\r' ? Chunk::kTrailerLf : Chunk::kTrailerLine;
        ++i;
        break;
      case Chunk::kTrailerLine:
        if (c == '\n') chunk_ = Chunk::kTrailer;
        ++i;
        break;
      case Chunk::kTrailerLf:
        if (c != '\n') return fail("malformed end of chunked body");
        chunk_ = Chunk::kDone;
        done_ = true;
        ++i;
        break;
      case Chunk::kDone:
        return fail("bytes after the end of the response");
    }
  }
  return Status::kMore;
}

ResponseReader::Status ResponseReader::finish_at_eof() {
  if (in_body_ && body_kind_ == Body::kUntilClose) {
    done_ = true;
    return Status::kDone;
  }
  if (done_) return Status::kDone;
  return fail("connection closed before the end of the response");
}

std::optional<std::string_view> ResponseReader::next_event() {
  const char* data = body_.data();
  const size_t size = body_.size();
  size_t pos = scan_from_;
  while (pos < size) {
    const void* found = std::memchr(data + pos, '\n', size - pos);
    if (found == nullptr) {
      scan_from_ = size;
      return std::nullopt;
    }
    const size_t nl = static_cast<size_t>(static_cast<const char*>(found) - data);
    size_t next = 0;  // first byte after the blank line, 0: not a blank line (yet)
    if (nl + 1 >= size) {
      scan_from_ = nl;  // the next byte decides
      return std::nullopt;
    }
    if (data[nl + 1] == '\n') {
      next = nl + 2;
    } else if (data[nl + 1] == '\r') {
      if (nl + 2 >= size) {
        scan_from_ = nl;
        return std::nullopt;
      }
      if (data[nl + 2] == '\n') next = nl + 3;
    }
    if (next == 0) {
      pos = nl + 1;
      continue;
    }
    std::string_view event(data + event_start_, nl - event_start_);
    if (!event.empty() && event.back() == '\r') event.remove_suffix(1);
    event_start_ = next;
    scan_from_ = next;
    return event;
  }
  scan_from_ = size;
  return std::nullopt;
}

}  // namespace groundgate::bench::load
