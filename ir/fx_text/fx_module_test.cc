// FX text with subgraph sections (ParseFxModule / PrintFxModule): a module's
// graphs print as one file and read back to the same module structure.
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/verifier.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

ParsedFxModule MustParse(absl::string_view text) {
  absl::StatusOr<ParsedFxModule> parsed = ParseFxModule(text, "test.fx");
  EXPECT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
  if (!parsed.ok()) std::abort();
  return std::move(*parsed);
}

// "name" for a module with a graph, "name[opaque]" otherwise.
std::vector<std::string> ChildrenOf(const GraphModule& module) {
  std::vector<std::string> names;
  for (const auto& [name, child] : module.children()) {
    names.push_back(child->has_graph() ? name : absl::StrCat(name, "[opaque]"));
  }
  return names;
}

// Two invoke_subgraph callees, a subgraph that calls its own child module,
// and a subgraph below a plain nn.Module (`blocks`, which has no section).
const char kNested[] =
    "graph():\n"
    "    %x : [num_users=2] = placeholder[target=x]\n"
    "    %subgraph_0 : [num_users=1] = get_attr[target=subgraph_0]\n"
    "    %invoke_subgraph : [num_users=1] = call_function[target=torch.ops.higher_order.invoke_subgraph](args = (%subgraph_0, subgraph_0, %x), kwargs = {})\n"
    "    %subgraph_1 : [num_users=1] = get_attr[target=subgraph_1]\n"
    "    %invoke_subgraph_1 : [num_users=1] = call_function[target=torch.ops.higher_order.invoke_subgraph](args = (%subgraph_1, subgraph_1, %x), kwargs = {})\n"
    "    %blocks_0 : [num_users=1] = call_module[target=blocks.0](args = (%invoke_subgraph,), kwargs = {})\n"
    "    return (blocks_0, invoke_subgraph_1)\n"
    "\n"
    "graph subgraph_0():\n"
    "    %a : [num_users=1] = placeholder[target=a]\n"
    "    %relu : [num_users=1] = call_function[target=torch.relu](args = (%a,), kwargs = {})\n"
    "    return (relu,)\n"
    "\n"
    "graph subgraph_1():\n"
    "    %a : [num_users=1] = placeholder[target=a]\n"
    "    %inner : [num_users=1] = call_module[target=inner](args = (%a,), kwargs = {})\n"
    "    return (inner,)\n"
    "\n"
    "graph subgraph_1.inner():\n"
    "    %b : [num_users=1] = placeholder[target=b]\n"
    "    %neg : [num_users=1] = call_function[target=torch.neg](args = (%b,), kwargs = {})\n"
    "    return neg\n"
    "\n"
    "graph blocks.0():\n"
    "    %c : [num_users=1] = placeholder[target=c]\n"
    "    return c\n";

TEST(FxModuleTest, SubgraphsReadIntoTheModuleTreeAndPrintBack) {
  const ParsedFxModule parsed = MustParse(kNested);
  const GraphModule& root = *parsed.module;
  EXPECT_THAT(ChildrenOf(root), ElementsAre("subgraph_0", "subgraph_1", "blocks[opaque]"));
  EXPECT_THAT(ChildrenOf(*root.FindChild("subgraph_1")), ElementsAre("inner"));
  EXPECT_THAT(ChildrenOf(*root.FindChild("blocks")), ElementsAre("0"));
  EXPECT_EQ(root.FindSubmodule("subgraph_1.inner")->graph().size(), 3u);
  EXPECT_EQ(root.FindSubmodule("blocks.0")->graph().size(), 2u);
  // The invoke_subgraph calls name existing subgraphs; the call_module
  // targets resolve.
  EXPECT_TRUE(VerifyGraphModule(root).ok()) << VerifyGraphModule(root);
  EXPECT_EQ(PrintFxModule(root, parsed.print_options()), kNested);
}

TEST(FxModuleTest, NodePositionsPointIntoTheSections) {
  const ParsedFxModule parsed = MustParse(kNested);
  const Node* neg = parsed.module->FindSubmodule("subgraph_1.inner")->graph().FindNode("neg");
  ASSERT_NE(neg, nullptr);
  EXPECT_EQ(parsed.node_positions.Find(*neg), std::string(kNested).find("neg : ") );
}

