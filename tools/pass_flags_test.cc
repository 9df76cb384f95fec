// Adding an option to a pass is one edit: the PassOption line below. From
// it alone the option shows in --list-passes, parses in a pipeline, and
// becomes a flag of a tool, with its help and default in the tool's --help.
#include "tools/pass_flags.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "passes/registry.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

struct ProbeOptions {
  int64_t min_widgets = 4;
  bool loud = false;
};

class ProbePass : public Pass {
 public:
  explicit ProbePass(ProbeOptions options) : options_(options) {}
  absl::string_view name() const override { return "probe"; }
  absl::StatusOr<bool> Run(GraphModule&) override { return false; }
  PassReport Report() const override {
    return {{{"min_widgets", options_.min_widgets, "the option it was built with"}}};
  }

 private:
  ProbeOptions options_;
};

const PassDescriptor& ProbeDescriptor() {
  static const auto* const descriptor = new TypedPassDescriptor<ProbeOptions>(
      "probe", "a test-only pass",
      {
          PassOption<ProbeOptions>("min_widgets", &ProbeOptions::min_widgets,
                                   "fewest widgets worth it", AtLeast(1)),  // the one edit
          PassOption<ProbeOptions>("loud", &ProbeOptions::loud, "say more"),
      },
      [](ProbeOptions options) { return std::make_unique<ProbePass>(options); });
  return *descriptor;
}

int64_t BuiltWith(absl::StatusOr<std::unique_ptr<Pass>> pass) {
  EXPECT_TRUE(pass.ok()) << pass.status();
  return pass.ok() ? (*pass)->Report().statistics.at(0).value : -1;
}

TEST(PassFlagsTest, AnOptionDeclaredOnceShowsEverywhere) {
  PassRegistry registry;
  ASSERT_TRUE(registry.Register(ProbeDescriptor()).ok());
  // --list-passes
  EXPECT_THAT(registry.Describe(),
              HasSubstr("min_widgets=<int>  fewest widgets worth it (default: 4)"));
  // the pipeline syntax, validated
  EXPECT_EQ(BuiltWith(registry.Create("probe", "")), 4);
  EXPECT_EQ(BuiltWith(registry.Create("probe", "min_widgets=9")), 9);
  EXPECT_THAT(registry.Create("probe", "min_widgets=0").status().message(),
              HasSubstr("option 'min_widgets': must be >= 1, got 0"));
  // a tool's --help and flags
  EXPECT_THAT(PassFlagsHelp(ProbeDescriptor()),
              HasSubstr("  --min_widgets=<int>  fewest widgets worth it (default: 4)\n"));
  std::vector<std::string> args = {"tool", "in.fx", "--min-widgets", "7", "--loud", "-o", "x"};
  PassOptionValues values = ExtractPassFlags(ProbeDescriptor(), args);
  EXPECT_THAT(values, ElementsAre(Pair("min_widgets", "7"), Pair("loud", "true")));
  EXPECT_THAT(args, ElementsAre("tool", "in.fx", "-o", "x"));
  EXPECT_EQ(BuiltWith(ProbeDescriptor().Create(values)), 7);
}

TEST(PassFlagsTest, EqualsNegationAndDoubleDash) {
  std::vector<std::string> args = {"tool", "--min_widgets=3", "--noloud", "--", "--loud"};
  EXPECT_THAT(ExtractPassFlags(ProbeDescriptor(), args),
              ElementsAre(Pair("min_widgets", "3"), Pair("loud", "false")));
  EXPECT_THAT(args, ElementsAre("tool", "--", "--loud"));
}

}  // namespace
}  // namespace fxpp
