// fmt: converts a graph module, or an exported program, between fxpp's
// formats: the shared tool driver (tools/driver.h) without passes.
//   bazel run //tools:fmt -- IN [-o OUT] [--from=FORMAT] [--to=FORMAT]
// Formats: fx (PyTorch's print(gm.graph)), fxg (fxpp golden text), json,
// pb, readable (print_readable) and dot (graphviz), the last two output
// only. An exported program (fxpp.dump of torch.export's result) converts
// between json, pb and fxg, and shows its graph as readable or dot. `-` is
// stdin/stdout. With no IN, converts a bundled PyTorch graph to readable.
#include "tools/driver.h"

int main(int argc, char** argv) {
  fxpp::ToolPreset fmt;
  fmt.name = "fmt";
  fmt.usage =
      "Converts a graph module or an exported program between formats.\n"
      "  fmt IN [-o OUT] [--from=fx|fxg|json|pb] [--to=fx|fxg|json|pb|readable|dot]\n"
      "An exported program converts between json, pb and fxg, or shows its graph (readable,\n"
      "dot). IN and OUT may be - for stdin/stdout. Without IN, converts a bundled example.";
  fmt.example = "testing/graphs/torch26/hand_gpt.fx";
  fmt.example_to = fxpp::Format::kReadable;
  // Conversion keeps an unsorted graph as it is (FX text allows one).
  fmt.allow_forward_references = true;
  return fxpp::RunPresetTool(argc, argv, fmt);
}
