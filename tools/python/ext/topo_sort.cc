#include "tools/python/ext/topo_sort.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tools/python/ext/torch_objects.h"

namespace fxpp {
namespace pyext {
namespace {

// The graph's nodes in list order (borrowed), walking root._next as
// Graph.nodes does, without a Python generator step per node.
std::vector<PyObject*> ListedNodes(py::handle fx_graph) {
  const Names& n = names();
  py::object root = Attr(fx_graph.ptr(), n.root);
  std::vector<PyObject*> nodes;
  for (py::object node = Attr(root.ptr(), n.next); node.ptr() != root.ptr();
       node = Attr(node.ptr(), n.next)) {
    nodes.push_back(node.ptr());
  }
  return nodes;
}

// Calls fn on every object torch.fx.map_arg hands its function: the leaves
// of tuples (named tuples too), lists, dict values and slices. fn must not
// call Python (the containers' items are borrowed).
template <typename Fn>
void ForEachLeaf(PyObject* v, Fn& fn) {
  if (PyTuple_Check(v)) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(v); ++i) ForEachLeaf(PyTuple_GET_ITEM(v, i), fn);
  } else if (PyList_Check(v)) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(v); ++i) ForEachLeaf(PyList_GET_ITEM(v, i), fn);
  } else if (PyDict_Check(v)) {
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(v, &pos, &key, &value)) ForEachLeaf(value, fn);
  } else if (PySlice_Check(v)) {
    auto* s = reinterpret_cast<PySliceObject*>(v);
    ForEachLeaf(s->start, fn);
    ForEachLeaf(s->stop, fn);
    ForEachLeaf(s->step, fn);
  } else {
    fn(v);
  }
}

std::string NodeName(PyObject* node) {
  return std::string(StrView(py::str(Attr(node, names().name)).ptr()));
}

// PyTorch's algorithm (torch/_inductor/pattern_matcher.py), with the same
// three collections: `pending` (a stack, the list reversed), `ready`, and
// `waiting` (a node -> the nodes waiting for it).
class Sorter {
 public:
  explicit Sorter(py::handle fx_graph) : n_(names()), nodes_(ListedNodes(fx_graph)) {}

  const std::vector<PyObject*>& nodes() const { return nodes_; }

  std::vector<PyObject*> Order(OutputPlacement placement) {
    PyObject* output = placement == OutputPlacement::kLast ? FirstOutput() : nullptr;
    std::vector<PyObject*> pending;
    pending.reserve(nodes_.size());
    for (auto it = nodes_.rbegin(); it != nodes_.rend(); ++it) {
      if (*it != output) pending.push_back(*it);
    }
    order_.reserve(nodes_.size());
    while (!pending.empty()) {
      PyObject* node = pending.back();
      pending.pop_back();
      if (!Place(node)) continue;
      if (auto it = waiting_.find(node); it != waiting_.end()) {
        pending.insert(pending.end(), it->second.rbegin(), it->second.rend());
        waiting_.erase(it);
      }
    }
    if (output != nullptr) Place(output);
    if (!waiting_.empty()) throw py::value_error(NoOrderMessage());
    return std::move(order_);
  }

 private:
  PyObject* FirstOutput() const {
    for (PyObject* node : nodes_) {
      if (PyUnicode_CompareWithASCIIString(Attr(node, n_.op).ptr(), "output") == 0) return node;
    }
    return nullptr;
  }

  // Places `node` if every node it reads is placed; otherwise it waits.
  bool Place(PyObject* node) {
    if (PyObject* missing = LastMissing(node)) {
      waiting_[missing].push_back(node);
      return false;
    }
    ready_.insert(node);
    order_.push_back(node);
    return true;
  }

  // The input of `node` not placed yet that PyTorch's sort waits for: the
  // last one in argument order (map_arg over (args, kwargs), repeats
  // included). node._input_nodes (first occurrences, in the order they were
  // added) answers alone unless two or more are missing.
  PyObject* LastMissing(PyObject* node) {
    py::object inputs = Attr(node, n_.input_nodes);
    if (!PyDict_Check(inputs.ptr())) throw py::type_error("node._input_nodes is not a dict");
    absl::InlinedVector<PyObject*, 4> missing;
    PyObject* input;
    Py_ssize_t pos = 0;
    while (PyDict_Next(inputs.ptr(), &pos, &input, nullptr)) {
      if (!ready_.contains(input)) missing.push_back(input);
    }
    if (missing.size() <= 1) return missing.empty() ? nullptr : missing.front();
    PyObject* last = missing.back();
    auto visit = [&](PyObject* leaf) {
      if (std::find(missing.begin(), missing.end(), leaf) != missing.end()) last = leaf;
    };
    ForEachLeaf(Attr(node, n_.private_args).ptr(), visit);
    ForEachLeaf(Attr(node, n_.private_kwargs).ptr(), visit);
    return last;
  }

