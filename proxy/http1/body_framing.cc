#include "proxy/http1/body_framing.h"

#include <algorithm>
#include <limits>

namespace groundgate::proxy::http1 {
namespace {

constexpr std::size_t kNotFound = std::string_view::npos;

// RFC 9110 tchar.
bool is_tchar(char c) {
  if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
  return std::string_view("!#$%&'*+-.^_`|~").find(c) != kNotFound;
}

bool is_ws(char c) {
  return c == ' ' || c == '\t';
}

// HTAB, SP, VCHAR or obs-text: what a field value and a quoted pair may hold.
bool is_field_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u == '\t' || (u >= 0x20 && u != 0x7f);
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::size_t skip_ws(std::string_view s, std::size_t i) {
  while (i < s.size() && is_ws(s[i]))
    ++i;
  return i;
}

std::size_t skip_token(std::string_view s, std::size_t i) {
  while (i < s.size() && is_tchar(s[i]))
    ++i;
  return i;
}

// The quoted-string that starts at s[i] ('"'); returns the index after it, or kNotFound.
std::size_t skip_quoted(std::string_view s, std::size_t i) {
  for (++i; i < s.size(); ++i) {
    if (s[i] == '"') return i + 1;
    if (s[i] == '\\') {
      if (++i == s.size() || !is_field_char(s[i])) return kNotFound;
    } else if (!is_field_char(s[i])) {
      return kNotFound;
    }
  }
  return kNotFound;
}

// chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] ), the whole of `s`.
bool valid_extensions(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    i = skip_ws(s, i);
    if (i == s.size() || s[i] != ';') return false;
    i = skip_ws(s, i + 1);
    const std::size_t name_end = skip_token(s, i);
    if (name_end == i) return false;
    i = skip_ws(s, name_end);
    if (i < s.size() && s[i] == '=') {
      i = skip_ws(s, i + 1);
      if (i < s.size() && s[i] == '"') {
        i = skip_quoted(s, i);
        if (i == kNotFound) return false;
      } else {
        const std::size_t value_end = skip_token(s, i);
        if (value_end == i) return false;
        i = value_end;
      }
    } else if (i == s.size() && i != name_end) {
      return false;  // whitespace before the line end
    }
  }
  return true;
}

// field-line = field-name ":" OWS field-value OWS, without its CRLF.
bool valid_field_line(std::string_view s) {
  const std::size_t name_end = skip_token(s, 0);
  if (name_end == 0 || name_end == s.size() || s[name_end] != ':') return false;
  return std::all_of(s.begin() + static_cast<std::ptrdiff_t>(name_end) + 1, s.end(), is_field_char);
}

constexpr std::size_t kBadLineEnd = kNotFound - 1;

// Where the CRLF that ends the line at the front of `in` starts: kNotFound when `in` has no
// line end in its first `limit` bytes yet, kBadLineEnd when a CR or an LF stands alone. A plain
// loop: these lines are a few bytes long (find_first_of would call memchr per byte).
std::size_t find_crlf(std::string_view in, std::size_t limit) {
  const std::size_t end = std::min(in.size(), limit);
  for (std::size_t i = 0; i < end; ++i) {
    if (in[i] == '\n') return kBadLineEnd;
    if (in[i] != '\r') continue;
    if (i + 1 == in.size()) return kNotFound;
    return in[i + 1] == '\n' ? i : kBadLineEnd;
  }
  return kNotFound;
}

}  // namespace

std::string_view describe(BodyError error) {
  switch (error) {
    case BodyError::kNone:
      return "no error";
    case BodyError::kBadChunkSize:
      return "bad chunk size line";
    case BodyError::kBadChunkExtension:
      return "bad chunk extension";
    case BodyError::kBadChunkEnd:
      return "chunk data not followed by CRLF";
    case BodyError::kBadTrailer:
      return "bad trailer field";
    case BodyError::kLineTooLong:
      return "chunk size line or trailer section too long";
    case BodyError::kCutShort:
      return "body cut short";
  }
  return "unknown body error";
}

BodyFraming BodyFraming::sized(std::uint64_t length) {
  return BodyFraming(length == 0 ? State::kDone : State::kSized, length, 0);
}

BodyFraming BodyFraming::chunked(std::size_t max_line_bytes) {
  return BodyFraming(State::kSizeLine, 0, std::max<std::size_t>(max_line_bytes, 3));
}

BodyFraming BodyFraming::until_close() {
  return BodyFraming(State::kUntilClose, 0, 0);
}

