// The one-line-per-node description of a split module that
// tools/python/make_split_references.py writes for PyTorch's results, so
// golden tests can compare fxpp's split with PyTorch's structurally: every
// submodule's graph, then the main graph, each node as
//   "  <op> <name> [<printed target>] (<node inputs, args then kwargs>)"
// and outputs as "  output <bare|tuple|list|dict|NoneType> (<node inputs>)".
#ifndef FXPP_PASSES_SPLIT_BY_TAGS_SPLIT_DESCRIPTION_H_
#define FXPP_PASSES_SPLIT_BY_TAGS_SPLIT_DESCRIPTION_H_

#include <string>

#include "ir/graph_module.h"

namespace fxpp {

// "submodule NAME\n<its nodes>" per child with a graph, then "main\n<nodes>".
std::string DescribeSplitModule(const GraphModule& module);

}  // namespace fxpp

#endif  // FXPP_PASSES_SPLIT_BY_TAGS_SPLIT_DESCRIPTION_H_
