#include "passes/dedup/dedup.h"

#include <algorithm>
#include <deque>
#include <exception>
#include <map>
#include <memory>
#include <system_error>
#include <thread>
#include <tuple>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/util/json_util.h"
#include "ir/status_macros.h"
#include "passes/dedup/dedup_report.pb.h"
#include "passes/op_schema/op_schema.h"
#include "passes/region_tracking/node_map.h"
#include "passes/topo_sort/topo_sort.h"

namespace fxpp {
namespace {

bool IsTupleValued(const Node& n) {
  const auto& val = n.meta().val;
  return val.has_value() &&
         (val->kind() == ValueMeta::Kind::kTuple || val->kind() == ValueMeta::Kind::kList);
}

// A tensor, or a tuple/list nesting only tensors: what invoke_subgraph can
// return. Unknown (no meta) is accepted.
bool IsSupportedOutputValue(const ValueMeta& v) {
  switch (v.kind()) {
    case ValueMeta::Kind::kTensor:
      return true;
    case ValueMeta::Kind::kTuple:
    case ValueMeta::Kind::kList:
      return std::all_of(v.elements().begin(), v.elements().end(), IsSupportedOutputValue);
    default:
      return false;
  }
}

// Dynamo's _get_children_getitems: users that index `n` with a constant.
std::vector<Node*> GetItemChildren(const Node& n) {
  std::vector<Node*> out;
  for (Node* user : n.users()) {
    if (IsGetItem(*user) && user->args()[0].node() == &n) out.push_back(user);
  }
  return out;
}

std::string RegionName(const Region& region) {
  return absl::StrCat(
      "[", absl::StrJoin(region, ", ", [](std::string* s, const Node* n) { absl::StrAppend(s, n->name()); }),
      "]");
}

// Where a region reads an external value: node index and flat node-arg index.
struct Usage {
  int node;
  int arg;
};

// One subgraph input, described on the first region.
struct SubgraphInput {
  std::vector<Usage> usages;
  // For a tuple-valued input read only through getitems in the region: the
  // region indices of those getitems, which become the inputs instead.
  std::vector<int> flattened;
};

// The subgraph built from a group's first region, and how to call it.
struct SubgraphPlan {
  std::unique_ptr<GraphModule> module;
  std::vector<SubgraphInput> inputs;
  std::vector<int> outputs;  // region indices whose values leave the region
  // Tuple-valued outputs: region index -> (getitem path -> offset of that
  // element among the tuple's outputs).
  absl::flat_hash_map<int, std::map<std::vector<int64_t>, int>> tuple_specs;
  std::vector<bool> flattened;  // per region index
  int num_outputs = 0;
};

// NodeKeys(graph), computed on a thread of its own from the constructor on
// for a graph large enough for that to pay, else by Get. The graph must not
// change until Get returns.
class BackgroundKeys {
 public:
  BackgroundKeys(const Graph& graph,
                 const absl::flat_hash_map<const Node*, ValueMeta>& attribute_values)
      : graph_(graph), attribute_values_(attribute_values) {
    // Below this a second thread costs more than it saves.
    constexpr size_t kNodesWorthAThread = 20000;
    if (graph.size() < kNodesWorthAThread || std::thread::hardware_concurrency() < 2) return;
    try {
      keying_ = std::thread([this] {
        try {
          keys_ = std::make_unique<const NodeKeys>(graph_, &attribute_values_);
        } catch (...) {
          failure_ = std::current_exception();  // out of memory, for one
        }
      });
    } catch (const std::system_error&) {
      // No thread to be had: Get keys the nodes itself.
    }
  }
  // Joined however the caller ends: a running thread's destructor would
  // terminate the process.
  ~BackgroundKeys() {
    if (keying_.joinable()) keying_.join();
  }
  BackgroundKeys(const BackgroundKeys&) = delete;
  BackgroundKeys& operator=(const BackgroundKeys&) = delete;

  const NodeKeys& Get() {
    if (keying_.joinable()) keying_.join();
    if (failure_) std::rethrow_exception(failure_);
    if (keys_ == nullptr) keys_ = std::make_unique<const NodeKeys>(graph_, &attribute_values_);
    return *keys_;
  }

 private:
  const Graph& graph_;
  const absl::flat_hash_map<const Node*, ValueMeta>& attribute_values_;
  std::unique_ptr<const NodeKeys> keys_;
  std::exception_ptr failure_;
  std::thread keying_;
};

class Deduplicator {
 public:
  Deduplicator(GraphModule& module, const DedupOptions& options)
      : module_(module), graph_(module.graph()), options_(options) {}

  absl::StatusOr<DedupReport> Run();

