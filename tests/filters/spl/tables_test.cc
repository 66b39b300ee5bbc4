// The embedded data tables: Splunk's commands, functions, default fields and the CIM models.
#include <gtest/gtest.h>

#include "filters/spl/cim_models.h"
#include "filters/spl/command_table.h"
#include "filters/spl/function_table.h"
#include "filters/spl/spl_data.h"
#include "filters/spl/splunk_defaults.h"

namespace groundgate::filters::spl {
namespace {

TEST(CommandTable, KnowsCommandsTheirKindsAndAliases) {
  const CommandTable& t = CommandTable::get();
  ASSERT_NE(t.find("STATS"), nullptr);
  EXPECT_EQ(t.find("stats")->type, CommandType::kTransforming);
  EXPECT_EQ(t.find("tstats")->type, CommandType::kGenerating);
  EXPECT_EQ(t.find("inputlookup")->type, CommandType::kGenerating);
  EXPECT_EQ(t.find("makeresults")->type, CommandType::kGenerating);
  EXPECT_EQ(t.find("bucket")->name, "bin");  // an alias reads as its command
  EXPECT_EQ(t.find("spath")->effect, FieldEffect::kOpen);
  EXPECT_EQ(t.find("iplocation")->adds.size(), 5u);
  EXPECT_EQ(t.find("stat"), nullptr);
  EXPECT_EQ(t.find("evel"), nullptr);
  EXPECT_GT(t.names().size(), 150u);
}

TEST(CommandTable, EveryGrammarCommandOfTheIssueIsThere) {
  for (std::string_view c :
       {"search",    "tstats", "stats", "eventstats", "streamstats", "eval",   "where",   "table",
        "fields",    "rename", "rex",   "lookup",     "inputlookup", "dedup",  "sort",    "head",
        "timechart", "bin",    "join",  "append",     "fillnull",    "makemv", "mvexpand"}) {
    const CommandInfo* info = CommandTable::get().find(c);
    ASSERT_NE(info, nullptr) << c;
    EXPECT_EQ(info->effect, FieldEffect::kGrammar) << c;
  }
}

TEST(DataTables, NameTheirSources) {
  for (std::string_view table : {data::kCommands, data::kFunctions, data::kDefaultFields,
                                 data::kBuiltinMacros, data::kCimFields}) {
    EXPECT_NE(table.find("Source"), std::string_view::npos);
  }
}

TEST(FunctionTable, EvalAndStatisticalFunctions) {
  const FunctionTable& f = FunctionTable::get();
  EXPECT_TRUE(f.is_eval("coalesce"));
  EXPECT_TRUE(f.is_eval("relative_time"));
  EXPECT_FALSE(f.is_eval("values"));
  EXPECT_TRUE(f.is_stats("values"));
  EXPECT_TRUE(f.is_stats("dc"));
  EXPECT_TRUE(f.is_stats("perc95"));
  EXPECT_TRUE(f.is_stats("p99"));
  EXPECT_TRUE(f.is_stats("exactperc99.9"));
  EXPECT_FALSE(f.is_stats("perc"));
  EXPECT_FALSE(f.is_stats("cnt"));
  EXPECT_TRUE(f.is_stats("avg") && f.is_eval("avg"));
}

TEST(DefaultFields, EveryEventHasThem) {
  EXPECT_TRUE(is_default_field("_time"));
  EXPECT_TRUE(is_default_field("sourcetype"));
  EXPECT_TRUE(is_default_field("date_hour"));
  EXPECT_TRUE(is_default_field("tag::eventtype"));
  EXPECT_FALSE(is_default_field("process_name"));
  EXPECT_NE(builtin_macros().find_macro("drop_dm_object_name", 1), nullptr);
}

TEST(CimModels, DatasetsAndPrefixedFields) {
  const CimModels& cim = CimModels::get();
  EXPECT_TRUE(cim.has_model("Endpoint"));
  EXPECT_TRUE(cim.has_dataset("Endpoint", "Processes"));
  EXPECT_TRUE(cim.has_dataset("Change", "All_Changes.Account_Management"));
  EXPECT_FALSE(cim.has_dataset("Endpoint", "Process"));
  EXPECT_EQ(cim.model_of_dataset("Processes"), std::optional<std::string_view>("Endpoint"));
  EXPECT_EQ(cim.match("Endpoint", "Processes", "Processes.process_name"), ModelField::kFound);
  EXPECT_EQ(cim.match("Endpoint", "Processes", "Processes._time"), ModelField::kFound);
  EXPECT_EQ(cim.match("Endpoint", "Processes", "Processes.file_name"), ModelField::kOtherDataset);
  EXPECT_EQ(cim.match("Endpoint", "Processes", "Filesystem.file_name"), ModelField::kOtherDataset);
  EXPECT_EQ(cim.match("Endpoint", "", "Filesystem.file_name"), ModelField::kFound);
  EXPECT_EQ(cim.match("Endpoint", "Processes", "DNS.query"), ModelField::kOtherModel);
  EXPECT_EQ(cim.match("Endpoint", "Processes", "Processes.process_title"), ModelField::kUnknown);
  // Inherited fields, by the child's name or the lineage.
  EXPECT_EQ(cim.match("Change", "Account_Management", "All_Changes.user"), ModelField::kFound);
  EXPECT_EQ(
      cim.match("Change", "Account_Management", "All_Changes.Account_Management.src_nt_domain"),
      ModelField::kFound);
  EXPECT_EQ(cim.match("Risk", "All_Risk", "All_Risk.annotations.mitre_attack.mitre_tactic_id"),
            ModelField::kFound);
}

}  // namespace
}  // namespace groundgate::filters::spl
