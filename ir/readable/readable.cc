// A port of torch/fx/graph.py CodeGen._gen_python_code (verbose=True) and
// graph_module.py _print_readable from PyTorch 2.6. Names follow FX's
// evaluation order: node names and the globals used for call targets and
// types share one namespace, and whichever asks first keeps the plain name.
#include "ir/readable/readable.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/types/span.h"
#include "ir/fx_text/py_repr.h"
#include "ir/names.h"
#include "re2/re2.h"

namespace fxpp {
namespace {

// graph.py magic_methods (including reflectable_magic_methods): `_operator`
// functions printed as Python operators.
const absl::flat_hash_map<absl::string_view, absl::string_view>& MagicMethods() {
  static const auto* const kMethods = new absl::flat_hash_map<absl::string_view, absl::string_view>{
      {"add", "{} + {}"},    {"sub", "{} - {}"},      {"mul", "{} * {}"},
      {"floordiv", "{} // {}"}, {"truediv", "{} / {}"}, {"div", "{} / {}"},
      {"mod", "{} % {}"},    {"pow", "{} ** {}"},     {"lshift", "{} << {}"},
      {"rshift", "{} >> {}"}, {"and_", "{} & {}"},    {"or_", "{} | {}"},
      {"xor", "{} ^ {}"},    {"getitem", "{}[{}]"},   {"matmul", "{} @ {}"},
      {"eq", "{} == {}"},    {"ne", "{} != {}"},      {"lt", "{} < {}"},
      {"gt", "{} > {}"},     {"le", "{} <= {}"},      {"ge", "{} >= {}"},
      {"pos", "+{}"},        {"neg", "-{}"},          {"invert", "~{}"},
  };
  return *kMethods;
}

// graph.py inplace_methods: printed as the statement, then the node bound to
// its first argument.
const absl::flat_hash_map<absl::string_view, absl::string_view>& InplaceMethods() {
  static const auto* const kMethods = new absl::flat_hash_map<absl::string_view, absl::string_view>{
      {"iadd", "{} += {}"},  {"iand", "{} &= {}"},   {"ifloordiv", "{} //= {}"},
      {"ilshift", "{} <<= {}"}, {"imod", "{} %= {}"}, {"imul", "{} *= {}"},
      {"imatmul", "{} @= {}"}, {"ior", "{} |= {}"},  {"ipow", "{} **= {}"},
      {"irshift", "{} >>= {}"}, {"isub", "{} -= {}"}, {"itruediv", "{} /= {}"},
      {"ixor", "{} ^= {}"},  {"setitem", "{}[{}] = {}"},
  };
  return *kMethods;
}

// graph.py _is_from_torch for a qualified name: torch's own objects print
// qualified instead of through a global. Tensor methods (method descriptors)
// have no __module__ and do not count.
bool IsFromTorch(absl::string_view qualified) {
  return absl::StartsWith(qualified, "torch.") && !absl::StartsWith(qualified, "torch._dynamo.") &&
         !absl::StartsWith(qualified, "torch._inductor.") &&
         !absl::StartsWith(qualified, "torch.Tensor.");
}

// graph.py _format_target: `base.a.b`, with getattr() for non-identifiers.
std::string FormatTarget(std::string base, absl::string_view target) {
  for (absl::string_view part : absl::StrSplit(target, '.')) {
    if (IsPythonIdentifier(part)) {
      absl::StrAppend(&base, ".", part);
    } else {
      base = absl::StrCat("getattr(", base, ", \"", part, "\")");
    }
  }
  return base;
}

// graph.py _parse_stack_trace(...).get_summary_str(): the innermost frame
// ("File: f.py:3 in forward, code: y = x + 1"), or "" when there is none.
std::string StackTraceSummary(absl::string_view stack_trace) {
  static const RE2* const kFrame = new RE2(R"re(File "(.+)", line (\d+), in (.+))re");
  std::vector<absl::string_view> lines =
      absl::StrSplit(absl::StripAsciiWhitespace(stack_trace), '\n');
  for (size_t i = lines.size() - 1; i-- > 0;) {
    const absl::string_view text = absl::StripAsciiWhitespace(lines[i]);
    std::string file, line, name;
    if (RE2::FullMatch(re2::StringPiece(text.data(), text.size()), *kFrame, &file, &line,
                       &name)) {
      return absl::StrCat("File: ", file, ":", line, " in ", name,
                          ", code: ", absl::StripAsciiWhitespace(lines[i + 1]));
    }
  }
  return "";
}

// torch.nn.modules.module._addindent: indents every line but the first.
std::string AddIndent(absl::string_view text, int spaces) {
  const std::string indent(spaces, ' ');
  std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  if (lines.size() == 1) return std::string(text);
  std::string out(lines[0]);
  for (size_t i = 1; i < lines.size(); ++i) absl::StrAppend(&out, "\n", indent, lines[i]);
  return out;
}

// Substitutes `args` for the "{}" of a magic/inplace template.
std::string FormatTemplate(absl::string_view pattern, const std::vector<std::string>& args) {
  std::string out;
  size_t next = 0;
  for (size_t at; (at = pattern.find("{}")) != absl::string_view::npos;) {
    absl::StrAppend(&out, pattern.substr(0, at), args[next++]);
    pattern.remove_prefix(at + 2);
  }
  absl::StrAppend(&out, pattern);
  return out;
}

size_t Placeholders(absl::string_view pattern) {
  size_t count = 0;
  for (size_t at = 0; (at = pattern.find("{}", at)) != absl::string_view::npos; at += 2) ++count;
  return count;
}

// The code of one graph's forward, built as _gen_python_code builds it.
class ForwardWriter {
 public:
  ForwardWriter(const Graph& graph, const ReadableOptions& options)
      : graph_(graph),
        options_(options),
        node_names_(graph.id_bound()),
        last_user_(graph.id_bound(), nullptr),
        freed_(graph.id_bound(), false) {}

