#include "export/graph_structure.h"

#include <cstring>
#include <vector>

#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace fxpp {
namespace {

// Each node's position in its graph, by node id.
std::vector<uint32_t> Positions(const Graph& graph) {
  std::vector<uint32_t> positions(graph.id_bound());
  uint32_t i = 0;
  for (const Node* node : graph.nodes()) positions[node->id()] = i++;
  return positions;
}

bool TargetCounts(OpKind op) {
  return op == OpKind::kCallFunction || op == OpKind::kCallMethod || op == OpKind::kGetAttr;
}

bool SameArgument(const Argument& a, const std::vector<uint32_t>& pa, const Argument& b,
                  const std::vector<uint32_t>& pb) {
  if (a.kind() != b.kind()) return false;
  if (a.is_node()) return pa[a.node()->id()] == pb[b.node()->id()];
  if (!a.is_composite()) return a == b;
  const std::vector<Argument>& ea = a.elements();
  const std::vector<Argument>& eb = b.elements();
  if (ea.size() != eb.size()) return false;
  for (size_t i = 0; i < ea.size(); ++i) {
    if (!SameArgument(ea[i], pa, eb[i], pb)) return false;
  }
  return true;
}

uint64_t HashArgument(const Argument& a, const std::vector<uint32_t>& positions) {
  uint64_t h = absl::HashOf(static_cast<int>(a.kind()));
  switch (a.kind()) {
    case ArgKind::kNone:
    case ArgKind::kEllipsis:
      return h;
    case ArgKind::kBool:
      return absl::HashOf(h, a.bool_value());
    case ArgKind::kInt:
      return absl::HashOf(h, a.int_value());
    case ArgKind::kFloat: {
      uint64_t bits;
      const double f = a.float_value();
      std::memcpy(&bits, &f, sizeof bits);
      return absl::HashOf(h, bits);
    }
    case ArgKind::kNode:
      return absl::HashOf(h, positions[a.node()->id()]);
    case ArgKind::kDtype:
    case ArgKind::kMemoryFormat:
    case ArgKind::kLayout:
      return absl::HashOf(h, static_cast<int>(a.dtype()));
    case ArgKind::kString:
    case ArgKind::kDevice:
    case ArgKind::kSymInt:
    case ArgKind::kOpaque:
      return absl::HashOf(h, a.text_symbol().id());
    case ArgKind::kList:
    case ArgKind::kTuple:
    case ArgKind::kDict:
    case ArgKind::kSlice:
      for (const Argument& e : a.elements()) h = absl::HashOf(h, HashArgument(e, positions));
      return h;
  }
  return h;
}

void AppendArgument(const Argument& a, const std::vector<uint32_t>& positions, std::string* out) {
  auto append_elements = [&](absl::string_view open, absl::string_view close) {
    absl::StrAppend(out, open);
    for (size_t i = 0; i < a.elements().size(); ++i) {
      if (i > 0) out->append(a.kind() == ArgKind::kDict && i % 2 == 1 ? ": " : ", ");
      AppendArgument(a.elements()[i], positions, out);
    }
    absl::StrAppend(out, close);
  };
  switch (a.kind()) {
    case ArgKind::kNone:
      out->append("None");
      return;
    case ArgKind::kEllipsis:
      out->append("...");
      return;
    case ArgKind::kBool:
      out->append(a.bool_value() ? "True" : "False");
      return;
    case ArgKind::kInt:
      absl::StrAppend(out, a.int_value());
      return;
    case ArgKind::kFloat:
      absl::StrAppend(out, absl::StrFormat("%.17g", a.float_value()));
      return;
    case ArgKind::kNode:
      absl::StrAppend(out, "%", positions[a.node()->id()]);
      return;
    case ArgKind::kDtype:
      absl::StrAppend(out, "torch.", ScalarTypeName(a.dtype()));
      return;
    case ArgKind::kMemoryFormat:
      absl::StrAppend(out, "torch.", MemoryFormatName(a.memory_format()));
      return;
    case ArgKind::kLayout:
      absl::StrAppend(out, "torch.", LayoutName(a.layout()));
      return;
    case ArgKind::kString:
      absl::StrAppend(out, "'", a.text(), "'");
      return;
    case ArgKind::kDevice:
      absl::StrAppend(out, "device('", a.text(), "')");
      return;
    case ArgKind::kSymInt:
    case ArgKind::kOpaque:
      out->append(a.text().data(), a.text().size());
      return;
    case ArgKind::kList:
      return append_elements("[", "]");
    case ArgKind::kTuple:
      return append_elements("(", ")");
    case ArgKind::kDict:
      return append_elements("{", "}");
    case ArgKind::kSlice:
      return append_elements("slice(", ")");
  }
}

}  // namespace

bool StructurallyEqual(const Graph& a, const Graph& b) {
  if (a.size() != b.size()) return false;
  const std::vector<uint32_t> pa = Positions(a);
  const std::vector<uint32_t> pb = Positions(b);
  auto ia = a.nodes().begin();
  for (const Node* nb : b.nodes()) {
    const Node* na = *ia;
    ++ia;
    if (na->op() != nb->op() || na->args().size() != nb->args().size() ||
        na->kwargs().size() != nb->kwargs().size()) {
      return false;
    }
    if (TargetCounts(na->op()) && na->target() != nb->target()) return false;
    for (size_t i = 0; i < na->args().size(); ++i) {
      if (!SameArgument(na->args()[i], pa, nb->args()[i], pb)) return false;
    }
    for (size_t i = 0; i < na->kwargs().size(); ++i) {
      if (na->kwargs()[i].name != nb->kwargs()[i].name ||
          !SameArgument(na->kwargs()[i].value, pa, nb->kwargs()[i].value, pb)) {
        return false;
      }
    }
  }
  return true;
}

uint64_t StructuralHash(const Graph& graph) {
  const std::vector<uint32_t> positions = Positions(graph);
  uint64_t h = absl::HashOf(graph.size());
  for (const Node* node : graph.nodes()) {
    h = absl::HashOf(h, static_cast<int>(node->op()), node->args().size(), node->kwargs().size());
    if (TargetCounts(node->op())) h = absl::HashOf(h, node->target());
    for (const Argument& a : node->args()) h = absl::HashOf(h, HashArgument(a, positions));
    for (const KwArg& kw : node->kwargs()) {
      h = absl::HashOf(h, kw.name.id(), HashArgument(kw.value, positions));
    }
  }
  return h;
}

std::string StructuralDump(const Graph& graph) {
  const std::vector<uint32_t> positions = Positions(graph);
  std::string out;
  uint32_t i = 0;
  for (const Node* node : graph.nodes()) {
    absl::StrAppend(&out, i++, ": ", OpKindName(node->op()), "[",
                    TargetCounts(node->op()) ? node->target() : "", "](");
    bool first = true;
    for (const Argument& a : node->args()) {
      if (!first) out.append(", ");
      first = false;
      AppendArgument(a, positions, &out);
    }
    for (const KwArg& kw : node->kwargs()) {
      if (!first) out.append(", ");
      first = false;
      absl::StrAppend(&out, kw.name.str(), "=");
      AppendArgument(kw.value, positions, &out);
    }
    out.append(")\n");
  }
  return out;
}


}  // namespace fxpp
