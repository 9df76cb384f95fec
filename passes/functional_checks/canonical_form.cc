#include "passes/functional_checks/canonical_form.h"

#include <functional>
#include <queue>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "ir/fx_text/py_repr.h"

namespace fxpp {
namespace {

// The text of an argument with node references in canonical names.
void AppendArgument(const Argument& arg, const std::vector<std::string>& names, std::string* out) {
  const auto sequence = [&](const std::vector<Argument>& elements, char open, char close,
                            bool tuple) {
    out->push_back(open);
    for (size_t i = 0; i < elements.size(); ++i) {
      if (i > 0) out->append(", ");
      AppendArgument(elements[i], names, out);
    }
    if (tuple && elements.size() == 1) out->push_back(',');
    out->push_back(close);
  };
  switch (arg.kind()) {
    case ArgKind::kNone:
      out->append("None");
      return;
    case ArgKind::kBool:
      out->append(arg.bool_value() ? "True" : "False");
      return;
    case ArgKind::kInt:
      absl::StrAppend(out, arg.int_value());
      return;
    case ArgKind::kFloat:
      AppendPyFloatRepr(arg.float_value(), out);
      return;
    case ArgKind::kNode:
      out->append(names[arg.node()->id()]);
      return;
    case ArgKind::kList:
      return sequence(arg.elements(), '[', ']', false);
    case ArgKind::kTuple:
      return sequence(arg.elements(), '(', ')', true);
    case ArgKind::kSlice:
      out->append("slice");
      return sequence(arg.elements(), '(', ')', false);
    case ArgKind::kDict:
      out->push_back('{');
      for (size_t i = 0; i < arg.dict_size(); ++i) {
        if (i > 0) out->append(", ");
        AppendArgument(arg.dict_key(i), names, out);
        out->append(": ");
        AppendArgument(arg.dict_value(i), names, out);
      }
      out->push_back('}');
      return;
    case ArgKind::kDtype:
      absl::StrAppend(out, "torch.", ScalarTypeName(arg.dtype()));
      return;
    case ArgKind::kMemoryFormat:
      absl::StrAppend(out, "torch.", MemoryFormatName(arg.memory_format()));
      return;
    case ArgKind::kLayout:
      absl::StrAppend(out, "torch.", LayoutName(arg.layout()));
      return;
    case ArgKind::kEllipsis:
      out->append("...");
      return;
    case ArgKind::kString:
    case ArgKind::kDevice:
    case ArgKind::kSymInt:
    case ArgKind::kOpaque:
      // FX text prints these alike, so a parsed reference may hold either.
      out->append(arg.text().data(), arg.text().size());
      return;
  }
}

std::string NodeText(const Node& node, const std::vector<std::string>& names) {
  std::string text = absl::StrCat(OpKindName(node.op()), " ", node.target(), "(");
  for (size_t i = 0; i < node.args().size(); ++i) {
    if (i > 0) text.append(", ");
    AppendArgument(node.args()[i], names, &text);
  }
  for (const KwArg& kw : node.kwargs()) {
    absl::StrAppend(&text, ", ", kw.name.str(), "=");
    AppendArgument(kw.value, names, &text);
  }
  text.push_back(')');
  return text;
}

}  // namespace

std::string CanonicalForm(const Graph& graph) {
  const std::vector<Node*> nodes = graph.NodeVector();
  // Live nodes: reachable backwards from the output and side-effecting nodes.
  std::vector<char> live(graph.id_bound(), 0);
  std::vector<Node*> stack;
  for (Node* n : nodes) {
    if (n->op() == OpKind::kOutput || (IsSideEffectful(*n) && n->op() != OpKind::kPlaceholder)) {
      live[n->id()] = 1;
      stack.push_back(n);
    }
  }
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    n->ForEachInput([&](Node* input) {
      if (!live[input->id()]) {
        live[input->id()] = 1;
        stack.push_back(input);
      }
    });
  }

  std::vector<std::string> names(graph.id_bound());
  std::vector<uint32_t> waiting(graph.id_bound(), 0);  // unnamed live inputs
  using Ready = std::pair<std::string, uint32_t>;      // (text, id)
  std::priority_queue<Ready, std::vector<Ready>, std::greater<Ready>> ready;
  std::vector<Node*> by_id(graph.id_bound(), nullptr);
  int placeholders = 0;
  for (Node* n : nodes) {
    by_id[n->id()] = n;
    // Every placeholder keeps its position, live or not.
    if (n->op() == OpKind::kPlaceholder) names[n->id()] = absl::StrCat("in", placeholders++);
  }
  const auto release_users = [&](const Node& n) {
    for (Node* user : n.users()) {
      if (live[user->id()] && --waiting[user->id()] == 0) {
        ready.emplace(NodeText(*user, names), user->id());
      }
    }
  };
  for (Node* n : nodes) {
    if (!live[n->id()] || n->op() == OpKind::kPlaceholder) continue;
    waiting[n->id()] = static_cast<uint32_t>(n->num_inputs());
    if (waiting[n->id()] == 0) ready.emplace(NodeText(*n, names), n->id());
  }
  for (Node* n : nodes) {
    if (n->op() == OpKind::kPlaceholder) release_users(*n);
  }

  std::string out;
  absl::flat_hash_map<std::string, std::string> pure_by_text;  // node text -> name
  int next = 0;
  while (!ready.empty()) {
    Ready top = ready.top();
    ready.pop();
    const Node& n = *by_id[top.second];
    if (n.op() == OpKind::kOutput) {
      std::string result;
      if (!n.args().empty()) AppendArgument(n.args()[0], names, &result);
      absl::StrAppend(&out, "return ", result, "\n");
      continue;
    }
    if (n.op() == OpKind::kGetAttr) {
      names[n.id()] = absl::StrCat("attr(", n.target(), ")");
    } else if (!IsSideEffectful(n)) {
      auto [it, inserted] = pure_by_text.emplace(top.first, "");
      if (inserted) {
        it->second = absl::StrCat("v", next++);
        absl::StrAppend(&out, it->second, " = ", top.first, "\n");
      }
      names[n.id()] = it->second;
    } else {
      names[n.id()] = absl::StrCat("v", next++);
      absl::StrAppend(&out, names[n.id()], " = ", top.first, "\n");
    }
    release_users(n);
  }
  return out;
}

}  // namespace fxpp
