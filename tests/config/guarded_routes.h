#pragma once
// What "guarded out of the box" means for a shipped config: every answer-bearing API (chat
// completions, legacy completions, the Responses API) reaches a route whose policy verifies,
// and annotates rather than blocks.

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>

#include "config/config.h"
#include "config/route_table.h"

namespace groundgate::config {

// The request paths whose answers a client displays.
inline constexpr std::array<std::string_view, 3> kAnswerPaths = {
    "/v1/chat/completions", "/v1/completions", "/v1/responses"};

inline const RouteConfig* route_for(const Config& config, std::string_view path,
                                    std::string_view model = "gpt-4o-mini") {
  const RequestAttributes request{"POST", path, model,
                                  [](std::string_view) { return std::nullopt; }};
  return match_route(config, request);
}

// Each answer path, asked for `model`, lands on a policy that verifies; returns that policy for
// the last path (nullptr after a failure).
inline const PolicyConfig* expect_answers_verified(const Config& config, const std::string& source,
                                                   std::string_view model = "gpt-4o-mini") {
  const PolicyConfig* policy = nullptr;
  for (std::string_view path : kAnswerPaths) {
    const RouteConfig* route = route_for(config, path, model);
    EXPECT_NE(nullptr, route) << source << ": no route for " << path;
    if (route == nullptr) return nullptr;
    policy = config.find_policy(route->policy);
    EXPECT_NE(nullptr, policy) << source << ": " << path << " (model " << model
                               << ") is not guarded";
    if (policy == nullptr) return nullptr;
    EXPECT_TRUE(policy->verifies()) << source << ": " << path << " (model " << model << ")";
  }
  return policy;
}

inline void expect_answers_guarded(const Config& config, const std::string& source) {
  for (std::string_view path : kAnswerPaths) {
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
