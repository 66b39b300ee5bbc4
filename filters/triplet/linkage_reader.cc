#include "filters/triplet/linkage_reader.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "filters/text/function_words.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::triplet {

namespace {

using WordIndex = std::uint16_t;

// Link types, found like words: those that modify a noun from its left or right, and those
// that join a preposition to its object.
constexpr auto kLeftModifiers =
    text::word_table("D", "DD", "DG", "DT", "A", "AN", "AL", "AM", "EA", "EN", "NN", "NA", "NF",
                     "NI", "NJ", "ND", "YS", "YP", "L");
constexpr auto kRightModifiers =
    text::word_table("M", "MX", "J", "JT", "JQ", "IN", "ON", "TY", "NM", "TA");
constexpr auto kPrepObjects = text::word_table("J", "JT", "JQ", "IN", "ON", "TY");
constexpr auto kRelativePronouns = text::word_table("which", "who", "that", "whom");
constexpr auto kConjunctions = text::word_table("and", "or", "but", "nor");

bool has_kind(std::string_view label, std::string_view kind) {
  const std::string_view type = link_type(label);
  const std::string_view kind_type = link_type(kind);
  if (type != kind_type) return false;
  const std::string_view sub = kind.substr(kind_type.size());
  return link_subscript(label).starts_with(sub);
}

Triplet normalised(Triplet t, bool passive) {
  normalise_voice(t, passive);
  return t;
}

struct Phrase {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string text;
};

class Reader {
 public:
  Reader(const Linkage& linkage, std::string_view sentence)
      : linkage_(linkage),
        sentence_(sentence),
        links_of_(linkage.words.size()),
        base_(linkage.words.size()) {
    for (std::size_t l = 0; l < linkage.links.size(); ++l) {
      links_of_[linkage.links[l].left].push_back(l);
      links_of_[linkage.links[l].right].push_back(l);
    }
    for (std::size_t w = 0; w < linkage.words.size(); ++w)
      base_[w] = word_base(linkage.words[w].form);
  }

  std::vector<Triplet> read() {
    std::vector<Triplet> out;
    for (const auto& link : linkage_.links) {
      const std::string_view type = link_type(link.label);
      if (type == "S") {
        add_clause(link.left, link.right, out);
      } else if (type == "SI") {
        add_clause(link.right, link.left, out);
      }
    }
    return out;
  }

 private:
  const Linkage::Link& link(std::size_t l) const { return linkage_.links[l]; }
  WordIndex other(std::size_t l, WordIndex w) const {
    return link(l).left == w ? link(l).right : link(l).left;
  }
  bool is_wall(WordIndex w) const { return linkage_.words[w].form.ends_with("-WALL"); }
  bool is_conjunction(WordIndex w) const {
    const std::string& form = linkage_.words[w].form;
    return form.find(".j") != std::string::npos && kConjunctions.contains(base_[w]);
  }

  // Right neighbour over a link of `type` (exact connector type), if any.
  // `kind` is a connector type, optionally with the first subscript letter: "PP", "Pv".
  std::optional<WordIndex> right_by(WordIndex w, std::string_view kind) const {
    for (const std::size_t l : links_of_[w]) {
      if (link(l).left == w && has_kind(link(l).label, kind)) return link(l).right;
    }
    return std::nullopt;
  }

  // The conjuncts joined by a conjunction word (SJ for nouns, VJ for verbs), recursively.
  void conjuncts(WordIndex w, std::string_view type, std::vector<WordIndex>& out,
                 int depth = 0) const {
    if (!is_conjunction(w) || depth > 4) {
      out.push_back(w);
      return;
    }
    for (const std::size_t l : links_of_[w]) {
      if (link_type(link(l).label) != type) continue;
      const WordIndex o = other(l, w);
      if (o != w) conjuncts(o, type, out, depth + 1);
    }
  }

  // "which" in "the company, which was founded" stands for "the company".
  WordIndex antecedent(WordIndex w) const {
    if (!kRelativePronouns.contains(base_[w])) return w;
    for (const std::size_t l : links_of_[w]) {
      const std::string_view type = link_type(link(l).label);
      if (link(l).right == w && (type == "R" || type == "MX")) return link(l).left;
    }
    return w;
  }

