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

  // The verb chain from `verb_word`: auxiliaries, modals, perfect, progressive, passive; the
  // last word is the main verb.
  struct VerbChain {
    std::vector<WordIndex> words;
    bool passive = false;
  };
  VerbChain verb_chain(WordIndex verb_word) const {
    VerbChain chain{{verb_word}, false};
    for (int step = 0; step < 6; ++step) {
      std::optional<WordIndex> next;
      for (const std::string_view type : {"I", "PP", "Pg", "Pv", "IV", "PF"}) {
        if (auto n = right_by(chain.words.back(), type)) {
          next = n;
          if (type == "Pv") chain.passive = true;
          break;
        }
      }
      if (!next || std::find(chain.words.begin(), chain.words.end(), *next) != chain.words.end())
        break;
      chain.words.push_back(*next);
    }
    for (const std::size_t l : links_of_[chain.words.back()]) {
      const std::string_view label = link(l).label;
      if (link(l).left == chain.words.back() && label.size() >= 2 && label[0] == 'P' &&
          label[1] == 'v')
        chain.passive = true;
    }
    return chain;
  }

  // A negation linked to any word of the chain.
  bool negated(const std::vector<WordIndex>& chain) const {
    for (const WordIndex c : chain) {
      for (const std::size_t l : links_of_[c]) {
        const std::string& b = base_[other(l, c)];
        if (b == "not" || b == "never" || b == "n't") return true;
      }
    }
    return false;
  }

  // What hangs off the verb chain to its right: objects (of the main verb), a predicate
  // adjective, prepositions (qualifiers, not parts of the noun phrases).
  struct Complements {
    std::vector<WordIndex> objects;
    std::optional<WordIndex> predicate_adjective;
    std::vector<WordIndex> preps;
  };
  Complements complements(const std::vector<WordIndex>& chain) const {
    Complements out;
    const WordIndex main = chain.back();
    for (const WordIndex c : chain) {
      for (const std::size_t l : links_of_[c]) {
        if (link(l).left != c) continue;
        const std::string_view type = link_type(link(l).label);
        const std::string_view sub = link_subscript(link(l).label);
        const WordIndex r = link(l).right;
        if (type == "O" || type == "OD" || type == "OT") {
          if (c == main) conjuncts(r, "SJ", out.objects);
        } else if (type == "P" && !sub.empty() && sub[0] == 'a') {
          out.predicate_adjective = r;
        } else if (type == "MV" || (type == "P" && !sub.empty() && sub[0] == 'p')) {
          out.preps.push_back(r);
        }
      }
    }
    // "born in Ulm": the adjective carries the prepositions.
    if (out.predicate_adjective) {
      for (const std::size_t l : links_of_[*out.predicate_adjective]) {
        if (link(l).left == *out.predicate_adjective && link_type(link(l).label) == "MV")
          out.preps.push_back(link(l).right);
      }
    }
    return out;
  }

  // The prepositional phrases of `preps`, in sentence order.
  std::vector<Qualifier> qualifiers(const std::vector<WordIndex>& preps,
                                    const std::vector<WordIndex>& stop) const {
    std::vector<Qualifier> out;
    for (const WordIndex p : preps) {
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
        out.push_back({base_[p], ph.text, ph.begin, ph.end});
      }
    }
    std::sort(out.begin(), out.end(),
              [](const Qualifier& a, const Qualifier& b) { return a.begin < b.begin; });
    return out;
  }

  // The clause's triplet without its object: subject, relation (the chain's words, through
  // "born" when that is the predicate adjective), negation, qualifiers.
  Triplet clause_base(const Phrase& subject, const VerbChain& chain, const Complements& c,
                      std::vector<Qualifier> qualifiers) const {
    const WordIndex main = chain.words.back();
    Triplet base;
    base.subject = subject.text;
    base.verb = base_[main];
    base.negated = negated(chain.words);
    const std::size_t rel_begin = linkage_.words[chain.words.front()].begin;
    std::size_t rel_end = linkage_.words[main].end;
    if (c.predicate_adjective && base_[*c.predicate_adjective] == "born") {
      base.verb = "born";
      rel_end = linkage_.words[*c.predicate_adjective].end;
    }
    base.relation = std::string(sentence_.substr(rel_begin, rel_end - rel_begin));
    base.begin = std::min(subject.begin, rel_begin);
    base.end = std::max(subject.end, rel_end);
    base.qualifiers = std::move(qualifiers);
    return base;
  }

  // The noun phrases of the objects, then of a predicate adjective (not "born", which is part
  // of the relation).
  std::vector<Phrase> object_phrases(const Complements& c, const Triplet& base,
                                     const std::vector<WordIndex>& stop) const {
    std::vector<Phrase> out;
    for (const WordIndex o : c.objects) {
      Phrase ph = phrase(o, stop);
      if (!ph.text.empty()) out.push_back(std::move(ph));
    }
    if (c.predicate_adjective && base.verb != "born") {
      Phrase ph = phrase(*c.predicate_adjective, stop);
      if (!ph.text.empty()) out.push_back(std::move(ph));
    }
    return out;
  }

  // "X is the author of Y" also claims (X, author of, Y).
  void add_of_complements(const Triplet& base, const std::vector<WordIndex>& objects,
                          const std::vector<WordIndex>& stop, std::vector<Triplet>& out) const {
    for (const WordIndex o : objects) {
      const auto of = std::find_if(links_of_[o].begin(), links_of_[o].end(), [&](std::size_t l) {
        return link(l).left == o && link_type(link(l).label) == "M" && base_[link(l).right] == "of";
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

  void add_predicate(WordIndex subject_word, WordIndex verb_word, std::vector<Triplet>& out) {
    const VerbChain chain = verb_chain(verb_word);
    const Complements c = complements(chain.words);
    // Verbs, the subject, the predicate adjective and the prepositions end the noun phrases.
    std::vector<WordIndex> stop = chain.words;
    stop.push_back(subject_word);
    if (c.predicate_adjective) stop.push_back(*c.predicate_adjective);
    stop.insert(stop.end(), c.preps.begin(), c.preps.end());
    std::vector<Qualifier> quals = qualifiers(c.preps, stop);

    const Phrase subject = phrase(subject_word, stop);
    if (subject.text.empty()) return;
    const Triplet base = clause_base(subject, chain, c, std::move(quals));
    const std::vector<Phrase> objects = object_phrases(c, base, stop);
    if (objects.empty()) {
      out.push_back(normalised(base, chain.passive));
      return;
    }
    for (const Phrase& ph : objects) {
      Triplet t = base;
      t.object = ph.text;
      t.begin = std::min(t.begin, ph.begin);
      t.end = std::max(t.end, ph.end);
      out.push_back(normalised(t, chain.passive));
    }
    if (text::kBeForms.contains(base_[chain.words.back()]))
      add_of_complements(base, c.objects, stop, out);
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
