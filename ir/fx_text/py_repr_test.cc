#include "ir/fx_text/py_repr.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "gtest/gtest.h"

namespace fxpp {
namespace {

double FromBits(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof(d));
  return d;
}

uint64_t ToBits(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof(d));
  return bits;
}

// repr() of each value, as CPython 3.11 prints it.
struct FloatCase {
  const char* repr;
  uint64_t bits;
};
constexpr FloatCase kFloatCases[] = {
    {"0.0", 0x0000000000000000},
    {"-0.0", 0x8000000000000000},
    {"1.0", 0x3ff0000000000000},
    {"-1.0", 0xbff0000000000000},
    {"0.1", 0x3fb999999999999a},
    {"0.5", 0x3fe0000000000000},
    {"2.5", 0x4004000000000000},
    {"100.0", 0x4059000000000000},
    {"1e+16", 0x4341c37937e08000},
    {"1000000000000000.0", 0x430c6bf526340000},
    {"9999999999999998.0", 0x4341c37937e07fff},
    {"0.0001", 0x3f1a36e2eb1c432d},
    {"1e-05", 0x3ee4f8b588e368f1},
    {"0.00012345", 0x3f202e4b6ce5dc68},
    {"1.2345e-05", 0x3ee9e3abe16fc70d},
    {"1e+22", 0x4480f0cf064dd592},
    {"1e-300", 0x01a56e1fc2f8f359},
    {"5e-324", 0x0000000000000001},
    {"1.7976931348623157e+308", 0x7fefffffffffffff},
    {"2.2250738585072014e-308", 0x0010000000000000},
    {"123456789.0", 0x419d6f3454000000},
    {"0.3333333333333333", 0x3fd5555555555555},
    {"0.6666666666666666", 0x3fe5555555555555},
    {"1e+100", 0x54b249ad2594c37d},
    {"-1e-100", 0xab2bff2ee48e0530},
    {"1234567890123456.8", 0x43118b54f22aeb03},
    {"1.2345678901234568e+16", 0x4345ee2a2eb5a5c4},
    {"3.141592653589793", 0x400921fb54442d18},
    {"inf", 0x7ff0000000000000},
    {"-inf", 0xfff0000000000000},
    {"nan", 0x7ff8000000000000},
    {"1.5e+16", 0x434aa535d3d0c000},
    {"0.001", 0x3f50624dd2f1a9fc},
    {"123.456", 0x405edd2f1a9fbe77},
    {"-2.5e-07", 0xbe90c6f7a0b5ed8d},
    {"4.35", 0x4011666666666666},
    {"9007199254740992.0", 0x4340000000000000},
    {"9.223372036854776e+18", 0x43e0000000000000},
    {"1e+21", 0x444b1ae4d6e2ef50},
    {"1e-07", 0x3e7ad7f29abcaf48},
};

TEST(PyFloatRepr, MatchesPython) {
  for (const FloatCase& c : kFloatCases) {
    EXPECT_EQ(PyFloatRepr(FromBits(c.bits)), c.repr);
    double parsed;
    ASSERT_TRUE(ParsePyFloat(c.repr, &parsed)) << c.repr;
    if (std::isnan(parsed)) continue;
    EXPECT_EQ(ToBits(parsed), c.bits) << c.repr;
  }
}

TEST(PyFloatRepr, RoundTripsRandomBitPatterns) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 200000; ++i) {
    const double v = FromBits(rng());
    if (std::isnan(v)) continue;
    const std::string repr = PyFloatRepr(v);
    double parsed;
    ASSERT_TRUE(ParsePyFloat(repr, &parsed)) << repr;
    ASSERT_EQ(ToBits(parsed), ToBits(v)) << repr;
  }
}

TEST(ParsePyFloat, OnlyCanonicalSpellings) {
  double v;
  for (const char* text : {"1", "-3", "1.50", "1e5", "1E-05", "+1.0", "Infinity", "-nan", "NaN",
                           ".5", "5.", "1e-5", "0x1p3", "", "1.0 ", "1_0.0"}) {
    EXPECT_FALSE(ParsePyFloat(text, &v)) << text;
  }
}

