#include "config/upstream_section.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "config/file_check.h"
#include "config/value_parsers.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 7> kUpstreamKeys{
    "url", "connect_timeout", "header_timeout", "idle_timeout", "total_timeout", "tls", "pool"};
constexpr std::array<std::string_view, 2> kPoolKeys{"max_idle", "idle_time"};
// More idle connections than this per thread would only hold file descriptors.
constexpr std::uint64_t kMaxIdleLimit = 100'000;
constexpr std::array<std::string_view, 3> kTlsKeys{"ca_file", "insecure_skip_verify",
                                                   "server_name"};

void read_timeout(const YamlMap& map, std::string_view key, Millis& out, ErrorSink& errors) {
  if (auto f = map.get(key)) {
    if (auto d = read_duration(*f, /*allow_zero=*/false, errors)) out = *d;
  }
}

}  // namespace

void read_client_tls(const YamlField& field, const UpstreamConfig& endpoint,
                     std::string_view base_dir, UpstreamTlsConfig& out, ErrorSink& errors) {
  YamlMap map(field, kTlsKeys, errors);
  if (!map.valid()) return;
  if (!endpoint.url.empty() && !endpoint.https) {
    errors.add(map.mark(), field.path + ": TLS settings need an https:// url");
  }
  if (auto f = map.get("ca_file")) {
    if (auto path = read_string(*f, errors)) {
      if (path->empty()) {
        errors.add(f->mark(), f->path + ": empty path (leave ca_file out for the system CAs)");
      } else {
        out.ca_file = resolve_path(base_dir, *path);
        if (auto why = unreadable_reason(out.ca_file)) {
          errors.add(f->mark(), f->path + ": CA file '" + out.ca_file + "' " + *why);
        }
      }
    }
  }
  if (auto f = map.get("insecure_skip_verify")) {
    if (auto b = read_bool(*f, errors)) out.insecure_skip_verify = *b;
  }
  if (auto f = map.get("server_name")) {
    if (auto s = read_string(*f, errors)) out.server_name = *s;
  }
}

namespace {

std::optional<std::size_t> parse_max_idle(const std::string& s) {
  if (s.empty() || s.size() > 6 ||
      !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  const std::uint64_t value = std::stoull(s);
  if (value > kMaxIdleLimit) return std::nullopt;
  return static_cast<std::size_t>(value);
}

void read_upstream_pool(const YamlField& field, UpstreamPoolConfig& out, ErrorSink& errors) {
  YamlMap map(field, kPoolKeys, errors);
  if (!map.valid()) return;
  if (auto f = map.get("max_idle")) {
    if (!f->value.IsScalar()) {
      read_count(*f, kMaxIdleLimit, errors);  // reports what it got instead of a number
    } else if (auto n = parse_max_idle(f->value.Scalar())) {
      out.max_idle = *n;
    } else {
      errors.add(f->mark(), f->path + ": expected a whole number from 0 (no reuse) to " +
                                std::to_string(kMaxIdleLimit) + ", got '" + f->value.Scalar() +
                                "'");
    }
  }
  if (auto f = map.get("idle_time")) {
    if (auto d = read_duration(*f, /*allow_zero=*/false, errors)) out.idle_time = *d;
  }
}

// Always returns the upstream, even when invalid, so that routes naming it are not reported a
// second time as naming an unknown upstream; any error discards the whole config anyway.
UpstreamConfig read_upstream(const YamlField& field, std::string_view base_dir, ErrorSink& errors) {
  UpstreamConfig u;
  u.name = field.key;
  if (!valid_name(u.name)) {
    errors.add(field.key_mark, field.path + ": invalid upstream name '" + u.name.substr(0, 64) +
                                   "' (use letters, digits, '_', '-' and '.')");
  }
  YamlMap map(field, kUpstreamKeys, errors);
  if (!map.valid()) return u;
  if (auto f = map.require("url", errors)) {
    if (auto url = read_string(*f, errors)) {
      auto parsed = parse_upstream_url(*url);
      if (parsed) {
        u.url = *url;
        u.https = parsed.value->https;
        u.host = parsed.value->host;
        u.port = parsed.value->port;
        u.base_path = parsed.value->base_path;
      } else {
        errors.add(f->mark(), f->path + ": " + parsed.error);
      }
    }
  }
  read_timeout(map, "connect_timeout", u.connect_timeout, errors);
  read_timeout(map, "header_timeout", u.header_timeout, errors);
  read_timeout(map, "idle_timeout", u.idle_timeout, errors);
  read_timeout(map, "total_timeout", u.total_timeout, errors);
  if (auto f = map.get("tls")) read_client_tls(*f, u, base_dir, u.tls, errors);
  if (auto f = map.get("pool")) read_upstream_pool(*f, u.pool, errors);
  return u;
}

}  // namespace

std::vector<UpstreamConfig> read_upstreams(const YamlField& field, std::string_view base_dir,
                                           ErrorSink& errors) {
  std::vector<UpstreamConfig> out;
  YamlMap map(field, {}, errors);
  for (const YamlField& entry : map.entries()) {
    out.push_back(read_upstream(entry, base_dir, errors));
  }
  return out;
}

void read_endpoint_url(const YamlField& field, std::string_view default_path, UpstreamConfig& out,
                       ErrorSink& errors) {
  auto url = read_string(field, errors);
  if (!url) return;
  auto parsed = parse_upstream_url(*url);
  if (!parsed) {
    errors.add(field.mark(), field.path + ": " + parsed.error);
    return;
  }
  out.url = *url;
  out.https = parsed.value->https;
  out.host = parsed.value->host;
  out.port = parsed.value->port;
  out.base_path =
      parsed.value->base_path.empty() ? std::string(default_path) : parsed.value->base_path;
}

void read_request_headers(const YamlField& field,
                          std::vector<std::pair<std::string, std::string>>& out,
                          ErrorSink& errors) {
  YamlMap map(field, {}, errors);
  for (const YamlField& entry : map.entries()) {
    if (entry.key.empty() || entry.key.find_first_of(" \t\r\n:") != std::string::npos) {
      errors.add(entry.key_mark, entry.path + ": not a header name");
      continue;
    }
    auto value = read_string(entry, errors);
    if (!value) continue;
    if (value->find_first_of("\r\n") != std::string::npos) {
      errors.add(entry.mark(), entry.path + ": a header value cannot hold a line break");
      continue;
    }
    out.emplace_back(entry.key, std::move(*value));
  }
}

}  // namespace groundgate::config
