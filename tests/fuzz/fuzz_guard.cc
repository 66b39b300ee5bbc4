// The guard filter on untrusted upstream text: a random answer (and a random context) streamed
// in random deltas through sentence hold with every action. Checks what must hold whatever the
// bytes: no crash, nothing released after a stop, and with pass-only actions the client gets
// exactly the answer. Tool calls with random arguments are verified too.

#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "config/config.h"
#include "filters/actions/guard_config.h"
#include "filters/actions/guard_filter.h"
#include "filters/stream/filter_chain.h"
#include "proxy/openai/request_decoder.h"

namespace {

using namespace groundgate;
using config::ActionConfig;
using config::ActionKind;
using config::RewriteKind;

// Words that make sentences, numbers, dates and abbreviations frequent.
std::string random_text(FuzzedDataProvider& data, std::size_t max_length) {
  static constexpr const char* kWords[] = {
      "Goertz", "was", "born", "in",   "1991", "1994", "March", "2,",  "musician", ".",
      "Dr.",    "She", "is",   "not",  "an",   "3.5",  "km",    "?",   "\n",       "- ",
      "```",    "\"",  "the",  "U.S.", "!",    " ",    "$160",  "30%", "e.g.",     "\xE2\x80"};
  std::string text;
  while (text.size() < max_length && data.remaining_bytes() > 0) {
    if (data.ConsumeBool()) text += ' ';
    text += kWords[data.ConsumeIntegralInRange<std::size_t>(0, std::size(kWords) - 1)];
  }
  return text;
}

std::shared_ptr<const filters::actions::GuardConfig> guard(FuzzedDataProvider& data, bool pass) {
  config::PolicyConfig policy;
  policy.name = "fuzz";
  policy.verifiers = {"semantic_pieces"};
  policy.hold = config::HoldMode::kSentence;
  if (!pass) {
    const auto action = [&] {
      ActionConfig a;
      a.kind = static_cast<ActionKind>(data.ConsumeIntegralInRange<int>(0, 3));
      a.rewrite = static_cast<RewriteKind>(data.ConsumeIntegralInRange<int>(0, 3));
      return a;
    };
    policy.actions.supported = action();
    policy.actions.unsupported = action();
    policy.actions.contradicted = action();
    policy.actions.no_context = action();
    policy.answer.max_share = data.ConsumeProbability<double>();
    policy.max_sentence_bytes = data.ConsumeIntegralInRange<std::size_t>(1, 4096);
  } else {
    policy.actions =
        config::ActionsConfig{ActionConfig{}, ActionConfig{}, ActionConfig{}, ActionConfig{}};
  }
  policy.verify_budget_us = 0;
  policy.verify_tool_calls = true;
  return filters::actions::compile_guard(policy, nullptr);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  FuzzedDataProvider data(bytes, size);
  const bool pass = data.ConsumeBool();
  auto config = guard(data, pass);
  const std::string context = random_text(data, 300);
  std::string body = R"({"model":"m","context":")";
  for (char c : context) {
    if (c == '"' || c == '\\') body += '\\';
    body += c == '\n' ? ' ' : c;
  }
  body += R"(","messages":[{"role":"user","content":"q"}]})";
  const std::string answer = random_text(data, 600);

  std::vector<std::unique_ptr<filters::stream::StreamFilter>> list;
  list.push_back(std::make_unique<filters::actions::GuardFilter>(
      config, proxy::openai::decode_request(body).view));
  filters::stream::FilterChain chain(std::move(list));
  std::string out;
  std::size_t at = 0;
  while (at < answer.size()) {
    const std::size_t n = data.ConsumeIntegralInRange<std::size_t>(1, 16);
    const bool was_stopped = chain.stopped();
    const std::string emitted = chain.on_delta(0, answer.substr(at, n)).text;
    if (was_stopped && !emitted.empty()) __builtin_trap();  // nothing after a stop
    out += emitted;
    at += n;
  }
  // A tool call whose arguments are random text (mostly not JSON) or a JSON object of it.
  const std::string arguments = random_text(data, 200);
  std::string object = R"({"a":")";
  for (char c : arguments)
    if (c != '"' && c != '\\' && static_cast<unsigned char>(c) >= 0x20) object += c;
  object += R"(","n":[1991,{"b":"x"}]})";
  for (const std::string& text : {arguments, object}) {
    const bool was_stopped = chain.stopped();
    const auto annotations = chain.on_tool_call({0, 0, "f", text, data.ConsumeBool()});
    if (was_stopped && !annotations.empty()) __builtin_trap();  // nothing after a stop
  }
  if (!chain.stopped()) out += chain.on_choice_end(0).text;
  chain.answer_end();
  chain.report();
  if (pass && out != answer) __builtin_trap();  // pass-only: the text is untouched
  return 0;
}
