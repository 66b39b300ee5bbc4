#include "config/config_loader.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include "config/error_sink.h"
#include "config/file_check.h"
#include "config/judge_section.h"
#include "config/language_data_section.h"
#include "config/policy_section.h"
#include "config/route_section.h"
#include "config/suggestion.h"
#include "config/tracing_section.h"
#include "config/upstream_section.h"
#include "config/verdicts_section.h"
#include "config/yaml_map.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 13> kTopKeys{
    "listen",  "admin_listen", "tls",     "upstreams",     "routes",   "policies",       "limits",
    "logging", "reload",       "tracing", "language_data", "verdicts", "verdict_webhook"};
constexpr std::array<std::string_view, 2> kReloadKeys{"watch", "debounce"};
constexpr std::array<std::string_view, 2> kServerTlsKeys{"cert_file", "key_file"};
constexpr std::array<std::string_view, 13> kLimitsKeys{
    "max_request_body", "max_response_body",     "max_header_bytes",       "max_sse_event",
    "max_connections",  "client_header_timeout", "client_idle_timeout",    "client_body_timeout",
    "drain_timeout",    "context_cache_bytes",   "sql_schema_cache_bytes", "filter_workers",
    "filter_jobs"};
constexpr std::uint64_t kMaxFilterWorkers = 256;
constexpr std::uint64_t kMaxFilterJobs = 1'000'000;
constexpr std::array<std::string_view, 4> kLoggingKeys{"level", "access_log", "access_log_path",
                                                       "log_content"};
constexpr std::array<std::string_view, 6> kLogLevels{"trace", "debug", "info",
                                                     "warn",  "error", "off"};
constexpr std::uint64_t kMaxConnections = 10'000'000;

std::string read_file_path(const YamlMap& map, std::string_view key, std::string_view base_dir,
                           ErrorSink& errors) {
  auto f = map.require(key, errors);
  if (!f) return {};
  auto path = read_string(*f, errors);
  if (!path) return {};
  if (path->empty()) {
    errors.add(f->mark(), f->path + ": empty path");
    return {};
  }
  std::string resolved = resolve_path(base_dir, *path);
  if (auto why = unreadable_reason(resolved)) {
    errors.add(f->mark(), f->path + ": file '" + resolved + "' " + *why);
  }
  return resolved;
}

ServerTlsConfig read_server_tls(const YamlField& field, std::string_view base_dir,
                                ErrorSink& errors) {
  ServerTlsConfig out;
  YamlMap map(field, kServerTlsKeys, errors);
  if (!map.valid()) return out;
  out.cert_file = read_file_path(map, "cert_file", base_dir, errors);
  out.key_file = read_file_path(map, "key_file", base_dir, errors);
  return out;
}

void read_size_into(const YamlMap& map, std::string_view key, std::size_t& out, ErrorSink& errors) {
  if (auto f = map.get(key)) {
    if (auto v = read_size(*f, errors)) out = static_cast<std::size_t>(*v);
  }
}

void read_duration_into(const YamlMap& map, std::string_view key, bool allow_zero, Millis& out,
                        ErrorSink& errors) {
  if (auto f = map.get(key)) {
    if (auto v = read_duration(*f, allow_zero, errors)) out = *v;
  }
}

