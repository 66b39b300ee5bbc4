#include "config/judge_section.h"

#include <array>
#include <cstdlib>

#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 16> kJudgeKeys{
    "model",         "method",      "upstream",      "path",
    "auth",          "api_key_env", "rewrite",       "band",
    "max_sentences", "timeout",     "context_bytes", "max_calls_per_answer",
    "max_in_flight", "cache_bytes", "breaker",       "max_response_bytes"};
// Same order as JudgeMethod.
constexpr std::array<std::string_view, 4> kMethods{"label", "nli", "triplets", "debate"};
// The auth values a config may write (an API key is given by api_key_env).
constexpr std::array<std::string_view, 2> kAuthValues{"forward", "none"};
constexpr std::array<std::string_view, 1> kRewriteValues{"mitigate"};
constexpr std::array<std::string_view, 2> kBreakerKeys{"failures", "open_for"};

constexpr std::uint64_t kMaxJudgedSentences = 64;
constexpr std::uint64_t kMaxCallsPerAnswer = 512;
constexpr std::uint64_t kMaxInFlight = 4096;
constexpr std::uint64_t kMaxJudgeContextBytes = 64u << 10;
constexpr std::uint64_t kMaxResponseBytes = 1u << 20;
constexpr std::uint64_t kMaxCacheBytes = 1ull << 30;
constexpr std::uint64_t kMaxBreakerFailures = 1000;
constexpr Millis kMaxJudgeTimeout{120'000};
constexpr Millis kMaxOpenFor{3'600'000};

// The calls of one sentence under each method (filters/judge): label, nli and triplets ask
// once (triplets once per batch of sentences), debate twice for the explanations, twice for
// the judgements and three more times when those two disagree.
constexpr std::array<std::size_t, 4> kCallsPerSentence{1, 1, 1, 7};

std::optional<std::string> read_model(const YamlMap& map, ErrorSink& errors) {
  const std::optional<YamlField> f = map.require("model", errors);
  if (!f) return std::nullopt;
  std::optional<std::string> model = read_string(*f, errors);
  if (model && model->empty()) {
    errors.add(f->mark(), f->path + ": empty (the judge's model name upstream)");
    return std::nullopt;
  }
  return model;
}

void read_band(const YamlField& f, JudgeConfig& out, ErrorSink& errors) {
  auto list = read_list(f, errors);
  std::optional<double> low;
  std::optional<double> high;
  if (list && list->size() == 2) {
    low = read_number((*list)[0], 0.0, 1.0, errors);
    high = read_number((*list)[1], 0.0, 1.0, errors);
  }
  if (list && (list->size() != 2 || (low && high && *low >= *high))) {
    errors.add(f.mark(), f.path + ": two probabilities [low, high], low below high");
  } else if (low && high) {
    out.band = JudgeConfig::Band{*low, *high};
  }
}

// 1 to `max`.
void read_bounded_count(const YamlMap& map, std::string_view key, std::uint64_t max,
                        std::size_t& out, ErrorSink& errors) {
  if (auto f = map.get(key)) {
    if (auto v = read_count(*f, max, errors)) out = static_cast<std::size_t>(*v);
  }
}

void read_breaker(const YamlField& field, JudgeConfig::Breaker& out, ErrorSink& errors) {
  YamlMap map(field, kBreakerKeys, errors);
  if (!map.valid()) return;
  read_bounded_count(map, "failures", kMaxBreakerFailures, out.failures, errors);
  if (auto f = map.get("open_for")) {
    if (auto v = read_duration(*f, false, errors)) {
      if (*v > kMaxOpenFor) {
        errors.add(f->mark(), f->path + ": at most 1h");
      } else {
        out.open_for = *v;
      }
    }
  }
}

// Where the calls go and how they authenticate: the client's credentials go to the route's
// own upstream only (another host would get the app's key).
void read_endpoint_keys(const YamlMap& map, JudgeConfig& out, ErrorSink& errors) {
  if (auto f = map.get("upstream")) {
    if (auto name = read_name(*f, errors)) out.upstream = *name;
  }
  if (auto f = map.get("path")) {
    if (auto path = read_string(*f, errors)) {
      if (path->empty() || path->front() != '/' ||
          path->find_first_of(" \t\r\n?#") != std::string::npos) {
        errors.add(f->mark(), f->path + ": an absolute path without query (/v1/chat/completions)");
      } else {
        out.path = *path;
      }
    }
  }
  const std::optional<YamlField> auth = map.get("auth");
  const std::optional<YamlField> key_env = map.get("api_key_env");
  if (auth && key_env) {
    errors.add(key_env->key_mark,
               key_env->path + ": api_key_env is the judge's auth: leave out auth with it");
    return;
  }
  if (key_env) {
    std::optional<std::string> name = read_string(*key_env, errors);
    if (!name) return;
    const char* value = name->empty() ? nullptr : std::getenv(name->c_str());
    if (value == nullptr || *value == '\0') {
      errors.add(key_env->mark(), key_env->path + ": the environment variable '" +
                                      name->substr(0, 64) + "' is not set");
      return;
    }
    out.auth = JudgeAuth::kApiKey;
    out.api_key_env = std::move(*name);
    out.api_key = value;
    return;
  }
  if (auth) {
    if (auto v = read_keyword(*auth, kAuthValues, errors))
      out.auth = *v == 0 ? JudgeAuth::kForward : JudgeAuth::kNone;
  }
  const std::optional<YamlField> upstream = map.get("upstream");
  if (upstream && !out.upstream.empty()) {
    if (!auth) {
      errors.add(upstream->key_mark, map.path() +
                                         ": a judge on an upstream of its own needs api_key_env "
                                         "(or auth: none for a model server without keys)");
    } else if (out.auth == JudgeAuth::kForward) {
      errors.add(auth->mark(), auth->path +
                                   ": forward sends the app's credentials to the judge's "
                                   "upstream; only the route's own upstream may get them (use "
                                   "api_key_env)");
    }
  }
}

void read_limits(const YamlMap& map, JudgeConfig& out, ErrorSink& errors) {
  if (auto f = map.get("band")) read_band(*f, out, errors);
  read_bounded_count(map, "max_sentences", kMaxJudgedSentences, out.max_sentences, errors);
  read_bounded_count(map, "max_calls_per_answer", kMaxCallsPerAnswer, out.max_calls_per_answer,
                     errors);
  read_bounded_count(map, "max_in_flight", kMaxInFlight, out.max_in_flight, errors);
  read_bounded_count(map, "context_bytes", kMaxJudgeContextBytes, out.context_bytes, errors);
  read_bounded_count(map, "max_response_bytes", kMaxResponseBytes, out.max_response_bytes, errors);
  if (auto f = map.get("cache_bytes")) {
    // 0 keeps no verdicts; else a size ("4MiB").
    if (f->value.IsScalar() && f->value.Scalar() == "0") {
      out.cache_bytes = 0;
    } else if (auto v = read_size(*f, errors)) {
      if (*v > kMaxCacheBytes) {
        errors.add(f->mark(), f->path + ": at most 1GiB");
      } else {
        out.cache_bytes = static_cast<std::size_t>(*v);
      }
    }
  }
  if (auto f = map.get("timeout")) {
    if (auto v = read_duration(*f, false, errors)) {
      if (*v > kMaxJudgeTimeout) {
        errors.add(f->mark(), f->path + ": at most 120s");
      } else {
        out.timeout = *v;
      }
    }
  }
  if (auto f = map.get("breaker")) read_breaker(*f, out.breaker, errors);
  if (auto f = map.get("max_calls_per_answer");
      f && out.max_calls_per_answer < judge_calls_per_sentence(out)) {
    errors.add(f->mark(), f->path + ": one sentence can take " +
                              std::to_string(judge_calls_per_sentence(out)) +
                              " calls with this method: a lower bound would judge none");
  }
}

}  // namespace

