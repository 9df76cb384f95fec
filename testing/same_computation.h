// Whether a pass kept what a module computes: the check that catches wrong
// merges (regions that differ in a constant, arguments passed in the wrong
// order, outputs wired to the wrong getitem) whatever graph showed them.
//
// Calls of graph submodules (call_module of a child with a graph, and
// invoke_subgraph of a get_attr'd child) are inlined, recursively, and the
// two root graphs are compared by CanonicalForm, which ignores node names,
// node order and dead code. A pass that only moves, removes dead nodes,
// outlines or splits (topo_sort, dce, dedup, split_by_tags) must leave the
// same form. (split_module is not such a pass by this test: like PyTorch's,
// each partition re-enters the grad/autocast state it runs under and calls
// leaf modules copied under flattened names, `h.0.ln1` as `h_0_ln1`.)
//
// The forms show data dependencies, not the order of side effects: a pass
// that moved an in-place op past a reader of its input is not caught here.
#ifndef FXPP_TESTING_SAME_COMPUTATION_H_
#define FXPP_TESTING_SAME_COMPUTATION_H_

#include <memory>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/graph.h"
#include "ir/graph_module.h"

namespace fxpp {

// A copy of `module`'s graph with every call of a submodule that has a graph
// replaced by that graph's nodes (its placeholders by the call's operands,
// the getitems of the call by the returned values). get_attr targets inside
// an inlined graph keep their paths: split_by_tags and split_module copy
// attributes under their original qualified names. An error when a call
// cannot be inlined (an operand missing, a tuple result used other than by
// getitem).
absl::StatusOr<std::unique_ptr<Graph>> InlineSubmoduleCalls(const GraphModule& module);

// OK when `expected` and `actual` print the same CanonicalForm; otherwise a
// FailedPrecondition error: `headline`, a line break, then the diff of the
// two forms under the labels given. The comparison the checks share.
absl::Status CheckSameCanonicalForm(const Graph& expected, const Graph& actual,
                                    absl::string_view headline, absl::string_view expected_label,
                                    absl::string_view actual_label);

// OK when `before` and `after` compute the same thing by the test above;
// otherwise an error holding the diff of their canonical forms.
absl::Status CheckSameComputation(const GraphModule& before, const GraphModule& after);

}  // namespace fxpp

#endif  // FXPP_TESTING_SAME_COMPUTATION_H_
