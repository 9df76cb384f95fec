#include "ir/symbol.h"

#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace fxpp {
namespace {

TEST(SymbolTest, InterningIsIdempotentAndDistinct) {
  Symbol a = Symbol::Intern("add");
  Symbol b = Symbol::Intern(std::string("ad") + "d");
  Symbol c = Symbol::Intern("add_1");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.id(), b.id());
  EXPECT_NE(a, c);
  EXPECT_EQ(a.str(), "add");
  EXPECT_EQ(c.str(), "add_1");
}

TEST(SymbolTest, EmptyStringIsTheDefaultSymbol) {
  EXPECT_TRUE(Symbol().empty());
  EXPECT_EQ(Symbol::Intern(""), Symbol());
  EXPECT_EQ(Symbol().str(), "");
  EXPECT_FALSE(Symbol::Intern("x").empty());
}

TEST(SymbolTest, FindDoesNotIntern) {
  EXPECT_FALSE(Symbol::Find("never-interned-symbol-text").has_value());
  Symbol s = Symbol::Intern("interned-now");
  ASSERT_TRUE(Symbol::Find("interned-now").has_value());
  EXPECT_EQ(*Symbol::Find("interned-now"), s);
  EXPECT_EQ(Symbol::FromId(s.id()), s);
}

TEST(SymbolTest, TextStaysValidAcrossChunkGrowth) {
  absl::string_view first = Symbol::Intern("first-of-many").str();
  std::vector<Symbol> many;
  for (int i = 0; i < 20000; ++i) many.push_back(Symbol::Intern(absl::StrCat("grow_", i)));
  EXPECT_EQ(first, "first-of-many");
  for (int i = 0; i < 20000; i += 997) EXPECT_EQ(many[i].str(), absl::StrCat("grow_", i));
}

TEST(SymbolTest, ConcurrentInterningAgrees) {
  std::vector<std::vector<Symbol>> results(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([t, &results] {
      for (int i = 0; i < 5000; ++i) results[t].push_back(Symbol::Intern(absl::StrCat("mt_", i)));
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 1; t < 4; ++t) EXPECT_EQ(results[t], results[0]);
}

}  // namespace
}  // namespace fxpp
