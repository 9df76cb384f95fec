// Tool flags generated from a pass's descriptor (passes/pass_options.h), for
// tools whose flags mirror a pass's options: each option is a flag of the
// tool (`--min_region_size=3`, `--min-region-size 3`, a bare `--flag` or
// `--noflag` for booleans) with the option's type, help and default in
// `--help`, so the option is declared once, in the pass.
#ifndef FXPP_TOOLS_PASS_FLAGS_H_
#define FXPP_TOOLS_PASS_FLAGS_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "passes/pass_options.h"

namespace fxpp {

// Removes the flags naming `descriptor`'s options from `args` (a whole
// command line; scanning stops at a bare "--") and returns their values.
PassOptionValues ExtractPassFlags(const PassDescriptor& descriptor,
                                  std::vector<std::string>& args);

// The `--help` section of the pass's options, one flag per line.
std::string PassFlagsHelp(const PassDescriptor& descriptor);

// ParseToolFlags (tools/cli.h) for such a tool: the pass's flags go to
// `pass_options` (for descriptor.Create), the others to absl; `usage` gets
// the pass's flags appended for --help. Returns the positional arguments.
std::vector<std::string> ParseToolFlagsWithPass(int argc, char** argv, absl::string_view usage,
                                                const PassDescriptor& descriptor,
                                                PassOptionValues* pass_options);

}  // namespace fxpp

#endif  // FXPP_TOOLS_PASS_FLAGS_H_
