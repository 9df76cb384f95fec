#include "export/program_fxg.h"

#include <cstdlib>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "export/exported_program.h"
#include "export/program_proto.h"
#include "export/synthetic_program.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fxg/fxg.h"
#include "ir/io/file_io.h"
#include "testing/fxg_reader_threads.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

using ::testing::HasSubstr;

// The program `text` reads as, in JSON (which holds all of it), or its error.
std::string FxgAsJson(absl::string_view text) {
  absl::StatusOr<ExportedProgram> program = ParseExportedProgramFxg(text, "p.fxg");
  if (!program.ok()) return std::string(program.status().message());
  return SerializeExportedProgramJson(*program).value();
}

std::string Fxg(const ExportedProgram& program) {
  absl::StatusOr<std::string> text = PrintExportedProgramFxg(program);
  EXPECT_TRUE(text.ok()) << text.status();
  return text.value_or("");
}

// Every real program reads back from fxg as it was, and prints the same
// fxg again.
TEST(ProgramFxgTest, RealProgramsRoundTrip) {
  const std::vector<std::string> paths = ListRunfiles("testing/exported", ".json");
  ASSERT_FALSE(paths.empty());
  for (const std::string& path : paths) {
    SCOPED_TRACE(path);
    absl::StatusOr<ExportedProgram> program = ReadExportedProgram(path);
    ASSERT_TRUE(program.ok()) << program.status();
    const std::string text = Fxg(*program);
    EXPECT_TRUE(IsExportedProgramFxg(text));
    EXPECT_EQ(FxgAsJson(text), SerializeExportedProgramJson(*program).value());
    absl::StatusOr<ExportedProgram> back = ParseExportedProgramFxg(text, "p.fxg");
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(Fxg(*back), text);
  }
}

// What the format looks like (docs/FXG_FORMAT.md, "Exported programs"):
// a real program with buffers of both persistences and a preserved root
// signature.
TEST(ProgramFxgTest, Golden) {
  absl::StatusOr<ExportedProgram> program = ReadExportedProgram("testing/exported/buffers.json");
  ASSERT_TRUE(program.ok()) << program.status();
  EXPECT_MATCHES_GOLDEN(Fxg(*program), "export/testdata/buffers.program.fxg");
}

// Constant arguments (JSON in fxg), strings that need quotes and escapes,
// and a program's other fields read back. (Real programs have aliases and
// tokens: RealProgramsRoundTrip.)
TEST(ProgramFxgTest, EveryFieldRoundTrips) {
  ProgramBuilder b;
  Node* w = b.Parameter("lin.weight", {4, 4});
  Node* x = b.UserInput("x", {2, 4});
  b.Enter("lin", "torch.nn.modules.linear.Linear");
  Node* y = b.Call("torch.ops.aten.mm.default", {Argument::Ref(x), Argument::Ref(w)}, {2, 4});
  b.Exit();
  ExportedProgram program = b.Finish({y});
  ModuleCallSignature sig;
  ArgumentSpec constant;
  constant.kind = ArgumentSpec::Kind::kConstant;
  constant.name = "alpha";
  constant.value = Argument::Float(0.5);
  ArgumentSpec text;
  text.kind = ArgumentSpec::Kind::kConstant;
  text.value = Argument::String("it's\nnew");
  sig.inputs = {program.graph_signature.input_specs[1].arg, constant, text};
  sig.outputs = {program.graph_signature.output_specs[0].arg};
  sig.in_spec.type = "builtins.tuple";
  sig.in_spec.children.resize(3);
  sig.forward_arg_names = {"x", "alpha", "s"};
  program.module_call_graph[1].signature = sig;
  program.torch_version = "2.6.0 'x'";
  const std::string fxg = Fxg(program);
  EXPECT_THAT(fxg, HasSubstr("\n  input PARAMETER tensor p_lin_weight -> lin.weight\n"));
  EXPECT_EQ(FxgAsJson(fxg), SerializeExportedProgramJson(program).value());
}

TEST(ProgramFxgTest, SyntheticProgramRoundTrips) {
  const ExportedProgram program = MakeExportedTransformer(3);
  EXPECT_EQ(FxgAsJson(Fxg(program)), SerializeExportedProgramJson(program).value());
}

