// Request paths as an origin server may read them.
#include "proxy/http1/request_path.h"

#include <gtest/gtest.h>

namespace groundgate::proxy::http1 {
namespace {

TEST(RequestPath, EverySpellingOfAPathReadsTheSame) {
  for (const char* target :
       {"/v1/chat/completions", "/v1/Chat/Completions", "/V1/CHAT/COMPLETIONS?x=1",
        "/v1/chat/completions;x", "/v1;v=2/chat/completions;jsessionid=1/",
        "/v1//chat/./completions", "/v1/chat/x/../completions", "/v1/chat%2Fcompletions",
        "/v1/chat/%63ompletions", "/v1/chat/completions/#frag", "/../v1/chat/completions"}) {
    EXPECT_EQ("/v1/chat/completions", normalized_path(target)) << target;
  }
}

TEST(RequestPath, OtherPathsStayApart) {
  EXPECT_EQ("/", normalized_path(""));
  EXPECT_EQ("/", normalized_path("/"));
  EXPECT_EQ("/", normalized_path("/?q=/chat/completions"));
  EXPECT_EQ("/v1/models", normalized_path("/v1/models"));
  EXPECT_EQ("/v1/chat/completions%zz", normalized_path("/v1/chat/completions%zz"));
  EXPECT_EQ("/v1/chat/completions%2", normalized_path("/v1/chat/completions%2"));
}

}  // namespace
}  // namespace groundgate::proxy::http1
