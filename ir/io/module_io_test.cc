#include "ir/io/module_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/bulk_buffer.h"
#include "ir/limits.h"
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

// Errors the verifier finds after reading (it names a node) point at the
// line that defined the node, in the form compilers print, for every text
// format and in submodules; binary input names the file and the node.
TEST(ModuleIoTest, VerifierErrorsPointAtTheNodesLine) {
  struct Case {
    std::string text;
    Format format;
    std::string expected;
  };
  const std::string getitem =
      "    %g : [num_users=1] = call_function[target=operator.getitem](args = (%x,), kwargs = {})";
  const Case cases[] = {
      {"graph():\n    %x : [num_users=1] = placeholder[target=x]\n" + getitem + "\n    return g\n",
       Format::kFx,
       "in.fx:3:6: error: node 'g': getitem takes 2 arguments (a container and an index), not 1\n" +
           getitem + "\n     ^"},
      {"graph():\n    %x : [num_users=1] = placeholder[target=x]\n    return x\n    return x\n",
       Format::kFx,
       "in.fx:4:5: error: node 'output_1': second output node (the first is 'output')\n"
       "    return x\n    ^"},
      {"fxg 1\nmodule: M\ngraph():  # typed\n    %x : [num_users=1] = placeholder[target=x]\n"
       "    return x\n\nmodule sub: S\ngraph():  # typed\n"
       "    %x : [num_users=1] = placeholder[target=x]\n" + getitem + "\n    return g\n",
       Format::kFxg,
       "in.fxg:10:6: error: in submodule 'sub': node 'g': getitem takes 2 arguments (a container "
       "and an index), not 1\n" + getitem + "\n     ^"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    absl::StatusOr<LoadedModule> loaded =
        ParseModule(c.text, c.format == Format::kFx ? "in.fx" : "in.fxg", c.format);
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    const absl::Status verified = VerifyLoadedModule(*loaded, {});
    EXPECT_EQ(verified.message(), c.expected);
    // From JSON: the line of the node's "name", with the same message.
    const std::string json = RenderModule(*loaded->module, Format::kJson).value();
    absl::StatusOr<LoadedModule> from_json = ParseModule(json, "in.json", Format::kJson);
    ASSERT_TRUE(from_json.ok()) << from_json.status();
    const std::vector<std::string> json_lines =
        absl::StrSplit(VerifyLoadedModule(*from_json, {}).message(), '\n');
    const std::vector<std::string> fx_lines = absl::StrSplit(c.expected, '\n');
    ASSERT_EQ(json_lines.size(), 3u);
    EXPECT_THAT(json_lines[0], ::testing::MatchesRegex("in\\.json:[0-9]+:[0-9]+: error: .*"));
    EXPECT_EQ(json_lines[0].substr(json_lines[0].find(": error: ")),
              fx_lines[0].substr(fx_lines[0].find(": error: ")));
    const size_t caret = json_lines[2].find('^');
    ASSERT_NE(caret, std::string::npos);
    EXPECT_THAT(json_lines[1].substr(caret), ::testing::StartsWith("\"name\": \""));
    // The same module from protobuf binary has no lines: file and node.
    absl::StatusOr<LoadedModule> pb = ParseModule(
        RenderModule(*loaded->module, Format::kPb).value(), "in.pb", Format::kPb);
    ASSERT_TRUE(pb.ok()) << pb.status();
    const absl::Status pb_verified = VerifyLoadedModule(*pb, {});
    EXPECT_THAT(std::string(pb_verified.message()), ::testing::StartsWith("in.pb: error: "));
    EXPECT_THAT(pb_verified.message(), HasSubstr("node '"));
  }
}

// Reader errors of every format with lines are printed as diagnostics: the
// position, "error:", the source line and a caret under the column
// (ir/diagnostic.h); protobuf binary has no lines and names the file.
TEST(ModuleIoTest, ParseErrorsShowTheLineAndACaret) {
  struct Case {
    std::string text;
    std::string name;
    Format format;
    std::string expected;
  };
  const Case cases[] = {
      {"graph(): x\n", "in.fx", Format::kFx,
       "in.fx:1:9: error: expected end of line, found ' '\ngraph(): x\n        ^"},
      {"fxg 1\nmodule: M\n  parameter w: f33[2] cpu\n", "in.fxg", Format::kFxg,
       "in.fxg:3:16: error: expected a dtype (f32, i64, b8, ...), found 'f33'\n"
       "  parameter w: f33[2] cpu\n               ^"},
      {"{\n\t\"format_version\": 1, \"bogus\": 2}\n", "in.json", Format::kJson,
       "in.json:2:23: error: bogus: Cannot find field.\n"
       "\t\"format_version\": 1, \"bogus\": 2}\n\t                     ^"},
      {"{\"format_version\": 1,\n \"module\": [}", "in.json", Format::kJson,
       "in.json:2:13: error: expected a JSON value, found '}'\n \"module\": [}\n            ^"},
      {"\x0a\x05", "in.pb", Format::kPb,
       "in.pb: error: not a valid fxpp binary GraphModule (truncated or corrupt protobuf data)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_EQ(ParseModule(c.text, c.name, c.format).status().message(), c.expected);
  }
  // Without a format, binary data gets a hint after the diagnostic.
  EXPECT_THAT(std::string(ParseModuleContents("\x08\x01", "-").status().message()),
              HasSubstr("<stdin>:1:1: error: expected 'fxg 1', found '\\x08'\n??\n^\n"
                        "<stdin>: note: this looks like binary data"));
}

TEST(ModuleIoTest, FxTextHoldsSubgraphs) {
  GraphModule m;
  m.graph().Output(Argument::None());
  auto sub = std::make_unique<GraphModule>();
  sub->graph().Output(Argument::Int(2));
  m.InstallSubgraph("subgraph", std::move(sub));
  const std::string text = RenderModule(m, Format::kFx).value();
  EXPECT_EQ(text, "graph():\n    return None\n\ngraph subgraph_0():\n    return 2\n");
  absl::StatusOr<LoadedModule> loaded = ParseModule(text, "m.fx", Format::kFx);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  ASSERT_NE(loaded->module->FindChild("subgraph_0"), nullptr);
  EXPECT_EQ(RenderModule(*loaded->module, Format::kFxg).value(), RenderModule(m, Format::kFxg).value());
}

// The verifier's errors about a node of a subgraph section point at its line.
TEST(ModuleIoTest, FxTextVerifierErrorsPointIntoSections) {
  const std::string text =
      "graph():\n"
      "    %x : [num_users=1] = placeholder[target=x]\n"
      "    %sub : [num_users=1] = call_module[target=sub](args = (%x,), kwargs = {})\n"
      "    return sub\n"
      "\n"
      "graph sub():\n"
      "    %a : [num_users=2] = placeholder[target=a]\n"
      "    %b : [num_users=1] = placeholder[target=b]\n"
      "    return (a, b)\n"
      "    return a\n";
  absl::StatusOr<LoadedModule> loaded = ParseModule(text, "m.fx", Format::kFx);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  ModuleVerifyOptions options;
  options.check_attributes = false;
  EXPECT_THAT(std::string(VerifyLoadedModule(*loaded, options).message()),
              HasSubstr("m.fx:10:5: error: "));
}

// Bigger than one read() of the reader's buffer, with every byte value:
// the chunks are all kept, in order, from a file and from a pipe on stdin.
TEST(ModuleIoTest, ReadsWholeFilesAndPipesBiggerThanOneRead) {
  std::string contents;
  for (int i = 0; i < 300000; ++i) contents.push_back(static_cast<char>((i * 7 + i / 256) & 0xff));
  const std::string path = TempDir() + "/big.bin";
  ASSERT_TRUE(WriteFileAtomically(path, contents).ok());
  absl::StatusOr<std::string> from_file = ReadFileOrStdin(path);
  ASSERT_TRUE(from_file.ok()) << from_file.status();
  EXPECT_TRUE(*from_file == contents);

  int pipe_fds[2];
  ASSERT_EQ(pipe(pipe_fds), 0);
  std::thread writer([&] {
    absl::string_view rest = contents;
    while (!rest.empty()) {
      const ssize_t n = write(pipe_fds[1], rest.data(), rest.size());
      if (n <= 0) break;
      rest.remove_prefix(static_cast<size_t>(n));
    }
    close(pipe_fds[1]);
  });
  const int saved_stdin = dup(STDIN_FILENO);
  ASSERT_EQ(dup2(pipe_fds[0], STDIN_FILENO), STDIN_FILENO);
  absl::StatusOr<std::string> from_stdin = ReadFileOrStdin("-");
  dup2(saved_stdin, STDIN_FILENO);
  close(saved_stdin);
  close(pipe_fds[0]);
  writer.join();
  ASSERT_TRUE(from_stdin.ok()) << from_stdin.status();
  EXPECT_TRUE(*from_stdin == contents);
}

// The VmFlags line of the mapping of /proc/self/smaps holding `address`.
std::string VmFlagsAt(uintptr_t address) {
  std::ifstream smaps("/proc/self/smaps");
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    uintptr_t begin = 0, end = 0;
    if (std::sscanf(line.c_str(), "%lx-%lx ", &begin, &end) == 2 && line.find('-') < 16) {
      inside = begin <= address && address < end;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return line + " ";
    }
  }
  return "";
}

TEST(ModuleIoTest, BulkFillBuffersAreAdvisedHugePages) {
  if (!std::filesystem::exists("/sys/kernel/mm/transparent_hugepage")) {
    GTEST_SKIP() << "kernel without transparent huge pages";
  }
  constexpr size_t kSize = size_t{9} << 20;
  std::string buffer;
  ReserveForBulkFill(&buffer, kSize);
  EXPECT_TRUE(buffer.empty());
  ASSERT_GE(buffer.capacity(), kSize);
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  const uintptr_t inner =
      (reinterpret_cast<uintptr_t>(buffer.data()) + kHugePage - 1) & ~(kHugePage - 1);
  // "hg": the mapping holds MADV_HUGEPAGE memory.
  EXPECT_THAT(VmFlagsAt(inner), HasSubstr(" hg "));
  buffer.append(kSize, 'x');
  EXPECT_EQ(buffer.size(), kSize);
}

// ReadFileOrStdin's UTF-8 answer, checked as the file arrives, is
// FindInvalidUtf8's on the whole: with and without newlines, and a bad byte
// early, late or in the last piece.
TEST(ModuleIoTest, ReadFileOrStdinTellsUtf8) {
  const std::string dir = TempDir();
  for (bool newlines : {false, true}) {
    std::string text;
    for (size_t i = 0; text.size() < 500000; ++i) text += newlines && i % 9 == 0 ? "\n" : "x\xc3\xa9";
    for (size_t bad : {size_t{10}, size_t{250001}, text.size() - 1, std::string::npos}) {
      std::string contents = text;
      if (bad != std::string::npos) contents[bad] = '\xff';
      const std::string path = absl::StrCat(dir, "/utf8_", newlines, "_", bad);
      ASSERT_TRUE(WriteFileAtomically(path, contents).ok());
      bool valid = !(bad == std::string::npos);
      absl::StatusOr<std::string> read = ReadFileOrStdin(path, &valid);
      ASSERT_TRUE(read.ok()) << read.status();
      EXPECT_TRUE(*read == contents);
      EXPECT_EQ(valid, bad == std::string::npos) << newlines << " " << bad;
    }
  }
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

namespace fxpp {
namespace {

// A graph whose call nests `depth` values deep in an argument and in its
// value metadata.
void FillNestedGraph(Graph& g, int depth) {
  Node* x = g.Placeholder("x");
  Argument value = Argument::Ref(x);
  ValueMeta meta = ValueMeta::Int(1);
  for (int i = 1; i < depth; ++i) {
    value = i % 2 ? Argument::List({value}) : Argument::Tuple({value, Argument::Int(i)});
    meta = ValueMeta::Tuple({meta});
  }
  Node* f = g.CallFunction("f", {value});
  NodeMeta node_meta;
  node_meta.val = meta;
  f->set_meta(node_meta);
  g.Output(Argument::Ref(f));
}

std::unique_ptr<GraphModule> NestedModule(int module_depth, int value_depth) {
  auto root = std::make_unique<GraphModule>();
  FillNestedGraph(root->graph(), value_depth);
  GraphModule* parent = root.get();
  for (int d = 1; d <= module_depth; ++d) {
    auto child = std::make_unique<GraphModule>();
    FillNestedGraph(child->graph(), value_depth);
    parent = *parent->AddChild(absl::StrCat("m", d), std::move(child));
  }
  return root;
}

// Issue 21: whatever fxpp accepts it writes in every format and reads back
// (protobuf's recursion limits included); one level deeper, writers refuse
// with a message and readers with a located error.
TEST(ModuleIoTest, DeepestModuleRoundTripsThroughEveryFormat) {
  std::unique_ptr<GraphModule> deepest = NestedModule(kMaxModuleDepth, kMaxArgumentNesting);
  const std::string pb = *RenderModule(*deepest, Format::kPb);
  for (Format format : {Format::kFxg, Format::kJson, Format::kPb}) {
    SCOPED_TRACE(FormatName(format));
    absl::StatusOr<std::string> rendered = RenderModule(*deepest, format);
    ASSERT_TRUE(rendered.ok()) << rendered.status();
    absl::StatusOr<LoadedModule> back = ParseModule(*rendered, "deep", format);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(*RenderModule(*back->module, Format::kPb), pb);
  }
  for (const auto& too_deep : {NestedModule(kMaxModuleDepth + 1, 1),
                               NestedModule(0, kMaxArgumentNesting + 1)}) {
    for (Format format : {Format::kFx, Format::kFxg, Format::kJson, Format::kPb}) {
      absl::StatusOr<std::string> rendered = RenderModule(*too_deep, format);
      ASSERT_FALSE(rendered.ok()) << FormatName(format);
      EXPECT_THAT(std::string(rendered.status().message()), HasSubstr("fxpp's limit"));
    }
  }
}

// A class name with a line break (unflatten's reference to a module path
// holding one, found by the exported_program fuzzer) is refused by every
// writer: fxg ends a header line with it, and the pb and JSON readers
// refuse it.
TEST(ModuleIoTest, ClassNameWithALineBreakIsNotWritten) {
  GraphModule root;
  Node* x = root.graph().Placeholder("x");
  root.graph().Output(Argument::Ref(x));
  ASSERT_TRUE(root.SetSubmodule("sub.odd", GraphModule::Opaque("shared:sub.\nlin")).ok());
  for (Format format : {Format::kFx, Format::kFxg, Format::kJson, Format::kPb}) {
    absl::StatusOr<std::string> rendered = RenderModule(root, format);
    ASSERT_FALSE(rendered.ok()) << FormatName(format);
    EXPECT_THAT(std::string(rendered.status().message()),
                HasSubstr("module 'sub.odd' has a class name with a line break"));
  }
}

// Issue 21: an unsorted graph (legal FX text) converts to every format and
// reads back, NaN payloads and signs kept.
TEST(ModuleIoTest, UnsortedGraphAndNanBitsRoundTrip) {
  const std::string fx =
      "graph():\n"
      "    %x : [num_users=1] = placeholder[target=x]\n"
      "    %b : [num_users=1] = call_function[target=torch.neg](args = (%a,), kwargs = {})\n"
      "    %a : [num_users=1] = call_function[target=torch.neg](args = (%x,), kwargs = {})\n"
      "    return b\n";
  absl::StatusOr<LoadedModule> loaded = ParseModule(fx, "u.fx", Format::kFx);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  double negative_nan = -std::numeric_limits<double>::quiet_NaN();
  uint64_t payload_bits = 0x7ff0000000000123ULL;
  double payload_nan;
  std::memcpy(&payload_nan, &payload_bits, sizeof(payload_nan));
  Node* a = loaded->module->graph().FindNode("a");
  a->SetArgsKwargs({a->args()[0], Argument::Float(negative_nan), Argument::Float(payload_nan)}, {});
  NodeMeta meta;
  meta.val = ValueMeta::Float(payload_nan);
  a->set_meta(meta);
  const std::string pb = *RenderModule(*loaded->module, Format::kPb);
  for (Format format : {Format::kFxg, Format::kJson, Format::kPb}) {
    SCOPED_TRACE(FormatName(format));
    absl::StatusOr<std::string> rendered = RenderModule(*loaded->module, format);
    ASSERT_TRUE(rendered.ok()) << rendered.status();
    absl::StatusOr<LoadedModule> back = ParseModule(*rendered, "u", format);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(*RenderModule(*back->module, Format::kPb), pb);
  }
}

// Issue 21: the output writer.
TEST(FileIoTest, KeepsModeWritesThroughSymlinksAndSpecialFilesInPlace) {
  const std::string dir = TempDir();
  const std::string path = dir + "/private.fxg";
  ASSERT_TRUE(WriteFileAtomically(path, "first\n").ok());
  ASSERT_EQ(chmod(path.c_str(), 0600), 0);
  ASSERT_TRUE(WriteFileAtomically(path, "second\n").ok());
  struct stat info;
  ASSERT_EQ(stat(path.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);
  // A symlink stays a link; its target gets the contents.
  const std::string link = dir + "/link.fxg";
  ASSERT_EQ(symlink(path.c_str(), link.c_str()), 0);
  ASSERT_TRUE(WriteFileAtomically(link, "third\n").ok());
  ASSERT_EQ(lstat(link.c_str(), &info), 0);
  EXPECT_TRUE(S_ISLNK(info.st_mode));
  EXPECT_EQ(*ReadFileOrStdin(path), "third\n");
  // A FIFO is written in place, not replaced.
  const std::string fifo = dir + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const int reader = open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  ASSERT_TRUE(WriteFileAtomically(fifo, "through the pipe\n").ok());
  char buffer[64] = {};
  EXPECT_EQ(read(reader, buffer, sizeof(buffer)), 17);
  close(reader);
  ASSERT_EQ(lstat(fifo.c_str(), &info), 0);
  EXPECT_TRUE(S_ISFIFO(info.st_mode));
  // Errors: a directory, a dangling link, a full device.
  EXPECT_THAT(std::string(WriteFileAtomically(dir, "x").message()), HasSubstr("is a directory"));
  ASSERT_EQ(symlink((dir + "/missing").c_str(), (dir + "/dangling").c_str()), 0);
  EXPECT_THAT(std::string(WriteFileAtomically(dir + "/dangling", "x").message()),
              HasSubstr("symlink to a missing file"));
  struct stat full;
  if (stat("/dev/full", &full) == 0 && S_ISCHR(full.st_mode)) {
    EXPECT_THAT(std::string(WriteFileAtomically("/dev/full", "x").message()),
                HasSubstr("No space left on device"));
  }
  // No temporary file is left behind.
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos);
    ++files;
  }
  EXPECT_EQ(files, 4);  // private.fxg, link.fxg, fifo, dangling
}

// All outputs of a run or none: a bad second output leaves the first alone.
TEST(FileIoTest, OutputFilesCommitTogether) {
  const std::string dir = TempDir();
  ASSERT_TRUE(WriteFileAtomically(dir + "/a.fxg", "old\n").ok());
  {
    OutputFiles outputs;
    ASSERT_TRUE(outputs.Add(dir + "/a.fxg", "new\n").ok());
    EXPECT_FALSE(outputs.Add(dir + "/no_such_dir/b.json", "{}").ok());
  }
  EXPECT_EQ(*ReadFileOrStdin(dir + "/a.fxg"), "old\n");
  OutputFiles same;
  ASSERT_TRUE(same.Add(dir + "/a.fxg", "1").ok());
  EXPECT_THAT(std::string(same.Add(dir + "/a.fxg", "2").message()), HasSubstr("same file"));
}

// A rename that fails halfway through a commit (injected: the third of
// three) undoes the ones before it: the replaced file has its old contents,
// the new file is gone, and no temporary or backup file is left.
TEST(FileIoTest, FailedRenameRollsBackTheCommit) {
  const std::string dir = TempDir();
  ASSERT_TRUE(WriteFileAtomically(dir + "/a.fxg", "old a\n").ok());
  ASSERT_TRUE(WriteFileAtomically(dir + "/c.fxg", "old c\n").ok());
  for (int fail_at = 1; fail_at <= 3; ++fail_at) {
    SCOPED_TRACE(fail_at);
    OutputFiles outputs;
    ASSERT_TRUE(outputs.Add(dir + "/a.fxg", "new a\n").ok());
    ASSERT_TRUE(outputs.Add(dir + "/b.fxg", "new b\n").ok());
    ASSERT_TRUE(outputs.Add(dir + "/c.fxg", "new c\n").ok());
    int renames = 0;
    outputs.set_rename_for_testing([&](const char* from, const char* to) {
      if (++renames == fail_at) {
        errno = EXDEV;
        return -1;
      }
      return rename(from, to);
    });
    const absl::Status committed = outputs.Commit();
    const std::string failed_file[] = {"a.fxg", "b.fxg", "c.fxg"};
    EXPECT_THAT(std::string(committed.message()),
                HasSubstr(absl::StrCat("cannot write ", dir, "/", failed_file[fail_at - 1])));
    EXPECT_EQ(*ReadFileOrStdin(dir + "/a.fxg"), "old a\n");
    EXPECT_EQ(*ReadFileOrStdin(dir + "/c.fxg"), "old c\n");
    EXPECT_FALSE(std::filesystem::exists(dir + "/b.fxg"));
  }
  std::vector<std::string> left;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    left.push_back(entry.path().filename().string());
  }
  EXPECT_THAT(left, ::testing::UnorderedElementsAre("a.fxg", "c.fxg"));
  // Without the fault the same commit goes through and leaves no backup.
  OutputFiles outputs;
  ASSERT_TRUE(outputs.Add(dir + "/a.fxg", "new a\n").ok());
  ASSERT_TRUE(outputs.Add(dir + "/b.fxg", "new b\n").ok());
  ASSERT_TRUE(outputs.Commit().ok());
  EXPECT_EQ(*ReadFileOrStdin(dir + "/a.fxg"), "new a\n");
  EXPECT_EQ(*ReadFileOrStdin(dir + "/b.fxg"), "new b\n");
  size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) files += entry.exists();
  EXPECT_EQ(files, 3u);
}

}  // namespace
}  // namespace fxpp
