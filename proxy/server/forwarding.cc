#include "proxy/server/forwarding.h"

#include <algorithm>

#include <boost/beast/core/string.hpp>

#include "proxy/server/header_writer.h"

namespace groundgate::proxy::server {
namespace http = boost::beast::http;

namespace {

bool iequals(std::string_view a, std::string_view b) {
  return boost::beast::iequals(a, b);
}

// Hop-by-hop by definition (RFC 9110 section 7.6.1, and the older Keep-Alive and
// Proxy-Connection), looked up by Beast's field code rather than by name.
bool is_hop_by_hop_field(http::field field) {
  switch (field) {
    case http::field::connection:
    case http::field::keep_alive:
    case http::field::proxy_connection:
    case http::field::te:
    case http::field::trailer:
    case http::field::upgrade:
    case http::field::transfer_encoding:
    case http::field::proxy_authorization:
    case http::field::proxy_authenticate:
      return true;
    default:
      return false;
  }
}

// The items of a comma-separated header list, each without surrounding blanks or parameters
// (";q=1"), in every line of the field; stops when `found` returns true. Lenient on purpose: a
// malformed item does not hide the ones after it.
template <typename Found>
bool any_list_item(const http1::HeaderFields& message, http::field name, Found found) {
  for (const http1::HeaderFields::Field field : message) {
    if (field.name != name) continue;
    std::string_view list = field.value;
    while (!list.empty()) {
      const std::size_t comma = list.find(',');
      std::string_view item = list.substr(0, std::min(comma, list.find(';')));
      while (!item.empty() && (item.front() == ' ' || item.front() == '\t'))
        item.remove_prefix(1);
      while (!item.empty() && (item.back() == ' ' || item.back() == '\t'))
        item.remove_suffix(1);
      if (!item.empty() && found(item)) return true;
      if (comma == std::string_view::npos) break;
      list.remove_prefix(comma + 1);
    }
  }
  return false;
}

// Connection: close, X-Foo → X-Foo is hop-by-hop too.
bool listed_in_connection(std::string_view name, const http1::HeaderFields& message) {
  return any_list_item(message, http::field::connection,
                       [&](std::string_view item) { return iequals(item, name); });
}

// Calls `each` with every end-to-end header of `from`, in order.
template <typename Each>
void for_each_end_to_end_header(const http1::HeaderFields& from, bool drop_accept_encoding,
                                Each each) {
  const bool has_connection = from.find(http::field::connection).has_value();
  for (const http1::HeaderFields::Field field : from) {
    const http::field code = field.name;
    switch (code) {
      case http::field::host:
      case http::field::content_length:
      case http::field::expect:
        continue;  // set by the proxy for the next hop
      case http::field::accept_encoding:
        if (drop_accept_encoding) continue;
        break;
      case http::field::unknown:
        // Addressed to the proxy, not to the upstream.
        if (iequals(field.name_string, "x-groundgate-policy")) continue;
        break;
      default:
        if (is_hop_by_hop_field(code)) continue;
    }
    if (has_connection && listed_in_connection(field.name_string, from)) continue;
    each(field);
  }
}

}  // namespace

bool is_hop_by_hop(std::string_view name, const http1::HeaderFields& message) {
  return is_hop_by_hop_field(http::string_to_field(name)) || listed_in_connection(name, message);
}

void copy_end_to_end_headers(const http1::HeaderFields& from, http::fields& to,
                             bool drop_accept_encoding) {
  for_each_end_to_end_header(from, drop_accept_encoding,
                             [&](const http1::HeaderFields::Field& field) {
                               to.insert(field.name, field.name_string, field.value);
                             });
}

void append_end_to_end_headers(const http1::HeaderFields& from, bool drop_accept_encoding,
                               std::string& out) {
  for_each_end_to_end_header(from, drop_accept_encoding,
                             [&](const http1::HeaderFields::Field& field) {
                               append_field(field.name_string, field.value, out);
                             });
}

bool has_transfer_coding_besides_chunked(const http1::HeaderFields& message) {
  return any_list_item(message, http::field::transfer_encoding,
                       [](std::string_view coding) { return !iequals(coding, "chunked"); });
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
  return path.ends_with("/chat/completions") || path.ends_with("/completions") ||
         path.ends_with("/responses");
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