  // The forward function's source, without leading newlines.
  std::string Write() {
    // A value is freed after its last use: the first user met walking back.
    std::vector<const Node*> nodes(graph_.nodes().begin(), graph_.nodes().end());
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
      const Node* user = *it;
      user->ForEachNodeArgument([&](const Node* n) {
        if (Owned(n) && last_user_[n->id()] == nullptr) last_user_[n->id()] = user;
      });
    }
    for (const Node* node : nodes) {
      AppendStackTraceSummary(*node);
      EmitNode(*node);
      FreeUnusedValues(*node);
    }
    if (body_.empty()) body_ = "pass\n";

    // FX strips the body's leading newlines, then indents every line.
    std::string code;
    for (absl::string_view line : absl::StrSplit(LstripNewlines(body_), '\n')) {
      if (!code.empty()) code.push_back('\n');
      absl::StrAppend(&code, "    ", line);
    }
    std::string prologue = "def forward(";
    if (free_vars_.empty() || free_vars_[0] != "self") {
      free_vars_.insert(free_vars_.begin(), "self");
    }
    absl::StrAppend(&prologue, absl::StrJoin(free_vars_, ", "), ")", return_annotation_, ":");
    std::string fn = wrapped_.empty() ? "" : absl::StrCat(WrapStatements(), "\n\n");
    absl::StrAppend(&fn, prologue, "\n", code);
    return fn;
  }

 private:
  static absl::string_view LstripNewlines(absl::string_view s) {
    while (!s.empty() && s.front() == '\n') s.remove_prefix(1);
    return s;
  }

  bool Owned(const Node* n) const { return n->graph() == &graph_ && n->id() < graph_.id_bound(); }

  // repr(node): the node's name in the shared namespace, created on first use.
  absl::string_view NodeName(const Node* node) {
    if (!Owned(node)) return node->name();
    absl::string_view& name = node_names_[node->id()];
    if (name.empty()) name = names_.CreateName(node->name());
    return name;
  }

  // add_global for an object known by its qualified name.
  absl::string_view GlobalName(absl::string_view qualified) {
    auto it = globals_.find(qualified);
    if (it == globals_.end()) {
      it = globals_.emplace(std::string(qualified), names_.CreateName(qualified)).first;
    }
    return it->second;
  }

  // The name a call_function target is called by (FX's add_global of the
  // target): builtins by their own name, torch's objects qualified, anything
  // else through a namespaced global ("math.sqrt" -> math_sqrt).
  absl::string_view CallableName(absl::string_view target) {
    if (absl::ConsumePrefix(&target, "builtins.") || !absl::StrContains(target, '.')) {
      return target;
    }
    if (IsFromTorch(target)) return target;
    // FX prints operator functions as operator.f; their module is _operator.
    if (absl::StartsWith(target, "operator.")) return GlobalName(absl::StrCat("_", target));
    return GlobalName(target);
  }

  // FX's type_repr of a type printed as `text` by _type_repr: names map as
  // globals do, generic arguments are joined by "," as FX joins them.
  std::string TypeRepr(absl::string_view text) {
    size_t pos = 0;
    std::string out;
    if (ParseType(text, &pos, &out) && pos == text.size()) return out;
    return std::string(text);
  }