TEST(ParsePyInt, OnlyCanonicalSpellings) {
  int64_t v;
  EXPECT_TRUE(ParsePyInt("0", &v));
  EXPECT_TRUE(ParsePyInt("-9223372036854775808", &v));
  EXPECT_EQ(v, std::numeric_limits<int64_t>::min());
  EXPECT_TRUE(ParsePyInt("1099511627776", &v));
  EXPECT_EQ(v, int64_t{1099511627776});
  // 18 digits are accumulated directly, 19 go through from_chars.
  EXPECT_TRUE(ParsePyInt("-999999999999999999", &v));
  EXPECT_EQ(v, int64_t{-999999999999999999});
  EXPECT_TRUE(ParsePyInt("9223372036854775807", &v));
  EXPECT_EQ(v, std::numeric_limits<int64_t>::max());
  for (const char* text : {"", "-", "-0", "007", "+1", "1.0", "9223372036854775808", "1 "}) {
    EXPECT_FALSE(ParsePyInt(text, &v)) << text;
  }
  EXPECT_TRUE(IsPyBigInt("9223372036854775808"));
  EXPECT_TRUE(IsPyBigInt("-1180591620717411303424"));
  EXPECT_FALSE(IsPyBigInt("922337203685477580"));
  EXPECT_FALSE(IsPyBigInt("0123456789012345678901"));
}

TEST(IsPyComplex, ReprForms) {
  for (const char* text : {"2j", "-1.5j", "(1+2j)", "(-0-1j)", "(1.5e-05+infj)", "(nan+nanj)",
                           "1e+16j"}) {
    EXPECT_TRUE(IsPyComplex(text)) << text;
  }
  for (const char* text : {"j", "(1+2)", "(1+2j", "1+2j", "(+2j)", "(a+bj)", "()"}) {
    EXPECT_FALSE(IsPyComplex(text)) << text;
  }
}

std::string StrRepr(absl::string_view s) {
  std::string out;
  AppendPyStrRepr(s, &out);
  return out;
}

TEST(PyStrRepr, MatchesPython) {
  EXPECT_EQ(StrRepr("mean"), "'mean'");
  EXPECT_EQ(StrRepr(""), "''");
  EXPECT_EQ(StrRepr("it's"), "\"it's\"");
  EXPECT_EQ(StrRepr("quote\"s"), "'quote\"s'");
  EXPECT_EQ(StrRepr("a'b\"c"), "'a\\'b\"c'");
  EXPECT_EQ(StrRepr("x\ty\n\r\x01\x7f\\"), "'x\\ty\\n\\r\\x01\\x7f\\\\'");
  // é is printable; NBSP and LINE SEPARATOR are not; emoji pass through.
  EXPECT_EQ(StrRepr("\xc3\xa9\xc2\xa0\xe2\x80\xa8\xf0\x9f\x98\x80"),
            "'\xc3\xa9\\xa0\\u2028\xf0\x9f\x98\x80'");
  std::string single;
  AppendSingleQuoted("it's", &single);
  EXPECT_EQ(single, "'it\\'s'");
}

TEST(ParsePyStringLiteral, DecodesWhatReprWrites) {
  for (absl::string_view s :
       {"", "mean", "it's", "a'b\"c", "x\ty\n\r\x01\x7f\\", "\xc3\xa9\xc2\xa0\xe2\x80\xa8",
        "\xf0\x9f\x98\x80 emoji"}) {
    const std::string repr = StrRepr(s);
    const PyStringLiteral lit = ParsePyStringLiteral(repr, 0);
    ASSERT_TRUE(lit.ok) << repr;
    EXPECT_EQ(lit.value, s);
    EXPECT_EQ(lit.end, repr.size());
  }
  const PyStringLiteral octal = ParsePyStringLiteral(R"('\0\101\x41\u00e9\U0001F600')", 0);
  ASSERT_TRUE(octal.ok);
  EXPECT_EQ(octal.value, std::string("\0AA\xc3\xa9\xf0\x9f\x98\x80", 9));
}

