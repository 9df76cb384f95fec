#include "ir/io/module_io.h"

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

using ::testing::HasSubstr;

std::string TempDir() {
  std::string dir = absl::StrCat(std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp",
                                 "/module_io_XXXXXX");
  return mkdtemp(dir.data());
}

// Every PyTorch fixture: FX text -> IR -> each lossless format -> IR -> FX
// text gives back the bytes PyTorch printed; and text -> proto -> JSON ->
// proto -> text is identical.
TEST(ModuleIoTest, FixturesRoundTripThroughEveryFormat) {
  int checked = 0;
  for (absl::string_view version : {"testing/graphs/torch113", "testing/graphs/torch26"}) {
    for (const std::string& path : ListRunfiles(version, ".fx")) {
      SCOPED_TRACE(path);
      absl::StatusOr<std::string> text = ReadRunfile(path);
      ASSERT_TRUE(text.ok()) << text.status();
      absl::StatusOr<LoadedModule> fx = ParseModule(*text, path, Format::kFx);
      ASSERT_TRUE(fx.ok()) << fx.status();
      for (Format format : {Format::kFxg, Format::kJson, Format::kPb}) {
        absl::StatusOr<std::string> rendered = RenderModule(*fx->module, format);
        ASSERT_TRUE(rendered.ok()) << rendered.status();
        absl::StatusOr<LoadedModule> back = ParseModule(*rendered, "rendered", format);
        ASSERT_TRUE(back.ok()) << FormatName(format) << ": " << back.status();
        absl::StatusOr<std::string> fx_again =
            RenderModule(*back->module, Format::kFx, fx->fx_print);
        ASSERT_TRUE(fx_again.ok());
        // Facts (namedtuple spellings) are keyed by node; only compare
        // graphs that have none.
        if (fx->fx_facts->named_tuples.empty()) {
          EXPECT_EQ(*fx_again, *text) << FormatName(format);
        }
      }
      // text -> proto -> JSON -> proto -> text.
      absl::StatusOr<std::string> pb = RenderModule(*fx->module, Format::kPb);
      absl::StatusOr<LoadedModule> from_pb = ParseModule(*pb, "pb", Format::kPb);
      absl::StatusOr<std::string> json = RenderModule(*from_pb->module, Format::kJson);
      absl::StatusOr<LoadedModule> from_json = ParseModule(*json, "json", Format::kJson);
      ASSERT_TRUE(from_json.ok()) << from_json.status();
      EXPECT_EQ(*RenderModule(*from_json->module, Format::kPb), *pb);
      ++checked;
    }
  }
  EXPECT_GT(checked, 50);
}

TEST(ModuleIoTest, FormatsByNameAndExtension) {
  EXPECT_EQ(*ParseFormatName("json"), Format::kJson);
  EXPECT_THAT(std::string(ParseFormatName("yaml").status().message()),
              HasSubstr("unknown format 'yaml'"));
  EXPECT_EQ(FormatFromPath("a/b.fxg"), Format::kFxg);
  EXPECT_EQ(FormatFromPath("b.fx"), Format::kFx);
  EXPECT_EQ(FormatFromPath("b.pb"), Format::kPb);
  EXPECT_EQ(FormatFromPath("b.py"), Format::kReadable);
  EXPECT_EQ(FormatFromPath("b"), absl::nullopt);
}

TEST(ModuleIoTest, FormatsByContents) {
  EXPECT_EQ(FormatFromContents("fxg 1\nmodule: GraphModule\n"), Format::kFxg);
  EXPECT_EQ(FormatFromContents("\n  {\"graph\": {}}"), Format::kJson);
  EXPECT_EQ(FormatFromContents("graph():\n    return ()\n"), Format::kFx);
  EXPECT_EQ(FormatFromContents("class GraphModule(torch.nn.Module):"), absl::nullopt);
  EXPECT_EQ(FormatFromContents(""), absl::nullopt);
}

// A file without a telling extension (stdin, say) is read by its contents;
// an extension still wins over them.
TEST(ModuleIoTest, ReadsByContentsWithoutAnExtension) {
  const std::string dir = TempDir();
  const std::string fx = "graph():\n    %x : [num_users=1] = placeholder[target=x]\n    return x\n";
  ASSERT_TRUE(WriteFileAtomically(dir + "/no_extension", fx).ok());
  absl::StatusOr<LoadedModule> loaded = ReadModule(dir + "/no_extension");
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(loaded->format, Format::kFx);
  EXPECT_EQ(RenderModule(*loaded->module, Format::kFx, loaded->fx_print).value(), fx);
  ASSERT_TRUE(WriteFileAtomically(dir + "/named.fxg", fx).ok());
  EXPECT_THAT(std::string(ReadModule(dir + "/named.fxg").status().message()),
              HasSubstr("named.fxg:1:1"));
}

TEST(ModuleIoTest, ErrorsNameTheFileAndPlace) {
  absl::StatusOr<LoadedModule> bad = ParseModule("graph():\n    %x : [num_users=0] = nonsense[target=x]\n",
                                                 "bad.fx", Format::kFx);
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(std::string(bad.status().message()), HasSubstr("bad.fx:2:"));
  EXPECT_THAT(std::string(ReadModule("/nonexistent/graph.fx").status().message()),
              HasSubstr("cannot open /nonexistent/graph.fx"));
  EXPECT_THAT(std::string(ParseModule("x", "out.py", Format::kReadable).status().message()),
              HasSubstr("output only"));
}

TEST(ModuleIoTest, FxTextRefusesModulesWithSubgraphs) {
  GraphModule m;
  m.graph().Output(Argument::None());
  auto sub = std::make_unique<GraphModule>();
  sub->graph().Output(Argument::None());
  m.InstallSubgraph("subgraph", std::move(sub));
  EXPECT_THAT(std::string(RenderModule(m, Format::kFx).status().message()),
              HasSubstr("subgraph 'subgraph_0'"));
  EXPECT_TRUE(RenderModule(m, Format::kFxg).ok());
}

TEST(ModuleIoTest, WritesAtomicallyAndLeavesNothingOnFailure) {
  const std::string dir = TempDir();
  const std::string path = dir + "/out.fxg";
  ASSERT_TRUE(WriteFileAtomically(path, "first\n").ok());
  ASSERT_TRUE(WriteFileAtomically(path, "second\n").ok());
  EXPECT_EQ(*ReadFileOrStdin(path), "second\n");
  struct stat info;
  ASSERT_EQ(stat(path.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0644u);
  // Unwritable destination: an error, and no stray temporary file.
  absl::Status status = WriteFileAtomically(dir + "/missing_dir/out.fxg", "x");
  EXPECT_THAT(std::string(status.message()), HasSubstr("missing_dir/out.fxg"));
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 1);
}

}  // namespace
}  // namespace fxpp
