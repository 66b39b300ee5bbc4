#pragma once
// The typed configuration of groundgate. One immutable snapshot is shared by every stream
// (std::shared_ptr<const Config>); a reload builds a new one and swaps it in.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace groundgate::config {

using Millis = std::chrono::milliseconds;

struct Endpoint {
  std::string host = "127.0.0.1";
  uint16_t port = 0;
};

// Downstream TLS: the proxy's own certificate.
struct ServerTlsConfig {
  std::string cert_file;
  std::string key_file;
};

// TLS towards an https:// upstream.
struct UpstreamTlsConfig {
  std::string ca_file;                // empty: the system CA store
  bool insecure_skip_verify = false;  // only when set explicitly
  std::string server_name;            // SNI and name to verify; empty: the URL's host
};

// Idle keep-alive connections kept for reuse (`upstreams.<name>.pool`).
struct UpstreamPoolConfig {
  // Per upstream and per I/O thread (like nginx's `keepalive`, per worker); 0: no reuse.
  std::size_t max_idle = 1024;
  // Below the shortest keep-alive timeout of common servers (uvicorn: 5 s), so that the
  // upstream rarely closes a connection just as it is reused.
  Millis idle_time{4'000};
};

struct UpstreamConfig {
  std::string name;
  std::string url;        // as written, e.g. "https://api.openai.com"
  bool https = false;     // parsed from url
  std::string host;       // parsed from url
  uint16_t port = 0;      // parsed from url (default 80 / 443)
  std::string base_path;  // parsed from url, without trailing '/', prepended to forwarded paths
  Millis connect_timeout{5'000};
  Millis header_timeout{120'000};  // request sent → response headers
  Millis idle_timeout{120'000};    // longest silence between two reads of the response
  Millis total_timeout{900'000};   // whole exchange
  UpstreamTlsConfig tls;
  UpstreamPoolConfig pool;
};

struct HeaderMatch {
  std::string name;   // case-insensitive
  std::string value;  // exact; empty: the header only has to be present
};

struct RouteMatch {
  std::string path_prefix = "/";
  std::vector<std::string> methods;  // empty: any method
  std::vector<HeaderMatch> headers;  // all must match
  // Glob ('*', '?'); empty: any. Only inspected requests carry a model.
  std::string model;
};

struct RouteConfig {
  std::string name;
  RouteMatch match;
  std::string upstream;              // name of an UpstreamConfig
  std::string policy;                // name of a PolicyConfig; empty: forward without filters
  bool allow_policy_header = false;  // may a request pick its policy with x-groundgate-policy?
};

// The built-in phrase redactor (filters/redact).
struct RedactConfig {
  std::vector<std::string> phrases;
  std::string replacement = "[redacted]";
  bool case_insensitive = true;
};

// Where a policy looks for the retrieved context in a request; mirrors filters/context's
// ContextOptions (config depends on nothing of ours, so the defaults are repeated here).
struct ContextSourcesConfig {
  bool tool_messages = true;           // role "tool" and legacy "function" messages
  bool extension_fields = true;        // top-level `context` and `documents`
  bool keep_extension_fields = false;  // forward them upstream instead of removing them
  bool tagged_blocks = true;           // <context>…</context> etc. in the app's messages
  // Tagged blocks in user messages are context too. The end user writes those: only for an app
  // that puts its retrieved context there itself.
  bool user_messages = false;
  std::vector<std::string> tags = {"context", "documents", "document"};
  bool system_message = false;  // the system message's untagged text (instructions are no evidence)
  bool question = false;        // the last user message, as weak grounding
  std::size_t max_bytes = 256 * 1024;  // more context is truncated, and the truncation reported
};

// The semantic-piece verifier's parameters; mirrors filters/semantic_piece's VerifierOptions
// (and its AnswerRule), with the same defaults.
struct SemanticPiecesConfig {
  std::size_t top_k = 3;               // evidence pieces retrieved per answer piece
  double min_coverage = 1.0;           // share of content words the evidence must cover
  double match_overlap = 0.5;          // share that makes evidence "well matched"
  double elsewhere_weight = 1.0;       // weight of words found only elsewhere in the context
  bool question_grounds_words = true;  // the question grounds words (never numbers or dates)
  bool check_relations = true;    // the names and words of a claim must be related in the context
  bool names_as_written = true;   // a name of 2+ words must be written so in the context
  bool flag_contradicted = true;  // any contradicted piece flags the answer
  double max_unsupported_share = 0.0;  // flag the answer above this share of unsupported pieces
};

// The triplet verifier's parameters; mirrors filters/triplet's TripletVerifierOptions.
struct TripletsConfig {
  std::size_t top_k = 3;  // evidence pieces whose triplets are compared per answer sentence
};

// How the engines' findings on one sentence merge (both engines on); mirrors filters/verify.
struct CombineConfig {
  bool support_needs_agreement = true;  // "agreement" (default) or "either"
  // One engine this sure (weakest finding's score) overrides the other's doubt; unset: never.
  std::optional<double> strong_support;
  // Verifiers whose `unsupported` does not count: they contradict and support only.
  std::vector<std::string> contradictions_only;
};

// The learned scorer (filters/score): turns the engines' findings into calibrated
// probabilities and labels. Thresholds unset here are the model's own (chosen in training).
struct ScorerConfig {
  std::string model = "builtin";  // "builtin", "off" (the engines' rule labels) or a file path
  std::optional<double> unsupported_at;   // a sentence this likely unfaithful is unsupported
  std::optional<double> doubtful_at;      // from here up to unsupported_at: doubtful
  std::optional<double> contradicted_at;  // and, when an engine contradicts it, contradicted
                                          // (one threshold for value and polarity conflicts)
  std::optional<double> answer_at;        // an answer this likely hallucinated is flagged
};

// The judge (opt-in: every question costs model calls): a prose sentence the scorer is unsure of
// (its probability of being unfaithful within `band`) is put to `model`, with its evidence from
// the context, by one of the seeds' methods (filters/judge); the judge's verdict, once its
// evidence is checked, decides the sentence's label. A judge that fails, runs out of time, is
// over a bound or answers without checkable evidence leaves the scorer's label, said so in the
// summary.
enum class JudgeMethod : std::uint8_t {
  kLabel,     // one call: supported, unsupported or contradicted, with a quote
  kNli,       // HSP (seed 002): the sentence's pieces against their evidence, one call
  kTriplets,  // OIE thesis (seed 001): the answer's triplets against the evidence's, batched
  kDebate,    // Self-Debating (seed 000): two explanations, two judgements, a tie-break
};

// How the judge's calls authenticate.
enum class JudgeAuth : std::uint8_t {
  kForward,  // the client's own header fields (the route's upstream only)
  kApiKey,   // `Authorization: Bearer` with the key in `api_key_env`
  kNone,     // no credentials (a local model server)
};

struct JudgeConfig {
  struct Band {
    double low = 0;
    double high = 1;
  };
  struct Breaker {
    std::size_t failures = 5;  // consecutive failed calls that open it
    Millis open_for{30'000};   // then every sentence keeps the scorer's label this long
  };
  std::string model;  // the judge's model name on its upstream (required)
  JudgeMethod method = JudgeMethod::kLabel;
  std::string upstream;  // a name of `upstreams`; empty: the route's own
  // Empty: the stream's own endpoint on the route's upstream (the app's API), or
  // /v1/chat/completions on `upstream`. A path ending in /responses speaks the Responses API.
  std::string path;
  JudgeAuth auth = JudgeAuth::kForward;
  std::string api_key_env;  // with kApiKey: the variable's name, for messages
  std::string api_key;      // with kApiKey: its value, read at load; never logged
  // `rewrite: mitigate`: a sentence an action rewrites is rewritten by the judge from its
  // evidence (HSP's mitigator), used only when the engines find the rewrite supported.
  bool mitigate = false;
  // Unset: the scorer's doubt band (filters/checks/judge/sentence_judge.h).
  std::optional<Band> band;
  std::size_t max_sentences = 4;          // sentences per answer put to the judge
  std::size_t max_calls_per_answer = 16;  // model calls per answer, every method's step counted
  std::size_t max_in_flight = 64;         // calls out at once in the process (per policy)
  Millis timeout{10'000};  // a sentence's whole judgement: every round of its method's calls
  std::size_t context_bytes = 6 << 10;  // evidence sent with a sentence, at most
  std::size_t max_response_bytes = 64u << 10;
  std::size_t cache_bytes = 4u << 20;  // verdicts kept by (evidence, sentence, method, model)
  Breaker breaker;
};

enum class HoldMode : std::uint8_t {
  kStreamFirst,  // forward at once, annotate afterwards: no added latency, can only report
  kSentence,     // hold each sentence until its verdict: needed by block and rewrite
};

enum class ActionKind : std::uint8_t { kPass, kAnnotate, kBlock, kRewrite };
enum class RewriteKind : std::uint8_t {
  kCorrect,  // substitute the contradicted value with the evidence's (when unambiguous)
  kDrop,     // remove the sentence
  kReplace,  // put the configured notice in its place
  kCite,     // keep it and append the closest evidence, or the caveat
};

struct ActionConfig {
  ActionKind kind = ActionKind::kPass;
  RewriteKind rewrite = RewriteKind::kCorrect;  // kind == kRewrite only
};

// What happens to a sentence, by its label (and to every sentence when there is no context).
struct ActionsConfig {
  ActionConfig supported{ActionKind::kPass};
  // The scorer cannot settle it: annotated by default, so that the doubt shows, but no block or
  // rewrite meant for unsupported sentences acts on it (a policy may set one).
  ActionConfig doubtful{ActionKind::kAnnotate};
  ActionConfig unsupported{ActionKind::kAnnotate};
  ActionConfig contradicted{ActionKind::kAnnotate};
  ActionConfig no_context{ActionKind::kPass};  // the summary still says nothing was checked
};

struct RewriteConfig {
  std::string notice = "[Removed: a statement the provided documents do not support.]";
  std::string caveat = "[Not found in the provided documents.]";
  // `correct` without one unambiguous evidence value falls back to this (not kCorrect).
  RewriteKind fallback = RewriteKind::kReplace;
};

// The answer-level threshold: act when the running share of unsupported (or contradicted)
// sentences among the checked ones exceeds max_share, once min_sentences were checked.
struct AnswerThresholdConfig {
  double max_share = 1.0;  // 1: off
  std::size_t min_sentences = 1;
  ActionKind action = ActionKind::kBlock;  // kBlock or kAnnotate
};

enum class OnError : std::uint8_t {
  kOpen,    // release the sentence, annotated "unverified"
  kClosed,  // block
};

// Where a structured-query guard (`sql:`, `spl:`) finds its queries in the answer's text.
enum class QueryAnswer : std::uint8_t {
  kFenced,  // fenced blocks in the query language (the fence is the unit, as a sentence is)
  kWhole,   // the whole answer is one query (or its fenced blocks are the queries)
};

// A tool whose argument carries a query (`sql.tool_arguments`, `spl.tool_arguments`).
struct QueryToolArgument {
  std::string tool;      // the function name
  std::string argument;  // the argument's key; "a.b" for a nested one
};

// The SQL guard (`sql:`): where queries are found, where the schema comes from, which checks
// run. Mirrors filters/sql's SqlCheckerConfig where the two overlap.
// Check 5 (opt-in: it costs model calls): the user's question rewritten, the route's model asked
// each rewrite, the queries run on `database` and compared with the original's result.
struct SqlMetamorphicConfig {
  std::size_t variants = 4;     // rewrites asked per query (1-7)
  std::size_t fan_out = 2;      // model calls in flight at once
  Millis timeout{10'000};       // every answer of one query within this
  std::size_t max_queries = 2;  // queries per answer that get the check
  std::size_t max_response_bytes = 1u << 20;
};

struct SqlConfig {
  using Answer = QueryAnswer;  // ```sql blocks, or the whole answer
  enum class Dialect : std::uint8_t { kSqlite, kPostgresql, kMysql };

  Answer answer = Answer::kFenced;
  std::vector<QueryToolArgument> tool_arguments;
  Dialect dialect = Dialect::kSqlite;
  std::string schema_file;  // DDL or a JSON description; resolved path ("" when none)
  std::string database;     // a SQLite file, opened read-only; resolved path ("" when none)
  // CREATE TABLE statements in the request (messages, context fields) and its `schema` field.
  bool schema_from_request = true;
  bool keep_schema_field = false;            // forward the `schema` field upstream
  std::vector<std::string> allow_functions;  // beyond the built-in allow-list
  bool linking = true;                       // check 3
  bool intent = true;                        // check 3b: joins, the question's clauses, values
  // Intent kinds (finding codes) trusted although annotate-only by default, and more kinds to
  // annotate only (the kinds: known_sql_intent_kinds()).
  std::vector<std::string> intent_enforce;
  std::vector<std::string> intent_annotate_only;
  bool execution = true;     // check 4 (needs `database`)
  bool empty_result = true;  // an empty result is a finding
  Millis execution_timeout{200};
  std::size_t max_rows = 1000;
  // What one run on the database may take: SQLite's heap growth plus the result kept.
  std::size_t execution_max_memory = 64u << 20;
  std::size_t max_query_bytes = 64u << 10;
  // Queries that would change something or reach outside the data.
  ActionConfig unsafe{ActionKind::kBlock};
  std::optional<SqlMetamorphicConfig> metamorphic;  // unset: check 5 does not run
};

// The SPL guard (`spl:`): where Splunk searches are found and where the metadata they are
// checked against comes from (filters/checks/spl).
struct SplConfig {
  using Answer = QueryAnswer;  // ```spl / ```splunk blocks, or the whole answer
  Answer answer = Answer::kFenced;
  std::vector<QueryToolArgument> tool_arguments;  // tools whose argument carries a search
  std::string metadata_file;  // spl_metadata JSON or prose; resolved path ("" when none)
  // The request's `spl_metadata` member and its text (context fields, every turn but the
  // model's own) give metadata too.
  bool metadata_from_request = true;
  bool keep_metadata_field = false;  // forward the `spl_metadata` member upstream
  std::size_t max_query_bytes = 64u << 10;
};

enum class AnnotationStyle : std::uint8_t {
  kInline,   // a `groundgate` field on the chunks (and the response JSON)
  kComment,  // SSE comment lines: the upstream's chunks go on byte for byte
};

struct PolicyConfig {
  std::string name;
  std::optional<RedactConfig> redact;
  // Verification engines: "semantic_pieces", "triplets" (both: merged by `combine`).
  std::vector<std::string> verifiers;
  ContextSourcesConfig context;
  HoldMode hold = HoldMode::kStreamFirst;
  SemanticPiecesConfig semantic_pieces;
  TripletsConfig triplets;
  CombineConfig combine;
  ScorerConfig scorer;
  std::optional<JudgeConfig> judge;  // unset: no judge
  ActionsConfig actions;
  RewriteConfig rewrite;
  AnswerThresholdConfig answer;
  OnError on_error = OnError::kOpen;
  // Per-sentence verification budget in microseconds (0: none); over it, on_error applies.
  std::uint64_t verify_budget_us = 100'000;
  // Longer sentences are not verified (bounded work); on_error applies.
  std::size_t max_sentence_bytes = 4096;
  AnnotationStyle annotations = AnnotationStyle::kInline;
  // Non-streamed responses: 0 cuts a blocked answer to its verified prefix with finish_reason
  // "content_filter"; an HTTP status (400-599) answers with an OpenAI-shaped error instead.
  std::uint16_t block_status = 0;
  // Answers requested as JSON (`response_format`) are not prose: unverified unless set.
  bool verify_json_responses = false;
  // Tool-call arguments (their string and number values) are checked against the context,
  // the question and the tool's own schema; unverified unless set.
  bool verify_tool_calls = false;
  // The model's refusal (chat `refusal`, the Responses API's refusal parts) is answer text and
  // checked as such; unset, it is unverified and on_error decides.
  bool verify_refusals = true;
  // The model's reasoning (chat `reasoning_content`, the Responses API's reasoning summaries) is
  // not the answer: counted and announced unverified in the summary unless set, then checked as
  // a text of its own.
  bool verify_reasoning = false;
  // The SQL guard; unset: SQL in answers is prose's code blocks.
  std::optional<SqlConfig> sql;
  // The SPL guard; unset: SPL in answers is prose's code blocks.
  std::optional<SplConfig> spl;

  bool verifies() const { return !verifiers.empty(); }
  // A guard runs: prose verifiers, the SQL guard, the SPL guard, or several.
  bool guards() const { return verifies() || sql.has_value() || spl.has_value(); }
  bool runs(std::string_view verifier) const;
};

struct Limits {
  std::size_t max_request_body = 8u << 20;  // → 413
  // Inspected non-streamed responses are buffered up to this.
  std::size_t max_response_body = 32u << 20;
  std::size_t max_header_bytes = 64u << 10;
  std::size_t max_sse_event = 1u << 20;  // one SSE event larger than this is an upstream error
  std::size_t max_connections = 20'000;
  Millis client_header_timeout{30'000};  // to receive a request's headers
  Millis client_idle_timeout{120'000};   // keep-alive idle
  Millis client_body_timeout{60'000};    // to receive a request body
  Millis drain_timeout{30'000};          // SIGTERM: how long streams in flight may finish
  // Memory for context indexes shared across requests (retrieved chunks recur); 0: none kept.
  std::size_t context_cache_bytes = 64u << 20;
  // Memory for schema databases kept across requests (one per distinct schema); 0: none kept.
  std::size_t sql_schema_cache_bytes = 16u << 20;
  // Threads for the filters' blocking work (indexing large contexts, SQL queries run on the
  // operator's database); 0: half the cores, at least one. Read at start.
  std::size_t filter_workers = 0;
  // Side jobs (SQL queries on the database) waiting for a worker or running, at most; beyond,
  // a query is not run (overloaded: unverified, on_error decides). Read at start.
  std::size_t filter_jobs = 64;
};

struct LoggingConfig {
  std::string level = "info";  // trace, debug, info, warn, error, off
  bool access_log = true;
  std::string access_log_path;  // empty: stdout
  bool log_content = false;     // debug only: message content in logs
};

// Re-reading the config file when it, or a TLS file it names, changes: as SIGHUP does.
struct ReloadConfig {
  bool watch = true;
  // Quiet time after the last change before the files are read (an editor or the kubelet
  // writes in several steps).
  Millis debounce{500};
};

// Where the verification engines' language data is; Debian's packages by default.
struct LanguageDataConfig {
  std::string wordnet = "/usr/share/wordnet";            // wordnet-base: data.noun, ...
  std::string link_grammar = "/usr/share/link-grammar";  // link-grammar-dictionaries-en: en/
};

// OpenTelemetry traces, exported as OTLP/HTTP JSON to a collector.
struct TracingConfig {
  // The collector: url (the endpoint, "/v1/traces" when the url has no path), tls, and
  // connect_timeout and header_timeout (both set by `timeout`). Its name is "tracing".
  UpstreamConfig collector;
  // Share of the traces started here that are recorded. With `parent_based`, a request that
  // carries a traceparent is recorded exactly when its sampled flag is set.
  double sample_ratio = 1.0;
  bool parent_based = true;
  std::string service_name = "groundgate";
  // Extra request headers to the collector (an API key, a tenant).
  std::vector<std::pair<std::string, std::string>> headers;
  std::size_t queue_spans = 4096;  // finished spans waiting for export; more are dropped
  std::size_t batch_spans = 512;   // spans per export request
  Millis flush_interval{2'000};    // a partial batch waits at most this long
};

// The verdicts of guarded answers kept for GET /verdicts/{id} on the admin listener.
struct VerdictsConfig {
  Millis keep{600'000};               // how long an answer's verdicts stay; 0: none are kept
  std::size_t max_bytes = 16u << 20;  // all answers' together; the oldest go first
  // `lookup: any`: the look-up answers clients on any address of the admin listener; by default
  // (`loopback`) only those on the loopback (the app in a sidecar's pod, on the same host).
  bool lookup_from_anywhere = false;
};

// A POST of each flagged answer's summary to `url` (JSON, no answer text).
struct VerdictWebhookConfig {
  // The receiver: url, tls, and connect_timeout and header_timeout (both set by `timeout`). Its
  // name is "verdict_webhook".
  UpstreamConfig receiver;
  // Which answers: answer verdicts (grounded, hallucinated, no_context, no_claims, unverified,
  // unchecked) and `blocked` (the guard stopped the answer).
  std::vector<std::string> on{"hallucinated", "blocked"};
  std::vector<std::pair<std::string, std::string>> headers;  // extra request headers
  std::size_t queue = 1000;  // posts waiting to be sent; more are dropped and counted
  std::size_t attempts = 3;  // per post; a failed one waits retry_after, doubled each time
  Millis retry_after{1'000};
};

struct Config {
  std::string source;  // file the config came from, for messages
  Endpoint listen{"127.0.0.1", 8080};
  Endpoint admin_listen{"127.0.0.1", 9901};
  std::optional<ServerTlsConfig> tls;
  std::vector<UpstreamConfig> upstreams;
  std::vector<RouteConfig> routes;  // ordered: first match wins
  std::vector<PolicyConfig> policies;
  Limits limits;
  LoggingConfig logging;
  ReloadConfig reload;
  LanguageDataConfig language_data;
  std::optional<TracingConfig> tracing;  // unset: no traces, traceparent passes unchanged
  VerdictsConfig verdicts;
  std::optional<VerdictWebhookConfig> verdict_webhook;  // unset: no webhook

  const UpstreamConfig* find_upstream(std::string_view name) const;
  const PolicyConfig* find_policy(std::string_view name) const;
};

}  // namespace groundgate::config
