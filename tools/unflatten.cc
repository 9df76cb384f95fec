// unflatten: rebuilds the module hierarchy of a torch.export program
// (torch.export.unflatten) over the shared tool driver (tools/driver.h).
//   bazel run //tools:unflatten -- IN [-o OUT] [--to=FORMAT]
// IN is an exported program as the Python bridge writes it
// (`fxpp.dump(ep, "model.json")`, tools/python/fxpp) or its binary form
// (.pb); `-` reads stdin. On stdout the result prints as the module tree
// followed by print_readable's nested classes; with -o it is written as
// fxg, json, pb or readable (by --to or the extension). Without IN,
// unflattens a bundled real exported transformer.
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "export/module_tree.h"
#include "export/unflatten.h"
#include "ir/readable/readable.h"
#include "ir/status_macros.h"
#include "tools/driver.h"

int main(int argc, char** argv) {
  fxpp::ToolPreset unflatten;
  unflatten.name = "unflatten";
  unflatten.usage =
      "Rebuilds the module hierarchy of a torch.export program (torch.export.unflatten).\n"
      "  unflatten IN [-o OUT] [--to=fx|fxg|json|pb|readable|dot]\n"
      "IN is an exported program written by fxpp.dump (tools/python/fxpp) as .json, or .pb;\n"
      "IN and OUT may be - for stdin/stdout. Without IN, runs on a bundled example.";
  unflatten.example = "testing/exported/transformer.json";
  unflatten.default_to = fxpp::Format::kReadable;
  unflatten.from_program = [](fxpp::ExportedProgram program)
      -> absl::StatusOr<std::unique_ptr<fxpp::GraphModule>> {
    fxpp::UnflattenOptions options;
    options.validate = false;  // reading the program validated it
    ASSIGN_OR_RETURN(fxpp::UnflattenResult result, fxpp::Unflatten(program, options));
    return std::move(result.module);
  };
  unflatten.summary = [](const fxpp::GraphModule& module) {
    return absl::StrCat(fxpp::FormatModuleTree(module), "\n", fxpp::PrintReadable(module));
  };
  return fxpp::RunPresetTool(argc, argv, unflatten);
}
