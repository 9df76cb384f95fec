#include "ir/proto/json_position.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace fxpp {
namespace json_position {
namespace {

using ::testing::HasSubstr;

TEST(LineColumnAt, CountsLinesAndCodePoints) {
  const std::string text = "{\n  \"\xc3\xa9\": x";  // é is two bytes, one column
  LineColumn at = LineColumnAt(text, text.size() - 1);
  EXPECT_EQ(at.line, 2);
  EXPECT_EQ(at.column, 8);
  at = LineColumnAt(text, 0);
  EXPECT_EQ(at.line, 1);
  EXPECT_EQ(at.column, 1);
}

struct SyntaxCase {
  std::string text;
  size_t offset;
  std::string message;
};

TEST(FindSyntaxError, ReportsFirstErrorWithOffset) {
  const SyntaxCase cases[] = {
      {"", 0, "expected a JSON value, found the end of the input"},
      {"{\"a\" 1}", 5, "expected ':' after an object key, found '1'"},
      {"{\"a\": 1,}", 8, "expected a quoted object key, found '}'"},
      {"{'a': 1}", 1, "expected a quoted object key, found '''"},
      {"[1 2]", 3, "expected ',' or ']' after an array element, found '2'"},
      {"{\"a\": 1} x", 9, "unexpected text after the JSON value"},
      {"[01]", 1, "a number may not have leading zeros"},
      {"[1.]", 3, "expected a digit after the decimal point"},
      {"[-]", 1, "invalid number"},
      {"[\"abc", 1, "unterminated string"},
      {"[\"a\\q\"]", 3, "invalid escape sequence"},
      {"[\"\\ud800\"]", 2, "unpaired high surrogate"},
      {"[\"\\udc00\"]", 2, "unpaired low surrogate"},
      {"[\"\xff\"]", 2, "invalid UTF-8"},
      {"[\"\xc0\x80\"]", 2, "invalid UTF-8"},  // overlong NUL
      {"[\"a\nb\"]", 3, "control character in a string"},
      {"[tru]", 1, "expected a JSON value, found 't'"},
      {"{\"a\": [1, {\"b\": }]}", 16, "expected a JSON value, found '}'"},
  };
  for (const SyntaxCase& c : cases) {
    SCOPED_TRACE(c.text);
    absl::optional<SyntaxError> error = FindSyntaxError(c.text);
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->offset, c.offset);
    EXPECT_THAT(error->message, HasSubstr(c.message));
  }
}

TEST(FindSyntaxError, AcceptsValidJson) {
  for (const char* text :
       {"{}", "[]", " 1 ", "-0.5e+3", "\"\\u00e9\\ud83d\\ude00\\n\"", "null",
        "{\"a\": [true, false, null, {\"b\": \"\xe2\x82\xac\"}], \"c\": -12}"}) {
    SCOPED_TRACE(text);
    EXPECT_FALSE(FindSyntaxError(text).has_value());
  }
  std::string deep(600, '[');
  deep += std::string(600, ']');
  absl::optional<SyntaxError> error = FindSyntaxError(deep);
  ASSERT_TRUE(error.has_value());
  EXPECT_THAT(error->message, HasSubstr("nesting deeper than"));
}

TEST(FindPath, LocatesKeysAndElements) {
  const std::string text =
      "{\n"
      " \"module\": {\n"
      "  \"graph\": {\"nodes\": [{\"name\": \"x\"}, {\"name\": \"y\", \"op\": 7}]},\n"
      "  \"nnModuleStack\": []\n"
      " }\n"
      "}";
  auto at = [&](absl::string_view path) -> std::string {
    LineColumn lc = LineColumnAt(text, FindPath(text, path));
    return std::to_string(lc.line) + ":" + std::to_string(lc.column);
  };
  EXPECT_EQ(at(""), "1:1");
  EXPECT_EQ(at("module"), "2:2");
  EXPECT_EQ(at("module.graph.nodes[1]"), "3:38");
  EXPECT_EQ(at("module.graph.nodes[1].op"), "3:52");
  EXPECT_EQ(at("module.nn_module_stack"), "4:3");  // proto name matches the camelCase key
  // The longest existing prefix: nodes[5] does not exist.
  EXPECT_EQ(at("module.graph.nodes[5].op"), "3:13");
  EXPECT_EQ(at("nothing"), "1:1");  // falls back to the root
  EXPECT_EQ(at("module.bogus"), "2:2");
}

}  // namespace
}  // namespace json_position
}  // namespace fxpp
