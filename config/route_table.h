#pragma once
// First-match route selection over Config::routes.

#include <functional>
#include <optional>
#include <string_view>

#include "config/config.h"

namespace groundgate::config {

struct RequestAttributes {
  std::string_view method;  // as received; compared case-sensitively ("POST")
  // The request's path (a query, "?...", is ignored); path_prefix matches it without regard to
  // ASCII case (the proxy passes the path as an upstream may read it, lowercased).
  std::string_view path;
  std::string_view model;  // empty: unknown (body not inspected or no "model" field)
  // Value of a request header by name (any case), or nullopt when absent. May be empty.
  std::function<std::optional<std::string_view>(std::string_view)> header;
};

// Does this one route match? A model pattern never matches an unknown model.
bool route_matches(const RouteConfig& route, const RequestAttributes& request);

// The first route in config order that matches, or nullptr.
const RouteConfig* match_route(const Config& config, const RequestAttributes& request);

}  // namespace groundgate::config
