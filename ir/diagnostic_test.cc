#include "ir/diagnostic.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace fxpp {
namespace {

TEST(DiagnosticTest, CaretUnderTheColumn) {
  EXPECT_EQ(FormatDiagnostic("f.fx", "graph():\n    %x = bad\n", 14, "what"),
            "f.fx:2:6: error: what\n    %x = bad\n     ^");
  // At the end of a line and at the end of the input.
  EXPECT_EQ(FormatDiagnostic("f", "ab\ncd", 2, "m"), "f:1:3: error: m\nab\n  ^");
  EXPECT_EQ(FormatDiagnostic("f", "ab\ncd", 99, "m"), "f:2:3: error: m\ncd\n  ^");
  EXPECT_EQ(FormatDiagnostic("f", "", 0, "m"), "f:1:1: error: m\n\n^");
}

TEST(DiagnosticTest, TabsAndUtf8KeepTheCaretAligned) {
  // Tabs stay tabs in the caret line; a multi-byte character is one column.
  EXPECT_EQ(FormatDiagnostic("f", "\t\xc3\xa9x!", 3, "m"), "f:1:3: error: m\n\t\xc3\xa9x!\n\t ^");
  // Control characters and bytes that are not UTF-8 show as '?', one column each.
  EXPECT_EQ(FormatDiagnostic("f", "\x08\xff\x80z", 3, "m"), "f:1:4: error: m\n???z\n   ^");
}

TEST(DiagnosticTest, ClipsLongLinesAroundTheColumn) {
  const std::string line = std::string(300, 'a') + "X" + std::string(300, 'b');
  const std::string shown = FormatDiagnostic("f", line, 300, "m");
  EXPECT_EQ(shown, absl::StrCat("f:1:301: error: m\n...", std::string(50, 'a'), "X",
                                std::string(49, 'b'), "...\n", std::string(53, ' '), "^"));
  // Near either end, the window stops at the end.
  EXPECT_EQ(FormatDiagnostic("f", line, 0, "m"),
            absl::StrCat("f:1:1: error: m\n", std::string(100, 'a'), "...\n^"));
  EXPECT_EQ(FormatDiagnostic("f", line, 601, "m"),
            absl::StrCat("f:1:602: error: m\n...", std::string(100, 'b'), "\n", std::string(103, ' '),
                         "^"));
}

TEST(DiagnosticTest, LineColumnAndOffsetAreInverse) {
  const std::string text = "a\xc3\xa9z\n\tq\n";
  for (size_t offset : {0, 1, 3, 4, 5, 6, 7, 8}) {
    const LineColumn at = LineColumnAt(text, offset);
    EXPECT_EQ(OffsetAt(text, at), offset) << offset << " at " << at.line << ":" << at.column;
  }
  EXPECT_EQ(Located("f", text, 3).substr(0), "f:1:3");
  EXPECT_EQ(OffsetAt(text, {1, 6}), absl::nullopt);
  EXPECT_EQ(OffsetAt(text, {4, 1}), absl::nullopt);
}

TEST(DiagnosticTest, AsDiagnosticRewritesReaderErrors) {
  const std::string text = "graph():\n    %x = bad\n";
  const absl::Status located = absl::InvalidArgumentError("in.fx:2:6: expected a value");
  EXPECT_EQ(AsDiagnostic(located, "in.fx", text).message(),
            "in.fx:2:6: error: expected a value\n    %x = bad\n     ^");
  EXPECT_EQ(AsDiagnostic(located, "in.fx", text).code(), absl::StatusCode::kInvalidArgument);
  // Already a diagnostic: kept.
  const absl::Status done = AsDiagnostic(located, "in.fx", text);
  EXPECT_EQ(AsDiagnostic(done, "in.fx", text), done);
  // No position: "file: error: ...", without repeating the file name.
  EXPECT_EQ(AsDiagnostic(absl::InvalidArgumentError("in.pb: root module: bad"), "in.pb", "")
                .message(),
            "in.pb: error: root module: bad");
  EXPECT_EQ(AsDiagnostic(absl::InvalidArgumentError("bad"), "in.pb", "").message(),
            "in.pb: error: bad");
  // A position the text does not have keeps its numbers, without a source line.
  EXPECT_EQ(AsDiagnostic(absl::InvalidArgumentError("in.fx:9:1: gone"), "in.fx", text).message(),
            "in.fx:9:1: error: gone");
  EXPECT_TRUE(AsDiagnostic(absl::OkStatus(), "in.fx", text).ok());
}

}  // namespace
}  // namespace fxpp