Limits read_limits(const YamlField& field, ErrorSink& errors) {
  Limits out;
  YamlMap map(field, kLimitsKeys, errors);
  read_size_into(map, "max_request_body", out.max_request_body, errors);
  read_size_into(map, "max_response_body", out.max_response_body, errors);
  read_size_into(map, "max_header_bytes", out.max_header_bytes, errors);
  read_size_into(map, "max_sse_event", out.max_sse_event, errors);
  if (auto f = map.get("max_connections")) {
    if (auto v = read_count(*f, kMaxConnections, errors)) out.max_connections = *v;
  }
  read_duration_into(map, "client_header_timeout", false, out.client_header_timeout, errors);
  read_duration_into(map, "client_idle_timeout", false, out.client_idle_timeout, errors);
  read_duration_into(map, "client_body_timeout", false, out.client_body_timeout, errors);
  // 0 is meaningful here: stop at once on SIGTERM.
  read_duration_into(map, "drain_timeout", true, out.drain_timeout, errors);
  read_size_into(map, "context_cache_bytes", out.context_cache_bytes, errors);
  read_size_into(map, "sql_schema_cache_bytes", out.sql_schema_cache_bytes, errors);
  if (auto f = map.get("filter_workers")) {
    if (auto v = read_count(*f, kMaxFilterWorkers, errors)) out.filter_workers = *v;
  }
  if (auto f = map.get("filter_jobs")) {
    if (auto v = read_count(*f, kMaxFilterJobs, errors)) out.filter_jobs = *v;
  }
  return out;
}

LoggingConfig read_logging(const YamlField& field, ErrorSink& errors) {
  LoggingConfig out;
  YamlMap map(field, kLoggingKeys, errors);
  if (auto f = map.get("level")) {
    if (auto level = read_string(*f, errors)) {
      if (std::find(kLogLevels.begin(), kLogLevels.end(), *level) != kLogLevels.end()) {
        out.level = *level;
      } else {
        std::string msg = f->path + ": unknown log level '" + level->substr(0, 64) + "'";
        std::string hint = closest_match(*level, kLogLevels);
        if (*level == "warning") hint = "warn";
        msg += hint.empty() ? " (expected one of: trace, debug, info, warn, error, off)"
                            : "; did you mean '" + hint + "'?";
        errors.add(f->mark(), std::move(msg));
      }
    }
  }
  if (auto f = map.get("access_log")) {
    if (auto b = read_bool(*f, errors)) out.access_log = *b;
  }
  if (auto f = map.get("access_log_path")) {
    if (auto s = read_string(*f, errors)) out.access_log_path = std::move(*s);
  }
  if (auto f = map.get("log_content")) {
    if (auto b = read_bool(*f, errors)) out.log_content = *b;
  }
  return out;
}

ReloadConfig read_reload(const YamlField& field, ErrorSink& errors) {
  ReloadConfig out;
  YamlMap map(field, kReloadKeys, errors);
  if (auto f = map.get("watch")) {
    if (auto b = read_bool(*f, errors)) out.watch = *b;
  }
  read_duration_into(map, "debounce", /*allow_zero=*/true, out.debounce, errors);
  return out;
}

// Reads the document into `config`, reporting every problem to `errors`.
void read_document(const YAML::Node& root, std::string_view base_dir, Config& config,
                   ErrorSink& errors) {
  if (root.IsNull()) {
    errors.add("the config is empty; it needs at least 'upstreams' and 'routes'");
    return;
  }
  YamlMap top(YamlField{"", "", root, root.Mark()}, kTopKeys, errors);
  if (!top.valid()) return;
  if (auto f = top.get("listen")) {
    if (auto e = read_endpoint(*f, errors)) config.listen = *e;
  }
  if (auto f = top.get("admin_listen")) {
    if (auto e = read_endpoint(*f, errors)) {
      config.admin_listen = *e;
      if (e->port != 0 && e->port == config.listen.port && e->host == config.listen.host) {
        errors.add(f->mark(), f->path + ": must differ from listen");
      }
    }
  }
  if (auto f = top.get("tls")) config.tls = read_server_tls(*f, base_dir, errors);
  if (auto f = top.get("policies")) config.policies = read_policies(*f, base_dir, errors);
  if (auto f = top.require("upstreams", errors)) {
    config.upstreams = read_upstreams(*f, base_dir, errors);
    if (config.upstreams.empty()) errors.add(f->mark(), "upstreams: at least one is required");
    check_judge_upstreams(config.policies, config.upstreams, errors);
  }
  if (auto f = top.require("routes", errors)) {
    config.routes = read_routes(*f, config.upstreams, config.policies, errors);
    if (config.routes.empty()) errors.add(f->mark(), "routes: at least one is required");
  }
  if (auto f = top.get("limits")) config.limits = read_limits(*f, errors);
  if (auto f = top.get("logging")) config.logging = read_logging(*f, errors);
  if (auto f = top.get("reload")) config.reload = read_reload(*f, errors);
  if (auto f = top.get("tracing")) config.tracing = read_tracing(*f, base_dir, errors);
  if (auto f = top.get("verdicts")) config.verdicts = read_verdicts(*f, errors);
  if (auto f = top.get("verdict_webhook")) {
    config.verdict_webhook = read_verdict_webhook(*f, base_dir, errors);
  }
  const std::optional<YamlField> language_data = top.get("language_data");
  if (language_data) config.language_data = read_language_data(*language_data, base_dir, errors);
  check_language_data(config, language_data, errors);
}