TEST(FxModuleTest, BuiltModulePrintsSectionsInPreorder) {
  GraphModule m;
  m.graph().Output(Argument::None());
  auto sub = std::make_unique<GraphModule>();
  Node* p = sub->graph().Placeholder("p");
  sub->graph().Output(Argument::Ref(p));
  auto leaf = std::make_unique<GraphModule>();
  leaf->graph().Output(Argument::Int(1));
  ASSERT_TRUE(sub->AddChild("leaf", std::move(leaf)).ok());
  m.InstallSubgraph("subgraph", std::move(sub));
  // A child without a graph prints nothing; its subgraphs do.
  auto opaque = GraphModule::Opaque("torch.nn.Sequential");
  auto under = std::make_unique<GraphModule>();
  under->graph().Output(Argument::None());
  ASSERT_TRUE(opaque->AddChild("0", std::move(under)).ok());
  ASSERT_TRUE(m.AddChild("seq", std::move(opaque)).ok());
  ASSERT_TRUE(m.AddChild("odd name", std::make_unique<GraphModule>()).ok());
  m.FindChild("odd name")->graph().Output(Argument::None());

  const std::string text = PrintFxModule(m);
  EXPECT_EQ(text,
            "graph():\n"
            "    return None\n"
            "\n"
            "graph subgraph_0():\n"
            "    %p : [num_users=1] = placeholder[target=p]\n"
            "    return p\n"
            "\n"
            "graph subgraph_0.leaf():\n"
            "    return 1\n"
            "\n"
            "graph seq.0():\n"
            "    return None\n"
            "\n"
            "graph 'odd name'():\n"
            "    return None\n");
  const ParsedFxModule parsed = MustParse(text);
  EXPECT_THAT(ChildrenOf(*parsed.module), ElementsAre("subgraph_0", "seq[opaque]", "odd name"));
  EXPECT_EQ(PrintFxModule(*parsed.module, parsed.print_options()), text);
}

TEST(FxModuleTest, TypedAndTorch113FilesKeepTheirSpellingInEverySection) {
  const std::string typed =
      "graph():  # typed\n"
      "    %x : [num_users=1] = placeholder[target=x]\n"
      "    %f : [num_users=1] = call_module[target=f](args = (%x, 'mean'), kwargs = {})\n"
      "    return f\n"
      "\n"
      "graph f():  # typed\n"
      "    %y : [num_users=1] = placeholder[target=y]\n"
      "    %s : [num_users=0] = placeholder[target=s]\n"
      "    return (y, 'tag')\n";
  const ParsedFxModule parsed_typed = MustParse(typed);
  EXPECT_TRUE(parsed_typed.typed_literals);
  EXPECT_EQ(PrintFxModule(*parsed_typed.module, parsed_typed.print_options()), typed);

  // The root shows no users tag; the subgraph's decides the file's dialect.
  const std::string old =
      "graph():\n"
      "    return None\n"
      "\n"
      "graph sub():\n"
      "    %x : [#users=1] = placeholder[target=x]\n"
      "    return x\n";
  const ParsedFxModule parsed_old = MustParse(old);
  EXPECT_EQ(parsed_old.dialect, FxDialect::kTorch113);
  EXPECT_EQ(PrintFxModule(*parsed_old.module, parsed_old.print_options()), old);
}

TEST(FxModuleTest, OneGraphFilesAreUnchanged) {
  const std::string text =
      "graph():\n"
      "    %x : [num_users=1] = placeholder[target=x]\n"
      "    return x\n";
  const ParsedFxModule parsed = MustParse(text + "\n\n");
  EXPECT_TRUE(parsed.module->children().empty());
  EXPECT_EQ(PrintFxModule(*parsed.module, parsed.print_options()), text);
  EXPECT_EQ(PrintFxGraph(parsed.module->graph(), parsed.print_options()), text);
}

TEST(FxModuleTest, AMissingSubgraphIsTheVerifiersToReport) {
  // The text reads (a get_attr may name anything the text does not show);
  // the verifier knows invoke_subgraph needs a subgraph of the module.
  const ParsedFxModule parsed = MustParse(
      "graph():\n"
      "    %x : [num_users=1] = placeholder[target=x]\n"
      "    %subgraph_1 : [num_users=1] = get_attr[target=subgraph_1]\n"
      "    %invoke_subgraph : [num_users=1] = call_function[target=torch.ops.higher_order.invoke_subgraph](args = (%subgraph_1, subgraph_1, %x), kwargs = {})\n"
      "    return (invoke_subgraph,)\n"
      "\n"
      "graph subgraph_0():\n"
      "    %a : [num_users=1] = placeholder[target=a]\n"
      "    return (a,)\n");
  ModuleVerifyOptions options;
  options.check_attributes = false;  // as for any FX text
  const absl::Status verified = VerifyGraphModule(*parsed.module, options);
  EXPECT_THAT(std::string(verified.message()),
              HasSubstr("node 'invoke_subgraph': invoke_subgraph's first argument must be a "
                        "get_attr of a subgraph of this module"));
}

}  // namespace
}  // namespace fxpp
