// Field provenance: what a pipeline has at each point.
#include "filters/spl/field_scope.h"

#include <gtest/gtest.h>

#include "tests/filters/spl/spl_test_support.h"

namespace groundgate::filters::spl {
namespace {

CommandFacts creating(std::vector<std::string> names, Output output = Output::kKeep) {
  CommandFacts f;
  for (std::string& n : names)
    f.creates.push_back({std::move(n), 0, 0, false});
  f.output = output;
  return f;
}

TEST(FieldScope, EventsCarryMetadataAndDefaultFields) {
  const FieldScope scope(*testing::prompt());
  EXPECT_TRUE(scope.events());
  EXPECT_EQ(scope.find("CommandLine"), FieldAbsence::kPresent);
  EXPECT_EQ(scope.find("_time"), FieldAbsence::kPresent);
  EXPECT_EQ(scope.find("eventName"), FieldAbsence::kPresent);  // every stream selected
  EXPECT_EQ(scope.find("CommandLines"), FieldAbsence::kUnknown);
}

TEST(FieldScope, SelectedStreamsDecideWhoseFieldsAreThere) {
  FieldScope scope(*testing::prompt());
  // Streams in the order the JSON nests them: sysmon, security, cloud, cloud_archive.
  scope.select_streams({true, false, false, false});
  EXPECT_EQ(scope.find("CommandLine"), FieldAbsence::kPresent);
  EXPECT_EQ(scope.find("eventName"), FieldAbsence::kOtherStream);
  EXPECT_EQ(scope.find("TargetUserName"), FieldAbsence::kOtherStream);
}

TEST(FieldScope, TransformingCommandsKeepOnlyWhatTheyMake) {
  FieldScope scope(*testing::prompt());
  scope.apply(creating({"count", "user"}, Output::kReplace));
  EXPECT_FALSE(scope.events());
  EXPECT_EQ(scope.find("user"), FieldAbsence::kPresent);
  EXPECT_EQ(scope.find("CommandLine"), FieldAbsence::kDropped);  // it was there before
  EXPECT_EQ(scope.find("made_up"), FieldAbsence::kUnknown);
}

TEST(FieldScope, RenamesMoveFieldsIncludingWildcards) {
  FieldScope scope(*testing::prompt());
  scope.apply(creating({"Processes.dest", "Processes.user", "count"}, Output::kReplace));
  CommandFacts drop;
  drop.renames.push_back({"Processes.*", "*", 0, 0});
  scope.apply(drop);
  EXPECT_EQ(scope.find("dest"), FieldAbsence::kPresent);
  EXPECT_EQ(scope.find("Processes.dest"), FieldAbsence::kDropped);
  EXPECT_EQ(scope.find("count"), FieldAbsence::kPresent);

  FieldScope events(*testing::prompt());
  CommandFacts rename;
  rename.renames.push_back({"Computer", "dest_host", 0, 0});
  events.apply(rename);
  EXPECT_EQ(events.find("dest_host"), FieldAbsence::kPresent);
  EXPECT_EQ(events.find("Computer"), FieldAbsence::kDropped);
}

TEST(FieldScope, TableKeepsWhatItNames) {
  FieldScope scope(*testing::prompt());
  CommandFacts table;
  table.keeps = true;
  table.kept = {{"Image", 0, 0}, {"User", 0, 0}, {"date_*", 0, 0}};
  scope.apply(table);
  EXPECT_EQ(scope.find("Image"), FieldAbsence::kPresent);
  EXPECT_EQ(scope.find("date_hour"), FieldAbsence::kPresent);
  EXPECT_EQ(scope.find("CommandLine"), FieldAbsence::kDropped);
}

TEST(FieldScope, AnOpenScopeProvesNothing) {
  FieldScope scope(*testing::prompt());
  scope.apply(creating({"x"}, Output::kReplace));
  scope.set_open();
  EXPECT_EQ(scope.find("anything"), FieldAbsence::kPresent);
}

TEST(FieldScope, JoinedResultsAddTheirFields) {
  FieldScope main(*testing::prompt());
  main.apply(creating({"user", "count"}, Output::kReplace));
  FieldScope sub(*testing::prompt());
  sub.apply(creating({"user", "team"}, Output::kReplace));
  main.join(sub);
  EXPECT_EQ(main.find("team"), FieldAbsence::kPresent);
  EXPECT_FALSE(main.open());
}

TEST(FieldScope, WithoutFieldMetadataEventFieldsCannotBeChecked) {
  const SplMetadata nothing;
  const FieldScope scope(nothing);
  EXPECT_FALSE(scope.fields_checkable());
  EXPECT_EQ(scope.find("whatever"), FieldAbsence::kPresent);
}

}  // namespace
}  // namespace groundgate::filters::spl