// Notes where a second document starts, building nothing. Not YAML::LoadAll: it loops forever
// on some inputs (a lone ","), so we never ask the parser for more than two documents.
class DocumentStarts : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark& mark) override {
    if (count_++ == 1) second_ = mark;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}

  std::optional<YAML::Mark> second() const { return second_; }

 private:
  int count_ = 0;
  std::optional<YAML::Mark> second_;
};

// Throws YAML::Exception on a syntax error, like YAML::Load.
std::optional<YAML::Mark> second_document(const std::string& text) {
  // Without a document marker there is one document; skip the second parse (yaml-cpp is slow).
  if (text.find("---") == std::string::npos && text.find("...") == std::string::npos) {
    return std::nullopt;
  }
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentStarts starts;
  if (parser.HandleNextDocument(starts)) parser.HandleNextDocument(starts);
  return starts.second();
}

LoadResult load(std::string_view yaml, std::string source, std::string_view base_dir) {
  ErrorSink errors(source);
  auto config = std::make_shared<Config>();
  config->source = std::move(source);
  if (yaml.size() > kMaxConfigBytes) {
    errors.add("the config is larger than " + std::to_string(kMaxConfigBytes) + " bytes");
    return LoadResult{nullptr, errors.take()};
  }
  try {
    const std::string text(yaml);
    if (auto second = second_document(text)) {
      errors.add(*second, "only one YAML document is allowed per config file");
    }
    read_document(YAML::Load(text), base_dir, *config, errors);
  } catch (const YAML::Exception& e) {
    errors.add(e.mark, "invalid YAML: " + e.msg);
  } catch (const std::exception& e) {
    errors.add(std::string("cannot read the config: ") + e.what());
  } catch (...) {
    errors.add("cannot read the config: unknown error");
  }
  if (!errors.empty()) return LoadResult{nullptr, errors.take()};
  return LoadResult{std::move(config), {}};
}

}  // namespace

LoadResult load_config_file(const std::string& path) {
  auto fail = [&](std::string message) {
    return LoadResult{nullptr, {ConfigError{path, 0, 0, std::move(message)}}};
  };
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return fail("is a directory, not a config file");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(std::string("cannot open: ") + std::strerror(errno));
  std::string text;
  std::array<char, 64 * 1024> chunk;
  while (in.read(chunk.data(), chunk.size()) || in.gcount() > 0) {
    text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxConfigBytes) {
      return fail("the config is larger than " + std::to_string(kMaxConfigBytes) + " bytes");
    }
  }
  if (in.bad()) return fail(std::string("cannot read: ") + std::strerror(errno));
  const std::string base_dir = std::filesystem::path(path).parent_path().string();
  return load(text, path, base_dir.empty() ? "." : base_dir);
}

LoadResult load_config_string(std::string_view yaml, std::string_view source_name) {
  return load(yaml, std::string(source_name), "");
}

}  // namespace groundgate::config
