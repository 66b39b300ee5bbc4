#include "config/route_section.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <unordered_map>
#include <unordered_set>

#include "config/suggestion.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 5> kRouteKeys{"name", "match", "upstream", "policy",
                                                     "allow_policy_header"};
constexpr std::array<std::string_view, 4> kMatchKeys{"path_prefix", "methods", "headers", "model"};

// RFC 9110 token characters: what a method or a header name may be made of.
bool is_token(std::string_view s) {
  static constexpr std::string_view kSpecials = "!#$%&'*+-.^_`|~";
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           kSpecials.find(c) != std::string_view::npos;
  });
}

std::string to_lower(std::string s) {
  for (char& c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string to_upper(std::string s) {
  for (char& c : s)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

void read_methods(const YamlField& field, std::vector<std::string>& out, ErrorSink& errors) {
  auto list = read_list(field, errors);
  if (!list) return;
  for (const YamlField& f : *list) {
    auto method = read_string(f, errors);
    if (!method) continue;
    if (!is_token(*method)) {
      errors.add(f.mark(), f.path + ": invalid HTTP method '" + method->substr(0, 64) + "'");
    } else if (*method != to_upper(*method)) {
      errors.add(f.mark(), f.path + ": methods are case-sensitive; write '" + to_upper(*method) +
                               "' instead of '" + *method + "'");
    } else {
      out.push_back(std::move(*method));
    }
  }
}

void read_headers(const YamlField& field, std::vector<HeaderMatch>& out, ErrorSink& errors) {
  YamlMap map(field, {}, errors);
  for (const YamlField& f : map.entries()) {
    if (!is_token(f.key)) {
      errors.add(f.key_mark, f.path + ": invalid header name '" + f.key.substr(0, 64) + "'");
      continue;
    }
    // A header with no value only has to be present.
    std::string value;
    if (!f.value.IsNull()) {
      auto s = read_string(f, errors);
      if (!s) continue;
      value = std::move(*s);
    }
    out.push_back(HeaderMatch{to_lower(f.key), std::move(value)});
  }
}

void read_match(const YamlField& field, RouteMatch& out, ErrorSink& errors) {
  YamlMap map(field, kMatchKeys, errors);
  if (auto f = map.get("path_prefix")) {
    if (auto s = read_string(*f, errors)) {
      if (s->empty() || s->front() != '/') {
        errors.add(f->mark(), f->path + ": must start with '/', got '" + s->substr(0, 64) + "'");
      } else if (s->find('?') != std::string::npos) {
        errors.add(f->mark(), f->path + ": must not contain a query ('?'); queries are ignored");
      } else {
        out.path_prefix = std::move(*s);
      }
    }
  }
  if (auto f = map.get("methods")) read_methods(*f, out.methods, errors);
  if (auto f = map.get("headers")) read_headers(*f, out.headers, errors);
  if (auto f = map.get("model")) {
    if (auto s = read_string(*f, errors)) out.model = std::move(*s);
  }
}

// The names a route may refer to, indexed once for all routes.
class KnownNames {
 public:
  template <typename T>
  KnownNames(std::string_view what, const std::vector<T>& defined) : what_(what) {
    for (const T& d : defined) {
      names_.push_back(d.name);
      set_.insert(d.name);
    }
  }

  void check(const YamlField& f, const std::string& name, ErrorSink& errors) const {
    if (set_.contains(name)) return;
    std::string msg = f.path + ": unknown " + std::string(what_) + " '" + name.substr(0, 64) + "'";
    if (std::string hint = errors.full() ? "" : closest_match(name, names_); !hint.empty()) {
      msg += "; did you mean '" + hint + "'?";
    } else if (names_.empty()) {
      msg += " (none are defined)";
    } else {
      msg += " (defined: ";
      for (std::size_t i = 0; i < names_.size() && i < 10; ++i) {
        if (i) msg += ", ";
        msg += names_[i];
      }
      msg += names_.size() > 10 ? ", ...)" : ")";
    }
    errors.add(f.mark(), std::move(msg));
  }

 private:
  std::string_view what_;
  std::vector<std::string_view> names_;
  std::unordered_set<std::string_view> set_;
};

RouteConfig read_route(const YamlField& field, std::size_t index, const KnownNames& upstreams,
                       const KnownNames& policies, ErrorSink& errors) {
  RouteConfig r;
  r.name = "route-" + std::to_string(index);
  YamlMap map(field, kRouteKeys, errors);
  if (!map.valid()) return r;
  if (auto f = map.get("name")) {
    if (auto name = read_name(*f, errors)) r.name = std::move(*name);
  }
  if (auto f = map.get("match")) read_match(*f, r.match, errors);
  if (auto f = map.require("upstream", errors)) {
    if (auto name = read_string(*f, errors)) {
      r.upstream = std::move(*name);
      upstreams.check(*f, r.upstream, errors);
    }
  }
  if (auto f = map.get("policy")) {
    if (auto name = read_string(*f, errors)) {
      r.policy = std::move(*name);
      if (!r.policy.empty()) policies.check(*f, r.policy, errors);
    }
  }
  if (auto f = map.get("allow_policy_header")) {
    if (auto b = read_bool(*f, errors)) r.allow_policy_header = *b;
  }
  return r;
}

}  // namespace

std::vector<RouteConfig> read_routes(const YamlField& field,
                                     const std::vector<UpstreamConfig>& upstreams,
                                     const std::vector<PolicyConfig>& policies, ErrorSink& errors) {
  std::vector<RouteConfig> out;
  auto list = read_list(field, errors);
  if (!list) return out;
  const KnownNames upstream_names("upstream", upstreams);
  const KnownNames policy_names("policy", policies);
  std::unordered_map<std::string, std::size_t> seen;  // name → first index
  for (std::size_t i = 0; i < list->size(); ++i) {
    const YamlField& f = (*list)[i];
    RouteConfig r = read_route(f, i, upstream_names, policy_names, errors);
    auto [first, inserted] = seen.emplace(r.name, i);
    if (!inserted) {
      errors.add(f.mark(), f.path + ": duplicate route name '" + r.name + "' (also routes[" +
                               std::to_string(first->second) + "])");
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace groundgate::config
