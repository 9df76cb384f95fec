#include "testing/unified_diff.h"

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"

namespace fxpp {
namespace {

// Expected output below is what GNU `diff -u` prints for the same texts.
std::string Diff(absl::string_view expected, absl::string_view actual, int context = 3) {
  return UnifiedDiff(expected, actual, "a", "b", context);
}

// Context large enough to put every change in one hunk spanning both texts.
constexpr int kWholeFile = 1 << 30;

// "1\n2\n...\n<n>\n", with `replace` changing lines (1-based) to other text.
std::string NumberedLines(int n, const std::vector<std::pair<int, std::string>>& replace = {}) {
  std::string text;
  for (int i = 1; i <= n; ++i) {
    std::string line = absl::StrCat(i);
    for (const auto& [number, replacement] : replace) {
      if (number == i) line = replacement;
    }
    absl::StrAppend(&text, line, "\n");
  }
  return text;
}

// The two texts that a whole-file diff shows: context and '-' lines make the
// expected text, context and '+' lines the actual one.
std::pair<std::string, std::string> TextsOf(absl::string_view diff) {
  std::string expected, actual;
  std::vector<std::string*> previous;  // the texts the previous line went to
  std::vector<absl::string_view> lines = absl::StrSplit(diff, '\n', absl::SkipEmpty());
  for (size_t i = 2; i < lines.size(); ++i) {  // after the ---/+++ header
    const absl::string_view line = lines[i];
    switch (line[0]) {
      case ' ':
        previous = {&expected, &actual};
        break;
      case '-':
        previous = {&expected};
        break;
      case '+':
        previous = {&actual};
        break;
      case '\\':  // "\ No newline at end of file"
        for (std::string* text : previous) text->pop_back();
        continue;
      default:  // a hunk header
        continue;
    }
    for (std::string* text : previous) absl::StrAppend(text, line.substr(1), "\n");
  }
  return {expected, actual};
}

int CountChangedLines(absl::string_view diff) {
  int changed = 0;
  std::vector<absl::string_view> lines = absl::StrSplit(diff, '\n');
  for (size_t i = 2; i < lines.size(); ++i) {
    if (absl::StartsWith(lines[i], "-") || absl::StartsWith(lines[i], "+")) ++changed;
  }
  return changed;
}

std::vector<absl::string_view> Lines(absl::string_view text) {
  return absl::StrSplit(text, '\n', absl::SkipEmpty());
}

int LongestCommonSubsequence(absl::string_view a, absl::string_view b) {
  const std::vector<absl::string_view> x = absl::StrSplit(a, '\n');
  const std::vector<absl::string_view> y = absl::StrSplit(b, '\n');
  // Split pieces after a final '\n' are empty and must not match each other.
  const size_t n = a.empty() || a.back() == '\n' ? x.size() - 1 : x.size();
  const size_t m = b.empty() || b.back() == '\n' ? y.size() - 1 : y.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1));
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      // A last line without '\n' only matches another last line without one.
      const bool x_open = i == n && n == x.size();
      const bool y_open = j == m && m == y.size();
      lcs[i][j] = x[i - 1] == y[j - 1] && x_open == y_open ? lcs[i - 1][j - 1] + 1
                                                           : std::max(lcs[i - 1][j], lcs[i][j - 1]);
    }
  }
  return lcs[n][m];
}

// Random lines drawn from `alphabet` distinct texts.
std::string RandomText(std::mt19937& rng, int lines, int alphabet, bool final_newline) {
  std::vector<std::string> text;
  for (int i = 0; i < lines; ++i) {
    text.push_back(absl::StrCat("line", std::uniform_int_distribution<int>(1, alphabet)(rng)));
  }
  return absl::StrCat(absl::StrJoin(text, "\n"), final_newline && lines > 0 ? "\n" : "");
}

TEST(UnifiedDiffTest, EqualTextsHaveNoDiff) {
  EXPECT_EQ(Diff("", ""), "");
  EXPECT_EQ(Diff("a\nb\n", "a\nb\n"), "");
  EXPECT_EQ(Diff("a\nb", "a\nb"), "");
}

TEST(UnifiedDiffTest, Insertion) {
  EXPECT_EQ(UnifiedDiff("a\nb\nc\n", "a\nb\nX\nc\n", "old.txt", "new.txt"),
            "--- old.txt\n+++ new.txt\n"
            "@@ -1,3 +1,4 @@\n a\n b\n+X\n c\n");
}

TEST(UnifiedDiffTest, Deletion) {
  EXPECT_EQ(Diff("a\nb\nc\n", "a\nc\n"),
            "--- a\n+++ b\n"
            "@@ -1,3 +1,2 @@\n a\n-b\n c\n");
}

TEST(UnifiedDiffTest, ChangeShowsRemovedThenAddedLines) {
  EXPECT_EQ(Diff("a\nb\nc\nd\n", "a\nB\nC\nd\n"),
            "--- a\n+++ b\n"
            "@@ -1,4 +1,4 @@\n a\n-b\n-c\n+B\n+C\n d\n");
}

