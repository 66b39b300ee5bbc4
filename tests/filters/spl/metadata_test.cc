// SPL metadata from the structured JSON form, from prose, and from files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "filters/spl/example_fields.h"
#include "filters/spl/metadata_file.h"
#include "filters/spl/metadata_json.h"
#include "filters/spl/metadata_text.h"
#include "tests/filters/spl/spl_test_support.h"

namespace groundgate::filters::spl {
namespace {

TEST(MetadataJson, NestingMakesStreamsAndFlatNames) {
  const SplMetadata& m = *testing::prompt();
  EXPECT_TRUE(m.names(Kind::kIndex).contains("endpoint"));
  EXPECT_TRUE(m.names(Kind::kIndex).contains("ENDPOINT"));  // indexes compare ignoring case
  EXPECT_TRUE(m.names(Kind::kSourcetype).contains("aws:cloudtrail"));
  EXPECT_TRUE(m.names(Kind::kSource).contains("XmlWinEventLog:Security"));
  EXPECT_TRUE(m.names(Kind::kField).contains("userIdentity.arn"));
  EXPECT_FALSE(m.names(Kind::kField).contains("useridentity.arn"));  // fields do not
  ASSERT_EQ(m.streams().size(), 4u);
  EXPECT_EQ(m.streams()[0].index, "endpoint");
  EXPECT_TRUE(m.streams()[0].fields_known);
  EXPECT_TRUE(m.loose_fields().empty());
  ASSERT_NE(m.find_macro("security_content_ctime", 1), nullptr);
  EXPECT_EQ(m.find_macro("security_content_ctime", 1)->arguments[0], "field");
  EXPECT_EQ(m.find_macro("security_content_ctime", 0), nullptr);
  ASSERT_NE(m.lookup_fields("threat_domains"), nullptr);
  EXPECT_EQ(m.lookup_fields("threat_domains")->size(), 3u);
}

TEST(MetadataJson, ListsStreamsAndMacroArrays) {
  const MetadataJson j = metadata_from_json(R"json({
    "indexes": ["main"], "sourcetypes": ["st"], "sources": ["src"], "fields": ["a", "b"],
    "lookups": ["l1"], "datamodels": {"My_Model": ["Things.name"]},
    "streams": [{"sourcetype": "st", "source": "src"}],
    "macros": [{"name": "m(1)", "definition": "x=$v$", "arguments": ["v"]}],
    "description": "ignored"})json");
  ASSERT_TRUE(j.metadata) << j.error;
  const SplMetadata& m = *j.metadata;
  EXPECT_TRUE(m.loose_fields().contains("a"));
  EXPECT_FALSE(m.streams()[0].fields_known);
  EXPECT_NE(m.find_macro("m", 1), nullptr);
  EXPECT_TRUE(m.lookup_fields("l1")->empty());
  EXPECT_EQ(m.datamodel_fields("My_Model")->at(0), "Things.name");
}

TEST(MetadataJson, MalformedDocumentsAreRefusedWhole) {
  EXPECT_FALSE(metadata_from_json("not json").metadata);
  EXPECT_FALSE(metadata_from_json("[1]").metadata);
  EXPECT_FALSE(metadata_from_json(R"({"fields": "a"})").metadata);
  EXPECT_FALSE(metadata_from_json(R"({"fields": [1]})").metadata);
  EXPECT_FALSE(metadata_from_json(R"({"macros": {"m": {"arguments": []}}})").metadata);
  EXPECT_FALSE(metadata_from_json(R"({"indexes": {"i": 5}})").metadata);
  const std::string long_name = R"({"fields": [")" + std::string(2000, 'x') + R"("]})";
  EXPECT_EQ(metadata_from_json(long_name).error, "field is too long");
}

TEST(ExampleEvent, KeyValuePairsAnywhere) {
  const std::vector<std::string> f = example_event_fields(
      "type=SERVICE_STOP msg=audit(1.4:48): pid=1 msg='unit=atd comm=\"systemd\"' a==b 9x=1");
  EXPECT_EQ(f, (std::vector<std::string>{"type", "msg", "pid", "unit", "comm", "x"}));
}

TEST(ExampleEvent, XmlDataNamesElementsAndAttributes) {
  const std::vector<std::string> f = example_event_fields(
      "<Event><System><EventID>7</EventID><Execution ProcessID='24'/><Computer>h</Computer>"
      "</System><EventData><Data Name='ImageLoaded'>C:\\x.dll</Data><Data Name='Signed'>"
      "false</Data></EventData></Event>");
  for (std::string_view name : {"EventID", "ProcessID", "Computer", "ImageLoaded", "Signed"}) {
    EXPECT_NE(std::find(f.begin(), f.end(), name), f.end()) << name;
  }
  EXPECT_EQ(std::find(f.begin(), f.end(), "Data"), f.end());
  EXPECT_EQ(std::find(f.begin(), f.end(), "Event"), f.end());  // holds elements, not text
}

TEST(ExampleEvent, JsonLeafPaths) {
  const std::vector<std::string> f = example_event_fields(
      R"({"eventName": "x", "userIdentity": {"arn": "a", "type": "IAMUser"},
          "resources": [{"ARN": "r"}], "tags": ["t"]})");
  EXPECT_EQ(f, (std::vector<std::string>{"eventName", "userIdentity.arn", "userIdentity.type",
                                         "resources{}.ARN", "tags{}"}));
  EXPECT_EQ(example_event_fields("a=1 b=2 c=3", 2).size(), 2u);  // bounded
}

