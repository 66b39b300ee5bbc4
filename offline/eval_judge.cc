#include "offline/eval_judge.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "config/judge_section.h"
#include "proxy/openai/model_calls.h"

namespace groundgate::offline {
namespace {

bool parse_band(const std::string& text, config::JudgeConfig& config) {
  char* end = nullptr;
  const double low = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != ',') return false;
  const char* second = end + 1;
  const double high = std::strtod(second, &end);
  if (end == second || *end != '\0' || !(low >= 0 && low < high && high <= 1)) return false;
  config.band = config::JudgeConfig::Band{low, high};
  return true;
}

bool parse_count(const std::string& text, std::size_t max, std::size_t& out) {
  char* end = nullptr;
  const unsigned long value = std::strtoul(text.c_str(), &end, 10);
  if (end == text.c_str() || *end != '\0' || value == 0 || value > max) return false;
  out = value;
  return true;
}

// Same order as config::JudgeMethod.
constexpr std::array<std::string_view, 4> kMethods{"label", "nli", "triplets", "debate"};

// A blocking call's reply as the proxy's side answer (its running out of time is "timeout").
filters::stream::SideAnswer side_answer(std::uint64_t id, const ModelReply& reply) {
  filters::stream::SideAnswer a{id, reply.status, reply.body, reply.error};
  if (reply.status == 0 && reply.error.starts_with("no answer within")) a.error = "timeout";
  return a;
}

}  // namespace

void JudgeTally::print() const {
  std::printf(
      "judge: asked=%zu  decided=%zu  changed=%zu  rejected=%zu  failed=%zu  cached=%zu  "
      "skipped=%zu\n",
      asked, decided, changed, rejected, failed, cached, skipped);
  const double per = answers == 0 ? 0.0 : 1.0 / static_cast<double>(answers);
  std::printf(
      "judge cost: calls=%zu  input_tokens=%llu  output_tokens=%llu  per answer asked: "
      "%.2f calls, %.0f input + %.0f output tokens\n",
      calls, static_cast<unsigned long long>(input_tokens),
      static_cast<unsigned long long>(output_tokens), static_cast<double>(calls) * per,
      static_cast<double>(input_tokens) * per, static_cast<double>(output_tokens) * per);
}

std::optional<EvalJudge> eval_judge(const Args& args, std::string& error) {
  const std::optional<std::string> url = args.value("judge-upstream");
  if (!url) {
    for (const char* name : {"judge-model", "judge-method", "judge-band", "judge-max",
                             "judge-max-calls", "judge-timeout"}) {
      if (args.value(name)) error = std::string("--") + name + " needs --judge-upstream";
    }
    return std::nullopt;
  }
  const std::optional<std::string> model = args.value("judge-model");
  if (!model || model->empty()) {
    error = "--judge-upstream needs --judge-model";
    return std::nullopt;
  }
  config::JudgeConfig config;
  config.model = *model;
  if (auto method = args.value("judge-method")) {
    const auto at = std::find(kMethods.begin(), kMethods.end(), *method);
    if (at == kMethods.end()) {
      error = "--judge-method needs label, nli, triplets or debate, got '" + *method + "'";
      return std::nullopt;
    }
    config.method = static_cast<config::JudgeMethod>(at - kMethods.begin());
    // Room for the method's every call by default (debate: 7 per sentence).
    config.max_calls_per_answer =
        std::max(config.max_calls_per_answer,
                 config.max_sentences * config::judge_calls_per_sentence(config));
  }
  if (auto band = args.value("judge-band"); band && !parse_band(*band, config)) {
    error = "--judge-band needs LOW,HIGH with 0 <= LOW < HIGH <= 1, got '" + *band + "'";
    return std::nullopt;
  }
  if (auto max = args.value("judge-max"); max && !parse_count(*max, 64, config.max_sentences)) {
    error = "--judge-max needs a whole number from 1 to 64, got '" + *max + "'";
    return std::nullopt;
  }
  if (auto max = args.value("judge-max-calls");
      max && (!parse_count(*max, 512, config.max_calls_per_answer) ||
              config.max_calls_per_answer < config::judge_calls_per_sentence(config))) {
    error = "--judge-max-calls needs a whole number from " +
            std::to_string(config::judge_calls_per_sentence(config)) + " (this method's calls " +
            "for one sentence) to 512, got '" + *max + "'";
    return std::nullopt;
  }
  std::size_t timeout_ms = static_cast<std::size_t>(config.timeout.count());
  if (auto t = args.value("judge-timeout"); t && !parse_count(*t, 120'000, timeout_ms)) {
    error = "--judge-timeout needs milliseconds from 1 to 120000, got '" + *t + "'";
    return std::nullopt;
  }
  config.timeout = config::Millis(timeout_ms);
  const char* key = std::getenv(args.value("api-key-env").value_or("OPENAI_API_KEY").c_str());
  std::optional<ModelEndpoint> endpoint = model_endpoint(*url, key != nullptr ? key : "", error);
  if (!endpoint) return std::nullopt;
  return EvalJudge{std::move(*endpoint), std::move(config), nullptr};
}

void prepare_judge(EvalJudge& judge, std::shared_ptr<const filters::verify::VerifyConfig> engines) {
  judge.setup = filters::checks::make_judge_setup("eval", judge.config, std::move(engines));
}

void judge_sample(const EvalJudge& judge, const filters::score::Thresholds& thresholds,
                  const Sample& sample, std::shared_ptr<const filters::index::ContextIndex> index,
                  std::vector<filters::verify::SentenceVerdict>& verdicts, JudgeTally& tally) {
  filters::checks::SentenceJudge j(judge.setup, thresholds, sample.question);
  j.serve(proxy::openai::model_calls(proxy::openai::EndpointKind::kChatCompletions, {}, {}));
  for (filters::verify::SentenceVerdict& v : verdicts) {
    if (!j.in_band(v)) continue;
    const std::string_view text =
        std::string_view(sample.answer).substr(v.answer_begin, v.answer_end - v.answer_begin);
    std::optional<filters::checks::SentenceJudge::Round> round = j.start(v, text, index);
    if (!round) continue;
    std::optional<filters::stream::SideRequestBatch> batch = std::move(round->batch);
    while (batch) {
      // One call after another: together they have the round's time (what is left of the
      // sentence's), as the proxy's calls in parallel have.
      const auto round_end = std::chrono::steady_clock::now() + batch->limits.timeout;
      std::vector<filters::stream::SideAnswer> answers;
      for (const filters::stream::SideRequest& r : batch->requests) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            round_end - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
          answers.push_back({r.id, 0, {}, "timeout"});
          continue;
        }
        answers.push_back(side_answer(r.id, call_model(judge.endpoint, r.body, left)));
      }
      batch = j.resume(*round->question, answers, v);
    }
  }
  if (j.asked() > 0) ++tally.answers;
  tally.asked += j.asked();
  tally.decided += j.decided();
  tally.changed += j.changed();
  tally.rejected += j.rejected();
  tally.failed += j.failed();
  tally.cached += j.cached();
  tally.skipped += j.skipped();
  tally.calls += j.calls();
  tally.input_tokens += j.input_tokens();
  tally.output_tokens += j.output_tokens();
}

}  // namespace groundgate::offline
