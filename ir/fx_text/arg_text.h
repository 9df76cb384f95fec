// What the printer and the parser of FX text arguments share: the spellings
// of an Argument, namedtuple facts, and device text. Internal to
// //ir/fx_text; the rules are documented in fx_text.h. The printer is
// arg_printer.h, the parser arg_parser.h.
#ifndef FXPP_IR_FX_TEXT_ARG_TEXT_H_
#define FXPP_IR_FX_TEXT_ARG_TEXT_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

namespace fxpp {

// The spellings of an Argument.
enum class ArgSyntax : uint8_t {
  kFx,         // _format_arg (args, kwargs): str() leaves, `%name` refs
  kRepr,       // repr() (slices, containers of return values and defaults): bare refs
  kTypedFx,    // lossless variant of kFx: typed leaves, `%name` refs
  kTypedRepr,  // lossless variant of kRepr: typed leaves, bare refs
};

inline bool IsTyped(ArgSyntax s) { return s == ArgSyntax::kTypedFx || s == ArgSyntax::kTypedRepr; }
inline bool HasPercentRefs(ArgSyntax s) { return s == ArgSyntax::kFx || s == ArgSyntax::kTypedFx; }
// Slice parts are always repr()'d, in both the FX and the typed spelling.
inline ArgSyntax SliceSyntax(ArgSyntax s) {
  return IsTyped(s) ? ArgSyntax::kTypedRepr : ArgSyntax::kRepr;
}

// A tuple that Python printed as a namedtuple, `Point(x=a, y=b)`. `path`
// indexes from the printed value down to the tuple (a dict's keys and values
// count as alternating elements, as in Argument::elements()).
struct NamedTupleFact {
  std::vector<uint32_t> path;
  std::string type_name;
  std::vector<std::string> fields;
};

// "cuda:0" -> ("cuda", "0"); ("cpu", "") when there is no canonical index.
std::pair<absl::string_view, absl::string_view> SplitDevice(absl::string_view device);

}  // namespace fxpp

#endif  // FXPP_IR_FX_TEXT_ARG_TEXT_H_
