#pragma once
// What "guarded out of the box" means for a shipped config: a streamed chat completion, and a
// legacy completion, reach a route whose policy verifies, and annotates rather than blocks.

#include <gtest/gtest.h>

#include <string>

#include "config/config.h"
#include "config/route_table.h"

namespace groundgate::config {

inline const RouteConfig* route_for(const Config& config, std::string_view path) {
  const RequestAttributes request{"POST", path, "gpt-4o-mini",
                                  [](std::string_view) { return std::nullopt; }};
  return match_route(config, request);
}

inline void expect_chat_guarded(const Config& config, const std::string& source) {
  for (std::string_view path : {"/v1/chat/completions", "/v1/completions"}) {
    const RouteConfig* route = route_for(config, path);
    ASSERT_NE(nullptr, route) << source << ": no route for " << path;
    const PolicyConfig* policy = config.find_policy(route->policy);
    ASSERT_NE(nullptr, policy) << source << ": " << path << " is not guarded";
    EXPECT_TRUE(policy->verifies()) << source << ": " << path;
    EXPECT_EQ(HoldMode::kStreamFirst, policy->hold) << source << ": annotate mode";
    EXPECT_EQ(ActionKind::kAnnotate, policy->actions.unsupported.kind) << source;
    EXPECT_EQ(ActionKind::kAnnotate, policy->actions.contradicted.kind) << source;
  }
}

}  // namespace groundgate::config