BodyFraming::Step BodyFraming::fail(BodyError error) {
  state_ = State::kFailed;
  error_ = error;
  return {};
}

void BodyFraming::end_of_input() {
  if (state_ == State::kUntilClose) {
    state_ = State::kDone;
  } else if (state_ != State::kDone && state_ != State::kFailed) {
    fail(BodyError::kCutShort);
  }
}

BodyFraming::Step BodyFraming::next(std::string_view in) {
  if (in.empty()) return {};  // the relay asks once more after each read's last piece
  switch (state_) {
    case State::kSized: {
      const Step step = take_remaining(in);
      if (remaining_ == 0) state_ = State::kDone;
      return step;
    }
    case State::kUntilClose:
      return {in.size(), in};
    case State::kSizeLine: {
      const std::size_t line = read_size_line(in);
      if (line == 0) return {};
      if (state_ == State::kTrailers) return {line + read_trailers(in.substr(line)), {}};
      Step data = take_data(in.substr(line));
      return {line + data.used, data.body};
    }
    case State::kData:
      return take_data(in);
    case State::kDataEnd: {
      if (in[0] != '\r') return fail(BodyError::kBadChunkEnd);
      if (in.size() < 2) return {};
      if (in[1] != '\n') return fail(BodyError::kBadChunkEnd);
      state_ = State::kSizeLine;
      return {2, {}};
    }
    case State::kTrailers:
      return {read_trailers(in), {}};
    case State::kDone:
    case State::kFailed:
      return {};
  }
  return {};
}

BodyFraming::Step BodyFraming::take_remaining(std::string_view in) {
  const std::size_t take = static_cast<std::size_t>(std::min<std::uint64_t>(remaining_, in.size()));
  remaining_ -= take;
  return {take, in.substr(0, take)};
}

BodyFraming::Step BodyFraming::take_data(std::string_view in) {
  Step step = take_remaining(in);
  if (remaining_ != 0) {
    state_ = State::kData;
    return step;
  }
  state_ = State::kDataEnd;
  // The chunk's CRLF, when it came with the data: one step per chunk.
  const std::string_view rest = in.substr(step.used);
  if (rest.size() >= 2) {
    if (rest[0] == '\r' && rest[1] == '\n') {
      state_ = State::kSizeLine;
      step.used += 2;
    } else {
      fail(BodyError::kBadChunkEnd);  // the data goes out; the next step reports the error
    }
  }
  return step;
}

std::size_t BodyFraming::read_size_line(std::string_view in) {
  const std::size_t cr = find_crlf(in, max_line_bytes_ - 1);
  if (cr == kNotFound) {
    if (in.size() >= max_line_bytes_) fail(BodyError::kLineTooLong);
    return 0;
  }
  if (cr == kBadLineEnd) {
    fail(BodyError::kBadChunkSize);
    return 0;
  }
  const std::string_view line = in.substr(0, cr);
  std::uint64_t size = 0;
  std::size_t i = 0;
  for (; i < line.size(); ++i) {
    const int digit = hex_value(line[i]);
    if (digit < 0) break;
    if (size > (std::numeric_limits<std::uint64_t>::max() >> 4)) {
      fail(BodyError::kBadChunkSize);
      return 0;
    }
    size = (size << 4) | static_cast<std::uint64_t>(digit);
  }
  if (i == 0) {
    fail(BodyError::kBadChunkSize);
    return 0;
  }
  if (!valid_extensions(line.substr(i))) {
    fail(BodyError::kBadChunkExtension);
    return 0;
  }
  remaining_ = size;
  state_ = size == 0 ? State::kTrailers : State::kData;
  return cr + 2;
}

std::size_t BodyFraming::read_trailers(std::string_view in) {
  std::size_t taken = 0;
  while (state_ == State::kTrailers) {
    const std::string_view rest = in.substr(taken);
    const std::size_t budget = max_line_bytes_ - trailer_bytes_;
    const std::size_t cr = budget < 2 ? kNotFound : find_crlf(rest, budget - 1);
    if (cr == kNotFound) {
      if (rest.size() >= budget) fail(BodyError::kLineTooLong);
      break;
    }
    if (cr == kBadLineEnd) {
      fail(BodyError::kBadTrailer);
      break;
    }
    trailer_bytes_ += cr + 2;
    taken += cr + 2;
    const std::string_view line = rest.substr(0, cr);
    if (line.empty()) {
      state_ = State::kDone;
    } else if (!valid_field_line(line)) {
      fail(BodyError::kBadTrailer);
    }
  }
  return taken;
}

}  // namespace groundgate::proxy::http1
