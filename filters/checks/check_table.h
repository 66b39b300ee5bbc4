#pragma once
// The checks a policy can run, by name, in the order they judge a unit: an explicit table
// (static self-registration silently disappears from static libraries). A new check is a
// folder under filters/checks/ and a line in check_table.cc.

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "filters/checks/check.h"
#include "filters/checks/request_context.h"
#include "filters/request/request_view.h"
#include "filters/sql/schema_cache.h"
#include "filters/verify/sentence_verifier.h"

namespace groundgate::filters::checks {

// What a stream's check is made from: the request, and its context as the stream's checks
// share it (the guard owns both for the stream's lifetime).
struct StreamSetup {
  const request::RequestView& request;
  const RequestContext& context;
};

using CheckFactory = std::function<std::unique_ptr<Check>(const StreamSetup& setup)>;

// A check a policy runs: compiled once per config snapshot, made per stream.
struct PolicyCheck {
  std::string_view name;
  CheckFactory make;
};

// What the snapshot's checks share: the policy's engines (prose verification, loaded), the SQL
// schema databases.
struct CheckResources {
  std::shared_ptr<const verify::VerifyConfig> verify;
  std::shared_ptr<sql::SchemaCache> schema_cache;
};

// The checks `policy` runs, in table order.
std::vector<PolicyCheck> compile_checks(const config::PolicyConfig& policy,
                                        const CheckResources& resources);

}  // namespace groundgate::filters::checks