TEST(MetadataJson, ExampleEventsExtendAListNeverMakeOne) {
  const MetadataJson j = metadata_from_json(R"json({"streams": [
      {"sourcetype": "a", "fields": ["x"], "examples": ["x=1 y=2"]},
      {"sourcetype": "b", "example": "z=3"}]})json");
  ASSERT_TRUE(j.metadata) << j.error;
  const SplMetadata& m = *j.metadata;
  EXPECT_EQ(m.streams()[0].fields, (std::vector<std::string>{"x", "y"}));
  EXPECT_TRUE(m.stream_has_field(0, "y"));
  EXPECT_FALSE(m.streams()[1].fields_known);  // one event is no list
  EXPECT_FALSE(m.names(Kind::kField).contains("z"));
  EXPECT_FALSE(metadata_from_json(R"({"streams": [{"fields": [], "examples": "x=1"}]})").metadata);
  EXPECT_FALSE(metadata_from_json(R"({"streams": [{"fields": [], "examples": [1]}]})").metadata);
}

TEST(MetadataText, ListsTablesInlineNamesAndExamples) {
  SplMetadata m;
  add_metadata_text(R"(You help analysts write Splunk searches.
Available indexes: web, security
- Sourcetype: access_combined
Fields: clientip, status, uri_path
Macros: `web_logs`

| index | sourcetype | source | fields |
|---|---|---|---|
| web | access_combined | /var/log/nginx/access.log | clientip, status, bytes |
| security | linux_secure | /var/log/secure | user, src |

Example: index=web sourcetype=access_combined status=404
```spl
index=security sourcetype=linux_secure action=failure | lookup geo_ip ip as src | stats count by user
```)",
                    m);
  EXPECT_TRUE(m.names(Kind::kIndex).contains("web"));
  EXPECT_TRUE(m.names(Kind::kIndex).contains("security"));
  EXPECT_TRUE(m.names(Kind::kSourcetype).contains("access_combined"));
  EXPECT_TRUE(m.names(Kind::kSourcetype).contains("linux_secure"));
  EXPECT_TRUE(m.names(Kind::kSource).contains("/var/log/secure"));
  EXPECT_TRUE(m.names(Kind::kField).contains("uri_path"));
  EXPECT_TRUE(m.names(Kind::kField).contains("action"));  // compared in the example search
  EXPECT_TRUE(m.names(Kind::kMacro).contains("web_logs"));
  EXPECT_TRUE(m.names(Kind::kLookup).contains("geo_ip"));
  ASSERT_EQ(m.streams().size(), 2u);
  EXPECT_EQ(m.streams()[1].source, "/var/log/secure");
  EXPECT_EQ(m.streams()[1].fields, (std::vector<std::string>{"user", "src"}));
  EXPECT_TRUE(m.mentioned("analysts"));
}

TEST(MetadataText, AQuoteALineLeavesOpenHidesNoLaterName) {
  SplMetadata m;
  add_metadata_text(R"(Example event of linux:audit:
    type=EXECVE msg=audit(1:2): argc=2 a0="sh -c
Finish the search with the macro `audit_filter` and keep index=linux.)",
                    m);
  EXPECT_TRUE(m.names(Kind::kMacro).contains("audit_filter"));
  EXPECT_TRUE(m.names(Kind::kIndex).contains("linux"));
  EXPECT_TRUE(m.mentioned("argc"));
}

TEST(MetadataFile, JsonOrProse) {
  const std::string path = ::testing::TempDir() + "spl_metadata_test.json";
  {
    std::ofstream out(path);
    out << R"({"indexes": ["main"]})";
  }
  const MetadataFile json = load_metadata_file(path);
  ASSERT_TRUE(json.metadata) << json.error;
  EXPECT_TRUE(json.metadata->names(Kind::kIndex).contains("main"));
  const MetadataFile prose = metadata_from_document("Indexes: a, b");
  EXPECT_TRUE(prose.metadata->names(Kind::kIndex).contains("b"));
  EXPECT_FALSE(load_metadata_file(path + ".missing").metadata);
  std::remove(path.c_str());
}

TEST(SplMetadata, MergeKeepsEverything) {
  SplMetadata a = *testing::prompt();
  SplMetadata b;
  b.add(Kind::kIndex, "extra");
  b.add_macro_name("opaque");
  a.merge(b);
  EXPECT_TRUE(a.names(Kind::kIndex).contains("extra"));
  EXPECT_TRUE(a.names(Kind::kMacro).contains("opaque"));
  EXPECT_FALSE(a.has_macro_definition("opaque"));
  EXPECT_EQ(a.streams().size(), 4u);
  EXPECT_TRUE(glob_match("XmlWinEventLog:*", "xmlwineventlog:security", true));
  EXPECT_FALSE(glob_match("XmlWinEventLog:*", "xmlwineventlog:security", false));
}

}  // namespace
}  // namespace groundgate::filters::spl
