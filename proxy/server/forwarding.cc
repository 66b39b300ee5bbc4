#include "proxy/server/forwarding.h"

#include <algorithm>

#include <boost/beast/core/string.hpp>

#include "proxy/http1/list_items.h"
#include "proxy/openai/request_inspector.h"
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

// Connection: close, X-Foo → X-Foo is hop-by-hop too.
bool listed_in_connection(std::string_view name, const http1::HeaderFields& message) {
  return http1::any_list_item(message, http::field::connection,
                              [&](std::string_view item) { return iequals(item, name); });
}

// Calls `each` with every end-to-end header of `from`, in order.
template <typename Each>
void for_each_end_to_end_header(const http1::HeaderFields& from, bool drop_accept_encoding,
                                bool drop_traceparent, Each each) {
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
        if (drop_traceparent && iequals(field.name_string, "traceparent")) continue;
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
                             bool drop_accept_encoding, bool drop_traceparent) {
  for_each_end_to_end_header(from, drop_accept_encoding, drop_traceparent,
                             [&](const http1::HeaderFields::Field& field) {
                               to.insert(field.name, field.name_string, field.value);
                             });
}

void append_end_to_end_headers(const http1::HeaderFields& from, bool drop_accept_encoding,
                               std::string& out, bool drop_traceparent,
                               bool drop_content_encoding) {
  for_each_end_to_end_header(
      from, drop_accept_encoding, drop_traceparent, [&](const http1::HeaderFields::Field& field) {
        if (drop_content_encoding && field.name == http::field::content_encoding) {
          return;
        }
        append_field(field.name_string, field.value, out);
      });
}

bool has_transfer_coding_besides_chunked(const http1::HeaderFields& message) {
  return http1::any_list_item(message, http::field::transfer_encoding,
                              [](std::string_view coding) { return !iequals(coding, "chunked"); });
}

unsigned refuse_request_transfer_coding(const http1::HeaderFields& request, unsigned version) {
  if (!request.find(http::field::transfer_encoding)) return 0;
  if (version < 11) return 400;
  int chunked = 0;
  bool chunked_last = false;
  bool other = false;
  http1::any_list_item(request, http::field::transfer_encoding, [&](std::string_view coding) {
    chunked_last = iequals(coding, "chunked");
    chunked += chunked_last ? 1 : 0;
    other = other || !chunked_last;
    return false;
  });
  if (!chunked_last || chunked > 1) return 400;
  return other ? 501 : 0;
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

bool is_inspected(http::verb method, std::string_view target) {
  return is_inspected(method, openai::RequestInspector::kind_of(target));
}

bool is_inspected(http::verb method, openai::EndpointKind kind) {
  return method == http::verb::post && kind != openai::EndpointKind::kOther;
}

bool is_idempotent(http::verb method) {
  switch (method) {
    case http::verb::get:
    case http::verb::head:
    case http::verb::options:
    case http::verb::trace:
    case http::verb::put:
    case http::verb::delete_:
      return true;
    default:
      return false;
  }
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
