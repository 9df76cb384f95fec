#include "passes/functional_checks/canonical_form.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/fx_text/py_repr.h"
#include "passes/op_schema/op_schema.h"

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

// Live nodes: reachable backwards from the output and side-effecting nodes.
std::vector<char> LiveNodes(const Graph& graph, const std::vector<Node*>& nodes) {
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
  return live;
}

// Counts each live non-placeholder node's inputs into `waiting` and calls
// `ready` on those without any; then `release` on each placeholder.
template <typename Ready, typename Release>
void StartTopologicalWalk(const std::vector<Node*>& nodes, const std::vector<char>& live,
                          std::vector<uint32_t>& waiting, Ready ready, Release release) {
  for (Node* n : nodes) {
    if (!live[n->id()] || n->op() == OpKind::kPlaceholder) continue;
    waiting[n->id()] = static_cast<uint32_t>(n->num_inputs());
    if (waiting[n->id()] == 0) ready(*n);
  }
  for (Node* n : nodes) {
    if (n->op() == OpKind::kPlaceholder) release(*n);
  }
}

// Whether `user` is an in-place op writing `n`: side-effecting, `n` first.
bool WritesInPlace(const Node& user, const Node& n) {
  return user.op() != OpKind::kOutput && IsSideEffectful(user) && !user.args().empty() &&
         user.args()[0].is_node() && user.args()[0].node() == &n;
}

// Whether `n` computes a tensor that an in-place op (a side-effecting user
// taking it first) writes: two such values, however alike, are two tensors
// that the writes tell apart. Placeholders and attributes name a tensor
// that exists already: reads of one are one.
bool WrittenInPlace(const Node& n) {
  if (n.op() != OpKind::kCallFunction && n.op() != OpKind::kCallMethod) return false;
  for (const Node* user : n.users()) {
    if (WritesInPlace(*user, n)) return true;
  }
  return false;
}

// What in-place ops do to the tensor `n` computes: each side-effecting
// user's target and arguments other than nodes, then what is done to its
// result, in sorted order (graphs list users in any order). Two values alike
// in text but written differently are told apart by it; memoized by id.
const std::string& WriteChain(const Node& n, const std::vector<std::string>& no_names,
                              absl::flat_hash_map<uint32_t, std::string>& memo) {
  auto found = memo.find(n.id());
  if (found != memo.end()) return found->second;
  std::vector<std::string> writes;
  for (const Node* user : n.users()) {
    if (!WritesInPlace(*user, n)) continue;
    std::string write = absl::StrCat(user->target(), "[");
    for (const Argument& arg : user->args()) {
      if (!arg.is_node()) AppendArgument(arg, no_names, &write);
      write.push_back(';');
    }
    absl::StrAppend(&write, "]{", WriteChain(*user, no_names, memo), "}");
    writes.push_back(std::move(write));
  }
  std::sort(writes.begin(), writes.end());
  return memo[n.id()] = absl::StrJoin(writes, ",");
}

// Each live node's class: pure nodes with the same target and arguments (up
// to classes) are one, whatever their order, unless an in-place op reads
// them or they draw random numbers (two draws are two values); every other
// node is its own.
// Returns the id of each node's class representative (its first member met
// in a topological walk). Merging before numbering keeps the numbering
// structural: a duplicate met late would otherwise release its users late.
std::vector<uint32_t> ClassRepresentatives(const Graph& graph, const std::vector<Node*>& nodes,
                                           const std::vector<char>& live) {
  std::vector<uint32_t> representative(graph.id_bound());
  std::vector<std::string> class_names(graph.id_bound());
  for (Node* n : nodes) {
    representative[n->id()] = n->id();
    class_names[n->id()] = absl::StrCat("c", n->id());
  }
  std::vector<uint32_t> waiting(graph.id_bound(), 0);
  std::vector<const Node*> walk;  // grows while it is walked
  const auto release_users = [&](const Node& n) {
    for (Node* user : n.users()) {
      if (live[user->id()] && --waiting[user->id()] == 0) walk.push_back(user);
    }
  };
  StartTopologicalWalk(
      nodes, live, waiting, [&](const Node& n) { walk.push_back(&n); }, release_users);
  absl::flat_hash_map<std::string, uint32_t> pure_by_text;
  for (size_t i = 0; i < walk.size(); ++i) {
    const Node& n = *walk[i];
    if (n.op() != OpKind::kOutput && !IsSideEffectful(n) && !WrittenInPlace(n) &&
        !DrawsRandomNumbers(n)) {
      const uint32_t first = pure_by_text.emplace(NodeText(n, class_names), n.id()).first->second;
      representative[n.id()] = first;
      class_names[n.id()] = class_names[first];
    }
    release_users(n);
  }
  return representative;
}

