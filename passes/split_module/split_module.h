// split_module (torch.fx.passes.split_module): partitions a module's call
// nodes by a callback (or a node -> partition map) into submodules
// `submod_<id>` called from a new main graph, as PyTorch's current version
// does:
// - a partition's inputs are the values it reads from outside, in first-use
//   order; its outputs the values read outside it; one output is returned
//   bare (a tuple with `tuple_return`, several always), and the main graph
//   unpacks tuples with `getitem`;
// - placeholders and get_attr nodes stay in the main graph; a get_attr of a
//   submodule is re-created inside each partition that reads it, other
//   attributes are passed in;
// - call_module targets are copied into the partition under their path with
//   '.' replaced by '_' (`layer.0.conv` -> `submod_1.layer_0_conv`), which
//   `qualname_map` records (new -> old);
// - symbolic sizes: when a value whose recorded shape mentions a symbol
//   (`s0`) crosses into a partition, the node defining that symbol (a
//   SymInt placeholder, a sym_size call) is passed in too;
// - grad-mode (`torch._C._set_grad_enabled`) and autocast
//   (`_enter_autocast`/`_exit_autocast`) regions spanning partitions are
//   re-entered at the start of each later partition and exited at the end
//   of each earlier one; partitions must then increase along the graph;
// - partitions run in a topological order (a cycle is an error), or in the
//   order they first appear with `keep_original_order`.
// Where PyTorch fails with a KeyError (keep_original_order with an attribute
// only the output reads; a symbol defined in the partition that needs it;
// partition_affix with grad/autocast regions) this version does the
// evident thing instead.
#ifndef FXPP_PASSES_SPLIT_MODULE_SPLIT_MODULE_H_
#define FXPP_PASSES_SPLIT_MODULE_SPLIT_MODULE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "absl/types/optional.h"
#include "ir/graph_module.h"
#include "passes/pass.h"
#include "passes/pass_options.h"

namespace fxpp {

struct SplitModuleOptions {
  // Emit the submodule calls in the order partitions first appear instead
  // of a topological order.
  bool keep_original_order = false;
  // Partition nodes keep their names instead of names derived from targets.
  bool keep_original_node_name = false;
  // Partition placeholders are named like the values, else arg_0, arg_1, ...
  bool keep_original_input_name = true;
  // Partition names become "<affix>_<id>", submodules "submod_<affix>_<id>".
  absl::optional<std::string> partition_affix;
  // Submodules always return a tuple.
  bool tuple_return = false;
  // Attributes that targets name must exist in the module; off for graphs
  // read from FX text (no module state): missing ones are then not copied.
  bool require_attributes = true;
};

struct SplitModuleResult {
  std::unique_ptr<GraphModule> module;
  // PyTorch's qualname_map: new qualified name -> original target.
  std::vector<std::pair<std::string, std::string>> qualname_map;
};

// The partition of a call node; an error stops the split.
using SplitCallback = absl::FunctionRef<absl::StatusOr<int64_t>(const Node&)>;

// Splits `module` (left unchanged); `split_callback` is called once per call
// node, in graph order.
absl::StatusOr<SplitModuleResult> SplitModule(const GraphModule& module,
                                              SplitCallback split_callback,
                                              const SplitModuleOptions& options = {});

// The same with a node -> partition map; a call node missing from it is an
// error.
absl::StatusOr<SplitModuleResult> SplitModule(
    const GraphModule& module, const absl::flat_hash_map<const Node*, int64_t>& partition_of,
    const SplitModuleOptions& options = {});

// Replaces the module by its split by the integer tags of its call nodes
// (NodeMeta::tag holding a partition number).
class SplitModulePass : public Pass {
 public:
  // Options: the fields of SplitModuleOptions but keep_original_input_name.
  static const PassDescriptor& Descriptor();
  explicit SplitModulePass(SplitModuleOptions options = {}) : options_(std::move(options)) {}
  absl::string_view name() const override { return "split_module"; }
  absl::StatusOr<bool> Run(GraphModule& module) override;
  PassReport Report() const override;
  const std::vector<std::pair<std::string, std::string>>& qualname_map() const {
    return qualname_map_;
  }

 private:
  SplitModuleOptions options_;
  std::vector<std::pair<std::string, std::string>> qualname_map_;
  int64_t submodules_ = 0;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_SPLIT_MODULE_SPLIT_MODULE_H_
