#include "passes/registry.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace fxpp {
namespace {

using ::testing::HasSubstr;

// A pass that only records the options it was built with.
class ProbePass : public Pass {
 public:
  explicit ProbePass(std::string seen) : seen_(std::move(seen)) {}
  absl::string_view name() const override { return seen_; }
  absl::StatusOr<bool> Run(GraphModule&) override { return false; }
  PassReport Report() const override { return {{{"runs", 0, "never counted"}}}; }

 private:
  std::string seen_;
};

struct ProbeOptions {
  bool flag = false;
  int64_t count = 7;
  std::string label;
  std::vector<std::string> tags;
};

const PassDescriptor& ProbeDescriptor() {
  static const auto* const descriptor = new TypedPassDescriptor<ProbeOptions>(
      "probe", "records its options",
      {PassOption<ProbeOptions>("flag", &ProbeOptions::flag, "a bool"),
       PassOption<ProbeOptions>("count", &ProbeOptions::count, "an int", AtLeast(0)),
       PassOption<ProbeOptions>("label", &ProbeOptions::label, "a string"),
       PassOption<ProbeOptions>("tags", &ProbeOptions::tags, "a list")},
      [](ProbeOptions o) {
        std::string seen = absl::StrCat(o.flag, "/", o.count, "/", o.label, "/");
        for (const std::string& t : o.tags) absl::StrAppend(&seen, "[", t, "]");
        return std::make_unique<ProbePass>(seen);
      });
  return *descriptor;
}

PassRegistry ProbeRegistry() {
  PassRegistry registry;
  absl::Status status = registry.Register(ProbeDescriptor());
  EXPECT_TRUE(status.ok()) << status;
  return registry;
}

std::string Names(const std::vector<std::unique_ptr<Pass>>& passes) {
  std::string out;
  for (const auto& p : passes) absl::StrAppend(&out, out.empty() ? "" : " | ", p->name());
  return out;
}

TEST(PassRegistryTest, ParsesPipelinesWithTypedOptionsAndDefaults) {
  PassRegistry registry = ProbeRegistry();
  absl::StatusOr<std::vector<std::unique_ptr<Pass>>> passes =
      registry.ParsePipeline("probe, probe{count=3,tags=a,b,c,flag=true}, probe{label=x y}");
  ASSERT_TRUE(passes.ok()) << passes.status();
  EXPECT_EQ(Names(*passes), "0/7// | 1/3//[a][b][c] | 0/7/x y/");
}

TEST(PassRegistryTest, ErrorsSayWhatIsWrongAndWhatExists) {
  PassRegistry registry = ProbeRegistry();
  auto error = [&](absl::string_view text) {
    absl::StatusOr<std::vector<std::unique_ptr<Pass>>> passes = registry.ParsePipeline(text);
    EXPECT_FALSE(passes.ok()) << text;
    return std::string(passes.status().message());
  };
  EXPECT_THAT(error("nope"), HasSubstr("unknown pass 'nope' (passes: probe)"));
  EXPECT_THAT(error("probe{colour=red}"),
              HasSubstr("pass 'probe': unknown option 'colour' (options: flag, count, label, tags)"));
  // A misspelt option after a plain list is not taken as one of its items.
  EXPECT_THAT(error("probe{tags=a,colour=red}"), HasSubstr("unknown option 'colour'"));
  EXPECT_THAT(error("probe{count=many}"),
              HasSubstr("option 'count': expected an integer, got 'many'"));
  EXPECT_THAT(error("probe{flag=maybe}"),
              HasSubstr("option 'flag': expected true or false, got 'maybe'"));
  EXPECT_THAT(error("probe{count=1,count=2}"), HasSubstr("option 'count' given twice"));
  EXPECT_THAT(error("probe{count=-1}"), HasSubstr("pass 'probe': option 'count': must be >= 0"));
  // Located like a file's errors: the pipeline, then a caret under the column.
  EXPECT_EQ(error("probe{count=1"),
            "<pipeline>:1:6: error: '{' without '}'\nprobe{count=1\n     ^");
  EXPECT_THAT(error("probe}"), HasSubstr("<pipeline>:1:6: error: '}' without '{'"));
  EXPECT_THAT(error("probe,,probe"), HasSubstr("<pipeline>:1:7: error: expected a pass name"));
  EXPECT_THAT(error("probe,"), HasSubstr("expected a pass name after ','"));
  EXPECT_THAT(error("probe{count=1}x"), HasSubstr("expected ',' after '}'"));
  EXPECT_THAT(error(""), HasSubstr("empty pipeline"));
}

TEST(PassRegistryTest, RejectsDuplicateAndMalformedRegistrations) {
  PassRegistry registry = ProbeRegistry();
  EXPECT_EQ(registry.Register(ProbeDescriptor()).code(), absl::StatusCode::kAlreadyExists);
  auto make = [](NoPassOptions) { return std::make_unique<ProbePass>("x"); };
  const TypedPassDescriptor<NoPassOptions> bad_name("Bad-Name", "", {}, make);
  EXPECT_FALSE(registry.Register(bad_name).ok());
  const TypedPassDescriptor<ProbeOptions> bad_option(
      "bad_option", "", {PassOption<ProbeOptions>("Count", &ProbeOptions::count, "")},
      [](ProbeOptions) { return std::make_unique<ProbePass>("x"); });
  EXPECT_FALSE(registry.Register(bad_option).ok());
}

TEST(PassRegistryTest, DefaultsComeFromTheOptionsStruct) {
  EXPECT_THAT(DescribePass(ProbeDescriptor()),
              HasSubstr("count=<int>  an int (default: 7)"));
}

TEST(PassRegistryTest, EveryLinkedPassIsRegisteredAndBuildsWithDefaults) {
  const PassRegistry& registry = PassRegistry::Global();
  std::vector<std::string> names;
  for (const PassDescriptor* info : registry.List()) {
    names.push_back(info->name());
    EXPECT_FALSE(info->summary().empty()) << info->name();
    // Passes with a required option say so; given it, they build.
    absl::StatusOr<std::unique_ptr<Pass>> pass = registry.Create(info->name(), "");
    if (!pass.ok()) {
      EXPECT_THAT(pass.status().message(), HasSubstr("is required")) << info->name();
      pass = registry.Create(info->name(), "tags=a,b");
    }
    ASSERT_TRUE(pass.ok()) << pass.status();
    EXPECT_EQ((*pass)->name(), info->name());
    // Every pass reports at least one statistic, even before it runs.
    EXPECT_FALSE((*pass)->Report().statistics.empty()) << info->name();
  }
  EXPECT_THAT(names, ::testing::IsSupersetOf({"assert_functional_graph", "dce", "dedup",
                                             "functionalize", "move_non_tensor_nodes_on_boundary",
                                             "split_by_tags", "split_module", "topo_sort"}));
  EXPECT_THAT(registry.Describe(), HasSubstr("min_regions=<int>"));
}

}  // namespace
}  // namespace fxpp
