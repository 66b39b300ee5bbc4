#include "filters/spl/pipeline_walk.h"

#include <algorithm>

#include "filters/spl/cim_models.h"
#include "filters/spl/command_grammar.h"
#include "filters/spl/command_table.h"
#include "filters/spl/function_table.h"
#include "filters/spl/name_checks.h"
#include "filters/spl/splunk_defaults.h"
#include "filters/spl/stream_selection.h"
#include "filters/spl/unlisted_field.h"

namespace groundgate::filters::spl {
namespace {

bool is_number(std::string_view w) {
  return !w.empty() && w.find_first_not_of("0123456789.") == std::string_view::npos;
}

std::vector<std::string> field_candidates(const SplMetadata& metadata, const FieldScope& scope) {
  std::vector<std::string> out = scope.present_names();
  if (scope.events()) {
    const auto names = metadata.names(Kind::kField).names();
    out.insert(out.end(), names.begin(), names.end());
  }
  return out;
}

}  // namespace

FieldScope PipelineWalk::walk(const Pipeline& pipeline, std::size_t depth) {
  FieldScope scope(metadata_);
  for (std::size_t i = 0; i < pipeline.commands.size(); ++i)
    command(pipeline, i, scope, depth);
  return scope;
}

bool PipelineWalk::known_command(const Command& c, std::size_t index, const CommandInfo*& info) {
  info = nullptr;
  if (c.name.empty()) return true;
  if (c.macro_command) return false;  // an unknown macro, reported as such
  info = CommandTable::get().find(c.name);
  if (info != nullptr) return true;
  if (sink_.by_model(c.name_begin, c.name_end)) {
    const auto s = sink_.suggest(c.name, CommandTable::get().names());
    std::optional<std::string> fix;
    if (s && s->unique) fix = s->name;
    sink_.add(FindingType::kSyntax, "unknown_command",
              "no search command `" + std::string(c.name) + "`" + did_you_mean(s), c.name_begin,
              c.name_end, fix);
  }
  return false;
}

void PipelineWalk::check_position(const Command& c, std::size_t index, const CommandInfo& info,
                                  const CommandFacts& facts) {
  if (index > 0 && info.type == CommandType::kGenerating && !facts.generating_appends &&
      sink_.by_model(c.name_begin, c.name_end)) {
    sink_.add(FindingType::kSyntax, "generating_not_first",
              "`" + std::string(c.name) +
                  "` generates results and must be the first command of its search",
              c.name_begin, c.name_end);
  }
}

void PipelineWalk::check_functions(const CommandFacts& facts) {
  const FunctionTable& functions = FunctionTable::get();
  for (const UnknownFunction& u : facts.unknown_functions) {
    if (!sink_.by_model(u.begin, u.end)) continue;
    const auto s =
        sink_.suggest(u.name, u.stats ? functions.stats_names() : functions.eval_names());
    std::optional<std::string> fix;
    if (s && s->unique && s->name.find('#') == std::string::npos) fix = s->name;
    sink_.add(FindingType::kSyntax, "unknown_function",
              "no " + std::string(u.stats ? "statistical" : "eval") + " function `" + u.name + "`" +
                  did_you_mean(fix ? s : std::nullopt),
              u.begin, u.end, fix);
  }
}

void PipelineWalk::narrow_streams(const CommandFacts& facts, FieldScope& scope) {
  if (metadata_.streams().empty() || facts.components.empty()) return;
  const auto all = [](const Component&) { return true; };
  std::vector<bool> selected = select_streams(facts, metadata_, all);
  if (std::find(selected.begin(), selected.end(), true) != selected.end()) {
    scope.select_streams(selected);
    return;
  }
  // Nothing matches. If the model's own components alone already match nothing, its
  // combination is what no stream has; otherwise a definition the prompt gave is at odds with
  // the streams, and nothing can be said.
  const auto model_only = [&](const Component& c) {
    return sink_.by_model(c.value_begin, c.value_end);
  };
  selected = select_streams(facts, metadata_, model_only);
  if (std::find(selected.begin(), selected.end(), true) != selected.end()) return;
  std::vector<const Component*> involved;
  for (const Component& c : facts.components) {
    if (c.equals && model_only(c) && metadata_matches(metadata_, c.kind, c.value)) {
      involved.push_back(&c);
    }
  }
  if (involved.size() < 2) return;  // a fabricated name is reported as such
  std::string reason = "no stream of the metadata has";
  std::uint32_t begin = UINT32_MAX, end = 0;
  for (const Component* c : involved) {
    reason += " " + std::string(to_string(c->kind)) + "=" + c->value;
    begin = std::min(begin, c->key_begin);
    end = std::max(end, c->value_end);
  }
  reason += " together";
  sink_.add(FindingType::kMixed, "combination_not_in_metadata", reason, begin, end);
}

void PipelineWalk::check_model_read(const FieldRef& read, const DataModelUse& model) {
  const std::string& f = read.name;
  if (f == "_time" || f == "host" || f == "source" || f == "sourcetype" || f == "index" ||
      f == "nodename" || f == "tag" || is_number(f)) {
    return;
  }
  if (const auto* own = metadata_.datamodel_fields(model.model)) {
    if (own->empty() || std::find(own->begin(), own->end(), f) != own->end()) return;
    const auto s = sink_.suggest(f, *own);
    sink_.add(FindingType::kFabrication, "unknown_datamodel_field",
              "data model " + model.model + " has no field `" + f + "`" + did_you_mean(s),
              read.begin, read.end,
              s && s->unique ? std::optional<std::string>(s->name) : std::nullopt);
    return;
  }
  const CimModels& cim = CimModels::get();
  if (f.find('.') == std::string::npos) {
    const std::string prefixed =
        (model.dataset.empty() ? model.model : model.dataset.substr(model.dataset.rfind('.') + 1)) +
        "." + f;
    const bool exists = cim.match(model.model, model.dataset, prefixed) == ModelField::kFound;
    sink_.add(FindingType::kFabrication, "unprefixed_datamodel_field",
              "`" + f + "` is not a field of " + model.model +
                  (model.dataset.empty() ? "" : "." + model.dataset) +
                  (exists ? "; data model fields take the dataset prefix: `" + prefixed + "`" : ""),
              read.begin, read.end, exists ? std::optional<std::string>(prefixed) : std::nullopt);
    return;
  }
  switch (cim.match(model.model, model.dataset, f)) {
    case ModelField::kFound:
      return;
    case ModelField::kOtherDataset:
      sink_.add(FindingType::kMixed, "field_of_other_dataset",
                "`" + f + "` is a field of another dataset of " + model.model + ", not of " +
                    (model.dataset.empty() ? model.model : model.dataset),
                read.begin, read.end);
      return;
    case ModelField::kOtherModel:
      sink_.add(FindingType::kMixed, "field_of_other_datamodel",
                "`" + f + "` is a field of another data model, not of " + model.model, read.begin,
                read.end);
      return;
    case ModelField::kUnknown: {
      const std::vector<std::string> fields = cim.prefixed_fields(model.model, model.dataset);
      const auto s = sink_.suggest(f, fields);
      sink_.add(FindingType::kFabrication, "unknown_datamodel_field",
                "no field `" + f + "` in " + model.model +
                    (model.dataset.empty() ? "" : "." + model.dataset) + did_you_mean(s),
                read.begin, read.end,
                s && s->unique ? std::optional<std::string>(s->name) : std::nullopt);
      return;
    }
  }
}

void PipelineWalk::check_event_read(const FieldRef& read, const CommandFacts& facts,
                                    const FieldScope& scope) {
  if (facts.reads_follow_creates) {
    for (const FieldRef& c : facts.creates) {
      if (c.name == read.name) return;
    }
  }
  FieldAbsence absence = scope.find(read.name);
  if (absence == FieldAbsence::kPresent) return;
  // coalesce() takes the next alternative when one is another stream's or gone.
  if (read.optional && absence != FieldAbsence::kUnknown) return;
  if (read.dotted) {
    // `a.b` in an expression: one field, or fields a and b joined by `.`.
    bool parts = true;
    std::size_t start = 0;
    while (start <= read.name.size()) {
      const std::size_t dot = std::min(read.name.find('.', start), read.name.size());
      const std::string_view part = std::string_view(read.name).substr(start, dot - start);
      if (!part.empty() && !is_number(part) && scope.find(part) != FieldAbsence::kPresent) {
        parts = false;
      }
      start = dot + 1;
    }
    if (parts) return;
  }
  const std::string& f = read.name;
  switch (absence) {
    case FieldAbsence::kPresent:
      return;
    case FieldAbsence::kOtherStream:
      sink_.add(FindingType::kMixed, "field_of_other_source",
                "`" + f + "` is a field of another source in the metadata, not of the one searched",
                read.begin, read.end);
      return;
    case FieldAbsence::kDropped:
      if (read.shown) return;
      sink_.add(FindingType::kSyntax, "field_not_in_pipeline",
                "`" + f +
                    "` no longer exists at this point of the search (a command before "
                    "dropped, renamed or summarised it)",
                read.begin, read.end);
      return;
    case FieldAbsence::kUnknown: {
      // A data model's field (`Processes.user`) in a search of raw events: both real, not
      // together.
      const std::size_t dot = f.find('.');
      if (dot != std::string::npos) {
        if (const auto model = CimModels::get().model_of_dataset(f.substr(0, dot));
            model && CimModels::get().match(*model, "", f) == ModelField::kFound) {
          sink_.add(FindingType::kMixed, "datamodel_field_in_event_search",
                    "`" + f + "` is a field of the " + std::string(*model) +
                        " data model; this search reads events, not the data model",
                    read.begin, read.end);
          return;
        }
      }
      if (auto unlisted = explain_unlisted_field(read, metadata_, scope)) {
        sink_.add(FindingType::kUnverified, unlisted->code, std::move(unlisted->reason), read.begin,
                  read.end, std::move(unlisted->replacement));
        return;
      }
      const std::vector<std::string> candidates = field_candidates(metadata_, scope);
      const auto s = sink_.suggest(f, candidates);
      sink_.add(FindingType::kFabrication, "unknown_field",
                "no field `" + f + "` in the metadata or created before" + did_you_mean(s),
                read.begin, read.end,
                s && s->unique ? std::optional<std::string>(s->name) : std::nullopt);
      return;
    }
  }
}

void PipelineWalk::check_reads(const CommandFacts& facts, const FieldScope& scope) {
  for (const FieldRef& read : facts.reads) {
    if (read.name.empty() || !sink_.by_model(read.begin, read.end)) continue;
    if (facts.datamodel_fields && facts.datamodel) {
      check_model_read(read, *facts.datamodel);
    } else {
      check_event_read(read, facts, scope);
    }
  }
}

void PipelineWalk::collect(const CommandFacts& facts) {
  for (const TimeBound& t : facts.times) {
    if (sink_.by_model(t.begin, t.end)) constraints_.times.push_back(t);
  }
  if (facts.limit && sink_.by_model(facts.limit->begin, facts.limit->end)) {
    constraints_.limits.push_back(*facts.limit);
  }
  for (const Component& c : facts.components) {
    if (c.equals && sink_.by_model(c.value_begin, c.value_end))
      constraints_.components.push_back(c);
  }
}

void PipelineWalk::command(const Pipeline& pipeline, std::size_t index, FieldScope& scope,
                           std::size_t depth) {
  const Command& c = pipeline.commands[index];
  ++commands_;
  const CommandInfo* info = nullptr;
  if (!known_command(c, index, info)) {
    scope.set_open();
    return;
  }
  if (!c.balanced) {
    // Its arguments cannot be read (the parser reported the parenthesis): nothing more is
    // said of it, and nothing of the fields after it.
    scope.set_open();
    return;
  }
  CommandFacts facts = read_command(c, sink_.expanded(), info);
  if (info != nullptr) check_position(c, index, *info, facts);
  if (c.name.empty() && index == 0 && !c.args.empty()) {
    // `tstats count ...` without its pipe searches for the word "tstats".
    const Token& first = c.args.front();
    const CommandInfo* named = CommandTable::get().find(first.text(sink_.expanded()));
    if (first.kind == TokenKind::kWord && named != nullptr &&
        named->type == CommandType::kGenerating && c.args.size() > 1 &&
        sink_.by_model(first.begin, first.end)) {
      sink_.add(FindingType::kSyntax, "missing_pipe",
                "`" + std::string(first.text(sink_.expanded())) +
                    "` is a generating command: it needs a pipe before it",
                first.begin, first.end, "| " + std::string(first.text(sink_.expanded())));
    }
  }
  for (const SyntaxIssue& issue : facts.issues) {
    if (sink_.by_model(issue.begin, std::max(issue.begin + 1, issue.end))) {
      sink_.add(FindingType::kSyntax, issue.code, issue.reason, issue.begin, issue.end);
    }
  }
  check_functions(facts);
  check_components(facts, metadata_,
                   facts.datamodel  ? ComponentScope::kDataModel
                   : scope.events() ? ComponentScope::kEvents
                                    : ComponentScope::kResults,
                   sink_);
  check_lookups(facts, metadata_, sink_);
  const bool model_known = check_datamodel(facts, metadata_, sink_);
  if (scope.events()) narrow_streams(facts, scope);
  if (!facts.datamodel_fields || model_known) check_reads(facts, scope);
  collect(facts);

  // Lookups bring their fields: the OUTPUT list (creates), or all of a known lookup's.
  for (const LookupUse& use : facts.lookups) {
    if (!use.all_outputs) continue;
    const auto* fields = metadata_.lookup_fields(use.name);
    if (fields == nullptr || fields->empty()) {
      facts.open = true;
    } else {
      for (const std::string& f : *fields)
        facts.creates.push_back({f, use.begin, use.end, false});
    }
  }
  std::vector<FieldScope> joined;
  for (const Token& t : c.args) {
    if (t.kind != TokenKind::kSubsearch || t.aux == UINT32_MAX) continue;
    FieldScope sub = walk(pipeline.subsearches[t.aux], depth + 1);
    if (std::find(facts.joined.begin(), facts.joined.end(), t.aux) != facts.joined.end()) {
      joined.push_back(std::move(sub));
    }
  }
  scope.apply(facts);
  for (const FieldScope& sub : joined)
    scope.join(sub);
}

}  // namespace groundgate::filters::spl
