#include "config/route_table.h"

#include <algorithm>

#include "config/glob.h"

namespace groundgate::config {
namespace {

std::string_view without_query(std::string_view target) {
  return target.substr(0, target.find('?'));
}

// ASCII letters compared without case (the proxy passes a lowercased path).
bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    if (lower(text[i]) != lower(prefix[i])) return false;
  }
  return true;
}

bool header_matches(const HeaderMatch& want, const RequestAttributes& request) {
  if (!request.header) return false;
  std::optional<std::string_view> got = request.header(want.name);
  if (!got) return false;
  return want.value.empty() || *got == want.value;
}

}  // namespace

bool route_matches(const RouteConfig& route, const RequestAttributes& request) {
  const RouteMatch& m = route.match;
  if (!starts_with_ignoring_case(without_query(request.path), m.path_prefix)) return false;
  if (!m.methods.empty() &&
      std::find(m.methods.begin(), m.methods.end(), request.method) == m.methods.end()) {
    return false;
  }
  for (const HeaderMatch& h : m.headers) {
    if (!header_matches(h, request)) return false;
  }
  if (!m.model.empty() && (request.model.empty() || !glob_match(m.model, request.model))) {
    return false;
  }
  return true;
}

const RouteConfig* match_route(const Config& config, const RequestAttributes& request) {
  for (const RouteConfig& route : config.routes) {
    if (route_matches(route, request)) return &route;
  }
  return nullptr;
}

}  // namespace groundgate::config
