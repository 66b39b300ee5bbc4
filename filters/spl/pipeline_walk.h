#pragma once
// A parsed search walked command by command: each command's grammar read, its names checked,
// its field reads held against the fields the pipeline has at that point (field_scope.h), its
// subsearches walked in their own scope. Collects what the question check needs.

#include <vector>

#include "filters/spl/command_facts.h"
#include "filters/spl/command_table.h"
#include "filters/spl/field_scope.h"
#include "filters/spl/finding_sink.h"
#include "filters/spl/spl_metadata.h"
#include "filters/spl/spl_parser.h"

namespace groundgate::filters::spl {

// The constraints the model wrote, for the misinterpretation check.
struct Constraints {
  std::vector<TimeBound> times;
  std::vector<ResultLimit> limits;
  std::vector<Component> components;  // index, sourcetype and source it restricted to
};

class PipelineWalk {
 public:
  PipelineWalk(const SplMetadata& metadata, FindingSink& sink) : metadata_(metadata), sink_(sink) {}

  // The scope after the pipeline's last command.
  FieldScope walk(const Pipeline& pipeline, std::size_t depth = 0);
  const Constraints& constraints() const { return constraints_; }
  std::size_t commands() const { return commands_; }

 private:
  void command(const Pipeline& pipeline, std::size_t index, FieldScope& scope, std::size_t depth);
  bool known_command(const Command& command, std::size_t index, const CommandInfo*& info);
  void check_position(const Command& command, std::size_t index, const CommandInfo& info,
                      const CommandFacts& facts);
  void check_functions(const CommandFacts& facts);
  void narrow_streams(const CommandFacts& facts, FieldScope& scope);
  void check_reads(const CommandFacts& facts, const FieldScope& scope);
  void check_event_read(const FieldRef& read, const CommandFacts& facts, const FieldScope& scope);
  void check_model_read(const FieldRef& read, const DataModelUse& model);
  void collect(const CommandFacts& facts);

  const SplMetadata& metadata_;
  FindingSink& sink_;
  Constraints constraints_;
  std::size_t commands_ = 0;
};

}  // namespace groundgate::filters::spl
