#include "tools/python/ext/topo_sort.h"

#include <algorithm>
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
  // PyTorch's relinking, replayed on the computed order: each node placed
  // goes right after the one placed before it unless it is there already.
  // The first node placed stays where it is, as in PyTorch's loop.
  size_t moved = 0;
  PyObject* cursor = nullptr;
  for (PyObject* node : order) {
    if (cursor != nullptr && Attr(cursor, n.next).ptr() != node) {
      // Held for the call: unlinked, the node is referenced by less.
      py::object held = py::reinterpret_borrow<py::object>(node);
      PyObject* result = PyObject_CallMethodOneArg(cursor, n.append, node);
      if (result == nullptr) throw py::error_already_set();
      Py_DECREF(result);
      ++moved;
    }
    cursor = node;
  }
  return moved;
}

}  // namespace pyext
}  // namespace fxpp
