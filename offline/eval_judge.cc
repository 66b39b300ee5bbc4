#include "offline/eval_judge.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "filters/checks/judge/sentence_judge.h"
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

}  // namespace

void JudgeTally::print() const {
  std::printf("judge: asked=%zu  decided=%zu  changed=%zu  failed=%zu  skipped=%zu\n", asked,
              decided, changed, failed, skipped);
}

std::optional<EvalJudge> eval_judge(const Args& args, std::string& error) {
  const std::optional<std::string> url = args.value("judge-upstream");
  if (!url) {
    for (const char* name : {"judge-model", "judge-band", "judge-max", "judge-timeout"}) {
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
  if (auto band = args.value("judge-band"); band && !parse_band(*band, config)) {
    error = "--judge-band needs LOW,HIGH with 0 <= LOW < HIGH <= 1, got '" + *band + "'";
    return std::nullopt;
  }
  if (auto max = args.value("judge-max"); max && !parse_count(*max, 64, config.max_sentences)) {
    error = "--judge-max needs a whole number from 1 to 64, got '" + *max + "'";
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
  return EvalJudge{std::move(*endpoint), std::move(config)};
}

void judge_sample(const EvalJudge& judge, const filters::score::Thresholds& thresholds,
                  const Sample& sample, const filters::index::ContextIndex& index,
                  std::vector<filters::verify::SentenceVerdict>& verdicts, JudgeTally& tally) {
  filters::checks::SentenceJudge j(judge.config, thresholds, sample.question);
  j.serve(proxy::openai::model_calls(proxy::openai::EndpointKind::kChatCompletions, {}, {}));
  for (filters::verify::SentenceVerdict& v : verdicts) {
    if (!j.in_band(v)) continue;
    const std::string_view text =
        std::string_view(sample.answer).substr(v.answer_begin, v.answer_end - v.answer_begin);
    const std::optional<std::string> request = j.ask(v, text, index);
    if (!request) continue;
    const ModelReply reply = call_model(judge.endpoint, *request, judge.config.timeout);
    j.judge({{0, reply.status, reply.body, reply.error}}, 0, v);
  }
  tally.asked += j.asked();
  tally.decided += j.decided();
  tally.changed += j.changed();
  tally.failed += j.failed();
  tally.skipped += j.skipped();
}

}  // namespace groundgate::offline
