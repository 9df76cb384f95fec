// Effect tokens of an ExportedProgram (export/exported_program.h).
#ifndef FXPP_EXPORT_EFFECT_TOKENS_H_
#define FXPP_EXPORT_EFFECT_TOKENS_H_

#include "absl/status/statusor.h"
#include "export/exported_program.h"

namespace fxpp {

// torch.export's _remove_effect_tokens: drops token inputs and outputs and
// turns each `with_effects(token, op, *args)` into `op(*args)`, renumbering
// the getitems of its results. Returns whether there were tokens.
absl::StatusOr<bool> RemoveEffectTokens(ExportedProgram& program);

}  // namespace fxpp

#endif  // FXPP_EXPORT_EFFECT_TOKENS_H_
