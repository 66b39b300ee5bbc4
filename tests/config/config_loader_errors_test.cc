// Every kind of config error, with its position and text.
#include "config/config_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/config/config_test_util.h"

namespace groundgate::config {
namespace {

using ::testing::ElementsAre;
using testing::errors_after;
using ::testing::HasSubstr;
using testing::load;
using testing::messages;
using testing::TempDir;

// Prepended to snippets that test one section, so the rest of the config is valid.
constexpr std::string_view kBase =
    "upstreams:\n"
    "  up:\n"
    "    url: http://127.0.0.1:8081\n"
    "routes:\n"
    "  - upstream: up\n";  // lines 1-5; a snippet starts on line 6

std::vector<std::string> errors_of(std::string_view snippet) {
  return errors_after(kBase, snippet);
}

TEST(ConfigErrors, YamlSyntaxErrorHasAPosition) {
  LoadResult r = load("upstreams:\n  up: [a, b\nroutes: []\n");
  EXPECT_FALSE(r.config);
  ASSERT_EQ(1u, r.errors.size());
  EXPECT_EQ("test.yaml", r.errors[0].file);
  EXPECT_GT(r.errors[0].line, 0);
  EXPECT_THAT(r.errors[0].message, HasSubstr("invalid YAML: end of sequence flow not found"));
}

TEST(ConfigErrors, EmptyAndNonMappingDocuments) {
  EXPECT_THAT(messages(load("")),
              ElementsAre("test.yaml: the config is empty; it needs at least 'upstreams' and "
                          "'routes'"));
  EXPECT_THAT(messages(load("# only a comment\n")), ElementsAre(HasSubstr("the config is empty")));
  // yaml-cpp's LoadAll never returns on this one; the loader must.
  EXPECT_THAT(messages(load(",")), ElementsAre(HasSubstr("the config is empty")));
  EXPECT_THAT(messages(load("- a\n- b\n")),
              ElementsAre("test.yaml:1:1: the config: expected a mapping, got a list"));
  EXPECT_THAT(messages(load("just text\n")),
              ElementsAre("test.yaml:1:1: the config: expected a mapping, got a scalar"));
}

TEST(ConfigErrors, OnlyOneDocument) {
  LoadResult r = load(std::string(kBase) + "---\nlisten: 127.0.0.1:1\n");
  EXPECT_THAT(messages(r), ElementsAre("test.yaml:6:1: only one YAML document is allowed per "
                                       "config file"));
}

TEST(ConfigErrors, ExplicitDocumentMarkersAroundOneDocumentAreFine) {
  LoadResult r = load("---\n" + std::string(kBase) + "...\n");
  EXPECT_TRUE(r.config) << ::testing::PrintToString(messages(r));
}

TEST(ConfigErrors, RequiredSections) {
  EXPECT_THAT(messages(load("listen: 127.0.0.1:1\n")),
              ElementsAre("test.yaml:1:1: the config: missing required key 'upstreams'",
                          "test.yaml:1:1: the config: missing required key 'routes'"));
  EXPECT_THAT(messages(load("upstreams: {}\nroutes: []\n")),
              ElementsAre("test.yaml:1:12: upstreams: at least one is required",
                          "test.yaml:2:9: routes: at least one is required"));
  EXPECT_THAT(messages(load("upstreams:\nroutes:\n")),
              ElementsAre("test.yaml:1:1: upstreams: at least one is required",
                          "test.yaml:2:1: routes: at least one is required"));
}

TEST(ConfigErrors, UnknownTopLevelKeys) {
  EXPECT_THAT(errors_of("lisen: 127.0.0.1:1\n"),
              ElementsAre("test.yaml:6:1: unknown top-level key 'lisen'; did you mean 'listen'?"));
  EXPECT_THAT(errors_of("frobnicate: 1\n"),
              ElementsAre("test.yaml:6:1: unknown top-level key 'frobnicate' (expected one of: "
                          "listen, admin_listen, tls, upstreams, routes, policies, limits, "
                          "logging, reload, tracing, language_data, verdicts, verdict_webhook)"));
}

TEST(ConfigErrors, UnknownKeysAtEveryLevel) {
  LoadResult r = load(R"(
tls:
  cert_fle: a
upstreams:
  up:
    url: https://127.0.0.1:8081
    conect_timeout: 1s
    tls:
      server_nam: x
routes:
  - upstrem: up
    match:
      path: /v1
policies:
  p:
    redakt: {}
  q:
    redact:
      phrases: [a]
      replace: b
limits:
  max_body: 1
logging:
  levle: info
)");
  EXPECT_FALSE(r.config);
  EXPECT_THAT(
      messages(r),
      ElementsAre(
          "test.yaml:2:3: tls: unknown key 'cert_fle'; did you mean 'cert_file'?",
          "test.yaml:2:3: tls: missing required key 'cert_file'",
          "test.yaml:2:3: tls: missing required key 'key_file'",
          "test.yaml:6:5: upstreams.up: unknown key 'conect_timeout'; did you mean "
          "'connect_timeout'?",
          "test.yaml:8:7: upstreams.up.tls: unknown key 'server_nam'; did you mean 'server_name'?",
          "test.yaml:10:5: routes[0]: unknown key 'upstrem'; did you mean 'upstream'?",
          "test.yaml:10:5: routes[0]: missing required key 'upstream'",
          "test.yaml:12:7: routes[0].match: unknown key 'path'; did you mean 'path_prefix'?",
          "test.yaml:15:5: policies.p: unknown key 'redakt'; did you mean 'redact'?",
          "test.yaml:19:7: policies.q.redact: unknown key 'replace'; did you mean 'replacement'?",
          "test.yaml:21:3: limits: unknown key 'max_body' (expected one of: max_request_body, "
          "max_response_body, max_header_bytes, max_sse_event, max_connections, "
          "client_header_timeout, client_idle_timeout, client_body_timeout, drain_timeout, "
          "context_cache_bytes, sql_schema_cache_bytes, filter_workers, filter_jobs)",
          "test.yaml:23:3: logging: unknown key 'levle'; did you mean 'level'?"));
}

TEST(ConfigErrors, DuplicateKeys) {
  EXPECT_THAT(errors_of("logging:\n  level: info\n  level: debug\n"),
              ElementsAre("test.yaml:8:3: logging.level: duplicate key (first at line 7)"));
  EXPECT_THAT(messages(load(R"(
upstreams:
  up:
    url: http://a
  up:
    url: http://b
routes:
  - upstream: up
)")),
              ElementsAre("test.yaml:4:3: upstreams.up: duplicate key (first at line 2)"));
}

TEST(ConfigErrors, WrongTypes) {
  EXPECT_THAT(errors_of("listen: [a]\n"),
              ElementsAre("test.yaml:6:9: listen: expected host:port, got a list"));
  EXPECT_THAT(errors_of("limits: 5\n"),
              ElementsAre("test.yaml:6:9: limits: expected a mapping, got a scalar"));
  EXPECT_THAT(errors_of("logging:\n  access_log: yes\n"),
              ElementsAre("test.yaml:7:15: logging.access_log: expected true or false, got 'yes'"));
  EXPECT_THAT(errors_of("logging:\n  access_log_path:\n"),
              ElementsAre("test.yaml:7:3: logging.access_log_path: expected a string, got nothing "
                          "(write \"\" for an empty string)"));
  EXPECT_THAT(errors_of("policies:\n  p:\n    redact:\n      phrases: secret\n"),
              ElementsAre("test.yaml:9:16: policies.p.redact.phrases: expected a list, got a "
                          "scalar"));
  EXPECT_THAT(errors_of("policies:\n  p:\n    redact:\n      phrases: [[a]]\n"),
              ElementsAre("test.yaml:9:17: policies.p.redact.phrases[0]: expected a string, got "
                          "a list"));
  EXPECT_THAT(errors_of("policies: [a]\n"),
              ElementsAre("test.yaml:6:11: policies: expected a mapping, got a list"));
  EXPECT_THAT(errors_of("{a: 1}: 2\n"),
              ElementsAre("test.yaml:6:1: <key>: keys must be plain names, got a mapping"));
}

TEST(ConfigErrors, BadValues) {
  EXPECT_THAT(
      errors_of("limits:\n  max_request_body: 8XB\n  client_idle_timeout: 5 minutes\n"
                "  max_connections: 1k\n  max_header_bytes: 0\n  client_body_timeout: 0\n"),
      ElementsAre("test.yaml:7:21: limits.max_request_body: invalid size unit 'XB' in '8XB' (use "
                  "e.g. 512, 64KiB, 8MiB, 1GiB or 8MB)",
                  "test.yaml:8:24: limits.client_idle_timeout: invalid duration unit 'minutes' in "
                  "'5 minutes' (use e.g. 250ms, 5s, 2m, 1h or integer milliseconds)",
                  "test.yaml:9:20: limits.max_connections: expected a whole number from 1 to "
                  "10000000, got '1k'",
                  "test.yaml:10:21: limits.max_header_bytes: must be larger than 0",
                  "test.yaml:11:24: limits.client_body_timeout: must be longer than 0"));
  EXPECT_THAT(errors_of("logging:\n  level: warning\n"),
              ElementsAre("test.yaml:7:10: logging.level: unknown log level 'warning'; did you "
                          "mean 'warn'?"));
  EXPECT_THAT(errors_of("logging:\n  level: loud\n"),
              ElementsAre("test.yaml:7:10: logging.level: unknown log level 'loud' (expected one "
                          "of: trace, debug, info, warn, error, off)"));
  EXPECT_THAT(errors_of("listen: 127.0.0.1:8080\nadmin_listen: 127.0.0.1:8080\n"),
              ElementsAre("test.yaml:7:15: admin_listen: must differ from listen"));
  // Port 0 twice is fine: each picks its own free port.
  EXPECT_TRUE(load(std::string(kBase) + "listen: 127.0.0.1:0\nadmin_listen: 127.0.0.1:0\n").config);
}

TEST(ConfigErrors, UpstreamErrors) {
  LoadResult r = load(R"(
upstreams:
  plain:
    url: http://127.0.0.1:8081
    tls:
      server_name: x
  secure:
    url: https://example.com
    header_timeout: soon
    tls:
      ca_file: /nonexistent/ca.pem
      insecure_skip_verify: maybe
  nourl:
    connect_timeout: 1s
  "bad name":
    url: ftp://example.com
  scalar: http://example.com
routes:
  - upstream: plain
)");
  EXPECT_THAT(
      messages(r),
      ElementsAre(
          "test.yaml:5:7: upstreams.plain.tls: TLS settings need an https:// url",
          "test.yaml:8:21: upstreams.secure.header_timeout: invalid duration 'soon' (use e.g. "
          "250ms, 5s, 2m, 1h or integer milliseconds)",
          "test.yaml:10:16: upstreams.secure.tls.ca_file: CA file '/nonexistent/ca.pem' does not "
          "exist",
          "test.yaml:11:29: upstreams.secure.tls.insecure_skip_verify: expected true or false, "
          "got 'maybe'",
          "test.yaml:13:5: upstreams.nourl: missing required key 'url'",
          "test.yaml:14:3: upstreams.bad name: invalid upstream name 'bad name' (use letters, "
          "digits, '_', '-' and '.')",
          "test.yaml:15:10: upstreams.bad name.url: invalid url 'ftp://example.com': unsupported "
          "scheme 'ftp' (only http and https)",
          "test.yaml:16:11: upstreams.scalar: expected a mapping, got a scalar"));
}

TEST(ConfigErrors, RouteErrors) {
  LoadResult r = load(R"(
upstreams:
  openai:
    url: https://api.openai.com
policies:
  strict: {}
routes:
  - name: a
    upstream: opena
    policy: stict
  - name: a
    upstream: other
  - name: "has space"
    match:
      path_prefix: v1
      methods: [post, "GE T"]
      headers:
        "bad header": x
    upstream: openai
  - match:
      path_prefix: /v1?x=1
    upstream: openai
    allow_policy_header: 1
  - just a string
)");
  EXPECT_THAT(
      messages(r),
      ElementsAre(
          "test.yaml:8:15: routes[0].upstream: unknown upstream 'opena'; did you mean 'openai'?",
          "test.yaml:9:13: routes[0].policy: unknown policy 'stict'; did you mean 'strict'?",
          "test.yaml:10:5: routes[1]: duplicate route name 'a' (also routes[0])",
          "test.yaml:11:15: routes[1].upstream: unknown upstream 'other' (defined: openai)",
          "test.yaml:12:11: routes[2].name: invalid name 'has space' (use letters, digits, '_', "
          "'-' and '.')",
          "test.yaml:14:20: routes[2].match.path_prefix: must start with '/', got 'v1'",
          "test.yaml:15:17: routes[2].match.methods[0]: methods are case-sensitive; write 'POST' "
          "instead of 'post'",
          "test.yaml:15:23: routes[2].match.methods[1]: invalid HTTP method 'GE T'",
          "test.yaml:17:9: routes[2].match.headers.bad header: invalid header name 'bad header'",
          "test.yaml:20:20: routes[3].match.path_prefix: must not contain a query ('?'); queries "
          "are ignored",
          "test.yaml:22:26: routes[3].allow_policy_header: expected true or false, got '1'",
          "test.yaml:23:5: routes[4]: expected a mapping, got a scalar"));
}

TEST(ConfigErrors, ReferenceToAPolicyWhenNoneAreDefined) {
  EXPECT_THAT(messages(load("upstreams:\n  up:\n    url: http://a\nroutes:\n"
                            "  - upstream: up\n    policy: strict\n")),
              ElementsAre("test.yaml:6:13: routes[0].policy: unknown policy 'strict' (none are "
                          "defined)"));
}

TEST(ConfigErrors, PolicyErrors) {
  EXPECT_THAT(
      errors_of("policies:\n  p:\n    redact: {}\n  q:\n    redact:\n      phrases: []\n"
                "  r:\n    redact:\n      phrases: ['', ok]\n      case_insensitive: nope\n"),
      ElementsAre("test.yaml:8:13: policies.p.redact: missing required key 'phrases'",
                  "test.yaml:11:16: policies.q.redact.phrases: needs at least one phrase",
                  "test.yaml:14:17: policies.r.redact.phrases[0]: empty phrase",
                  "test.yaml:15:25: policies.r.redact.case_insensitive: expected true or false, "
                  "got 'nope'"));
}

TEST(ConfigErrors, ServerTlsFilesMustExist) {
  TempDir dir;
  const std::string cert = dir.write("server.crt", "cert");
  EXPECT_THAT(errors_of("tls:\n  cert_file: " + cert + "\n  key_file: /nonexistent/server.key\n"),
              ElementsAre("test.yaml:8:13: tls.key_file: file '/nonexistent/server.key' does not "
                          "exist"));
  EXPECT_THAT(errors_of("tls:\n  cert_file: " + dir.path() + "\n  key_file: " + cert + "\n"),
              ElementsAre("test.yaml:7:14: tls.cert_file: file '" + dir.path() +
                          "' is not a regular file"));
  EXPECT_THAT(errors_of("tls:\n  cert_file: ''\n  key_file: " + cert + "\n"),
              ElementsAre("test.yaml:7:14: tls.cert_file: empty path"));
  EXPECT_THAT(errors_of("tls:\n"),
              ElementsAre("test.yaml:6:1: tls: missing required key 'cert_file'",
                          "test.yaml:6:1: tls: missing required key 'key_file'"));
}

TEST(ConfigErrors, ManyErrorsAtOnceSortedByPosition) {
  LoadResult r = load(R"(
listen: localhost
upstreams:
  up:
    url: https://user@host
routes:
  - upstream: nowhere
limits:
  drain_timeout: -1s
logging:
  level: verbose
)");
  EXPECT_FALSE(r.config);
  ASSERT_EQ(5u, r.errors.size()) << ::testing::PrintToString(messages(r));
  int previous_line = 0;
  for (const ConfigError& e : r.errors) {
    EXPECT_EQ("test.yaml", e.file);
    EXPECT_GT(e.line, previous_line);
    previous_line = e.line;
  }
  EXPECT_EQ(1, r.errors[0].line);
  EXPECT_THAT(r.errors[1].message, HasSubstr("user info"));
  EXPECT_THAT(r.errors[2].message, HasSubstr("unknown upstream 'nowhere'"));
  EXPECT_THAT(r.errors[3].message, HasSubstr("invalid duration '-1s'"));
  EXPECT_THAT(r.errors[4].message, HasSubstr("unknown log level 'verbose'"));
}

TEST(ConfigErrors, ErrorCountIsBounded) {
  std::string yaml(kBase);
  yaml += "limits:\n";
  for (int i = 0; i < 300; ++i)
    yaml += "  unknown_" + std::to_string(i) + ": 1\n";
  LoadResult r = load(yaml);
  EXPECT_FALSE(r.config);
  ASSERT_EQ(101u, r.errors.size());
  EXPECT_EQ("test.yaml: too many errors; only the first 100 are shown",
            r.errors.back().to_string());
}

}  // namespace
}  // namespace groundgate::config
