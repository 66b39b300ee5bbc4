#include "proxy/server/verdict_record.h"

#include <algorithm>

#include "proxy/openai/json_string.h"

namespace groundgate::proxy::server {
namespace {

using openai::append_json_string;

constexpr std::string_view kSummaryPrefix = R"({"type":"summary")";

// The fields both documents start with, without the closing brace.
std::string head(const VerdictRecord& r) {
  std::string out = R"({"id":)";
  append_json_string(out, r.id);
  out += R"(,"response_id":)";
  if (r.response_id.empty()) {
    out += "null";
  } else {
    append_json_string(out, r.response_id);
  }
  for (auto [name, value] : {std::pair{"route", r.route}, std::pair{"policy", r.policy},
                             std::pair{"model", r.model}, std::pair{"verdict", r.verdict}}) {
    out += ",\"";
    out += name;
    out += "\":";
    append_json_string(out, value);
  }
  out += R"(,"stopped":)";
  if (r.stop_reason.empty()) {
    out += "null";
  } else {
    append_json_string(out, r.stop_reason);
  }
  return out;
}

}  // namespace

std::string verdict_document(const VerdictRecord& record) {
  std::string out = head(record);
  out += R"(,"groundgate":[)";
  if (record.log != nullptr) {
    for (std::size_t i = 0; i < record.log->kept.size(); ++i) {
      if (i > 0) out += ',';
      out += record.log->kept[i];
    }
  }
  out += R"(],"annotations_dropped":)";
  out += std::to_string(record.log != nullptr ? record.log->dropped : 0);
  out += "}";
  return out;
}

std::string webhook_body(const VerdictRecord& record) {
  std::string out = head(record);
  out += R"(,"summary":)";
  std::string_view summary = "null";
  if (record.log != nullptr) {
    for (const std::string& annotation : record.log->kept) {
      if (std::string_view(annotation).starts_with(kSummaryPrefix)) summary = annotation;
    }
  }
  out += summary;
  out += "}";
  return out;
}

bool is_summary(std::string_view annotation) {
  return annotation.starts_with(kSummaryPrefix);
}

std::string answer_verdict(const VerdictRecord& record) {
  constexpr std::string_view kVerdict = R"("verdict":")";
  if (record.log == nullptr) return {};
  for (auto it = record.log->kept.rbegin(); it != record.log->kept.rend(); ++it) {
    if (!is_summary(*it)) continue;
    const std::size_t at = it->find(kVerdict);
    if (at == std::string::npos) return {};
    const std::size_t begin = at + kVerdict.size();
    const std::size_t end = it->find('"', begin);
    return end == std::string::npos ? std::string() : it->substr(begin, end - begin);
  }
  return {};
}

bool webhook_wants(const config::VerdictWebhookConfig& webhook, const VerdictRecord& record) {
  const auto wants = [&](std::string_view name) {
    return std::find(webhook.on.begin(), webhook.on.end(), name) != webhook.on.end();
  };
  return wants(record.verdict) || (!record.stop_reason.empty() && wants("blocked"));
}

}  // namespace groundgate::proxy::server