TEST(UnifiedDiffTest, ContextIsLimited) {
  EXPECT_EQ(Diff(NumberedLines(20), NumberedLines(20, {{10, "ten"}})),
            "--- a\n+++ b\n"
            "@@ -7,7 +7,7 @@\n 7\n 8\n 9\n-10\n+ten\n 11\n 12\n 13\n");
}

TEST(UnifiedDiffTest, HunksSplitWhenContextsDoNotTouch) {
  // Seven unchanged lines between the changes: more than 2 * context.
  EXPECT_EQ(Diff(NumberedLines(20), NumberedLines(20, {{5, "five"}, {13, "thirteen"}})),
            "--- a\n+++ b\n"
            "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
            "@@ -10,7 +10,7 @@\n 10\n 11\n 12\n-13\n+thirteen\n 14\n 15\n 16\n");
}

TEST(UnifiedDiffTest, HunksMergeWhenContextsTouch) {
  // Six unchanged lines between the changes: exactly 2 * context.
  EXPECT_EQ(Diff(NumberedLines(20), NumberedLines(20, {{5, "five"}, {12, "twelve"}})),
            "--- a\n+++ b\n"
            "@@ -2,14 +2,14 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n 9\n 10\n 11\n"
            "-12\n+twelve\n 13\n 14\n 15\n");
}

TEST(UnifiedDiffTest, ZeroContextNamesEmptyRangesByThePrecedingLine) {
  const std::string expected = "1\n2\n3\n4\n5\n";
  const std::string actual = "1\n2\nX\n3\n5\n";
  EXPECT_EQ(Diff(expected, actual, 0),
            "--- a\n+++ b\n"
            "@@ -2,0 +3 @@\n+X\n"
            "@@ -4 +4,0 @@\n-4\n");
  EXPECT_EQ(Diff(expected, actual, -1), Diff(expected, actual, 0));
}

TEST(UnifiedDiffTest, MissingTrailingNewline) {
  EXPECT_EQ(Diff("a\nb", "a\nb\n"),
            "--- a\n+++ b\n"
            "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n");
  EXPECT_EQ(Diff("a\nb\n", "a\nc"),
            "--- a\n+++ b\n"
            "@@ -1,2 +1,2 @@\n a\n-b\n+c\n\\ No newline at end of file\n");
  EXPECT_EQ(Diff("x\nz", "y\nz"),
            "--- a\n+++ b\n"
            "@@ -1,2 +1,2 @@\n-x\n+y\n z\n\\ No newline at end of file\n");
}

TEST(UnifiedDiffTest, EmptySides) {
  EXPECT_EQ(Diff("", "a\nb\n"),
            "--- a\n+++ b\n"
            "@@ -0,0 +1,2 @@\n+a\n+b\n");
  EXPECT_EQ(Diff("a\n", ""),
            "--- a\n+++ b\n"
            "@@ -1 +0,0 @@\n-a\n");
}

TEST(UnifiedDiffTest, RandomDiffsAreMinimalAndReproduceBothTexts) {
  std::mt19937 rng(20240601);
  for (int iteration = 0; iteration < 3000; ++iteration) {
    const int alphabet = 1 + iteration % 4;
    const std::string expected = RandomText(rng, iteration % 13, alphabet, rng() % 4 != 0);
    const std::string actual = RandomText(rng, iteration % 11, alphabet, rng() % 4 != 0);
    const std::string diff = Diff(expected, actual, kWholeFile);
    SCOPED_TRACE(absl::StrCat("expected:\n", expected, "\nactual:\n", actual, "\ndiff:\n", diff));
    if (expected == actual) {
      EXPECT_EQ(diff, "");
      continue;
    }
    EXPECT_EQ(TextsOf(diff), std::make_pair(expected, actual));
    EXPECT_EQ(CountChangedLines(diff),
              static_cast<int>(Lines(expected).size() + Lines(actual).size()) -
                  2 * LongestCommonSubsequence(expected, actual));
  }
}

TEST(UnifiedDiffTest, LargeTextsWithFewChanges) {
  std::vector<std::pair<int, std::string>> replace;
  for (int line = 5000; line <= 95000; line += 10000) replace.emplace_back(line, "changed");
  const std::string diff = Diff(NumberedLines(100000), NumberedLines(100000, replace));
  int hunks = 0;
  for (absl::string_view line : Lines(diff)) hunks += absl::StartsWith(line, "@@ ");
  EXPECT_EQ(hunks, 10);
  EXPECT_EQ(CountChangedLines(diff), 20);
  EXPECT_TRUE(absl::StrContains(diff, "@@ -94997,7 +94997,7 @@\n"));
}

TEST(UnifiedDiffTest, LargeDissimilarTextsStayValid) {
  // Few distinct lines make a huge edit distance with many matching lines:
  // quadratic without the cost cut-off.
  std::mt19937 rng(7);
  const std::string expected = RandomText(rng, 100000, 8, true);
  const std::string actual = RandomText(rng, 100000, 8, true);
  EXPECT_EQ(TextsOf(Diff(expected, actual, kWholeFile)), std::make_pair(expected, actual));
}

}  // namespace
}  // namespace fxpp
