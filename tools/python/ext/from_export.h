// torch.export.ExportedProgram -> fxpp's ExportedProgram (export/), in
// process: the flat graph (ep.graph_module) converted by from_torch.h, the
// rest (graph signature, module call graph, state descriptions, custom
// objects, aliases) given in export/exported_program.proto's JSON mapping as
// fxpp/_program.py writes it, with node names as torch has them.
#ifndef FXPP_TOOLS_PYTHON_EXT_FROM_EXPORT_H_
#define FXPP_TOOLS_PYTHON_EXT_FROM_EXPORT_H_

#include <string>

#include "export/exported_program.h"
#include "tools/python/ext/torch_objects.h"

namespace fxpp {
namespace pyext {

// The program, validated (ValidateExportedProgram). Names the conversion
// changed (a node called `input` becomes `input_1`, as fxpp's namespace
// gives it) are changed in the signatures too. Bad programs raise ValueError.
ExportedProgram ExportedProgramFromTorch(py::handle graph_module,
                                         const std::string& program_without_graph_json,
                                         TorchObjects& objects);

}  // namespace pyext
}  // namespace fxpp

#endif  // FXPP_TOOLS_PYTHON_EXT_FROM_EXPORT_H_
