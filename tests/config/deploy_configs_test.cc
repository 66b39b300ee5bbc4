// The groundgate configs embedded in deploy/ (the Kubernetes sidecar's ConfigMap and the Helm
// chart's default values) load without errors, guard every answer API (chat completions,
// legacy completions, Responses) and reload on their own (tests/deploy renders the whole chart).
#include <yaml-cpp/yaml.h>

#include <gtest/gtest.h>

#include <string>

#include "config/config_loader.h"
#include "tests/config/config_test_util.h"
#include "tests/config/guarded_routes.h"

namespace groundgate::config {
namespace {

void expect_guarded(const LoadResult& r, const std::string& source) {
  ASSERT_TRUE(r.config) << source << ": " << ::testing::PrintToString(testing::messages(r));
  expect_answers_guarded(*r.config, source);
  EXPECT_TRUE(r.config->reload.watch) << source << ": deploy files rely on the config watch";
}

TEST(DeployConfigs, KubernetesSidecarConfigMapLoadsAndGuards) {
  const std::string path = std::string(GG_DEPLOY_DIR) + "/kubernetes/sidecar.yaml";
  std::string embedded;
  for (const YAML::Node& doc : YAML::LoadAllFromFile(path)) {
    if (doc["kind"].as<std::string>() == "ConfigMap") {
      embedded = doc["data"]["groundgate.yaml"].as<std::string>();
    }
  }
  ASSERT_FALSE(embedded.empty()) << path;
  const LoadResult r = load_config_string(embedded, path);
  expect_guarded(r, path);
  // A sidecar serves its own pod only.
  EXPECT_EQ("127.0.0.1", r.config->listen.host);
}

TEST(DeployConfigs, HelmChartDefaultConfigLoadsAndGuards) {
  const std::string path = std::string(GG_DEPLOY_DIR) + "/helm/groundgate/values.yaml";
  const YAML::Node values = YAML::LoadFile(path);
  const std::string embedded = values["config"].as<std::string>();
  const LoadResult r = load_config_string(embedded, path);
  expect_guarded(r, path);
}

}  // namespace
}  // namespace groundgate::config
