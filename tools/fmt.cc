// fmt: converts a graph module between fxpp's formats.
//   bazel run //tools:fmt -- IN [-o OUT] [--from=FORMAT] [--to=FORMAT]
// Formats: fx (PyTorch's print(gm.graph)), fxg (fxpp golden text), json,
// pb, readable (print_readable, output only). `-` is stdin/stdout. With no
// IN, converts a bundled PyTorch graph to readable form.
#include <iostream>
#include <string>

#include "absl/flags/flag.h"
#include "ir/io/module_io.h"
#include "ir/status_macros.h"
#include "tools/cli.h"

ABSL_FLAG(std::string, from, "", "input format (fx, fxg, json, pb); default: by extension, else by contents");
ABSL_FLAG(std::string, to, "", "output format (fx, fxg, json, pb, readable, dot); default: by -o extension, else fxg");
ABSL_FLAG(std::string, o, "-", "output file; - for stdout");

namespace fxpp {
namespace {

constexpr absl::string_view kExample = "testing/graphs/torch26/hand_gpt.fx";

absl::Status Run(std::vector<std::string> args) {
  if (args.size() > 1) {
    return absl::InvalidArgumentError("expected one input file (see --help)");
  }
  const bool example = args.empty();
  const std::string in = example ? BundledPath(kExample) : ResolveUserPath(args[0]);
  ASSIGN_OR_RETURN(absl::optional<Format> from, ChooseInputFormat(absl::GetFlag(FLAGS_from)));
  const std::string out = ResolveUserPath(absl::GetFlag(FLAGS_o));
  ASSIGN_OR_RETURN(Format to, ChooseFormat(absl::GetFlag(FLAGS_to), out,
                                           example ? Format::kReadable : Format::kFxg));
  // Conversion keeps an unsorted graph as it is (FX text allows one).
  ASSIGN_OR_RETURN(LoadedModule loaded,
                   ReadInputModule(in, from, /*allow_forward_references=*/true));
  ASSIGN_OR_RETURN(std::string rendered, RenderModule(*loaded.module, to, loaded.fx_print));
  if (example) {
    std::cerr << "fmt: no input given; converting the bundled example " << kExample
              << " to " << FormatName(to) << " (see --help)\n";
  }
  return WriteFileAtomically(out, rendered);
}

}  // namespace
}  // namespace fxpp

int main(int argc, char** argv) {
  std::vector<std::string> args = fxpp::ParseToolFlags(
      argc, argv,
      "Converts a graph module between formats.\n"
      "  fmt IN [-o OUT] [--from=fx|fxg|json|pb] [--to=fx|fxg|json|pb|readable]\n"
      "IN and OUT may be - for stdin/stdout. Without IN, converts a bundled example.");
  return fxpp::RunTool("fmt", [&] { return fxpp::Run(std::move(args)); });
}
