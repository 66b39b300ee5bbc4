#pragma once
// Builds guard chains from real policies and runs answers through them in deltas.

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "filters/actions/guard_config.h"
#include "filters/actions/guard_filter.h"
#include "filters/stream/filter_chain.h"
#include "tests/support/request_view.h"

namespace groundgate::filters::actions::testing {

inline constexpr std::string_view kGoertzContext =
    "Allison Beth Goertz (born March 2, 1991) is an American musician. Goertz is known for her "
    "satirical songs based on pop culture topics. Her album Cool Parent was released in 2015.";

// A chat request carrying kGoertzContext in the `context` extension field.
inline std::string request_with_context(std::string_view extra = "") {
  return std::string(R"({"model":"m","stream":true,)") + std::string(extra) + R"("context":")" +
         std::string(kGoertzContext) +
         R"(","messages":[{"role":"user","content":"Who is Allie Goertz?"}]})";
}

// The demo's documents (proxy/cli/demo-mock-script.yaml answers about them).
inline constexpr std::string_view kAcmeDocuments =
    "Acme Cloud was founded in 2011 in Oslo. Its chief executive is Maria Jensen. Refunds are "
    "issued within 14 days of a cancellation. The Pro plan costs $12 per month and includes 2 TB "
    "of storage.";

// A streamed chat request for `model` carrying kAcmeDocuments in the `documents` field.
inline std::string request_with_documents(std::string_view model) {
  return R"({"model":")" + std::string(model) + R"(","stream":true,"documents":[")" +
         std::string(kAcmeDocuments) +
         R"("],"messages":[{"role":"user","content":"Tell me about Acme Cloud."}]})";
}

inline std::string request_without_context() {
  return R"({"model":"m","messages":[{"role":"user","content":"Who is Allie Goertz?"}]})";
}

// The actions' mechanics on the engines' own labels: the scorer off, so that a test's
// contradiction is the engines' (the scorer's labels are tested in scored_guard_test.cc).
inline config::PolicyConfig sentence_policy() {
  config::PolicyConfig p;
  p.name = "test";
  p.verifiers = {"semantic_pieces"};
  p.hold = config::HoldMode::kSentence;
  p.scorer.model = "off";
  return p;
}

struct GuardRun {
  std::string text;                      // what the client got for choice 0
  std::vector<std::string> annotations;  // in order, summary last
  std::vector<std::size_t> emitted_at;   // bytes of text emitted after each delta
  bool stopped = false;
  std::string stop_reason;
  stream::StreamReport report;
};

inline stream::FilterChain guard_chain(const config::PolicyConfig& policy, std::string_view body) {
  std::vector<std::unique_ptr<stream::StreamFilter>> filters;
  filters.push_back(std::make_unique<GuardFilter>(compile_guard(policy, nullptr),
                                                  groundgate::testing::view_of(body)));
  return stream::FilterChain(std::move(filters));
}

// Streams `deltas` as choice 0, then ends the choice and the answer.
inline GuardRun run(const config::PolicyConfig& policy, std::string_view body,
                    const std::vector<std::string>& deltas) {
  stream::FilterChain chain = guard_chain(policy, body);
  GuardRun r;
  auto take = [&](stream::ChainOutput out) {
    r.text += out.text;
    for (std::string& a : out.annotations)
      r.annotations.push_back(std::move(a));
  };
  for (const std::string& d : deltas) {
    take(chain.on_delta(0, d));
    r.emitted_at.push_back(r.text.size());
    if (chain.stopped()) break;
  }
  if (!chain.stopped()) take(chain.on_choice_end(0));
  for (std::string& a : chain.answer_end())
    r.annotations.push_back(std::move(a));
  r.stopped = chain.stopped();
  r.stop_reason = std::string(chain.stop_reason());
  r.report = chain.report();
  return r;
}

// Splits `text` into deltas of `size` bytes.
inline std::vector<std::string> split(std::string_view text, std::size_t size) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < text.size(); i += size)
    out.emplace_back(text.substr(i, size));
  return out;
}

inline std::uint64_t count_of(const stream::StreamReport& report, std::string_view key) {
  for (const auto& [name, value] : report.counts) {
    if (name == key) return value;
  }
  ADD_FAILURE() << "no count " << key;
  return 0;
}

inline std::optional<std::string> field_of(const stream::StreamReport& report,
                                           std::string_view key) {
  for (const auto& [name, value] : report.fields) {
    if (name == key) return value;
  }
  return std::nullopt;
}

inline bool contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

}  // namespace groundgate::filters::actions::testing
