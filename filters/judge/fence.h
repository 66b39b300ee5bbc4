#pragma once
// Data in a judge's prompt (the context, the question, the answer's sentence, a model's own
// explanation) goes between an opening and a closing tag that carry a nonce drawn for that
// prompt: `<context id="9f2c…">` … `</context id="9f2c…">`. The instructions say that what is
// inside is data, never instructions; text in the data cannot close the fence early, since it
// cannot know the nonce (a fresh one per prompt, never one the data contains).

#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::judge {

// 16 hex digits from a per-thread generator seeded by the system's entropy.
std::string random_nonce();

// A nonce that none of `data` contains.
std::string nonce_not_in(const std::vector<std::string_view>& data);

// `data` between its tags, each on a line of its own. `attributes` (e.g. `n="2"`) go after the
// id in the opening tag.
void append_fenced(std::string& out, std::string_view tag, std::string_view data,
                   std::string_view nonce, std::string_view attributes = {});

}  // namespace groundgate::filters::judge
