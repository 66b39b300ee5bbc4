#include "config/route_table.h"

#include <map>
#include <string>

#include <gtest/gtest.h>

#include "tests/config/config_test_util.h"

namespace groundgate::config {
namespace {

// Headers as a proxy would see them: looked up case-insensitively (lowercase keys here, the
// loader lowercases the names in the config).
struct Request {
  std::string method = "POST";
  std::string path = "/v1/chat/completions";
  std::string model;
  std::map<std::string, std::string> headers;

  RequestAttributes attributes() const {
    return RequestAttributes{method, path, model,
                             [this](std::string_view name) -> std::optional<std::string_view> {
                               auto it = headers.find(std::string(name));
                               if (it == headers.end()) return std::nullopt;
                               return std::string_view(it->second);
                             }};
  }
};

class RouteTableTest : public ::testing::Test {
 protected:
  void SetUp() override {
    LoadResult r = testing::load(R"(
upstreams:
  up:
    url: http://127.0.0.1:8081
routes:
  - name: tenant
    upstream: up
    match:
      headers:
        X-Tenant: acme
  - name: debug-header
    upstream: up
    match:
      path_prefix: /v1/chat
      headers:
        X-Debug:
  - name: gpt4
    upstream: up
    match:
      path_prefix: /v1/chat
      methods: [POST]
      model: gpt-4?-*
  - name: models
    upstream: up
    match:
      path_prefix: /v1/models
      methods: [GET, HEAD]
  - name: v1
    match:
      path_prefix: /v1
    upstream: up
)");
    ASSERT_TRUE(r.config) << ::testing::PrintToString(testing::messages(r));
    config_ = r.config;
  }

  std::string route_for(const Request& request) const {
    const RouteConfig* route = match_route(*config_, request.attributes());
    return route ? route->name : "<none>";
  }

  std::shared_ptr<const Config> config_;
};

TEST_F(RouteTableTest, FirstMatchInOrderWins) {
  Request r;
  r.model = "gpt-4o-mini";
  EXPECT_EQ("gpt4", route_for(r));
  r.headers["x-tenant"] = "acme";  // an earlier route now matches too
  EXPECT_EQ("tenant", route_for(r));
}

TEST_F(RouteTableTest, PlainPrefixOnThePathWithoutQuery) {
  Request r;
  r.method = "GET";
  r.path = "/v1";
  EXPECT_EQ("v1", route_for(r));
  r.path = "/v1beta/models";  // plain prefix, as in Envoy: /v1 matches /v1beta
  EXPECT_EQ("v1", route_for(r));
  r.path = "/v1/models?limit=5";
  EXPECT_EQ("models", route_for(r));
  r.path = "/v2/x?next=/v1/models";
  EXPECT_EQ("<none>", route_for(r));
  // Without regard to case: an upstream may read the path so (the proxy passes it lowercased,
  // as the upstream may read it, so that no spelling of a path escapes its route).
  r.path = "/V1/Models";
  EXPECT_EQ("models", route_for(r));
}

TEST_F(RouteTableTest, MethodsAreCaseSensitive) {
  Request r;
  r.path = "/v1/models";
  r.method = "HEAD";
  EXPECT_EQ("models", route_for(r));
  r.method = "get";
  EXPECT_EQ("v1", route_for(r));
  r.method = "DELETE";
  EXPECT_EQ("v1", route_for(r));
}

TEST_F(RouteTableTest, HeadersByValueOrPresence) {
  Request r;
  r.headers["x-tenant"] = "other";
  EXPECT_EQ("v1", route_for(r));
  r.headers["x-tenant"] = "ACME";  // values are exact
  EXPECT_EQ("v1", route_for(r));
  r.headers["x-debug"] = "";  // present with an empty value is enough
  EXPECT_EQ("debug-header", route_for(r));
}

TEST_F(RouteTableTest, ModelGlobAndUnknownModel) {
  Request r;
  r.model = "gpt-4o-2024-08-06";
  EXPECT_EQ("gpt4", route_for(r));
  r.model = "gpt-4-turbo";  // '?' needs exactly one character before the '-'
  EXPECT_EQ("v1", route_for(r));
  r.model = "";  // unknown: a route with a model pattern does not match
  EXPECT_EQ("v1", route_for(r));
}

TEST(RouteMatches, NoHeaderLookupMeansHeaderRoutesDoNotMatch) {
  RouteConfig route;
  route.match.headers.push_back(HeaderMatch{"x-a", ""});
  RequestAttributes request{"GET", "/", "", nullptr};
  EXPECT_FALSE(route_matches(route, request));
  route.match.headers.clear();
  EXPECT_TRUE(route_matches(route, request));
}

TEST(MatchRoute, EmptyConfigMatchesNothing) {
  Config config;
  EXPECT_EQ(nullptr, match_route(config, RequestAttributes{"GET", "/", "", nullptr}));
}

}  // namespace
}  // namespace groundgate::config
