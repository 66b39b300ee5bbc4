#pragma once
// The states an exchange's parts read and advance, each an explicit value instead of a set of
// flags: how a request was routed, how far the response to the client got, where the
// upstream's answer is, whether the client watcher runs, and why the upstream side ended
// before its answer did.

#include <cstdint>

namespace groundgate::proxy::server {

// What routing made of a request.
enum class Routing : std::uint8_t {
  kRouted,
  kNoRoute,        // no route matches it (or its upstream is gone)
  kPolicyRefused,  // x-groundgate-policy names a policy the route does not allow, or none
};

// How far the response to the client got; it only advances.
enum class ResponseProgress : std::uint8_t {
  kNone,     // nothing of it was written
  kStarted,  // the client has our status line
  // The answer's end is being written: the whole response, the round of a relayed body that
  // carries the end of the upstream's answer when nothing is awaited after it, or a chunked
  // body's last chunk. A client that closes from then on may have had all of it: the writes'
  // results, not the client watcher, say whether it did (a write that fails is a
  // client_disconnect).
  kEnding,
  kComplete,  // all of it was written
};

// Where the upstream's answer is. Once it is all in, the exchange may still wait for the
// filters' side answers: the total timeout then cuts those, not the upstream's answer.
enum class UpstreamAnswer : std::uint8_t {
  kReading,             // its end has not been read (or there was no answer)
  kRead,                // read to its end
  kSideAnswersAwaited,  // read to its end, and the exchange waits only for side answers
};

// The client watcher (exchange_side_tasks.cc), a chain of reads beside the response.
enum class ClientWatch : std::uint8_t {
  kIdle,      // not running: no read of it is pending
  kReading,   // it goes on reading
  kStopping,  // asked to stop: its last read is still pending (the exchange waits for it,
              // since the read fills the connection's buffer)
};

// Why the watchdog ended the upstream side: nothing more is read from the upstream; the
// watchdog still bounds the client writes under way.
enum class UpstreamCut : std::uint8_t {
  kNone,
  kShutdown,       // the drain's time ran out
  kTotalDeadline,  // the route's total timeout
  kWaitTimeout,    // an upstream wait outlived its limit (header or idle timeout)
  kReset,          // a reset the relay's read cannot see (draining_read_buffer.h)
};

}  // namespace groundgate::proxy::server