TEST(FindInvalidUtf8, RejectsWhatProtobufRejects) {
  EXPECT_EQ(FindInvalidUtf8(""), absl::string_view::npos);
  EXPECT_EQ(FindInvalidUtf8("ascii \xc3\xa9 \xe2\x80\xa8 \xf0\x9f\x98\x80"), absl::string_view::npos);
  EXPECT_EQ(FindInvalidUtf8("ab\x92"), 2u);                 // stray continuation byte
  EXPECT_EQ(FindInvalidUtf8("a\xc3"), 1u);                  // truncated
  EXPECT_EQ(FindInvalidUtf8("a\xc0\xaf"), 1u);              // overlong '/'
  EXPECT_EQ(FindInvalidUtf8("\xed\xa0\x80"), 0u);           // surrogate U+D800
  EXPECT_EQ(FindInvalidUtf8("\xf4\x90\x80\x80"), 0u);       // beyond U+10FFFF
  // Past the eight-byte ASCII steps.
  EXPECT_EQ(FindInvalidUtf8("abcdefgh\xc3\xa9ijklmnopq"), absl::string_view::npos);
  EXPECT_EQ(FindInvalidUtf8("abcdefghijklmnopq\xff"), 17u);
  EXPECT_EQ(FindInvalidUtf8("abcdefghijklmno\xe2\x82"), 15u);
}

// The copy is exact, and valid exactly when FindInvalidUtf8 finds nothing,
// wherever a bad byte or a character split sits against the pieces.
TEST(AppendCheckingUtf8, AgreesWithFindInvalidUtf8) {
  const std::string euro = "\xe2\x82\xac";
  std::vector<std::string> texts;
  for (bool newlines : {false, true}) {
    for (size_t at : {size_t{0}, size_t{65535}, size_t{65536}, size_t{65537}, size_t{200000}}) {
      std::string text;
      for (size_t i = 0; text.size() < 300000; ++i) text += newlines && i % 7 == 0 ? "\n" : "ab";
      texts.push_back(text.substr(0, at) + euro + text.substr(at));  // valid, maybe split
      texts.push_back(text.substr(0, at) + "\xe2\x82" + text.substr(at));  // truncated
      texts.push_back(text.substr(0, at) + "\xff" + text.substr(at));
    }
  }
  for (const std::string& text : texts) {
    std::string copy = "prefix \xff";  // appended to, not checked
    const bool valid = AppendCheckingUtf8(text, &copy);
    EXPECT_EQ(copy, "prefix \xff" + text);
    EXPECT_EQ(valid, FindInvalidUtf8(text) == absl::string_view::npos);
  }
}

TEST(ParsePyStringLiteral, Errors) {
  struct Case {
    const char* text;
    size_t offset;
    const char* error;
  };
  for (const Case& c : {Case{"'abc", 0, "unterminated string literal"},
                        Case{"x 'ab\ncd'", 2, "unterminated string literal"},
                        Case{"'ab\\", 0, "unterminated string literal"},
                        Case{"'a\\q'", 2, "invalid escape sequence"},
                        Case{"'\\x4'", 1, "truncated \\x/\\u/\\U escape"},
                        Case{"'\\U00110000'", 1, "escape beyond U+10FFFF"},
                        Case{"'a\\ud800'", 2, "surrogate escape (not representable in UTF-8)"}}) {
    const size_t start = absl::string_view(c.text).find('\'');
    const PyStringLiteral lit = ParsePyStringLiteral(c.text, start);
    EXPECT_FALSE(lit.ok) << c.text;
    EXPECT_EQ(lit.error_offset, c.offset) << c.text;
    EXPECT_STREQ(lit.error, c.error) << c.text;
  }
}

}  // namespace
}  // namespace fxpp
