// `groundgate triplets FILE`: the triplets the verifier sees in a text, to explain a verdict.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "filters/text/lexicon.h"
#include "filters/triplet/link_dictionary.h"
#include "filters/triplet/triplet_extractor.h"
#include "filters/verdict/json_string.h"
#include "offline/commands.h"
#include "proxy/cli/args.h"

namespace groundgate::offline {

namespace {

namespace triplet = filters::triplet;
using filters::verdict::json_string;

void print_json(std::size_t sentence, std::size_t offset, const triplet::Triplet& t) {
  std::string q = "[";
  for (const auto& x : t.qualifiers) {
    if (q.size() > 1) q += ",";
    q +=
        "{\"preposition\":" + json_string(x.preposition) + ",\"text\":" + json_string(x.text) + "}";
  }
  q += "]";
  std::printf(
      "{\"sentence\":%zu,\"begin\":%zu,\"end\":%zu,\"subject\":%s,\"relation\":%s,\"verb\":%s,"
      "\"object\":%s,\"qualifiers\":%s,\"negated\":%s,\"passive\":%s,\"subject_resolved\":%s,"
      "\"fallback\":%s}\n",
      sentence, offset + t.begin, offset + t.end, json_string(t.subject).c_str(),
      json_string(t.relation).c_str(), json_string(t.verb).c_str(), json_string(t.object).c_str(),
      q.c_str(), t.negated ? "true" : "false", t.passive ? "true" : "false",
      t.subject_resolved ? "true" : "false", t.fallback ? "true" : "false");
}

void print_row(std::size_t sentence, const triplet::Triplet& t) {
  std::string qualifiers;
  for (const auto& x : t.qualifiers)
    qualifiers += " [" + x.preposition + " " + x.text + "]";
  std::printf("%3zu %s %-28s | %s%-22s | %-28s |%s\n", sentence, t.fallback ? "*" : " ",
              t.subject.c_str(), t.negated ? "NOT " : "", t.relation.c_str(), t.object.c_str(),
              qualifiers.c_str());
}

constexpr std::string_view kUsage =
    "usage: groundgate triplets FILE|- [--table] [--rules-only]\n"
    "  the (subject, relation, object) triplets of each sentence of a text, as the triplet\n"
    "  engine reads them; JSON lines, or a table with --table\n"
    "  --rules-only: the rules alone, without the link-grammar parser\n";

}  // namespace

std::string_view triplets_usage() {
  return kUsage;
}

int triplets_command(int argc, char** argv, int first) {
  const Args args(argc, argv, first, {"table", "rules-only"});
  if (!args.error().empty() || args.positional().size() != 1) {
    std::fprintf(stderr, "%s%s\n", kUsage.data(), args.error().c_str());
    return 2;
  }
  const std::string& path = args.positional()[0];
  std::string text;
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "groundgate triplets: cannot read %s\n", path.c_str());
      return 1;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
  }
  triplet::TripletExtractor::Options options;
  std::shared_ptr<const triplet::LinkDictionary> dictionary;
  if (!args.flag("rules-only")) {
    auto loaded = triplet::LinkDictionary::shared();
    if (!loaded.dictionary) {
      std::fprintf(stderr, "groundgate triplets: %s\n", loaded.error.c_str());
      return 1;
    }
    dictionary = loaded.dictionary;
  }
  auto lexicon = filters::text::Lexicon::shared();
  if (!lexicon.lexicon) {
    std::fprintf(stderr, "groundgate triplets: %s (continuing without WordNet)\n",
                 lexicon.error.c_str());
  }
  const triplet::TripletExtractor extractor(dictionary, lexicon.lexicon, options);
  const bool table = args.flag("table");
  if (table)
    std::printf("  # F %-28s | %-26s | %-28s | qualifiers   (F * = fallback)\n", "subject",
                "relation", "object");
  const auto sentences = extractor.extract_text(text);
  for (std::size_t i = 0; i < sentences.size(); ++i) {
    for (const auto& t : sentences[i].triplets) {
      if (table) {
        print_row(i, t);
      } else {
        print_json(i, sentences[i].begin, t);
      }
    }
  }
  const auto stats = extractor.stats();
  std::fprintf(stderr, "%zu sentences, %llu clauses: %llu parsed, %llu fallback\n",
               sentences.size(), static_cast<unsigned long long>(stats.clauses),
               static_cast<unsigned long long>(stats.parsed),
               static_cast<unsigned long long>(stats.fallbacks));
  return 0;
}

}  // namespace groundgate::offline
