#pragma once
// A request target's path as an origin server may read it, for the proxy's own decisions
// (which route, whether the request is a completion to inspect); the target itself is
// forwarded as it came. Servers differ in what they take for the same path: some decode every
// percent-escape (%2F included) before routing, some ignore ";" parameters, some compare
// without regard to case. The proxy reads the path the widest way so that no spelling of a
// completion path reaches a model uninspected.

#include <string>
#include <string_view>

namespace groundgate::proxy::http1 {

// The path of `target` (query and fragment dropped) with every percent-escape decoded, ASCII
// letters lowercased, ";" parameters dropped from each segment, empty and "." segments
// removed, ".." segments resolved (RFC 3986 section 5.2.4) and no trailing slash; "/" at least.
std::string normalized_path(std::string_view target);

}  // namespace groundgate::proxy::http1
