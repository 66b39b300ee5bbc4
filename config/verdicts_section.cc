#include "config/verdicts_section.h"

#include <algorithm>
#include <array>
#include <string>

#include "config/upstream_section.h"
#include "config/value_parsers.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 3> kVerdictsKeys{"keep", "max_bytes", "lookup"};
constexpr std::array<std::string_view, 7> kWebhookKeys{"url",   "on",       "headers",    "timeout",
                                                       "queue", "attempts", "retry_after"};
constexpr std::array<std::string_view, 8> kWebhookOn{
    "grounded", "hallucinated", "no_context", "no_claims", "unverified", "unchecked", "blocked"};
constexpr std::uint64_t kMaxQueue = 100'000;
constexpr std::uint64_t kMaxAttempts = 10;

void read_on(const YamlField& field, std::vector<std::string>& out, ErrorSink& errors) {
  auto items = read_list(field, errors);
  if (!items) return;
  out.clear();
  for (const YamlField& item : *items) {
    auto name = read_string(item, errors);
    if (!name) continue;
    if (std::find(kWebhookOn.begin(), kWebhookOn.end(), *name) == kWebhookOn.end()) {
      errors.add(item.mark(), item.path + ": '" + *name +
                                  "' is none of grounded, hallucinated, no_context, no_claims, "
                                  "unverified, unchecked, blocked");
      continue;
    }
    out.push_back(std::move(*name));
  }
  if (out.empty()) errors.add(field.mark(), field.path + ": name at least one answer verdict");
}

}  // namespace

VerdictsConfig read_verdicts(const YamlField& field, ErrorSink& errors) {
  VerdictsConfig out;
  YamlMap map(field, kVerdictsKeys, errors);
  if (!map.valid()) return out;
  if (auto f = map.get("keep")) {
    if (auto d = read_duration(*f, /*allow_zero=*/true, errors)) out.keep = *d;
  }
  if (auto f = map.get("max_bytes")) {
    if (auto n = read_size(*f, errors)) out.max_bytes = *n;
  }
  if (auto f = map.get("lookup")) {
    if (auto s = read_string(*f, errors)) {
      if (*s != "loopback" && *s != "any") {
        errors.add(f->mark(), f->path + ": loopback or any");
      }
      out.lookup_from_anywhere = *s == "any";
    }
  }
  return out;
}

VerdictWebhookConfig read_verdict_webhook(const YamlField& field, std::string_view base_dir,
                                          ErrorSink& errors) {
  VerdictWebhookConfig out;
  out.receiver.name = "verdict_webhook";
  out.receiver.connect_timeout = Millis{5'000};
  out.receiver.header_timeout = Millis{5'000};
  YamlMap map(field, kWebhookKeys, errors);
  if (!map.valid()) return out;
  if (auto f = map.require("url", errors)) read_endpoint_url(*f, "/", out.receiver, errors);
  if (auto f = map.get("on")) read_on(*f, out.on, errors);
  if (auto f = map.get("headers")) read_request_headers(*f, out.headers, errors);
  if (auto f = map.get("timeout")) {
    if (auto d = read_duration(*f, /*allow_zero=*/false, errors)) {
      out.receiver.connect_timeout = *d;
      out.receiver.header_timeout = *d;
    }
  }
  if (auto f = map.get("queue")) {
    if (auto n = read_count(*f, kMaxQueue, errors)) out.queue = *n;
  }
  if (auto f = map.get("attempts")) {
    if (auto n = read_count(*f, kMaxAttempts, errors)) out.attempts = *n;
  }
  if (auto f = map.get("retry_after")) {
    if (auto d = read_duration(*f, /*allow_zero=*/false, errors)) out.retry_after = *d;
  }
  return out;
}

}  // namespace groundgate::config