// What a node's text adds for effects its target and arguments do not
// show: the writes to a value in-place ops write (which tell it from its
// look-alikes), and a random draw's place among the live draws in graph
// order (a seeded run gives the k-th draw the same numbers, wherever it is).
class EffectSuffixes {
 public:
  EffectSuffixes(const Graph& graph, const std::vector<Node*>& nodes, const std::vector<char>& live)
      : no_names_(graph.id_bound()) {
    for (Node* n : nodes) {
      if (live[n->id()] && DrawsRandomNumbers(*n)) draw_index_.emplace(n->id(), draw_index_.size());
    }
  }

  void AppendTo(const Node& n, std::string* text) {
    if (WrittenInPlace(n)) {
      absl::StrAppend(text, " writes{", WriteChain(n, no_names_, write_chains_), "}");
    }
    if (auto draw = draw_index_.find(n.id()); draw != draw_index_.end()) {
      absl::StrAppend(text, " draw#", draw->second);
    }
  }

 private:
  const std::vector<std::string> no_names_;
  absl::flat_hash_map<uint32_t, std::string> write_chains_;
  absl::flat_hash_map<uint32_t, int> draw_index_;
};

}  // namespace

std::string CanonicalForm(const Graph& graph) {
  const std::vector<Node*> nodes = graph.NodeVector();
  const std::vector<char> live = LiveNodes(graph, nodes);
  const std::vector<uint32_t> representative = ClassRepresentatives(graph, nodes, live);
  // The other members of each class, chained from its representative.
  constexpr uint32_t kNoMember = ~uint32_t{0};
  std::vector<uint32_t> next_member(graph.id_bound(), kNoMember);
  std::vector<Node*> by_id(graph.id_bound(), nullptr);
  for (Node* n : nodes) {
    by_id[n->id()] = n;
    const uint32_t r = representative[n->id()];
    if (live[n->id()] && r != n->id()) {
      next_member[n->id()] = next_member[r];
      next_member[r] = n->id();
    }
  }

  // The representatives are numbered in a topological order that takes the
  // smallest text first; every member takes its representative's name.
  std::vector<std::string> names(graph.id_bound());
  std::vector<uint32_t> waiting(graph.id_bound(), 0);  // unnamed live inputs
  using Ready = std::pair<std::string, uint32_t>;      // (text, id)
  std::priority_queue<Ready, std::vector<Ready>, std::greater<Ready>> ready;
  EffectSuffixes effects(graph, nodes, live);
  const auto ready_text = [&](const Node& n) {
    std::string text = NodeText(n, names);
    effects.AppendTo(n, &text);
    return text;
  };
  int placeholders = 0;
  for (Node* n : nodes) {
    // Every placeholder keeps its position, live or not.
    if (n->op() == OpKind::kPlaceholder) names[n->id()] = absl::StrCat("in", placeholders++);
  }
  const auto name_class = [&](const Node& n, const std::string& name) {
    for (uint32_t m = n.id(); m != kNoMember; m = next_member[m]) {
      names[m] = name;
      for (Node* user : by_id[m]->users()) {
        const uint32_t u = user->id();
        if (live[u] && representative[u] == u && --waiting[u] == 0) {
          ready.emplace(ready_text(*user), u);
        }
      }
    }
  };
  std::vector<char> live_representative(graph.id_bound(), 0);
  for (Node* n : nodes) {
    live_representative[n->id()] = live[n->id()] && representative[n->id()] == n->id();
  }
  StartTopologicalWalk(
      nodes, live_representative, waiting,
      [&](const Node& n) { ready.emplace(ready_text(n), n.id()); },
      [&](const Node& n) { name_class(n, names[n.id()]); });

  std::string out;
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
      name_class(n, absl::StrCat("attr(", n.target(), ")"));
      continue;
    }
    const std::string name = absl::StrCat("v", next++);
    absl::StrAppend(&out, name, " = ", top.first, "\n");
    name_class(n, name);
  }
  return out;
}

}  // namespace fxpp