std::size_t judge_calls_per_sentence(const JudgeConfig& config) {
  return kCallsPerSentence[static_cast<std::size_t>(config.method)] + (config.mitigate ? 1 : 0);
}

std::optional<JudgeConfig> read_judge(const YamlField& field, ErrorSink& errors) {
  JudgeConfig out;
  YamlMap map(field, kJudgeKeys, errors);
  if (!map.valid()) return std::nullopt;
  std::optional<std::string> model = read_model(map, errors);
  if (auto f = map.get("method")) {
    if (auto v = read_keyword(*f, kMethods, errors)) out.method = static_cast<JudgeMethod>(*v);
  }
  if (auto f = map.get("rewrite")) {
    // HSP's mitigator is in filters/judge, not yet in the guard's rewrite: refused rather than
    // read and not applied.
    if (read_keyword(*f, kRewriteValues, errors)) {
      errors.add(f->mark(), f->path +
                                ": mitigate is not available yet (the judge decides labels; "
                                "its rewrites are not sent): use actions' rewrite kinds");
    }
  }
  read_endpoint_keys(map, out, errors);
  read_limits(map, out, errors);
  if (!model) return std::nullopt;
  out.model = std::move(*model);
  return out;
}

void check_judge_upstreams(const std::vector<PolicyConfig>& policies,
                           const std::vector<UpstreamConfig>& upstreams, ErrorSink& errors) {
  for (const PolicyConfig& p : policies) {
    if (!p.judge || p.judge->upstream.empty()) continue;
    bool known = false;
    for (const UpstreamConfig& u : upstreams)
      known = known || u.name == p.judge->upstream;
    if (!known) {
      errors.add("policies." + p.name + ".judge.upstream: unknown upstream '" + p.judge->upstream +
                 "'");
    }
  }
}

}  // namespace groundgate::config