 private:
  absl::Status DedupGroup(const RegionGroup& group, DedupReport& report);
  // Region membership of the region being worked on: index or -1.
  int IndexIn(const Node* n) const {
    return n->id() < slot_.size() ? slot_[n->id()] : -1;
  }
  void Mark(const Region& region) {
    for (size_t i = 0; i < region.size(); ++i) slot_[region[i]->id()] = static_cast<int>(i);
  }
  void Unmark(const Region& region) {
    for (const Node* n : region) slot_[n->id()] = -1;
  }

  void AddOrderingEdges();
  std::vector<int> OutputIndices(const RegionGroup& group);
  // Builds the plan from region 0 (marked); empty module with a reason set
  // when the group cannot be expressed as a subgraph.
  SubgraphPlan Plan(const Region& region, std::vector<int> outputs, std::string* why_not);
  // Plan's steps. The values region `region` reads from outside, in order
  // of first use, each with its usages in `plan->inputs`.
  std::vector<Node*> ExternalInputs(const Region& region, SubgraphPlan* plan) const;
  // Records which tuple-valued inputs pass flattened; why one cannot be, or "".
  std::string FlattenTupleInputs(const Region& region, const std::vector<Node*>& external,
                                 SubgraphPlan* plan) const;
  // The inputs region `region` (marked) passes. Entries of `read_before`
  // (an earlier answer for the region) are kept unless erased since:
  // replacing another region rewires the uses of each value it computed (a
  // chain of layers reads the previous layer's output) to a getitem of its
  // invoke_subgraph, and erases the value.
  std::vector<Node*> CallArguments(const SubgraphPlan& plan, const Region& region,
                                   std::vector<Node*> read_before = {}) const;
  // Why region `region` (marked), passing `inputs`, cannot be replaced, or "".
  std::string WhyNotReplaceable(const SubgraphPlan& plan, const Region& region,
                                const std::vector<Node*>& inputs);
  // Replaces `region` (marked), which passed `inputs` when it was decided.
  absl::Status Replace(const SubgraphPlan& plan, const Region& region, std::vector<Node*> inputs,
                       Node* get_subgraph, const std::string& name);
  Node* StorageRoot(Node* n);
  // Whether `region` (marked) may write the storage of `root`, which one of
  // its inputs holds: the graph made that storage, and nothing outside the
  // region reads it once the region has begun (resnet's `relu(out,
  // inplace=True)` of the block's input, whose only reader is the relu), so
  // the write is seen by the region alone, wherever its call goes.
  bool WriteUnseenOutside(const Region& region, Node* root);
  absl::Status SortWithOrderingEdges();
  // Records whether `node`, which now reads the invoke_subgraph put right
  // before `region.back()` (or one of its getitems), comes before it and
  // stays in the graph.
  void NoteReaderOfInvoke(const Node* node, const SubgraphPlan& plan, const Region& region);