  bool ParseType(absl::string_view text, size_t* pos, std::string* out) {
    const size_t start = *pos;
    while (*pos < text.size() && (absl::ascii_isalnum(text[*pos]) || text[*pos] == '_' ||
                                  text[*pos] == '.')) {
      ++*pos;
    }
    if (*pos == start) {
      if (!absl::StartsWith(text.substr(*pos), "()")) return false;
      *pos += 2;  // the empty tuple of Tuple[()]
      out->append("()");
      return true;
    }
    std::string name(text.substr(start, *pos - start));
    std::vector<std::string> args;
    if (*pos < text.size() && text[*pos] == '[') {
      do {
        ++*pos;
        while (*pos < text.size() && text[*pos] == ' ') ++*pos;
        std::string arg;
        if (!ParseType(text, pos, &arg)) return false;
        args.push_back(std::move(arg));
      } while (*pos < text.size() && text[*pos] == ',');
      if (*pos >= text.size() || text[*pos] != ']') return false;
      ++*pos;
      // _origin_type_map: builtin generics print as their typing aliases;
      // Optional[T] is Union[T, None].
      static const auto* const kOrigins =
          new absl::flat_hash_map<absl::string_view, absl::string_view>{
              {"list", "typing.List"},           {"dict", "typing.Dict"},
              {"set", "typing.Set"},             {"frozenset", "typing.FrozenSet"},
              {"tuple", "typing.Tuple"},         {"typing.Optional", "typing.Union"}};
      if (name == "typing.Optional") args.push_back("NoneType");
      if (auto it = kOrigins->find(name); it != kOrigins->end()) name = std::string(it->second);
    }
    if (IsFromTorch(name) || !absl::StrContains(name, '.')) {
      out->append(name);
    } else {
      absl::StrAppend(out, GlobalName(name));
    }
    if (!args.empty()) absl::StrAppend(out, "[", absl::StrJoin(args, ","), "]");
    return true;
  }

  // _get_repr / repr() of an argument.
  void AppendRepr(const Argument& a, std::string* out) {
    switch (a.kind()) {
      case ArgKind::kNone:
        out->append("None");
        return;
      case ArgKind::kBool:
        out->append(a.bool_value() ? "True" : "False");
        return;
      case ArgKind::kInt:
        absl::StrAppend(out, a.int_value());
        return;
      case ArgKind::kFloat:
        AppendPyFloatRepr(a.float_value(), out);
        return;
      case ArgKind::kString:
        AppendPyStrRepr(a.text(), out);
        return;
      case ArgKind::kNode:
        absl::StrAppend(out, NodeName(a.node()));
        return;
      case ArgKind::kList:
      case ArgKind::kTuple: {
        const bool list = a.kind() == ArgKind::kList;
        out->push_back(list ? '[' : '(');
        for (size_t i = 0; i < a.elements().size(); ++i) {
          if (i > 0) out->append(", ");
          AppendRepr(a.elements()[i], out);
        }
        if (!list && a.elements().size() == 1) out->push_back(',');
        out->push_back(list ? ']' : ')');
        return;
      }
      case ArgKind::kDict:
        out->push_back('{');
        for (size_t i = 0; i < a.dict_size(); ++i) {
          if (i > 0) out->append(", ");
          AppendRepr(a.dict_key(i), out);
          out->append(": ");
          AppendRepr(a.dict_value(i), out);
        }
        out->push_back('}');
        return;
      case ArgKind::kSlice:
        out->append("slice(");
        for (size_t i = 0; i < 3; ++i) {
          if (i > 0) out->append(", ");
          AppendRepr(a.elements()[i], out);
        }
        out->push_back(')');
        return;
      case ArgKind::kDtype:
        absl::StrAppend(out, "torch.", ScalarTypeName(a.dtype()));
        return;
      case ArgKind::kDevice: {
        // repr(torch.device("cuda:1")) is device(type='cuda', index=1).
        const absl::string_view device = a.text();
        const size_t colon = device.rfind(':');
        const bool indexed = colon != absl::string_view::npos && colon + 1 < device.size() &&
                             absl::c_all_of(device.substr(colon + 1), absl::ascii_isdigit);
        out->append("device(type=");
        AppendPyStrRepr(indexed ? device.substr(0, colon) : device, out);
        if (indexed) absl::StrAppend(out, ", index=", device.substr(colon + 1));
        out->push_back(')');
        return;
      }
      case ArgKind::kMemoryFormat:
        absl::StrAppend(out, "torch.", MemoryFormatName(a.memory_format()));
        return;
      case ArgKind::kLayout:
        absl::StrAppend(out, "torch.", LayoutName(a.layout()));
        return;
      case ArgKind::kEllipsis:
        out->append("Ellipsis");
        return;
      case ArgKind::kSymInt:
      case ArgKind::kOpaque:
        absl::StrAppend(out, a.text());
        return;
    }
  }

