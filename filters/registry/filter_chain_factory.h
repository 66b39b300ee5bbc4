#pragma once
// Turns a config snapshot's policies into per-stream filter chains. Each policy's filter
// configs are compiled once here; create() only instantiates the per-stream filter objects.

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "filters/index/context_index_cache.h"
#include "filters/request/request_view.h"
#include "filters/sql/schema_cache.h"
#include "filters/stream/filter_chain.h"

namespace groundgate::filters::registry {

// What a filter may know about the stream it is made for. Valid during create() only: a filter
// keeps what it needs of them.
struct StreamInfo {
  std::string_view route = {};
  std::string_view policy = {};
  const request::RequestView& request;  // the request, decoded (proxy/openai)
  // The operator enabled content in logs (logging.log_content): filters may put the text they
  // acted on into their report (the audit record).
  bool log_content = false;
};

// Makes one filter for one stream from its compiled (shared, immutable) config.
using FilterFactory = std::function<std::unique_ptr<stream::StreamFilter>(const StreamInfo&)>;

class FilterChainFactory {
 public:
  // Compiles every policy's filter configs once (called at config load and on reload).
  // `index_cache`, `schema_cache`: the previous snapshot's context-index and SQL schema
  // caches, kept across a reload (their bounds set to the new config's limits); null makes
  // new ones.
  static std::shared_ptr<const FilterChainFactory> build(
      const config::Config& config, std::shared_ptr<index::ContextIndexCache> index_cache = {},
      std::shared_ptr<filters::sql::SchemaCache> schema_cache = {});

  // The chain a stream under `policy` runs; empty chain for an unknown/empty policy name.
  stream::FilterChain create(std::string_view policy, const StreamInfo& info) const;
  bool has_filters(std::string_view policy) const;
  // The context-index cache the snapshot's streams share (never null).
  const std::shared_ptr<index::ContextIndexCache>& index_cache() const { return index_cache_; }
  // The SQL schema databases the snapshot's streams share (never null).
  const std::shared_ptr<filters::sql::SchemaCache>& schema_cache() const { return schema_cache_; }
  // The names of the filters `policy` runs, in chain order (for logs and the admin API).
  std::vector<std::string_view> filter_names(std::string_view policy) const;
  // What a policy's engines could not load (language data), or empty. Such a policy still
  // runs, reporting the engine missing; the proxy refuses a config with an error here.
  const std::string& engine_error() const { return engine_error_; }

 private:
  struct NamedFactory {
    std::string_view name;
    FilterFactory make;
  };

  FilterChainFactory() = default;

  std::map<std::string, std::vector<NamedFactory>, std::less<>> policies_;
  std::shared_ptr<index::ContextIndexCache> index_cache_;
  std::shared_ptr<filters::sql::SchemaCache> schema_cache_;
  std::string engine_error_;
};

}  // namespace groundgate::filters::registry
