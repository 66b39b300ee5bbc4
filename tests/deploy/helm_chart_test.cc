// The Helm chart as `helm template` renders it (tests/deploy/helm_render): the output passes
// yamllint, the proxy Service does not publish the admin port (metrics has its own Service, and
// a NetworkPolicy lets only the scraper reach it), every groundgate container is locked down,
// the embedded config loads and guards chat completions, TLS comes from a Secret, and the
// autoscaler and the disruption budget are there.
#include <yaml-cpp/yaml.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "config/config_loader.h"

namespace groundgate::config {
namespace {

struct Rendered {
  std::string text;
  int status = -1;
};

// `arguments`: helm_render's, after the chart directory ("--set tls.enabled=true").
Rendered render(const std::string& arguments = {}) {
  const std::string command =
      std::string(GG_HELM_RENDER) + " " + GG_CHART_DIR + " " + arguments + " 2>&1";
  Rendered out;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return out;
  std::array<char, 4096> buffer;
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
    out.text.append(buffer.data(), n);
  out.status = ::pclose(pipe);
  return out;
}

std::vector<YAML::Node> objects(const Rendered& rendered) {
  std::vector<YAML::Node> out;
  for (const YAML::Node& doc : YAML::LoadAll(rendered.text)) {
    if (doc.IsMap()) out.push_back(doc);
  }
  return out;
}

YAML::Node find(const std::vector<YAML::Node>& objects, const std::string& kind,
                const std::string& name) {
  for (const YAML::Node& o : objects) {
    if (o["kind"].as<std::string>() == kind && o["metadata"]["name"].as<std::string>() == name) {
      return o;
    }
  }
  return YAML::Node();
}

bool has(const std::vector<YAML::Node>& objects, const std::string& kind) {
  for (const YAML::Node& o : objects) {
    if (o["kind"].as<std::string>() == kind) return true;
  }
  return false;
}

LoadResult embedded_config(const std::vector<YAML::Node>& objects) {
  const YAML::Node map = find(objects, "ConfigMap", "release-groundgate");
  return load_config_string(map["data"]["groundgate.yaml"].as<std::string>(), "configmap");
}

TEST(HelmChart, RendersYamlThatPassesYamllint) {
  for (const char* arguments :
       {"", "--set tls.enabled=true --set metrics.serviceMonitor.enabled=true",
        "--set autoscaling.enabled=false --set podDisruptionBudget.enabled=false"}) {
    const Rendered rendered = render(arguments);
    ASSERT_EQ(0, rendered.status) << rendered.text;
    const std::string path = ::testing::TempDir() + "/rendered.yaml";
    std::ofstream(path) << rendered.text;
    const std::string lint =
        std::string(GG_YAMLLINT) + " --strict -c " + GG_YAMLLINT_CONFIG + " " + path;
    EXPECT_EQ(0, std::system(lint.c_str())) << arguments << "\n" << rendered.text;
  }
}

TEST(HelmChart, TheProxyServiceDoesNotPublishTheAdminPort) {
  const auto rendered = objects(render());
  const YAML::Node proxy = find(rendered, "Service", "release-groundgate");
  ASSERT_TRUE(proxy);
  ASSERT_EQ(1u, proxy["spec"]["ports"].size());
  EXPECT_EQ("proxy", proxy["spec"]["ports"][0]["name"].as<std::string>());
  const YAML::Node metrics = find(rendered, "Service", "release-groundgate-metrics");
  ASSERT_TRUE(metrics);
  EXPECT_EQ("ClusterIP", metrics["spec"]["type"].as<std::string>());
  EXPECT_EQ("metrics", metrics["spec"]["ports"][0]["name"].as<std::string>());
  EXPECT_EQ(9901, metrics["spec"]["ports"][0]["port"].as<int>());
  EXPECT_EQ("metrics",
            metrics["metadata"]["labels"]["app.kubernetes.io/component"].as<std::string>());
}

TEST(HelmChart, TheEmbeddedConfigListensOnThePortsAndGuardsChat) {
  const auto rendered = objects(render());
  const LoadResult r = embedded_config(rendered);
  ASSERT_TRUE(r.config);
  EXPECT_EQ("0.0.0.0", r.config->listen.host);
  EXPECT_EQ(8080, r.config->listen.port);
  EXPECT_EQ(9901, r.config->admin_listen.port);
  const RouteConfig& chat = r.config->routes.front();
  EXPECT_EQ("/v1/chat/completions", chat.match.path_prefix);
  ASSERT_NE(nullptr, r.config->find_policy(chat.policy));
  EXPECT_TRUE(r.config->find_policy(chat.policy)->verifies());
  EXPECT_TRUE(r.config->reload.watch) << "the chart relies on the config watch";
  // The probes and the metrics Service reach the admin listener by its port's name.
  const YAML::Node deployment = find(rendered, "Deployment", "release-groundgate");
  const YAML::Node container = deployment["spec"]["template"]["spec"]["containers"][0];
  EXPECT_EQ("metrics", container["readinessProbe"]["httpGet"]["port"].as<std::string>());
  EXPECT_EQ(9901, container["ports"][1]["containerPort"].as<int>());
}

TEST(HelmChart, TlsComesFromASecretMountedAsADirectory) {
  const auto rendered = objects(render("--set tls.enabled=true --set tls.secretName=gw-cert"));
  const YAML::Node deployment = find(rendered, "Deployment", "release-groundgate");
  const YAML::Node pod = deployment["spec"]["template"]["spec"];
  bool secret = false;
  for (const YAML::Node& volume : pod["volumes"]) {
    if (volume["secret"]) secret = volume["secret"]["secretName"].as<std::string>() == "gw-cert";
  }
  EXPECT_TRUE(secret);
  for (const YAML::Node& mount : pod["containers"][0]["volumeMounts"])
    EXPECT_FALSE(mount["subPath"]) << "a subPath mount is never updated by the kubelet";
  // The config names the mounted files (they exist only in the pod, so it is not loaded here).
  const std::string config =
      find(rendered, "ConfigMap", "release-groundgate")["data"]["groundgate.yaml"]
          .as<std::string>();
  EXPECT_NE(config.find("cert_file: /etc/groundgate/tls/tls.crt"), std::string::npos) << config;
  EXPECT_NE(config.find("key_file: /etc/groundgate/tls/tls.key"), std::string::npos) << config;
}

TEST(HelmChart, AutoscalerAndDisruptionBudget) {
  const auto scaled = objects(render());
  EXPECT_TRUE(has(scaled, "HorizontalPodAutoscaler"));
  EXPECT_TRUE(has(scaled, "PodDisruptionBudget"));
  EXPECT_FALSE(find(scaled, "Deployment", "release-groundgate")["spec"]["replicas"])
      << "the autoscaler owns the replica count";
  const auto fixed =
      objects(render("--set autoscaling.enabled=false --set podDisruptionBudget.enabled=false"));
  EXPECT_FALSE(has(fixed, "HorizontalPodAutoscaler"));
  EXPECT_FALSE(has(fixed, "PodDisruptionBudget"));
  EXPECT_EQ(2, find(fixed, "Deployment", "release-groundgate")["spec"]["replicas"].as<int>());
}

TEST(HelmChart, AServiceMonitorSelectsTheMetricsService) {
  const auto rendered = objects(render("--set metrics.serviceMonitor.enabled=true"));
  const YAML::Node monitor = find(rendered, "ServiceMonitor", "release-groundgate");
  ASSERT_TRUE(monitor);
  EXPECT_EQ(
      "metrics",
      monitor["spec"]["selector"]["matchLabels"]["app.kubernetes.io/component"].as<std::string>());
  EXPECT_EQ("metrics", monitor["spec"]["endpoints"][0]["port"].as<std::string>());
}

TEST(HelmChart, AMissingRequiredValueFailsTheRender) {
  const Rendered rendered = render("--set tls.enabled=true --set tls.secretName=");
  EXPECT_NE(0, rendered.status);
  EXPECT_NE(rendered.text.find("tls.secretName is required"), std::string::npos) << rendered.text;
}

// The groundgate container of every shipped manifest runs as the image's non-root user, with a
// read-only root, no capabilities, no privilege escalation and the runtime's default seccomp
// profile (deploy/image/test_image.sh runs the image the same way).
void expect_locked_down(const YAML::Node& pod_spec, const std::string& source) {
  YAML::Node container;
  for (const YAML::Node& c : pod_spec["containers"]) {
    if (c["name"].as<std::string>() == "groundgate") container = c;
  }
  ASSERT_TRUE(container) << source;
  const YAML::Node pod = pod_spec["securityContext"];
  const YAML::Node own = container["securityContext"];
  ASSERT_TRUE(own) << source;
  const auto setting = [&](const char* key) { return own[key] ? own[key] : pod[key]; };
  EXPECT_TRUE(setting("runAsNonRoot").as<bool>()) << source;
  EXPECT_EQ(65532, setting("runAsUser").as<int>()) << source;
  EXPECT_FALSE(own["allowPrivilegeEscalation"].as<bool>()) << source;
  EXPECT_TRUE(own["readOnlyRootFilesystem"].as<bool>()) << source;
  ASSERT_TRUE(own["capabilities"]["drop"]) << source;
  EXPECT_EQ("ALL", own["capabilities"]["drop"][0].as<std::string>()) << source;
  EXPECT_EQ("RuntimeDefault", setting("seccompProfile")["type"].as<std::string>()) << source;
}

TEST(DeployManifests, EveryGroundgateContainerIsLockedDown) {
  const auto rendered = objects(render());
  const YAML::Node deployment = find(rendered, "Deployment", "release-groundgate");
  ASSERT_TRUE(deployment);
  expect_locked_down(deployment["spec"]["template"]["spec"], "helm chart");
  const std::string sidecar = std::string(GG_CHART_DIR) + "/../../kubernetes/sidecar.yaml";
  int deployments = 0;
  for (const YAML::Node& doc : YAML::LoadAllFromFile(sidecar)) {
    if (doc["kind"].as<std::string>() != "Deployment") continue;
    ++deployments;
    expect_locked_down(doc["spec"]["template"]["spec"], sidecar);
  }
  EXPECT_EQ(1, deployments);
}

TEST(HelmChart, OnlyTheMetricsScraperReachesTheAdminPort) {
  const auto rendered = objects(render());
  const YAML::Node policy = find(rendered, "NetworkPolicy", "release-groundgate");
  ASSERT_TRUE(policy);
  EXPECT_EQ("Ingress", policy["spec"]["policyTypes"][0].as<std::string>());
  const YAML::Node rules = policy["spec"]["ingress"];
  ASSERT_EQ(2u, rules.size());
  EXPECT_EQ("proxy", rules[0]["ports"][0]["port"].as<std::string>());
  EXPECT_FALSE(rules[0]["from"]) << "apps reach the proxy from any pod by default";
  EXPECT_EQ("metrics", rules[1]["ports"][0]["port"].as<std::string>());
  ASSERT_TRUE(rules[1]["from"]);
  EXPECT_EQ("monitoring",
            rules[1]["from"][0]["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"]
                .as<std::string>());
  EXPECT_FALSE(has(objects(render("--set networkPolicy.enabled=false")), "NetworkPolicy"));
}

}  // namespace
}  // namespace groundgate::config