  GraphModule& module_;
  Graph& graph_;
  const DedupOptions& options_;
  std::vector<int> slot_;
  OrderingEdges extra_;
  // Whether a node of the input graph mutates an argument, by id (from
  // AddOrderingEdges, so WhyNotReplaceable asks the schema only of those).
  std::vector<bool> mutates_;
  // Side tables by node id, grown as the graph gains nodes: the
  // invoke_subgraph that replaced a node (for the ordering edges).
  std::vector<Node*> replaced_by_;
  // Storage alias classes of the input graph, and the nodes of each class
  // (by root; by AddOrderingEdges, for WriteUnseenOutside, when some node
  // writes).
  std::unique_ptr<AliasSets> aliases_;
  absl::flat_hash_map<const Node*, std::vector<Node*>> alias_members_;
  // WhyNotReplaceable's storage roots of one region's inputs and outputs ->
  // index of the input or output.
  NodeMap input_roots_;
  NodeMap output_roots_;
  // Whether a replacement put a node before a node it reads. Without
  // ordering edges, the graph stays sorted otherwise: each invoke_subgraph
  // and its getitems go right before the region's last node, after every
  // input the region read.
  bool out_of_order_ = false;
};

// Regions of a large graph lie far apart, and deciding or replacing one
// reads every member's node, arguments and input edges, each a cache miss:
// the loops over regions ask for region k + 2's nodes and region k + 1's
// arguments and edges (whose addresses are in the nodes) while working on
// region k. `region_at(i)` is the i-th region of `count`.
template <typename RegionAt>
void PrefetchRegionsAfter(size_t k, size_t count, RegionAt region_at) {
  if (k + 2 < count) {
    for (const Node* n : region_at(k + 2)) {
      __builtin_prefetch(n);
      __builtin_prefetch(reinterpret_cast<const char*>(n) + 64);  // nodes span two lines
    }
  }
  if (k + 1 < count) {
    for (const Node* n : region_at(k + 1)) {
      __builtin_prefetch(n->args().data());
      __builtin_prefetch(n->input_storage());
    }
  }
}

// `table[node->id()]`, growing `table` to the graph's id bound first.
Node*& At(std::vector<Node*>& table, const Node* node) {
  if (node->id() >= table.size()) table.resize(node->graph()->id_bound(), nullptr);
  return table[node->id()];
}

// Mutations stay ordered against every reader of the storage they write
// (every user of every member of its alias class: the base, its views,
// getitems of views, in-place and out= results), and global-state calls
// stay between the same nodes (Dynamo's _populate_additional_deps, with
// aliasing).
void Deduplicator::AddOrderingEdges() {
  mutates_.assign(graph_.id_bound(), false);
  bool any_mutation = false;
  ForEachMutationOrderingEdge(
      graph_, *aliases_,
      [&](Node* mutation) {
        mutates_[mutation->id()] = true;
        any_mutation = true;
      },
      [this](Node* earlier, Node* later) { extra_[later].push_back(earlier); });
  // Before any replacement erases a member (WriteUnseenOutside).
  if (any_mutation) {
    for (Node* n : graph_.nodes()) alias_members_[StorageRoot(n)].push_back(n);
  }
  // A barrier follows every node since the previous barrier (or that
  // barrier itself), and every node after it follows it.
  if (!aliases_->has_global_state_barrier()) return;
  Node* barrier = nullptr;
  std::vector<Node*> segment;
  for (Node* n : graph_.nodes()) {
    if (n->op() == OpKind::kOutput) continue;
    if (IsGlobalStateCall(*n)) {
      std::vector<Node*>& deps = extra_[n];
      deps.insert(deps.end(), segment.begin(), segment.end());
      if (segment.empty() && barrier != nullptr) deps.push_back(barrier);
      segment.clear();
      barrier = n;
    } else {
      if (barrier != nullptr) extra_[n].push_back(barrier);
      segment.push_back(n);
    }
  }
}

std::vector<int> Deduplicator::OutputIndices(const RegionGroup& group) {
  std::vector<bool> is_output(group.regions.front().size(), false);
  for (const Region& region : group.regions) {
    Mark(region);
    for (size_t i = 0; i < region.size(); ++i) {
      if (is_output[i]) continue;
      for (const Node* user : region[i]->users()) {
        if (IndexIn(user) < 0) {
          is_output[i] = true;
          break;
        }
      }
    }
    Unmark(region);
  }
  std::vector<int> out;
  for (size_t i = 0; i < is_output.size(); ++i) {
    if (is_output[i]) out.push_back(static_cast<int>(i));
  }
  return out;
}

std::vector<Node*> Deduplicator::ExternalInputs(const Region& region, SubgraphPlan* plan) const {
  std::vector<Node*> external;
  absl::flat_hash_map<const Node*, size_t> input_index;
  for (size_t i = 0; i < region.size(); ++i) {
    std::vector<Node*> flat = FlatNodeArgs(*region[i]);
    for (size_t j = 0; j < flat.size(); ++j) {
      if (IndexIn(flat[j]) >= 0) continue;
      auto [it, inserted] = input_index.try_emplace(flat[j], external.size());
      if (inserted) {
        external.push_back(flat[j]);
        plan->inputs.emplace_back();
      }
      plan->inputs[it->second].usages.push_back({static_cast<int>(i), static_cast<int>(j)});
    }
  }
  return external;
}

// Tuple-valued inputs are passed flattened: the region's getitems on them
// become subgraph inputs (Dynamo's _get_flattened_node_indices).
std::string Deduplicator::FlattenTupleInputs(const Region& region,
                                             const std::vector<Node*>& external,
                                             SubgraphPlan* plan) const {
  for (size_t k = 0; k < external.size(); ++k) {
    if (!IsTupleValued(*external[k])) continue;
    std::vector<int>& flattened = plan->inputs[k].flattened;
    std::deque<Node*> queue;
    for (Node* c : GetItemChildren(*external[k])) queue.push_back(c);
    while (!queue.empty()) {
      Node* child = queue.front();
      queue.pop_front();
      const int index = IndexIn(child);
      bool read_in_region = false;
      for (const Node* u : child->users()) read_in_region |= IndexIn(u) >= 0;
      if (index >= 0 && read_in_region) flattened.push_back(index);
      for (Node* c : GetItemChildren(*child)) queue.push_back(c);
    }
    for (const Usage& u : plan->inputs[k].usages) {
      if (!IsGetItem(*region[u.node])) {
        return absl::StrCat("tuple-valued input '", external[k]->name(), "' is used whole by '",
                            region[u.node]->name(), "'");
      }
    }
    for (int i : flattened) plan->flattened[i] = true;
  }
  return "";
}

namespace {

// A tuple output leaves the subgraph as its elements, breadth first,
// nested tuples included (Dynamo's _create_getitem_nodes): getitems of
// `copy` (the tuple-valued node `value` in `sub`) appended to `results`,
// each element's getitem path -> offset among them in `spec`.
void AddTupleOutputElements(Graph& sub, const Node& value, Node* copy,
                            std::map<std::vector<int64_t>, int>& spec,
                            std::vector<Argument>& results) {
  const size_t first_element = results.size();
  std::deque<std::tuple<const ValueMeta*, std::vector<int64_t>, Node*>> queue;
  const ValueMeta& tuple = *value.meta().val;
  for (size_t e = 0; e < tuple.elements().size(); ++e) {
    queue.emplace_back(&tuple.elements()[e], std::vector<int64_t>{static_cast<int64_t>(e)}, copy);
  }
  while (!queue.empty()) {
    auto [elem, path, parent] = std::move(queue.front());
    queue.pop_front();
    Node* item = sub.CallFunction(kGetItem, {Argument::Ref(parent), Argument::Int(path.back())});
    item->mutable_meta().val = *elem;
    spec[path] = static_cast<int>(results.size() - first_element);
    results.push_back(Argument::Ref(item));
    if (elem->kind() == ValueMeta::Kind::kTuple || elem->kind() == ValueMeta::Kind::kList) {
      for (size_t e = 0; e < elem->elements().size(); ++e) {
        std::vector<int64_t> child_path = path;
        child_path.push_back(static_cast<int64_t>(e));
        queue.emplace_back(&elem->elements()[e], std::move(child_path), item);
      }
    }
  }
}

// The subgraph's placeholders: one per input, or one per getitem of a
// flattened tuple input; fills `to_sub` for them.
void AddSubgraphInputs(Graph& sub, const Region& region, const std::vector<Node*>& external,
                       const SubgraphPlan& plan, absl::flat_hash_map<const Node*, Node*>& to_sub) {
  for (size_t k = 0; k < external.size(); ++k) {
    const SubgraphInput& input = plan.inputs[k];
    if (input.flattened.empty()) {
      Node* p = sub.Placeholder(absl::StrCat("subgraph_input_", external[k]->name()));
      if (external[k]->meta().val.has_value()) p->mutable_meta().val = external[k]->meta().val;
      to_sub[external[k]] = p;
      continue;
    }
    for (int i : input.flattened) {
      Node* p = sub.Placeholder(
          absl::StrCat("subgraph_input_", external[k]->name(), "_flattened_", i));
      if (region[i]->meta().val.has_value()) p->mutable_meta().val = region[i]->meta().val;
      to_sub[region[i]] = p;
    }
  }
}

}  // namespace

SubgraphPlan Deduplicator::Plan(const Region& region, std::vector<int> outputs,
                                std::string* why_not) {
  SubgraphPlan plan;
  plan.flattened.assign(region.size(), false);
  const std::vector<Node*> external = ExternalInputs(region, &plan);
  if (external.empty()) {
    *why_not = "no external inputs";
    return plan;
  }
  *why_not = FlattenTupleInputs(region, external, &plan);
  if (!why_not->empty()) return plan;

  auto module = std::make_unique<GraphModule>();
  Graph& sub = module->graph();
  absl::flat_hash_map<const Node*, Node*> to_sub;
  AddSubgraphInputs(sub, region, external, plan, to_sub);
  for (size_t i = 0; i < region.size(); ++i) {
    if (plan.flattened[i]) continue;
    to_sub[region[i]] = sub.NodeCopy(*region[i], [&](Node* n) { return Argument::Ref(to_sub.at(n)); });
  }
  std::vector<Argument> results;
  for (int i : outputs) {
    if (plan.flattened[i]) continue;  // still available outside
    plan.outputs.push_back(i);
    Node* copy = to_sub.at(region[i]);
    if (IsTupleValued(*region[i])) {
      AddTupleOutputElements(sub, *region[i], copy, plan.tuple_specs[i], results);
    } else {
      results.push_back(Argument::Ref(copy));
    }
  }
  plan.num_outputs = static_cast<int>(results.size());
  sub.Output(Argument::Tuple(std::move(results)));
  plan.module = std::move(module);
  return plan;
}

std::vector<Node*> Deduplicator::CallArguments(const SubgraphPlan& plan, const Region& region,
                                               std::vector<Node*> read_before) const {
  std::vector<Node*> args = std::move(read_before);
  size_t next = 0;
  auto put = [&](auto read) {
    if (next == args.size()) {
      args.push_back(read());
    } else if (args[next]->is_erased()) {
      args[next] = read();
    }
    ++next;
  };
  for (const SubgraphInput& input : plan.inputs) {
    if (!input.flattened.empty()) {
      for (int i : input.flattened) put([&] { return region[i]; });
      continue;
    }
    const Usage& first = input.usages.front();
    put([&] { return FlatNodeArg(*region[first.node], first.arg); });
  }
  return args;
}

// The representative of the storage `n` shares (its alias class); values
// dedup adds (invoke_subgraph results, which alias no input) are their own.
Node* Deduplicator::StorageRoot(Node* n) { return const_cast<Node*>(aliases_->Root(n)); }

bool Deduplicator::WriteUnseenOutside(const Region& region, Node* root) {
  // A graph input's or attribute's storage outlives the graph: its caller
  // sees the write.
  if (root->op() == OpKind::kPlaceholder || root->op() == OpKind::kGetAttr) return false;
  const Node* first = region.front();
  for (const Node* n : region) first = n->IsBefore(first) ? n : first;
  auto seen_outside = [&](const Node* n) { return IndexIn(n) < 0 && !n->IsBefore(first); };
  for (const Node* member : alias_members_[root]) {
    // Replaced by an earlier region's call, whose results' readers this
    // class does not list.
    if (member->is_erased()) return false;
    if (seen_outside(member)) return false;
    for (const Node* user : member->users()) {
      if (seen_outside(user)) return false;
    }
  }
  return true;
}

bool CarriesStorage(const Node& n) {
  const auto& val = n.meta().val;
  return !val.has_value() || val->kind() == ValueMeta::Kind::kTensor;
}

std::string Deduplicator::WhyNotReplaceable(const SubgraphPlan& plan, const Region& region,
                                            const std::vector<Node*>& inputs) {
  input_roots_.Clear();
  output_roots_.Clear();
  // Input mutation: directly at a usage, or through a view of an input.
  for (size_t k = 0; k < inputs.size(); ++k) {
    Node* input = inputs[k];
    if (!CarriesStorage(*input)) continue;
    Node* root = StorageRoot(input);
    const int32_t first = input_roots_.Get(root);
    if (first != NodeMap::kAbsent) {
      return absl::StrCat("input-input aliasing: '", inputs[first]->name(), "' and '",
                          input->name(), "' share storage");
    }
    input_roots_.Set(root, static_cast<int32_t>(k));
  }
  for (Node* n : region) {
    if (!mutates_[n->id()]) continue;
    std::vector<Node*> flat = FlatNodeArgs(*n);
    for (int p : MutatedArgPositions(*n)) {
      Node* target = flat[p];
      if ((IndexIn(target) < 0 || input_roots_.Contains(StorageRoot(target))) &&
          !WriteUnseenOutside(region, StorageRoot(target))) {
        return absl::StrCat("input mutation: '", n->name(), "' mutates '", target->name(), "'");
      }
    }
  }
  for (int i : plan.outputs) {
    Node* out = region[i];
    if (out->meta().val.has_value() && !IsSupportedOutputValue(*out->meta().val)) {
      return absl::StrCat("unsupported output type: '", out->name(), "' is a ",
                          ValueMetaKindName(out->meta().val->kind()));
    }
    if (!CarriesStorage(*out)) continue;
    Node* root = StorageRoot(out);
    const int32_t input = input_roots_.Get(root);
    if (input != NodeMap::kAbsent) {
      return absl::StrCat("input-output aliasing: output '", out->name(), "' shares storage with input '",
                          inputs[input]->name(), "'");
    }
    const int32_t other = output_roots_.Get(root);
    if (other != NodeMap::kAbsent) {
      return absl::StrCat("output-output aliasing: '", region[other]->name(), "' and '", out->name(),
                          "' share storage");
    }
    output_roots_.Set(root, i);
  }
  return "";
}

absl::Status Deduplicator::Replace(const SubgraphPlan& plan, const Region& region,
                                   std::vector<Node*> inputs, Node* get_subgraph,
                                   const std::string& name) {
  std::vector<Argument> args = {Argument::Ref(get_subgraph), Argument::String(name)};
  for (Node* input : CallArguments(plan, region, std::move(inputs))) {
    // An input can come later: a getitem of a region replaced before,
    // which sits before that region's last node.
    out_of_order_ = out_of_order_ || !input->IsBefore(region.back());
    args.push_back(Argument::Ref(input));
  }
  Node* invoke;
  {
    auto at = graph_.InsertingBefore(region.back());
    invoke = graph_.CallFunction(kInvokeSubgraph, std::move(args));
  }
  std::vector<ValueMeta> output_vals;
  bool all_known = true;
  int offset = 0;
  for (int i : plan.outputs) {
    Node* node = region[i];
    auto spec = plan.tuple_specs.find(i);
    if (spec == plan.tuple_specs.end()) {
      auto at = graph_.InsertingBefore(region.back());
      Node* item = graph_.CallFunction(kGetItem, {Argument::Ref(invoke), Argument::Int(offset)});
      for (const Node* user : node->users()) NoteReaderOfInvoke(user, plan, region);
      node->ReplaceAllUsesWith(item, /*propagate_meta=*/true);
      if (node->meta().val.has_value()) {
        output_vals.push_back(*node->meta().val);
      } else {
        all_known = false;
      }
      ++offset;
      continue;
    }
    // Every getitem on the tuple, at any depth, reads the matching output.
    // The getitems are rewritten in place, not replaced: one may be a member
    // of another group's region, still to be replaced, which holds it by
    // identity. The sort at the end puts them after the invoke.
    std::vector<std::pair<Node*, std::vector<int64_t>>> stack;
    for (Node* c : GetItemChildren(*node)) stack.push_back({c, {c->args()[1].int_value()}});
    while (!stack.empty()) {
      auto [child, path] = std::move(stack.back());
      stack.pop_back();
      for (Node* c : GetItemChildren(*child)) {
        std::vector<int64_t> child_path = path;
        child_path.push_back(c->args()[1].int_value());
        stack.push_back({c, std::move(child_path)});
      }
      auto slot = spec->second.find(path);
      if (slot == spec->second.end()) {
        return absl::InternalError(absl::StrCat("getitem '", child->name(), "' of '", node->name(),
                                                "' indexes outside the recorded tuple"));
      }
      child->SetArgs({Argument::Ref(invoke), Argument::Int(offset + slot->second)});
      NoteReaderOfInvoke(child, plan, region);
    }
    output_vals.push_back(*node->meta().val);
    offset += static_cast<int>(spec->second.size());
  }
  if (all_known) invoke->mutable_meta().val = ValueMeta::Tuple(std::move(output_vals));
  std::vector<Node*> replaced;
  replaced.reserve(region.size());
  for (Node* n : region) {
    if (plan.flattened[IndexIn(n)] || n->is_erased()) continue;
    At(replaced_by_, n) = invoke;
    replaced.push_back(n);
  }
  absl::Status erased = graph_.EraseNodes(replaced);
  if (!erased.ok()) {
    return absl::InternalError(
        absl::StrCat("dedup left a use of replaced region node: ", erased.message()));
  }
  return absl::OkStatus();
}

void Deduplicator::NoteReaderOfInvoke(const Node* node, const SubgraphPlan& plan,
                                      const Region& region) {
  const int index = IndexIn(node);
  const bool erased_with_region = index >= 0 && !plan.flattened[index];
  out_of_order_ = out_of_order_ || (!erased_with_region && node->IsBefore(region.back()));
}

absl::Status Deduplicator::SortWithOrderingEdges() {
  auto resolve = [this](Node* n) {
    Node* replacement = At(replaced_by_, n);
    return replacement == nullptr ? n : replacement;
  };
  OrderingEdges resolved;
  for (auto& [node, deps] : extra_) {
    Node* key = resolve(const_cast<Node*>(node));
    for (Node* dep : deps) {
      Node* d = resolve(dep);
      if (d != key) resolved[key].push_back(d);
    }
  }
  absl::StatusOr<bool> sorted = StableTopologicalSort(graph_, resolved);
  if (!sorted.ok()) {
    return absl::InternalError(absl::StrCat("dedup produced an unorderable graph: ",
                                            sorted.status().message()));
  }
  return absl::OkStatus();
}

// Plans one group's subgraph, decides its regions and, when the group is
// worth it, replaces them; records what happened in `report`.
absl::Status Deduplicator::DedupGroup(const RegionGroup& group, DedupReport& report) {
  DedupReport::Group& entry = report.groups.emplace_back();
  entry.region_size = static_cast<int64_t>(group.regions.front().size());
  entry.regions = static_cast<int64_t>(group.regions.size());
  std::vector<int> outputs = OutputIndices(group);
  Mark(group.regions.front());
  SubgraphPlan plan = Plan(group.regions.front(), std::move(outputs), &entry.group_skipped);
  Unmark(group.regions.front());
  if (plan.module == nullptr) return absl::OkStatus();

  // Decide every region before changing anything.
  std::vector<std::pair<const Region*, std::vector<Node*>>> replaceable;  // with its inputs
  for (size_t k = 0; k < group.regions.size(); ++k) {
    PrefetchRegionsAfter(k, group.regions.size(),
                         [&](size_t i) -> const Region& { return group.regions[i]; });
    const Region& region = group.regions[k];
    Mark(region);
    std::vector<Node*> inputs = CallArguments(plan, region);
    std::string why_not = WhyNotReplaceable(plan, region, inputs);
    Unmark(region);
    if (why_not.empty()) {
      replaceable.emplace_back(&region, std::move(inputs));
    } else {
      entry.skipped.push_back(absl::StrCat(RegionName(region), ": ", why_not));
    }
  }
  if (static_cast<int64_t>(replaceable.size()) < options_.tracking.min_regions) {
    entry.group_skipped = absl::StrCat("only ", replaceable.size(), " of ", group.regions.size(),
                                       " regions replaceable (minimum ",
                                       options_.tracking.min_regions, ")");
    return absl::OkStatus();
  }
  // Replacing must make the top graph smaller: each region's nodes go
  // (those passed flattened stay), an invoke_subgraph and a getitem per
  // tensor output come (a tuple output's getitems are rewired, not
  // added), and the group adds one get_attr.
  int64_t removed = 0;
  for (bool flattened : plan.flattened) removed += !flattened;
  const int64_t added = 1 + static_cast<int64_t>(plan.outputs.size() - plan.tuple_specs.size());
  const int64_t saved = static_cast<int64_t>(replaceable.size()) * (removed - added) - 1;
  if (saved <= 0) {
    entry.group_skipped = absl::StrCat(
        "replacing saves nothing: ", replaceable.size(), " regions x (", removed,
        " nodes removed - ", added, " added) - 1 get_attr = ", saved, " nodes");
    return absl::OkStatus();
  }
  // Nor may the nodes to compile grow (region tracking's cost model, which
  // the regions skipped above can undercut).
  const int64_t compile_saved = NodesSaved(static_cast<int64_t>(replaceable.size()),
                                           ComputingNodes(group.regions.front()));
  if (compile_saved < options_.tracking.min_nodes_saved) {
    entry.group_skipped = absl::StrCat("cost: the ", replaceable.size(),
                                       " replaceable regions would save ", compile_saved,
                                       " nodes to compile");
    return absl::OkStatus();
  }
  entry.nodes_saved = compile_saved;
  report.subgraph_nodes += static_cast<int64_t>(plan.module->graph().size());
  entry.subgraph = module_.InstallSubgraph("subgraph", std::move(plan.module));
  Node* get_subgraph;
  {
    auto at = graph_.InsertingBefore(nullptr);
    get_subgraph = graph_.GetAttr(entry.subgraph);
  }
  for (size_t k = 0; k < replaceable.size(); ++k) {
    PrefetchRegionsAfter(k, replaceable.size(),
                         [&](size_t i) -> const Region& { return *replaceable[i].first; });
    auto& [region, inputs] = replaceable[k];
    Mark(*region);
    absl::Status replaced =
        Replace(plan, *region, std::move(inputs), get_subgraph, entry.subgraph);
    Unmark(*region);
    RETURN_IF_ERROR(replaced);
    ++entry.replaced;
  }
  report.regions_replaced += entry.replaced;
  return absl::OkStatus();
}

absl::StatusOr<DedupReport> Deduplicator::Run() {
  DedupReport report;
  report.nodes_before = static_cast<int64_t>(graph_.size());
  slot_.assign(graph_.id_bound(), -1);
  // Keying the nodes for region tracking, and the alias classes with the
  // ordering edges, only read the graph and are each a walk over every
  // node, a cache miss per node on a large graph: they run side by side
  // there, and region tracking orders the nodes canonically (which needs
  // the edges, not the keys) before it waits for the keys.
  // Weights make_fx recorded no value for are keyed by their state's.
  const absl::flat_hash_map<const Node*, ValueMeta> attribute_values = AttributeValues(module_);
  BackgroundKeys keys(graph_, attribute_values);
  aliases_ = std::make_unique<AliasSets>(graph_, &module_);
  AddOrderingEdges();
  // Region tracking checks the one property of the input dedup relies on
  // (topological order) with the keys; the rest of what the verifier checks
  // is kept by the IR's own API.
  RegionTrackingReport tracking;
  ASSIGN_OR_RETURN(std::vector<RegionGroup> groups,
                   FindIdenticalRegions(
                       graph_, [&keys]() -> const NodeKeys& { return keys.Get(); },
                       options_.tracking, extra_, &tracking));
  report.not_taken = std::move(tracking.not_taken);
  // Each region adds an invoke and at least one getitem: size the name table
  // once rather than rehashing a million names when it overflows.
  size_t new_nodes = groups.size();
  for (const RegionGroup& group : groups) new_nodes += 2 * group.regions.size();
  graph_.Reserve(graph_.id_bound() + new_nodes);

  for (const RegionGroup& group : groups) RETURN_IF_ERROR(DedupGroup(group, report));
  if (report.regions_replaced > 0 && (out_of_order_ || !extra_.empty())) {
    RETURN_IF_ERROR(SortWithOrderingEdges());
  }
  report.nodes_after = static_cast<int64_t>(graph_.size());
  return report;
}

}  // namespace

std::string DedupReport::ToText() const {
  std::string out = absl::StrCat("dedup: ", nodes_before, " -> ", nodes_after, " nodes, ",
                                 regions_replaced, " regions replaced, ", subgraph_nodes,
                                 " nodes in subgraphs\n");
  for (const Group& g : groups) {
    absl::StrAppend(&out, "  ", g.subgraph.empty() ? "(not deduplicated)" : g.subgraph, ": ",
                    g.regions, " regions x ", g.region_size, " nodes, ", g.replaced, " replaced");
    if (g.nodes_saved > 0) absl::StrAppend(&out, ", ", g.nodes_saved, " nodes saved");
    if (!g.group_skipped.empty()) absl::StrAppend(&out, "; skipped: ", g.group_skipped);
    absl::StrAppend(&out, "\n");
    for (const std::string& s : g.skipped) absl::StrAppend(&out, "    region ", s, "\n");
  }
  for (const RegionCandidate& c : not_taken) {
    absl::StrAppend(&out, "  not taken: group at '", c.seed, "' (", c.regions, " regions x ",
                    c.region_size, " nodes, would save ", c.nodes_saved, "): ", c.why, "\n");
  }
  return out;
}

std::string DedupReport::ToJson() const {
  dedup::DedupReportProto proto;
  proto.set_nodes_before(nodes_before);
  proto.set_nodes_after(nodes_after);
  proto.set_subgraph_nodes(subgraph_nodes);
  proto.set_regions_replaced(regions_replaced);
  for (const Group& g : groups) {
    dedup::GroupProto* p = proto.add_groups();
    p->set_subgraph(g.subgraph);
    p->set_region_size(g.region_size);
    p->set_regions(g.regions);
    p->set_replaced(g.replaced);
    for (const std::string& s : g.skipped) p->add_skipped(s);
    p->set_group_skipped(g.group_skipped);
    p->set_nodes_saved(g.nodes_saved);
  }
  for (const RegionCandidate& c : not_taken) {
    dedup::CandidateProto* p = proto.add_not_taken();
    p->set_seed(c.seed);
    p->set_regions(c.regions);
    p->set_region_size(c.region_size);
    p->set_nodes_saved(c.nodes_saved);
    p->set_why(c.why);
  }
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.always_print_primitive_fields = true;
  options.preserve_proto_field_names = true;
  std::string json;
  // Serializing a message we just built cannot fail.
  (void)google::protobuf::util::MessageToJsonString(proto, &json, options);
  return json;
}

absl::StatusOr<DedupReport> ApplyGraphDeduplication(GraphModule& module,
                                                    const DedupOptions& options) {
  if (!module.has_graph()) return absl::InvalidArgumentError("module has no graph to deduplicate");
  return Deduplicator(module, options).Run();
}

PassReport ToPassReport(const DedupReport& report) {
  int64_t groups_skipped = 0;
  for (const DedupReport::Group& group : report.groups) {
    groups_skipped += group.group_skipped.empty() ? 0 : 1;
  }
  return {{{"groups", static_cast<int64_t>(report.groups.size()), "groups of identical regions"},
           {"groups_skipped", groups_skipped, "groups not deduplicated (reasons in the details)"},
           {"regions_replaced", report.regions_replaced, "regions replaced by invoke_subgraph"},
           {"nodes_before", report.nodes_before, "nodes of the root graph before"},
           {"nodes_after", report.nodes_after, "nodes of the root graph after"},
           {"subgraph_nodes", report.subgraph_nodes, "nodes of the installed subgraphs"}},
          report.ToText(),
          report.ToJson()};
}

const PassDescriptor& DedupPass::Descriptor() {
  static const auto* const descriptor = new TypedPassDescriptor<DedupOptions>(
      "dedup", "Graph deduplication: identical regions -> invoke_subgraph calls of one subgraph",
      {
          PassOption<DedupOptions>(
              "min_region_size", &DedupOptions::tracking, &RegionTrackingOptions::min_region_size,
              "smallest region worth a subgraph (nodes that compute, getitems excluded)",
              AtLeast(1)),
          PassOption<DedupOptions>("min_regions", &DedupOptions::tracking,
                                   &RegionTrackingOptions::min_regions,
                                   "fewest replaceable regions for a group to be deduplicated",
                                   AtLeast(2)),
          PassOption<DedupOptions>("module_hint", &DedupOptions::tracking,
                                   &RegionTrackingOptions::prefer_whole_modules,
                                   "take groups whose regions are whole nn_module_stack "
                                   "instances first (when nodes carry it)"),
      },
      [](DedupOptions options) { return std::make_unique<DedupPass>(options); });
  return *descriptor;
}

absl::StatusOr<bool> DedupPass::Run(GraphModule& module) {
  ASSIGN_OR_RETURN(report_, ApplyGraphDeduplication(module, options_));
  return report_.regions_replaced > 0;
}

}  // namespace fxpp