  std::string Repr(const Argument& a) {
    std::string out;
    AppendRepr(a, &out);
    return out;
  }

  // _format_args: "a, b, k = v".
  std::string FormatArgs(absl::Span<const Argument> args, size_t first, const KwArgs& kwargs) {
    std::string out;
    for (size_t i = first; i < args.size(); ++i) {
      if (i > first) out.append(", ");
      AppendRepr(args[i], &out);
    }
    for (size_t i = 0; i < kwargs.size(); ++i) {
      if (!out.empty()) out.append(", ");
      absl::StrAppend(&out, kwargs[i].name.str(), " = ");
      AppendRepr(kwargs[i].value, &out);
    }
    return out;
  }

  // emit_node's annotation: the node's type, replaced by its tensor or
  // symbolic value when the metadata has one.
  std::string Annotation(const Node& node) {
    std::string annotation;
    if (!node.type_annotation().empty()) {
      annotation = absl::StrCat(" : ", TypeRepr(node.type_annotation()));
    }
    const absl::optional<ValueMeta>& val = node.meta().val;
    if (!val.has_value()) return annotation;
    switch (val->kind()) {
      case ValueMeta::Kind::kTensor: {
        const TensorMeta& t = val->tensor();
        annotation = absl::StrCat(
            ": \"", TensorTypeText(t, options_.include_stride, options_.include_device), "\"");
        break;
      }
      case ValueMeta::Kind::kSymInt:
      case ValueMeta::Kind::kSymFloat:
      case ValueMeta::Kind::kSymBool:
        annotation = absl::StrCat(": \"Sym(", val->text(), ")\"");
        break;
      default:
        break;
    }
    return annotation;
  }

  void AppendStackTraceSummary(const Node& node) {
    if (node.op() == OpKind::kPlaceholder || node.op() == OpKind::kOutput) return;
    const Symbol trace = node.meta().stack_trace;
    if (!trace.empty()) {
      if (!prev_trace_.has_value() || *prev_trace_ != trace) {
        prev_trace_ = trace;
        absl::StrAppend(&body_, "\n # ", StackTraceSummary(trace.str()), "\n");
      }
    } else if (!prev_trace_.has_value() || !prev_trace_->empty()) {
      prev_trace_ = Symbol();
      body_.append("\n# No stacktrace found for following nodes\n");
    }
  }

  void EmitNode(const Node& node) {
    const std::string annotation = Annotation(node);
    const absl::Span<const Argument> args = node.args();
    switch (node.op()) {
      case OpKind::kPlaceholder: {
        const std::string default_value = args.empty() ? "" : absl::StrCat(" = ", Repr(args[0]));
        free_vars_.push_back(absl::StrCat(node.target(), annotation, default_value));
        std::string raw_name(node.target());
        raw_name.erase(std::remove(raw_name.begin(), raw_name.end(), '*'), raw_name.end());
        const absl::string_view name = NodeName(&node);
        if (raw_name != name) absl::StrAppend(&body_, name, " = ", raw_name, "\n");
        return;
      }
      case OpKind::kCallMethod: {
        const std::string name(NodeName(&node));
        const std::string self = args.empty() ? "None" : Repr(args[0]);
        absl::StrAppend(&body_, name, annotation, " = ", FormatTarget(self, node.target()), "(",
                        FormatArgs(args, 1, node.kwargs()), ")");
        return;
      }
      case OpKind::kCallFunction:
        EmitCallFunction(node, annotation);
        return;
      case OpKind::kCallModule: {
        const std::string name(NodeName(&node));
        absl::StrAppend(&body_, name, annotation, " = ", FormatTarget("self", node.target()), "(",
                        FormatArgs(args, 0, node.kwargs()), ")");
        return;
      }
      case OpKind::kGetAttr: {
        const std::string name(NodeName(&node));
        absl::StrAppend(&body_, name, annotation, " = ", FormatTarget("self", node.target()));
        return;
      }
      case OpKind::kOutput:
        if (!node.type_annotation().empty()) {
          return_annotation_ = absl::StrCat(" -> ", TypeRepr(node.type_annotation()));
        }
        absl::StrAppend(&body_, "return ", args.empty() ? "None" : Repr(args[0]));
        return;
    }
  }

