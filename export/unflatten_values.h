// Where unflatten's modules read values the flat graph computed elsewhere
// (internal to //export:unflatten): state by name (aliases included), and
// buffer-mutation values that cross a preserved signature.
#ifndef FXPP_EXPORT_UNFLATTEN_VALUES_H_
#define FXPP_EXPORT_UNFLATTEN_VALUES_H_

#include <deque>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "export/exported_program.h"
#include "export/unflatten_modules.h"
#include "ir/graph.h"
#include "ir/meta.h"

namespace fxpp {
namespace unflatten_internal {

// PyTorch's _IVals: intermediate values of buffer mutations that cross a
// preserved signature, passed through attributes `__ival__<name>`.
class IntermediateValues {
 public:
  // A get_attr of `value`'s attribute at the start of `graph` (module `fqn`).
  absl::StatusOr<Node*> Read(const std::string& fqn, Graph& graph, const Node& value);

  // Writes every read value after it is computed, in each module that
  // computes it, and gives the modules involved their attributes.
  // `root_values` are the root graph's nodes that compute read values
  // (outside every module call): PyTorch's _IVals looks only in the calls'
  // graphs, so a buffer the root updates and a preserved call reads was
  // never written (its call read an attribute nothing set).
  absl::Status Create(const std::vector<std::vector<CallEntry>>& partitions, ModuleObject* root,
                      const std::vector<Node*>& root_values);

  // The names of the values passed on (flat node names), first read first.
  const std::vector<std::string>& value_names() const { return order_; }

 private:
  static std::string AttributeName(absl::string_view value);
  void AddFqn(const std::string& name, absl::string_view fqn);
  // After `node` (module `fqn`): write its value into its attribute.
  void Update(absl::string_view fqn, Graph& graph, Node* node);

  absl::flat_hash_map<std::string, TensorMeta> storage_;
  std::vector<std::string> order_;
  absl::flat_hash_map<std::string, std::vector<std::string>> fqns_;
};

// For each state placeholder of the flat graph, the dotted names its value
// may be read from: its signature target, then every name that holds the
// same tensor (tied weights, shared modules), in state order.
class StateNames {
 public:
  explicit StateNames(const ExportedProgram& program);

  // Most tensors have one name.
  using Names = absl::InlinedVector<absl::string_view, 1>;

  // nullptr when `placeholder` carries no state.
  const Names* Find(const Node* placeholder) const {
    const size_t group = group_of_[placeholder->id()];
    return group == kNoGroup ? nullptr : &groups_[group];
  }

 private:
  static constexpr size_t kNoGroup = ~size_t{0};

  std::deque<std::string> owned_;  // alias names, which the state walk only lends
  std::vector<Names> groups_;
  std::vector<size_t> group_of_;  // by flat node id
};

}  // namespace unflatten_internal
}  // namespace fxpp

#endif  // FXPP_EXPORT_UNFLATTEN_VALUES_H_
