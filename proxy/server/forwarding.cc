#include "proxy/server/forwarding.h"

#include <array>

#include <boost/beast/core/string.hpp>
#include <boost/beast/http/rfc7230.hpp>

namespace groundgate::proxy::server {
namespace http = boost::beast::http;

namespace {

constexpr std::array<std::string_view, 9> kHopByHop = {
    "connection",        "keep-alive",          "proxy-connection",  "te", "trailer", "upgrade",
    "transfer-encoding", "proxy-authorization", "proxy-authenticate"};

bool iequals(std::string_view a, std::string_view b) {
  return boost::beast::iequals(a, b);
}

bool listed_in_connection(std::string_view name, const http::fields& message) {
  // Connection: close, X-Foo  → X-Foo is hop-by-hop too.
  auto it = message.find(http::field::connection);
  if (it == message.end()) return false;
  std::string_view list = it->value();
  while (!list.empty()) {
    auto comma = list.find(',');
    std::string_view token = list.substr(0, comma);
    while (!token.empty() && (token.front() == ' ' || token.front() == '\t'))
      token.remove_prefix(1);
    while (!token.empty() && (token.back() == ' ' || token.back() == '\t'))
      token.remove_suffix(1);
    if (iequals(token, name)) return true;
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return false;
}

}  // namespace

bool is_hop_by_hop(std::string_view name, const http::fields& message) {
  for (auto h : kHopByHop) {
    if (iequals(name, h)) return true;
  }
  return listed_in_connection(name, message);
}

bool has_transfer_coding_besides_chunked(const http::fields& message) {
  const auto [begin, end] = message.equal_range(http::field::transfer_encoding);
  for (auto field = begin; field != end; ++field) {
    for (const auto& coding : http::token_list(field->value())) {
      if (!iequals(coding, "chunked")) return true;
    }
  }
  return false;
}

void copy_end_to_end_headers(const http::fields& from, http::fields& to,
                             bool drop_accept_encoding) {
  for (const auto& field : from) {
    std::string_view name = field.name_string();
    if (is_hop_by_hop(name, from)) continue;
    if (iequals(name, "host") || iequals(name, "content-length") || iequals(name, "expect")) {
      continue;  // set by the proxy for the next hop
    }
    if (drop_accept_encoding && iequals(name, "accept-encoding")) continue;
    if (iequals(name, "x-groundgate-policy")) continue;  // addressed to the proxy, not upstream
    to.insert(field.name(), name, field.value());
  }
}

std::string_view path_of(std::string_view target) {
  return target.substr(0, target.find('?'));
}

std::string upstream_target(std::string_view base_path, std::string_view target) {
  std::string out;
  out.reserve(base_path.size() + target.size());
  out.append(base_path);
  out.append(target);
  if (out.empty() || out.front() != '/') out.insert(out.begin(), '/');
  return out;
}

bool is_inspected(http::verb method, std::string_view path) {
  if (method != http::verb::post) return false;
  while (path.size() > 1 && path.back() == '/')
    path.remove_suffix(1);
  return path.ends_with("/chat/completions") || path.ends_with("/completions");
}

std::string host_header(std::string_view host, unsigned port, bool https) {
  std::string out;
  bool ipv6 = host.find(':') != std::string_view::npos;
  if (ipv6) out.push_back('[');
  out.append(host);
  if (ipv6) out.push_back(']');
  if (port != (https ? 443u : 80u)) {
    out.push_back(':');
    out.append(std::to_string(port));
  }
  return out;
}

}  // namespace groundgate::proxy::server
