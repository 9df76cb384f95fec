// The module trees Unflatten builds (export/unflatten.h): the classes of
// their modules, the references that keep a shared module one module,
// attributes that are not modules, and listing, printing and verifying such
// a tree.
#ifndef FXPP_EXPORT_MODULE_TREE_H_
#define FXPP_EXPORT_MODULE_TREE_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/graph_module.h"

namespace fxpp {

// Class names of the modules Unflatten builds (PyTorch's types).
inline constexpr absl::string_view kUnflattenedModuleClass = "UnflattenedModule";
inline constexpr absl::string_view kInterpreterModuleClass = "InterpreterModule";
// PyTorch's InterpreterModuleDispatcher: a graphless module standing at the
// path of a module whose signature export preserved and which was called more
// than once. Its children are the first call's submodules and, after them,
// the module of each call in call order, named `@0`, `@1`, ... (PyTorch's
// `_call_modules`; `@` cannot start a Python attribute name). A call module
// refers to the dispatcher's submodules as shared modules; calls with equal
// graphs share one module.
inline constexpr absl::string_view kModuleDispatcherClass = "InterpreterModuleDispatcher";
std::string CallModuleName(size_t call);
bool IsCallModuleName(absl::string_view name);
// A plain torch.nn.Module: a module that holds state or submodules but was
// never called.
inline constexpr absl::string_view kPlainModuleClass = "torch.nn.Module";
// Attributes that are neither modules nor tensors are graphless children:
// pytree specs that preserved signatures read (`_spec_0`; their value is in
// UnflattenResult::specs) and custom objects (class prefix + the object's
// class, "torch.ScriptObject:__torch__.Foo").
inline constexpr absl::string_view kTreeSpecClass = "torch.utils._pytree.TreeSpec";
inline constexpr absl::string_view kScriptObjectClassPrefix = "torch.ScriptObject:";
// Tensor attributes, `__ival__<name>`, that pass a buffer mutation's value
// across a preserved signature (PyTorch's _IVals): each module that writes or
// reads the value holds the same tensor under that name.
inline constexpr absl::string_view kIntermediateValuePrefix = "__ival__";
// The calls through which a module with a preserved signature takes and
// returns its original pytree structure (their spec: a `_spec_N` attribute).
inline constexpr absl::string_view kTreeFlattenSpec = "torch.fx._pytree.tree_flatten_spec";
inline constexpr absl::string_view kTreeUnflatten = "torch.utils._pytree.tree_unflatten";

// The dotted path of submodule `name` of the module at `prefix` ("" is the
// root).
std::string JoinPath(absl::string_view prefix, absl::string_view name);
// Its inverse: ("a.b", "c") for "a.b.c"; ("", "c") for "c".
std::pair<absl::string_view, absl::string_view> SplitLast(absl::string_view path);

// One line of named_modules(remove_duplicate=False): every path of the tree,
// preorder, with a shared module's paths (and its submodules' paths) listed
// again under each name. Attributes are not modules. Dispatchers' call
// modules (`sub.@0`), which named_modules does not reach, are listed with
// `kWithCalls` only.
struct ModulePath {
  std::string path;
  const GraphModule* module;  // the module itself, references resolved
  std::string same_as;        // the first path of a module seen before
};
enum class CallModules { kSkip, kWithCalls };
std::vector<ModulePath> ListModules(const GraphModule& root,
                                    CallModules calls = CallModules::kSkip);

// "path: class" lines with each module's state and attributes and, for
// shared modules, the path they stand for: a summary for tools and tests.
// Lists call modules too.
std::string FormatModuleTree(const GraphModule& root);


}  // namespace fxpp

#endif  // FXPP_EXPORT_MODULE_TREE_H_
