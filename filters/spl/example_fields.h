#pragma once
// The field names Splunk's search-time extraction gives a raw event, read off an example event
// the metadata shows for a stream (a data source's sample log): automatic key-value extraction
// (`key=value` anywhere in the event, as KV_MODE=auto does: `unit=atd`), XML events (an element
// holding text, `<Data Name='X'>` as the Windows add-on extracts it, attributes as key-value
// pairs) and JSON events (each leaf's path, `userIdentity.arn`, `a{}.b` in arrays, as
// KV_MODE=json names them). An example shows fields a data source's list may lack; it never
// says a field is absent.

#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::spl {

// Distinct names in first-seen order, at most `max_names`.
std::vector<std::string> example_event_fields(std::string_view event, std::size_t max_names = 512);

}  // namespace groundgate::filters::spl