// A file's UTF-8 is checked as it is read, not again by the parse: a bad
// byte is still reported where it is, as the parse of the text reports it.
TEST(ProgramFxgTest, ReadFromFileFindsInvalidUtf8) {
  const std::string fxg = Fxg(MakeExportedTransformer(3));
  const char* const tmp = std::getenv("TEST_TMPDIR");
  const std::string path = absl::StrCat(tmp != nullptr ? tmp : "/tmp", "/utf8.fxg");
  for (const size_t bad : {fxg.find("graph():"), fxg.find("# nn_module_stack"), fxg.size() - 3}) {
    std::string text = fxg;
    text[bad] = '\xff';
    ASSERT_TRUE(WriteFileAtomically(path, text).ok());
    absl::StatusOr<ExportedProgram> read = ReadExportedProgram(path);
    ASSERT_FALSE(read.ok()) << bad;
    EXPECT_EQ(read.status().message(),
              absl::StrReplaceAll(FxgAsJson(text), {{"p.fxg:", absl::StrCat(path, ":")}}));
    EXPECT_THAT(std::string(read.status().message()), HasSubstr("invalid UTF-8 (byte 0xff)"));
  }
  ASSERT_TRUE(WriteFileAtomically(path, fxg).ok());
  absl::StatusOr<ExportedProgram> read = ReadExportedProgram(path);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(SerializeExportedProgramJson(*read).value(), FxgAsJson(fxg));
}

// Errors are located at the line and column of what is wrong.
TEST(ProgramFxgTest, ErrorsHaveLineAndColumn) {
  absl::StatusOr<ExportedProgram> program = ReadExportedProgram("testing/exported/buffers.json");
  ASSERT_TRUE(program.ok()) << program.status();
  const std::string fxg = Fxg(*program);
  auto edited = [&](absl::string_view from, absl::string_view to) {
    EXPECT_TRUE(absl::StrContains(fxg, from)) << from;
    return FxgAsJson(absl::StrReplaceAll(fxg, {{from, to}}));
  };
  EXPECT_EQ(edited("  input PARAMETER tensor p_bn_bias", "  input WEIGHT tensor p_bn_bias"),
            "p.fxg:6:9: expected an input kind (USER_INPUT, PARAMETER, BUFFER, ...), found "
            "'WEIGHT'");
  EXPECT_EQ(edited("  input PARAMETER tensor p_bn_bias", "  inputs PARAMETER tensor p_bn_bias"),
            "p.fxg:6:3: expected 'input', 'output', 'call', 'custom_object', 'alias' or "
            "'torch_version', found 'inputs'");
  EXPECT_EQ(edited("  input USER_INPUT", "  torch_version '2'\n  input USER_INPUT"),
            "p.fxg:13:3: a second torch_version");
  EXPECT_EQ(edited("tensor p_bn_bias -> bn.bias", "tensor p_bn_bias => bn.bias"),
            "p.fxg:6:35: expected end of line, found ' '");
  EXPECT_EQ(edited("  format_version 1\n", "  format_version 2\n"),
            "p.fxg:3:18: format_version 2 is newer than this reader supports (1)");
  EXPECT_EQ(edited("  format_version 1\n", ""),
            "p.fxg:3:3: expected 'format_version' first, found 'torch_version'");
  EXPECT_EQ(edited("  torch_version", "  format_version 1\n  torch_version"),
            "p.fxg:4:3: expected 'input', 'output', 'call', 'custom_object', 'alias' or "
            "'torch_version', found 'format_version'");
  // The JSON of a signature: its syntax errors, and protobuf's, in place.
  EXPECT_THAT(edited("{\"in_spec\":{", "{\"in_spec\":{,"),
              ::testing::StartsWith("p.fxg:15:23: expected a quoted object key"));
  EXPECT_THAT(edited("{\"in_spec\":{", "{\"bogus\":1,\"in_spec\":{"),
              ::testing::StartsWith("p.fxg:15:12: bogus: Cannot find field."));
  // A program that reads but does not validate: the spec names no node.
  EXPECT_EQ(edited("tensor p_bn_bias ->", "tensor p_nowhere ->"),
            FxgAsJson(absl::StrReplaceAll(fxg, {{"tensor p_bn_bias ->", "tensor p_nowhere ->"}})));
  EXPECT_THAT(edited("tensor p_bn_bias ->", "tensor p_nowhere ->"), HasSubstr("p.fxg: "));
  // A module's fxg is not a program, and a program's is not a module.
  EXPECT_EQ(FxgAsJson(PrintFxg(*program->graph_module)),
            "p.fxg:1:1: expected 'fxg 1' and a 'program' line (an exported program's fxg), "
            "found 'fxg'");
  EXPECT_THAT(std::string(ParseFxg(fxg, "p.fxg").status().message()),
              HasSubstr("p.fxg:2:1: this fxg holds an exported program, not a module"));
  // Cut anywhere, it is an error, never a crash or a different program.
  for (size_t cut = 0; cut + 1 < fxg.size(); cut += 97) {
    EXPECT_NE(FxgAsJson(fxg.substr(0, cut)), SerializeExportedProgramJson(*program).value())
        << cut;
  }
}

