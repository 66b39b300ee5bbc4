// Request targets normalised before routing and forwarding (RFC 3986 section 6.2.2), or refused.
#include "proxy/http1/request_target.h"

#include <gtest/gtest.h>

namespace groundgate::proxy::http1 {
namespace {

std::string normalized(std::string_view target, std::string_view host = "proxy:8080") {
  const NormalizedTarget out = normalize_target(target, host);
  EXPECT_TRUE(out.ok) << target << ": " << out.error;
  return out.target;
}

bool refused(std::string_view target, std::string_view host = "proxy:8080") {
  return !normalize_target(target, host).ok;
}

TEST(RequestTarget, AnOriginFormTargetInNormalFormStaysAsItIs) {
  for (const char* target : {"/", "/v1/chat/completions", "/v1/models?limit=2&after=x%2Fy",
                             "/v1/models/ft%3Agpt-4o%3Aacme", "/a//b/", "/v1/files/f;v=1"}) {
    EXPECT_EQ(target, normalized(target));
  }
}

TEST(RequestTarget, UnreservedEscapesAreDecodedAndOthersUpperCased) {
  EXPECT_EQ("/v1/chat/completions", normalized("/v1/chat/%63ompletions"));
  EXPECT_EQ("/v1/Chat/completions", normalized("/v1/%43hat/completions"));
  EXPECT_EQ("/a-b._~", normalized("/a%2db%2E%5f%7E"));
  EXPECT_EQ("/x%3Ay", normalized("/x%3ay"));
  EXPECT_EQ("/caf%C3%A9", normalized("/caf%c3%a9"));
}

TEST(RequestTarget, DotSegmentsAreRemovedAfterDecoding) {
  EXPECT_EQ("/v1/chat/completions", normalized("/v1/chat/./completions"));
  EXPECT_EQ("/v1/chat/completions", normalized("/v1/x/../chat/completions"));
  EXPECT_EQ("/v1/chat/completions", normalized("/v1/x/%2e%2E/chat/completions"));
  EXPECT_EQ("/v1/chat/completions", normalized("/../../v1/chat/completions"));
  EXPECT_EQ("/v1/chat/", normalized("/v1/chat/completions/.."));
  EXPECT_EQ("/v1/", normalized("/v1/."));
  EXPECT_EQ("/a/b", normalized("/a//../b"));
  EXPECT_EQ("/v1/chat/completions?x=/../y", normalized("/v1/chat/./completions?x=/../y"));
}

TEST(RequestTarget, CharactersNoUriHoldsAreEncoded) {
  EXPECT_EQ("/a%7Cb%22%3C%3E%5E%60%7B%7D", normalized("/a|b\"<>^`{}"));
  EXPECT_EQ("/caf%C3%A9", normalized("/caf\xC3\xA9"));
}

TEST(RequestTarget, EscapedControlAndDelimiterCharactersAreRefused) {
  for (const char* target :
       {"/v1/chat/completions%20", "/v1/chat/completions%00", "/v1/chat/completions%3F",
        "/v1/chat%2Fcompletions", "/v1/chat%2fcompletions", "/v1/chat/completions%23x",
        "/v1/chat/completions%0d%0a", "/v1/chat/completions%7f", "/v1/chat/completions%252F",
        "/v1/chat%5Ccompletions", "/v1/chat/completions%09"}) {
    EXPECT_TRUE(refused(target)) << target;
  }
}

TEST(RequestTarget, MalformedEscapesBackslashesAndFragmentsAreRefused) {
  for (const char* target :
       {"/v1/chat/completions%", "/v1/chat/completions%2", "/v1/%zz", "/v1\\chat\\completions",
        "/v1/chat/completions#x", "/v1/chat/completions?x#y", "/v1/chat completions"}) {
    EXPECT_TRUE(refused(target)) << target;
  }
}

TEST(RequestTarget, TheAbsoluteFormIsReducedToItsPathWhenItNamesTheHost) {
  EXPECT_EQ("/v1/chat/completions", normalized("http://proxy:8080/v1/chat/completions"));
  EXPECT_EQ("/v1/chat/completions?a=1", normalized("HTTP://PROXY:8080/v1/chat/completions?a=1"));
  EXPECT_EQ("/", normalized("http://proxy:8080"));
  EXPECT_EQ("/?q", normalized("http://proxy:8080?q"));
  EXPECT_EQ("/v1/models", normalized("http://proxy/v1/models", "proxy:80"));
  EXPECT_EQ("/v1/models", normalized("http://proxy:80/v1/models", "Proxy"));
  EXPECT_EQ("/v1/models", normalized("https://proxy/v1/models", "proxy:443"));
  EXPECT_EQ("/v1/models", normalized("http://[::1]:8080/v1/models", "[::1]:8080"));
  EXPECT_EQ("/v1/chat/completions", normalized("http://proxy:8080/v1/x/../chat/%63ompletions"));
  // An HTTP/1.0 request without Host: the target's own authority stands.
  EXPECT_EQ("/v1/models", normalized("http://elsewhere/v1/models", ""));
}

TEST(RequestTarget, AnAbsoluteFormThatNamesAnotherHostOrAUserIsRefused) {
  EXPECT_TRUE(refused("http://other:8080/v1/chat/completions"));
  EXPECT_TRUE(refused("http://proxy:8081/v1/chat/completions"));
  EXPECT_TRUE(refused("http://proxy/v1/chat/completions"));  // port 80, not 8080
  EXPECT_TRUE(refused("https://proxy:8080@evil/v1/models"));
  EXPECT_TRUE(refused("http://user@proxy:8080/v1/models"));
  EXPECT_TRUE(refused("ftp://proxy:8080/v1/models"));
  EXPECT_TRUE(refused("http://proxy:8080/v1/chat%2Fcompletions"));
  EXPECT_TRUE(refused("http://proxy:x/v1/models", "proxy:x"));
  EXPECT_TRUE(refused("http:///v1/models", ""));
}

TEST(RequestTarget, OtherFormsAreRefused) {
  for (const char* target : {"*", "proxy:8080", "", "v1/models", "//proxy/v1/models"}) {
    const NormalizedTarget out = normalize_target(target, "proxy:8080");
    // "//proxy/…" is an origin-form path with an empty first segment, and stays one.
    if (std::string_view(target).starts_with("//")) {
      EXPECT_TRUE(out.ok);
      EXPECT_EQ("//proxy/v1/models", out.target);
    } else {
      EXPECT_FALSE(out.ok) << target;
    }
  }
}

}  // namespace
}  // namespace groundgate::proxy::http1
