// Tool flags generated from pass options (passes/pass_options.h), for tools
// whose flags mirror passes' options: each option is a flag of the tool
// (`--min_region_size=3`, `--min-region-size 3`, a bare `--flag` or
// `--noflag` for booleans) with the option's type, help and default in
// `--help`, so the option is declared once, in the pass.
#ifndef FXPP_TOOLS_PASS_FLAGS_H_
#define FXPP_TOOLS_PASS_FLAGS_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "passes/pass_options.h"

namespace fxpp {

// Removes the flags naming one of `options` from `args` (a whole command
// line; scanning stops at a bare "--") and returns their values.
PassOptionValues ExtractOptionFlags(absl::Span<const PassOptionInfo> options,
                                    std::vector<std::string>& args);
inline PassOptionValues ExtractPassFlags(const PassDescriptor& descriptor,
                                         std::vector<std::string>& args) {
  return ExtractOptionFlags(descriptor.options(), args);
}

// A `--help` section: `title`, then one flag per option.
std::string OptionFlagsHelp(absl::string_view title, absl::Span<const PassOptionInfo> options);
// The section of a pass's options.
std::string PassFlagsHelp(const PassDescriptor& descriptor);

}  // namespace fxpp

#endif  // FXPP_TOOLS_PASS_FLAGS_H_