// A graph whose node uses one defined further down reads (FX text allows
// it), but an exported program's must be in topological order: the
// verifier's check still runs on what the reader built.
TEST(ProgramFxgTest, ForwardReferencesAreRefused) {
  absl::StatusOr<ExportedProgram> program = ReadExportedProgram("testing/exported/buffers.json");
  ASSERT_TRUE(program.ok()) << program.status();
  const std::string fxg = Fxg(*program);
  const std::string forward =
      absl::StrReplaceAll(fxg, {{"(args = (%mul, %add__1)", "(args = (%mul, %add__2)"},
                                {"%add__1 : [num_users=1]", "%add__1 : [num_users=0]"},
                                {"%add__2 : [num_users=0]", "%add__2 : [num_users=1]"}});
  ASSERT_NE(forward, fxg);
  EXPECT_EQ(FxgAsJson(forward),
            "p.fxg: graph: node 'add': uses 'add__2' before it is defined (not in topological "
            "order, or a cycle)");
  // In FX's own spelling (no `# typed`), a bare `return NAME` is resolved
  // once the graph is read: here to a node below it.
  const std::string untyped = absl::StrReplaceAll(fxg, {{"graph():  # typed\n", "graph():\n"}});
  const size_t last = untyped.find("    %add_1 : ");
  const size_t ret = untyped.find("    return (add_1,)\n");
  ASSERT_LT(last, ret);
  const std::string returned_first = absl::StrCat(
      untyped.substr(0, last), "    return add_1\n", untyped.substr(last, ret - last),
      untyped.substr(ret + std::string("    return (add_1,)\n").size()));
  EXPECT_EQ(FxgAsJson(returned_first),
            "p.fxg: graph: node 'output': uses 'add_1' before it is defined (not in topological "
            "order, or a cycle)");
}

// A large program's fxg is read on two threads: the graph's statements on
// the caller's, its metadata lines, then the program lines and the state
// on the other. Every program here, and each line mutation of three of
// them, reads the same as on one thread, errors included.
TEST(ProgramFxgTest, TheReaderThreadChangesNoResult) {
  FxgReadCounts counts;
  for (const std::string& path : ListRunfiles("testing/exported", ".json")) {
    if (absl::StrContains(path, "unflatten") || absl::StrContains(path, "times")) continue;
    SCOPED_TRACE(path);
    absl::StatusOr<ExportedProgram> program = ReadExportedProgram(path);
    ASSERT_TRUE(program.ok()) << program.status();
    const std::string text = Fxg(*program);
    // Buffers of both persistences, a preserved call signature (JSON on a
    // program line), and subgraphs (several graphs).
    const bool mutate = absl::EndsWith(path, "/buffers.json") ||
                        absl::EndsWith(path, "/preserved_signature.json") ||
                        absl::EndsWith(path, "/cond.json");
    const absl::Status agree = mutate ? CheckFxgReaderThreadsAgreeOnMutations(text, &counts)
                                      : CheckFxgReaderThreadsAgree(text);
    ASSERT_TRUE(agree.ok()) << agree;
  }
  EXPECT_GT(counts.read, 50);
  EXPECT_GT(counts.errors, 1000);
}

// The state is read (on the other thread, for a large text) from the last
// `state` line, before the graph's blocks are known to end there: where
// they end at another, the state is read again from that one. And an error
// in the program lines comes before one in the graph, as in the text.
TEST(ProgramFxgTest, TheReaderThreadKeepsTheOrderOfTheText) {
  absl::StatusOr<ExportedProgram> program = ReadExportedProgram("testing/exported/buffers.json");
  ASSERT_TRUE(program.ok()) << program.status();
  const std::string fxg = Fxg(*program);
  const size_t state = fxg.find("\nstate\n");
  ASSERT_NE(state, std::string::npos);
  const std::string state_blocks = fxg.substr(state + 1);
  const std::string bad_signature =
      absl::StrReplaceAll(fxg, {{"  input PARAMETER", "  input WEIGHT"}, {"%mul", "%mul!"}});
  // The line of the second `state` in the first three (142 holds the first).
  const std::pair<std::string, std::string> cases[] = {
      {absl::StrCat(fxg, "\n", state_blocks), "p.fxg:157:1: expected 'module' or 'opaque'"},
      {absl::StrCat(fxg.substr(0, state), "\n", state_blocks, "\n", fxg.substr(state + 1)),
       "p.fxg:157:1: expected 'module' or 'opaque'"},
      {absl::StrCat(fxg.substr(0, state), "\nstate\n", fxg.substr(state + 1)),
       "p.fxg:143:1: expected 'module' or 'opaque'"},
      {bad_signature, "p.fxg:5:9: expected an input kind"},
  };
  ASSERT_EQ(std::count(fxg.begin(), fxg.begin() + state + 1, '\n') + 1, 142);
  for (const auto& [text, error] : cases) {
    const absl::Status agree = CheckFxgReaderThreadsAgree(text);
    EXPECT_TRUE(agree.ok()) << agree << "\nfor:\n" << text;
    EXPECT_THAT(FxgAsJson(text), ::testing::StartsWith(error));
  }
}

}  // namespace
}  // namespace fxpp
