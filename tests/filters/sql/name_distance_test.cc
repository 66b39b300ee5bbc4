#include "filters/sql/name_distance.h"

#include <gtest/gtest.h>

namespace groundgate::filters::sql {
namespace {

TEST(NameDistance, CountsEditsAndSwapsOverCodePoints) {
  EXPECT_EQ(name_distance("salry", "salary", 3), 1u);
  EXPECT_EQ(name_distance("slaary", "salary", 3), 1u);  // a swap
  EXPECT_EQ(name_distance("Sänger", "sänger", 3), 0u);
  EXPECT_EQ(name_distance("sanger", "sänger", 3), 1u);
  EXPECT_FALSE(name_distance("employees", "dept", 2).has_value());
}

TEST(NameDistance, ClosestNameIsAPlausibleTypoOnly) {
  const std::vector<std::string> columns{"id", "name", "salary", "dept_id"};
  auto s = closest_name("salry", columns);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->name, "salary");
  EXPECT_TRUE(s->unique);
  EXPECT_FALSE(closest_name("bonus", columns));
  EXPECT_FALSE(closest_name("salary", columns));  // itself is no suggestion
}

TEST(NameDistance, TwoEquallyCloseNamesAreNotUnique) {
  const std::vector<std::string> columns{"name1", "name2"};
  auto s = closest_name("name3", columns);
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->unique);
}

TEST(NameDistance, SameNameIgnoresCaseIncludingUmlauts) {
  EXPECT_TRUE(same_name("SÄNGER", "sänger"));
  EXPECT_FALSE(same_name("sanger", "sänger"));
  EXPECT_EQ(fold_name("Länder"), "länder");
}

}  // namespace
}  // namespace groundgate::filters::sql
