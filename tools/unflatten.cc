// unflatten: rebuilds the module hierarchy of a torch.export program
// (torch.export.unflatten).
//   bazel run //tools:unflatten -- IN [-o OUT] [--format=FORMAT]
// IN is an exported program as the Python bridge writes it
// (`fxpp.dump(ep, "model.json")`, tools/python/fxpp) or its binary form
// (.pb); `-` reads stdin. On stdout the result prints as the module tree
// followed by print_readable's nested classes; with -o it is written as
// fxg, json, pb or readable (by --format or the extension). Without IN,
// unflattens a bundled real exported transformer.
#include <iostream>
#include <string>

#include "absl/flags/flag.h"
#include "export/exported_program.h"
#include "export/program_proto.h"
#include "export/unflatten.h"
#include "ir/io/module_io.h"
#include "ir/readable/readable.h"
#include "ir/status_macros.h"
#include "tools/cli.h"

ABSL_FLAG(std::string, o, "-", "output file; - for stdout");
ABSL_FLAG(std::string, format, "",
          "output format (fxg, json, pb, readable); default: by -o extension; on stdout the "
          "module tree and print_readable");

namespace fxpp {
namespace {

constexpr absl::string_view kExample = "testing/exported/transformer.json";

absl::Status Run(std::vector<std::string> args) {
  if (args.size() > 1) return absl::InvalidArgumentError("expected one input file (see --help)");
  const bool example = args.empty();
  const std::string in = example ? BundledPath(kExample) : ResolveUserPath(args[0]);
  const std::string out = ResolveUserPath(absl::GetFlag(FLAGS_o));
  const std::string format_flag = absl::GetFlag(FLAGS_format);
  // Without a format, stdout gets the summary a person wants to read.
  const bool summary = format_flag.empty() && out == "-";
  ASSIGN_OR_RETURN(Format to, ChooseFormat(format_flag, out, Format::kReadable));
  if (to == Format::kFx) {
    return absl::InvalidArgumentError(
        "unflatten makes one graph per module, which FX text cannot hold; use fxg, json, pb or "
        "readable");
  }
  ASSIGN_OR_RETURN(ExportedProgram program, ReadExportedProgram(in));
  UnflattenOptions options;
  options.validate = false;  // ReadExportedProgram validated it
  ASSIGN_OR_RETURN(UnflattenResult result, Unflatten(program, options));
  RETURN_IF_ERROR(VerifyUnflattened(*result.module));
  std::string rendered;
  if (summary) {
    rendered = absl::StrCat(FormatModuleTree(*result.module), "\n", PrintReadable(*result.module));
  } else {
    ASSIGN_OR_RETURN(rendered, RenderModule(*result.module, to));
  }
  RETURN_IF_ERROR(WriteFileAtomically(out, rendered));
  if (example) NoteBundledExample("unflatten", kExample);
  return absl::OkStatus();
}

}  // namespace
}  // namespace fxpp

int main(int argc, char** argv) {
  std::vector<std::string> args = fxpp::ParseToolFlags(
      argc, argv,
      "Rebuilds the module hierarchy of a torch.export program (torch.export.unflatten).\n"
      "  unflatten IN [-o OUT] [--format=fxg|json|pb|readable]\n"
      "IN is an exported program written by fxpp.dump (tools/python/fxpp) as .json, or .pb;\n"
      "IN and OUT may be - for stdin/stdout. Without IN, runs on a bundled example.");
  return fxpp::RunTool("unflatten", [&] { return fxpp::Run(std::move(args)); });
}
