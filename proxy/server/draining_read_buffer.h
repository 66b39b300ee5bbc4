#pragma once
// A buffer to read a TCP socket into, for which Asio's epoll reactor learns when a read has
// emptied the socket, so that it does not try the next read before new bytes arrive.
//
// After a read completes, Asio 1.81 starts the next async_read_some with an immediate
// ("speculative") read. Between two SSE events the socket is almost always empty, so that read
// fails with EAGAIN: two recvfrom per event where one would do. Asio skips the attempt when
// the previous read reported `done_and_exhausted`, which 1.81 does for reads only at the end of
// the stream. A read into a DrainingReadBuffer reports it when the kernel says nothing is left:
// the socket has TCP_INQ set (set_reports_queued_bytes) and the read's TCP_CM_INQ is 0. Bytes
// that arrive later raise a new epoll event, which re-enables the attempt (under the same
// descriptor lock, so also when several threads run the io_context). A pending end of stream
// counts as a queued byte, so a FIN that came with the last bytes is read at once. A pending
// reset does not (the kernel reports no queued bytes): the exchange's watchdog
// (Exchange::check_timeouts) finds it. Without TCP_INQ (no option set, an old kernel) the read
// reports nothing and Asio reads as it always does.

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>

#include <boost/asio/buffer.hpp>
#include <boost/asio/detail/reactive_socket_recv_op.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/version.hpp>

namespace groundgate::proxy::server {

struct DrainingReadBuffer : boost::asio::mutable_buffer {
  explicit DrainingReadBuffer(boost::asio::mutable_buffer buffer) : mutable_buffer(buffer) {}
};

// Asks the kernel to report, with every read of TCP socket `fd`, how many bytes it still
// queues (TCP_INQ). False where the system does not have it.
inline bool set_reports_queued_bytes(int fd) {
#ifdef TCP_INQ
  const int on = 1;
  return ::setsockopt(fd, SOL_TCP, TCP_INQ, &on, sizeof on) == 0;
#else
  return false;
#endif
}

}  // namespace groundgate::proxy::server

// The operation's layout and the reactor's use of its status are those of Asio 1.26 (Boost
// 1.81); with another version a DrainingReadBuffer is read like any mutable_buffer.
#if BOOST_ASIO_VERSION == 102600 && defined(TCP_INQ)
namespace boost::asio::detail {

template <>
class reactive_socket_recv_op_base<groundgate::proxy::server::DrainingReadBuffer>
    : public reactor_op {
 public:
  reactive_socket_recv_op_base(const boost::system::error_code& success_ec, socket_type socket,
                               socket_ops::state_type state,
                               const groundgate::proxy::server::DrainingReadBuffer& buffer,
                               socket_base::message_flags flags, func_type complete_func)
      : reactor_op(success_ec, &reactive_socket_recv_op_base::do_perform, complete_func),
        socket_(socket),
        state_(state),
        buffer_(buffer),
        flags_(flags) {}

  // As Asio's single-buffer read (socket_ops::non_blocking_recv1), with recvmsg for the
  // queued-bytes report.
  static status do_perform(reactor_op* base) {
    auto* o = static_cast<reactive_socket_recv_op_base*>(base);
    const bool stream = (o->state_ & socket_ops::stream_oriented) != 0;
    iovec iov{o->buffer_.data(), o->buffer_.size()};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))];
    msghdr message{};
    message.msg_iov = &iov;
    message.msg_iovlen = 1;
    ssize_t bytes;
    for (;;) {
      message.msg_control = control;
      message.msg_controllen = sizeof control;
      bytes = ::recvmsg(o->socket_, &message, o->flags_);
      if (bytes >= 0 || errno != EINTR) break;
    }
    if (bytes < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK) return not_done;
      o->ec_ = boost::system::error_code(errno, boost::asio::error::get_system_category());
      o->bytes_transferred_ = 0;
      return done_and_exhausted;  // as Asio: a read that transferred nothing
    }
    o->bytes_transferred_ = static_cast<std::size_t>(bytes);
    if (bytes == 0 && stream) {
      o->ec_ = boost::asio::error::eof;
      return done_and_exhausted;
    }
    for (cmsghdr* c = CMSG_FIRSTHDR(&message); c != nullptr; c = CMSG_NXTHDR(&message, c)) {
      if (c->cmsg_level == SOL_TCP && c->cmsg_type == TCP_CM_INQ) {
        int queued = 0;
        std::memcpy(&queued, CMSG_DATA(c), sizeof queued);
        return queued == 0 ? done_and_exhausted : done;
      }
    }
    return done;
  }

 private:
  socket_type socket_;
  socket_ops::state_type state_;
  mutable_buffer buffer_;
  socket_base::message_flags flags_;
};

}  // namespace boost::asio::detail
#endif
