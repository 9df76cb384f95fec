#include "passes/split_by_tags/split_description.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace fxpp {
namespace {

std::string NodeRefs(const Node& node) {
  std::vector<absl::string_view> refs;
  node.ForEachNodeArgument([&](Node* input) { refs.push_back(input->name()); });
  return absl::StrJoin(refs, ", ");
}

// Python's type(node.args[0]).__name__ for an output value.
absl::string_view OutputForm(const Argument& value) {
  switch (value.kind()) {
    case ArgKind::kNode: return "bare";
    case ArgKind::kTuple: return "tuple";
    case ArgKind::kList: return "list";
    case ArgKind::kDict: return "dict";
    case ArgKind::kNone: return "NoneType";
    default: return ArgKindName(value.kind());
  }
}

void DescribeGraph(const Graph& graph, std::string* out) {
  for (const Node* node : graph.nodes()) {
    if (node->op() == OpKind::kOutput) {
      absl::StrAppend(out, "  output ", OutputForm(node->args()[0]), " (", NodeRefs(*node), ")\n");
    } else {
      absl::StrAppend(out, "  ", OpKindName(node->op()), " ", node->name(), " [", node->target(),
                      "] (", NodeRefs(*node), ")\n");
    }
  }
}

}  // namespace

std::string DescribeSplitModule(const GraphModule& module) {
  std::string out;
  for (const auto& [name, child] : module.children()) {
    if (!child->has_graph()) continue;
    absl::StrAppend(&out, "submodule ", name, "\n");
    DescribeGraph(child->graph(), &out);
  }
  absl::StrAppend(&out, "main\n");
  DescribeGraph(module.graph(), &out);
  return out;
}

}  // namespace fxpp
