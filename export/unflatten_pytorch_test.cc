// The proof that Unflatten rebuilds what PyTorch does: for every real
// torch.export program in testing/exported, the module tree must match
// PyTorch 2.6's own torch.export.unflatten result recorded next to it --
// the same module paths in the same order, the same module types, the same
// shared modules, the same parameters and buffers on each module, and each
// module's graph structurally identical to PyTorch's (StructuralDump, which
// is what PyTorch compares to merge calls) -- and print_readable's text the
// same byte for byte.
#include <algorithm>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "export/exported_program.h"
#include "export/program_proto.h"
#include "export/unflatten.h"
#include "google/protobuf/util/json_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/readable/readable.h"
#include "ir/verifier.h"
#include "testing/exported/unflatten_reference.pb.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

constexpr absl::string_view kDir = "testing/exported";

reference::UnflattenReference ReadReference(absl::string_view name) {
  absl::StatusOr<std::string> text = ReadRunfile(absl::StrCat(kDir, "/", name, ".unflatten.json"));
  EXPECT_TRUE(text.ok()) << text.status();
  reference::UnflattenReference out;
  const auto status = google::protobuf::util::JsonStringToMessage(text.value_or("{}"), &out);
  EXPECT_TRUE(status.ok()) << name << ": " << status.message();
  return out;
}

std::string LastComponent(absl::string_view type) {
  const size_t dot = type.rfind('.');
  return std::string(dot == absl::string_view::npos ? type : type.substr(dot + 1));
}

std::vector<std::string> StateNames(const GraphModule& module, StateKind kind) {
  std::vector<std::string> out;
  for (const StateEntry& entry : module.state()) {
    if (entry.kind == kind) out.push_back(entry.name);
  }
  return out;
}

// Module paths in order, higher-order-op subgraphs (type GraphModule) left
// out: PyTorch installs those from a Python set, in no stable order.
template <typename Entries, typename Path, typename Type>
std::vector<std::string> OrderedPaths(const Entries& entries, Path path, Type type) {
  std::vector<std::string> out;
  for (const auto& e : entries) {
    if (type(e) != "GraphModule") out.push_back(path(e));
  }
  return out;
}

// `text` with the lines sorted (PyTorch installs higher-order-op subgraphs
// in set order) or without stack-trace comments (which differ between
// strict and non-strict export).
std::string Normalized(absl::string_view text, bool sort_lines, bool drop_stack_traces) {
  std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  if (drop_stack_traces) {
    lines.erase(std::remove_if(lines.begin(), lines.end(),
                               [](absl::string_view l) { return absl::StrContains(l, "# File: "); }),
                lines.end());
  }
  if (sort_lines) std::sort(lines.begin(), lines.end());
  return absl::StrJoin(lines, "\n");
}

// Each module of `ours` is the one PyTorch lists at its path: the same
// object as the same earlier path, of the same type, with the same state and
// a structurally identical graph.
void ExpectSameModules(absl::string_view program, const std::vector<ModulePath>& ours,
                       const google::protobuf::RepeatedPtrField<reference::ReferenceModule>& pytorch) {
  absl::flat_hash_map<std::string, const ModulePath*> by_path;
  for (const ModulePath& m : ours) by_path.emplace(m.path, &m);
  ASSERT_EQ(ours.size(), static_cast<size_t>(pytorch.size()));

  for (const reference::ReferenceModule& expected : pytorch) {
    SCOPED_TRACE(absl::StrCat(program, ": module '", expected.fqn(), "'"));
    auto it = by_path.find(expected.fqn());
    ASSERT_NE(it, by_path.end());
    const ModulePath& actual = *it->second;
    EXPECT_EQ(actual.same_as, expected.same_as());
    if (!expected.same_as().empty()) continue;
    const GraphModule& module = *actual.module;
    EXPECT_EQ(LastComponent(module.class_name()), expected.type());
    EXPECT_THAT(StateNames(module, StateKind::kParameter),
                ::testing::ElementsAreArray(expected.parameters()));
    EXPECT_THAT(StateNames(module, StateKind::kBuffer),
                ::testing::ElementsAreArray(expected.buffers()));
    EXPECT_THAT(StateNames(module, StateKind::kConstant),
                ::testing::ElementsAreArray(expected.constants()));
    ASSERT_EQ(module.has_graph(), !expected.graph().empty());
    if (expected.graph().empty()) continue;
    if (expected.graph() == "graph():\n") {
      EXPECT_TRUE(module.graph().empty());
      continue;
    }
    absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(expected.graph(), expected.fqn());
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(StructuralDump(module.graph()), StructuralDump(*parsed->graph))
        << "ours:\n" << PrintFxGraph(module.graph()) << "PyTorch's:\n" << expected.graph();
    EXPECT_TRUE(StructurallyEqual(module.graph(), *parsed->graph));
  }
}

