// Which Argument a leaf of FX text is, from its printed text: literals whose
// spelling Python's str() and repr() share, devices, SymInts. Internal to
// //ir/fx_text (the argument parser's vocabulary).
#ifndef FXPP_IR_FX_TEXT_ARG_LITERAL_H_
#define FXPP_IR_FX_TEXT_ARG_LITERAL_H_

#include "absl/strings/string_view.h"
#include "ir/argument.h"

namespace fxpp {

// A device of a type torch.device accepts (c10/core/DeviceType.cpp):
// "cpu", "cuda:0".
bool IsDeviceText(absl::string_view text);

// str() of a SymInt: sympy's printing of an expression over symbols s0, s1,
// ... (backed) and u0, u1, ... (unbacked): "s0", "s0 + 1", "2*s1", "(s0//2)".
bool IsSymIntText(absl::string_view t);

// The literals whose spelling is the same in every syntax; true when `text`
// is exactly one of them as Python prints it.
bool ScalarLiteral(absl::string_view text, Argument* out);

// A leaf printed with str(): the typed value whose str() is `text`, or the
// string itself. Never fails: every text is some string.
Argument StrLiteral(absl::string_view text);

// A name str() of a node could have printed: an identifier Python does not
// reserve.
bool IsBareNodeName(absl::string_view text);

}  // namespace fxpp

#endif  // FXPP_IR_FX_TEXT_ARG_LITERAL_H_
