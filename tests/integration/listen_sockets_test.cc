// The client listening sockets on real loopback ports: one per executor sharing one port
// (also a port the system picks), one when port sharing is off, and a port held by another
// listener (a single socket or another SO_REUSEPORT group) reported as an error.
#include "proxy/server/listen_sockets.h"

#include <gtest/gtest.h>
#include <sys/socket.h>  // SO_REUSEPORT

#include <memory>
#include <vector>

#include <boost/asio/io_context.hpp>

namespace groundgate::testing {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

class ListenSocketsTest : public ::testing::Test {
 protected:
  std::vector<asio::any_io_executor> executors(unsigned n) {
    std::vector<asio::any_io_executor> result;
    for (unsigned i = 0; i < n; ++i) {
      contexts_.push_back(std::make_unique<asio::io_context>(1));
      result.push_back(contexts_.back()->get_executor());
    }
    return result;
  }
  const tcp::endpoint any_port_{asio::ip::make_address("127.0.0.1"), 0};

 private:
  std::vector<std::unique_ptr<asio::io_context>> contexts_;
};

#ifdef SO_REUSEPORT
TEST_F(ListenSocketsTest, OneSocketPerExecutorAllOnThePortTheSystemPicked) {
  auto on = executors(3);
  auto sockets = proxy::server::open_listen_sockets(any_port_, on);
  ASSERT_EQ(sockets.error, "");
  ASSERT_EQ(sockets.acceptors.size(), 3u);
  const auto port = sockets.acceptors[0]->local_endpoint().port();
  EXPECT_NE(port, 0);
  for (std::size_t i = 0; i < on.size(); ++i) {
    EXPECT_EQ(sockets.acceptors[i]->local_endpoint().port(), port) << i;
    EXPECT_TRUE(sockets.acceptors[i]->get_executor() == on[i]) << i;
  }
}
#endif

TEST_F(ListenSocketsTest, OneSocketWithoutPortSharingOrWithOneExecutor) {
  auto unshared = proxy::server::open_listen_sockets(any_port_, executors(3), false);
  ASSERT_EQ(unshared.error, "");
  EXPECT_EQ(unshared.acceptors.size(), 1u);
  auto single = proxy::server::open_listen_sockets(any_port_, executors(1));
  ASSERT_EQ(single.error, "");
  EXPECT_EQ(single.acceptors.size(), 1u);
}

TEST_F(ListenSocketsTest, APortHeldByAnotherListenerIsAnError) {
  auto held = proxy::server::open_listen_sockets(any_port_, executors(1));
  ASSERT_EQ(held.error, "");
  const tcp::endpoint taken(any_port_.address(), held.acceptors[0]->local_endpoint().port());
  auto sockets = proxy::server::open_listen_sockets(taken, executors(2));
  EXPECT_NE(sockets.error, "");
  EXPECT_TRUE(sockets.acceptors.empty());
}

#ifdef SO_REUSEPORT
TEST_F(ListenSocketsTest, APortHeldByAnotherSharedGroupIsAnError) {
  // Another instance's SO_REUSEPORT group: joining it would split its connections silently.
  auto held = proxy::server::open_listen_sockets(any_port_, executors(2));
  ASSERT_EQ(held.error, "");
  ASSERT_EQ(held.acceptors.size(), 2u);
  const tcp::endpoint taken(any_port_.address(), held.acceptors[0]->local_endpoint().port());
  auto sockets = proxy::server::open_listen_sockets(taken, executors(2));
  EXPECT_NE(sockets.error, "");
  EXPECT_TRUE(sockets.acceptors.empty());
}
#endif

}  // namespace
}  // namespace groundgate::testing