  // What is left waiting, for the error: from the first node in list order
  // that waits, what each waits for, until a node repeats (a cycle, given
  // as topo_sort's FormatCycle gives it) or the chain leaves the graph.
  std::string NoOrderMessage() const {
    absl::flat_hash_map<PyObject*, PyObject*> waits_for;
    for (const auto& [input, waiters] : waiting_) {
      for (PyObject* waiter : waiters) waits_for[waiter] = input;
    }
    PyObject* node = *std::find_if(nodes_.begin(), nodes_.end(),
                                   [&](PyObject* n) { return waits_for.contains(n); });
    std::vector<PyObject*> path;
    absl::flat_hash_map<PyObject*, size_t> position;
    while (!position.contains(node)) {
      position[node] = path.size();
      path.push_back(node);
      auto it = waits_for.find(node);
      if (it == waits_for.end()) {
        return absl::StrCat("stable_topological_sort: no order: node '",
                            NodeName(path[path.size() - 2]), "' reads '", NodeName(node),
                            "', which is not a node of this graph");
      }
      node = it->second;
    }
    std::vector<std::string> cycle;
    for (size_t i = position[node]; i < path.size(); ++i) cycle.push_back(NodeName(path[i]));
    cycle.push_back(NodeName(node));
    return absl::StrCat("stable_topological_sort: the graph has a cycle: ",
                        absl::StrJoin(cycle, " -> "));
  }

  const Names& n_;
  const std::vector<PyObject*> nodes_;
  std::vector<PyObject*> order_;
  absl::flat_hash_set<PyObject*> ready_;
  absl::flat_hash_map<PyObject*, std::vector<PyObject*>> waiting_;
};

// Which nodes of `order` (a permutation of `listed`) can keep their place:
// a longest run of them whose list positions increase (patience sorting,
// O(n log n)). Every other node has to move.
std::vector<bool> Staying(const std::vector<PyObject*>& listed,
                          const std::vector<PyObject*>& order) {
  absl::flat_hash_map<PyObject*, size_t> position_of;
  position_of.reserve(listed.size());
  for (size_t i = 0; i < listed.size(); ++i) position_of[listed[i]] = i;
  constexpr size_t kNone = static_cast<size_t>(-1);
  std::vector<size_t> position(order.size());
  std::vector<size_t> previous(order.size(), kNone);
  std::vector<size_t> tails;  // tails[k]: the smallest last element of a run of k + 1
  for (size_t i = 0; i < order.size(); ++i) {
    position[i] = position_of.find(order[i])->second;
    auto it = std::lower_bound(tails.begin(), tails.end(), position[i],
                               [&](size_t tail, size_t p) { return position[tail] < p; });
    if (it != tails.begin()) previous[i] = *std::prev(it);
    if (it == tails.end()) {
      tails.push_back(i);
    } else {
      *it = i;
    }
  }
  std::vector<bool> stays(order.size(), false);
  for (size_t i = tails.empty() ? kNone : tails.back(); i != kNone; i = previous[i]) {
    stays[i] = true;
  }
  return stays;
}

}  // namespace

std::vector<PyObject*> StableOrder(py::handle fx_graph, OutputPlacement output) {
  return Sorter(fx_graph).Order(output);
}

bool GraphIsSorted(py::handle fx_graph) {
  const Names& n = names();
  py::object root = Attr(fx_graph.ptr(), n.root);
  absl::flat_hash_set<PyObject*> seen;
  bool after_output = false;
  for (py::object node = Attr(root.ptr(), n.next); node.ptr() != root.ptr();
       node = Attr(node.ptr(), n.next)) {
    if (after_output) return false;
    py::object inputs = Attr(node.ptr(), n.input_nodes);
    if (!PyDict_Check(inputs.ptr())) throw py::type_error("node._input_nodes is not a dict");
    PyObject* input;
    Py_ssize_t pos = 0;
    while (PyDict_Next(inputs.ptr(), &pos, &input, nullptr)) {
      if (!seen.contains(input)) return false;
    }
    seen.insert(node.ptr());
    py::object op = Attr(node.ptr(), n.op);
    after_output = PyUnicode_Check(op.ptr()) &&
                   PyUnicode_CompareWithASCIIString(op.ptr(), "output") == 0;
  }
  return true;
}

size_t SortInPlace(py::handle fx_graph) {
  const Names& n = names();
  Sorter sorter(fx_graph);
  const std::vector<PyObject*> order = sorter.Order(OutputPlacement::kLikeAnyNode);
  if (order == sorter.nodes()) return 0;
  // Only the nodes off a longest run already in order move, in the sort's
  // order, each right after the node the order puts before it (or first):
  // the nodes placed so far and those staying are then in their final
  // relative order, so the last move leaves the list in the sort's order.
  const std::vector<bool> stays = Staying(sorter.nodes(), order);
  py::object root = Attr(fx_graph.ptr(), n.root);
  size_t moved = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    if (stays[i]) continue;
    PyObject* before = i == 0 ? root.ptr() : order[i - 1];
    if (Attr(before, n.next).ptr() == order[i]) continue;
    // Held for the call: unlinked, the node is referenced by less.
    py::object held = py::reinterpret_borrow<py::object>(order[i]);
    PyObject* result = PyObject_CallMethodOneArg(before, n.append, order[i]);
    if (result == nullptr) throw py::error_already_set();
    Py_DECREF(result);
    ++moved;
  }
  return moved;
}

}  // namespace pyext
}  // namespace fxpp