class UnflattenMatchesPyTorch : public ::testing::TestWithParam<std::string> {};

TEST_P(UnflattenMatchesPyTorch, SameModulesStateAndGraphs) {
  const std::string name = GetParam();
  reference::UnflattenReference pytorch = ReadReference(name);
  const bool pytorch_failed = !pytorch.error().empty();
  if (pytorch_failed) {
    // PyTorch fails on this program; another program's result is expected.
    ASSERT_FALSE(pytorch.expected_from().empty()) << pytorch.error();
    pytorch = ReadReference(pytorch.expected_from());
    ASSERT_TRUE(pytorch.error().empty());
  }
  absl::StatusOr<std::string> text = ReadRunfile(absl::StrCat(kDir, "/", name, ".json"));
  ASSERT_TRUE(text.ok()) << text.status();
  absl::StatusOr<ExportedProgram> program = ParseExportedProgramJson(*text, name);
  ASSERT_TRUE(program.ok()) << program.status();
  absl::StatusOr<UnflattenResult> result = Unflatten(*program);
  ASSERT_TRUE(result.ok()) << result.status();
  ASSERT_TRUE(VerifyGraphModule(*result->module).ok()) << VerifyGraphModule(*result->module);

  // print_readable prints the same text, byte for byte.
  bool has_subgraphs = false;
  for (const reference::ReferenceModule& m : pytorch.modules()) {
    has_subgraphs |= m.type() == "GraphModule";
  }
  EXPECT_EQ(Normalized(PrintReadable(*result->module), has_subgraphs, pytorch_failed),
            Normalized(pytorch.readable(), has_subgraphs, pytorch_failed));

  const std::vector<ModulePath> ours = ListModules(*result->module);
  EXPECT_EQ(absl::StrJoin(OrderedPaths(
                              ours, [](const ModulePath& m) { return m.path; },
                              [](const ModulePath& m) { return LastComponent(m.module->class_name()); }),
                          "\n"),
            absl::StrJoin(OrderedPaths(
                              pytorch.modules(),
                              [](const reference::ReferenceModule& m) { return m.fqn(); },
                              [](const reference::ReferenceModule& m) { return m.type(); }),
                          "\n"));
  ASSERT_NO_FATAL_FAILURE(ExpectSameModules(name, ours, pytorch.modules()));

  // The modules behind InterpreterModuleDispatchers, which named_modules
  // does not list.
  std::vector<ModulePath> calls;
  for (ModulePath& m : ListModules(*result->module, CallModules::kWithCalls)) {
    if (absl::StrContains(m.path, ".@")) calls.push_back(std::move(m));
  }
  EXPECT_EQ(absl::StrJoin(calls, "\n", [](std::string* out, const ModulePath& m) { out->append(m.path); }),
            absl::StrJoin(pytorch.call_modules(), "\n",
                          [](std::string* out, const reference::ReferenceModule& m) { out->append(m.fqn()); }));
  ExpectSameModules(name, calls, pytorch.call_modules());
}

std::vector<std::string> Programs() {
  std::vector<std::string> names;
  for (const std::string& path : ListRunfiles(kDir, ".unflatten.json")) {
    absl::string_view file = path;
    file.remove_prefix(file.rfind('/') + 1);
    names.emplace_back(file.substr(0, file.size() - std::string(".unflatten.json").size()));
  }
  return names;
}

INSTANTIATE_TEST_SUITE_P(RealPrograms, UnflattenMatchesPyTorch, ::testing::ValuesIn(Programs()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(UnflattenMatchesPyTorch, EveryProgramIsCovered) {
  // Guards against an empty runfiles listing making the suite vacuous.
  EXPECT_GE(Programs().size(), 16u);
}

TEST(UnflattenMatchesPyTorch, DispatchedCallModulesAreCompared) {
  // Guards against a reference without its call modules making the
  // dispatcher comparison vacuous.
  EXPECT_EQ(ReadReference("preserved_calls").call_modules_size(), 6);
  EXPECT_EQ(ReadReference("preserved_calls_merged").call_modules_size(), 6);
}

TEST(UnflattenMatchesPyTorch, PyTorchFailsOnTheRootSequential) {
  // pytorch#130931: the reason the `sequential` program is compared with the
  // non-strict export's result.
  EXPECT_THAT(ReadReference("sequential").error(),
              ::testing::HasSubstr("is not a descendant of parent module"));
}

}  // namespace
}  // namespace fxpp