  // The noun phrase headed by `head`: modifiers, possessors, of-complements, appositions;
  // never the words in `stop` (verbs, qualifier prepositions).
  Phrase phrase(WordIndex head, const std::vector<WordIndex>& stop) const {
    std::vector<WordIndex> seen{head};
    for (std::size_t i = 0; i < seen.size() && seen.size() < 64; ++i) {
      const WordIndex w = seen[i];
      for (const std::size_t l : links_of_[w]) {
        const WordIndex o = other(l, w);
        if (is_wall(o) || std::find(seen.begin(), seen.end(), o) != seen.end() ||
            std::find(stop.begin(), stop.end(), o) != stop.end()) {
          continue;
        }
        const std::string_view label = link(l).label;
        const std::string_view type = link_type(label);
        const bool left_mod = o < w && kLeftModifiers.contains(type);
        const bool right_mod =
            o > w && kRightModifiers.contains(type) &&
            !(type == "MX" && link_subscript(label).find('r') != std::string_view::npos);
        const bool name_part =
            (type == "G" || type == "GN") || (type == "CO" && (o + 1 == w || w + 1 == o));
        if (left_mod || right_mod || name_part) seen.push_back(o);
      }
    }
    Phrase p;
    p.begin = sentence_.size();
    for (const WordIndex w : seen) {
      const auto& word = linkage_.words[w];
      if (word.begin == word.end) continue;
      p.begin = std::min(p.begin, word.begin);
      p.end = std::max(p.end, word.end);
    }
    if (p.begin >= p.end) return {};
    // An apposition's closing comma is not part of the phrase.
    while (p.end > p.begin && (sentence_[p.end - 1] == ',' || sentence_[p.end - 1] == ' '))
      --p.end;
    p.text = std::string(sentence_.substr(p.begin, p.end - p.begin));
    return p;
  }

  void add_clause(WordIndex subject_word, WordIndex verb_word, std::vector<Triplet>& out) {
    if (is_wall(subject_word) || is_wall(verb_word)) return;
    std::vector<WordIndex> subjects;
    conjuncts(subject_word, "SJ", subjects);
    std::vector<WordIndex> verbs;
    conjuncts(verb_word, "VJ", verbs);
    for (const WordIndex s : subjects) {
      for (const WordIndex v : verbs)
        add_predicate(antecedent(s), v, out);
    }
  }

