// GraphModule.print_readable() as PyTorch 2.x prints it: the module as a
// Python class whose forward() holds one statement per node, with tensor
// metadata as string annotations (`add: "f32[2, 3]" = x + 1`), stack-trace
// summaries as comments and `name = None` after each value's last use.
// Submodules that have graphs (cond branches, split submodules, ...) follow
// as nested classes named by their attribute.
//
// The output matches PyTorch 2.6's `gm.print_readable(print_output=False)`
// byte for byte for graphs fxpp models (see ir/readable/testdata), including
// FX's naming of globals (`math_sqrt`, `_operator_not_`; a clash with a node
// name gets a `_1` suffix). Known differences: generic type annotations are
// rebuilt from their text (only List/Dict/Set/FrozenSet/Tuple/Optional and
// plain names are mapped as FX would), and namedtuple or enum arguments,
// which fxpp keeps as opaque repr text, print as that text.
#ifndef FXPP_IR_READABLE_READABLE_H_
#define FXPP_IR_READABLE_READABLE_H_

#include <string>

#include "ir/graph_module.h"

namespace fxpp {

// print_readable's flags of the same names.
struct ReadableOptions {
  bool include_stride = false;  // `"f32[2, 3][3, 1]"`
  bool include_device = false;  // `"f32[2, 3]cpu"`
};

// Like print_readable, `module` must have a graph; a module without one
// prints as "".
std::string PrintReadable(const GraphModule& module, const ReadableOptions& options = {});

}  // namespace fxpp

#endif  // FXPP_IR_READABLE_READABLE_H_