  void EmitCallFunction(const Node& node, absl::string_view annotation) {
    const absl::Span<const Argument> args = node.args();
    absl::string_view op = node.target();
    if (absl::ConsumePrefix(&op, "operator.") || absl::ConsumePrefix(&op, "_operator.")) {
      if (auto it = MagicMethods().find(op);
          it != MagicMethods().end() && args.size() >= Placeholders(it->second)) {
        const std::string name(NodeName(&node));
        absl::StrAppend(&body_, name, annotation, " = ", FormatTemplate(it->second, Reprs(args)));
        return;
      }
      if (auto it = InplaceMethods().find(op);
          it != InplaceMethods().end() && args.size() >= Placeholders(it->second)) {
        const std::string statement = FormatTemplate(it->second, Reprs(args));
        const std::string name(NodeName(&node));
        absl::StrAppend(&body_, statement, ";  ", name, annotation, " = ", Repr(args[0]));
        return;
      }
    }
    const std::string callable(CallableName(node.target()));
    const std::string name(NodeName(&node));
    // getattr(x, "attr") with an identifier prints as attribute access.
    if (callable == "getattr" && args.size() == 2 && args[1].kind() == ArgKind::kString &&
        IsPythonIdentifier(args[1].text())) {
      absl::StrAppend(&body_, name, annotation, " = ", FormatTarget(Repr(args[0]), args[1].text()));
      return;
    }
    absl::StrAppend(&body_, name, annotation, " = ", callable, "(",
                    FormatArgs(args, 0, node.kwargs()), ")");
    if (const std::string* wrapped = node.meta().FindExtra("is_wrapped");
        wrapped != nullptr && *wrapped == "true") {
      if (std::find(wrapped_.begin(), wrapped_.end(), callable) == wrapped_.end()) {
        wrapped_.push_back(callable);
      }
    }
  }

  std::vector<std::string> Reprs(absl::Span<const Argument> args) {
    std::vector<std::string> out;
    out.reserve(args.size());
    for (const Argument& a : args) out.push_back(Repr(a));
    return out;
  }

  // delete_unused_values: `;  a = b = None` for values whose last use this
  // was, and for the node itself when nothing uses it.
  void FreeUnusedValues(const Node& user) {
    if (user.op() == OpKind::kPlaceholder) return;
    if (user.op() == OpKind::kOutput) {
      body_.push_back('\n');
      return;
    }
    std::vector<absl::string_view> freed;
    user.ForEachNodeArgument([&](const Node* n) {
      if (Owned(n) && last_user_[n->id()] == &user && !freed_[n->id()]) {
        freed_[n->id()] = true;
        freed.push_back(NodeName(n));
      }
    });
    if (user.num_users() == 0) freed.push_back(NodeName(&user));
    if (freed.empty()) {
      body_.push_back('\n');
    } else {
      absl::StrAppend(&body_, ";  ", absl::StrJoin(freed, " = "), " = None\n");
    }
  }

  std::string WrapStatements() {
    std::vector<std::string> lines;
    for (const std::string& fn : wrapped_) {
      // torch.fx.wrap is torch's own, so it prints qualified.
      lines.push_back(absl::StrCat("torch.fx._symbolic_trace.wrap(\"", fn, "\")"));
    }
    return absl::StrJoin(lines, "\n");
  }

  const Graph& graph_;
  const ReadableOptions& options_;
  NameSpace names_;
  std::vector<absl::string_view> node_names_;  // by node id, owned by names_; empty until named
  absl::flat_hash_map<std::string, absl::string_view> globals_;
  std::vector<const Node*> last_user_;  // by node id
  std::vector<bool> freed_;             // by node id
  absl::optional<Symbol> prev_trace_;   // unset before the first node
  std::string body_;
  std::vector<std::string> free_vars_;
  std::string return_annotation_;
  std::vector<std::string> wrapped_;  // wrapped function globals, in first-use order
};

// _print_readable for one module and its graph submodules.
std::string PrintModule(const GraphModule& module, absl::string_view class_name,
                        const ReadableOptions& options) {
  const std::string forward = ForwardWriter(module.graph(), options).Write();
  const std::string module_code =
      AddIndent(absl::StrCat("class ", class_name, "(torch.nn.Module):\n", forward), 4);
  std::vector<std::string> submodules = {""};
  for (const auto& [name, child] : module.children()) {
    if (child->has_graph()) submodules.push_back(PrintModule(*child, name, options));
  }
  return absl::StrCat(module_code, AddIndent(absl::StrJoin(submodules, "\n"), 4));
}

}  // namespace

std::string PrintReadable(const GraphModule& module, const ReadableOptions& options) {
  if (!module.has_graph()) return "";
  return PrintModule(module, module.class_name(), options);
}

}  // namespace fxpp