  void add_predicate(WordIndex subject_word, WordIndex verb_word, std::vector<Triplet>& out) {
    // Walk the verb chain: auxiliaries, modals, perfect, progressive, passive.
    std::vector<WordIndex> chain{verb_word};
    bool passive = false;
    for (int step = 0; step < 6; ++step) {
      std::optional<WordIndex> next;
      for (const std::string_view type : {"I", "PP", "Pg", "Pv", "IV", "PF"}) {
        if (auto n = right_by(chain.back(), type)) {
          next = n;
          if (type == "Pv") passive = true;
          break;
        }
      }
      if (!next || std::find(chain.begin(), chain.end(), *next) != chain.end()) break;
      chain.push_back(*next);
    }
    for (const std::size_t l : links_of_[chain.back()]) {
      const std::string_view label = link(l).label;
      if (link(l).left == chain.back() && label.size() >= 2 && label[0] == 'P' && label[1] == 'v')
        passive = true;
    }
    const WordIndex main = chain.back();
    bool negated = false;
    for (const WordIndex c : chain) {
      for (const std::size_t l : links_of_[c]) {
        const std::string& b = base_[other(l, c)];
        if (b == "not" || b == "never" || b == "n't") negated = true;
      }
    }

    std::vector<WordIndex> stop = chain;
    stop.push_back(subject_word);
    std::vector<Qualifier> qualifiers;
    std::vector<WordIndex> objects;
    std::optional<WordIndex> predicate_adjective;
    const bool copula = text::kBeForms.contains(base_[main]);
    // Prepositions hanging off the chain are qualifiers, not parts of the noun phrases.
    std::vector<std::pair<WordIndex, WordIndex>> preps;  // (preposition, its object)
    for (const WordIndex c : chain) {
      for (const std::size_t l : links_of_[c]) {
        if (link(l).left != c) continue;
        const std::string_view type = link_type(link(l).label);
        const std::string_view sub = link_subscript(link(l).label);
        const WordIndex r = link(l).right;
        if (type == "O" || type == "OD" || type == "OT") {
          if (c == main) conjuncts(r, "SJ", objects);
        } else if (type == "P" && !sub.empty() && sub[0] == 'a') {
          predicate_adjective = r;
        } else if (type == "MV" || (type == "P" && !sub.empty() && sub[0] == 'p')) {
          preps.emplace_back(r, r);
        }
      }
    }
    // "born in Ulm": the adjective carries the prepositions.
    if (predicate_adjective) {
      for (const std::size_t l : links_of_[*predicate_adjective]) {
        if (link(l).left == *predicate_adjective && link_type(link(l).label) == "MV") {
          preps.emplace_back(link(l).right, link(l).right);
        }
      }
      stop.push_back(*predicate_adjective);
    }
    for (auto& [p, object] : preps)
      stop.push_back(p);
    for (auto& [p, object] : preps) {
      std::optional<WordIndex> target;
      for (const std::size_t l : links_of_[p]) {
        if (link(l).left == p && kPrepObjects.contains(link_type(link(l).label))) {
          target = link(l).right;
          break;
        }
      }
      if (!target) continue;
      std::vector<WordIndex> heads;
      conjuncts(*target, "SJ", heads);
      for (const WordIndex h : heads) {
        Phrase ph = phrase(h, stop);
        if (ph.text.empty()) continue;
        qualifiers.push_back({base_[p], ph.text, ph.begin, ph.end});
      }
    }
    std::sort(qualifiers.begin(), qualifiers.end(),
              [](const Qualifier& a, const Qualifier& b) { return a.begin < b.begin; });

    const Phrase subject = phrase(subject_word, stop);
    if (subject.text.empty()) return;
    Triplet base;
    base.subject = subject.text;
    base.verb = base_[main];
    base.negated = negated;
    std::size_t rel_begin = linkage_.words[chain.front()].begin;
    std::size_t rel_end = linkage_.words[main].end;
    if (predicate_adjective) {
      const auto& adj = linkage_.words[*predicate_adjective];
      if (base_[*predicate_adjective] == "born") {
        base.verb = "born";
        rel_end = adj.end;
      }
    }
    base.relation = std::string(sentence_.substr(rel_begin, rel_end - rel_begin));
    base.begin = std::min(subject.begin, rel_begin);
    base.end = std::max(subject.end, rel_end);
    base.qualifiers = qualifiers;

    std::vector<Phrase> object_phrases;
    for (const WordIndex o : objects) {
      Phrase ph = phrase(o, stop);
      if (!ph.text.empty()) object_phrases.push_back(std::move(ph));
    }
    if (predicate_adjective && base.verb != "born") {
      Phrase ph = phrase(*predicate_adjective, stop);
      if (!ph.text.empty()) object_phrases.push_back(std::move(ph));
    }
    if (object_phrases.empty()) {
      out.push_back(normalised(base, passive));
      return;
    }
    for (const Phrase& ph : object_phrases) {
      Triplet t = base;
      t.object = ph.text;
      t.begin = std::min(t.begin, ph.begin);
      t.end = std::max(t.end, ph.end);
      out.push_back(normalised(t, passive));
    }
    // "X is the author of Y" also claims (X, author of, Y).
    if (copula) {
      for (const WordIndex o : objects) {
        const auto of = std::find_if(links_of_[o].begin(), links_of_[o].end(), [&](std::size_t l) {
          return link(l).left == o && link_type(link(l).label) == "M" &&
                 base_[link(l).right] == "of";
        });
        if (of == links_of_[o].end()) continue;
        const WordIndex of_word = link(*of).right;
        if (auto target = right_by(of_word, "J")) {
          Phrase ph = phrase(*target, stop);
          if (ph.text.empty()) continue;
          Triplet t = base;
          t.verb = base_[o];
          t.relation = base_[o] + " of";
          t.particle = "of";
          t.object = ph.text;
          t.end = std::max(t.end, ph.end);
          out.push_back(normalised(t, false));
        }
      }
    }
  }

  const Linkage& linkage_;
  std::string_view sentence_;
  std::vector<std::vector<std::size_t>> links_of_;
  std::vector<std::string> base_;
};

}  // namespace

std::vector<Triplet> read_triplets(const Linkage& linkage, std::string_view sentence) {
  for (const auto& l : linkage.links) {
    if (l.left >= linkage.words.size() || l.right >= linkage.words.size()) return {};
  }
  for (const auto& w : linkage.words) {
    if (w.begin > w.end || w.end > sentence.size()) return {};
  }
  return Reader(linkage, sentence).read();
}

}  // namespace groundgate::filters::triplet
