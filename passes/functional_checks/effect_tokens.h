// Effect tokens (Note [Side-Effectful Tokens in AOTAutograd]): ordered
// side effects (aten._print, call_torchbind) threaded through
// `with_effects(token, op, *args)` so the graph is functional.
// LiftEffectTokens makes the token a graph input and output, as
// aot_export_module does; UnliftEffectTokens replaces them with
// prims._make_token() and prims._sink_tokens([...]), as unlift_tokens does.
#ifndef FXPP_PASSES_FUNCTIONAL_CHECKS_EFFECT_TOKENS_H_
#define FXPP_PASSES_FUNCTIONAL_CHECKS_EFFECT_TOKENS_H_

#include <cstdint>
#include <string>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "ir/graph_module.h"

namespace fxpp {

struct EffectTokenOptions {
  // FX targets of ops with ordered side effects; empty: aten._print and
  // higher_order.call_torchbind (PyTorch's SIDE_EFFECTS table).
  absl::flat_hash_set<std::string> effectful_ops;
};

struct EffectTokenReport {
  int64_t effectful_calls = 0;  // calls wrapped in with_effects (lift)
  int64_t input_tokens = 0;     // token inputs added (lift) or removed (unlift)
  int64_t output_tokens = 0;    // token outputs added (lift) or removed (unlift)
};

// Wraps every effectful call in with_effects, threading one token from a new
// first placeholder `token` to a new first output. A graph already holding
// prims._make_token()/prims._sink_tokens() (an unlifted graph) gets those
// turned back into the token input and output.
absl::StatusOr<EffectTokenReport> LiftEffectTokens(GraphModule& module,
                                                   const EffectTokenOptions& options = {});
// The inverse: token inputs (placeholders whose users are with_effects
// calls taking them as the token) become prims._make_token() calls, and
// outputs that are `getitem(with_effects, 0)` go to one prims._sink_tokens
// call; the output becomes the list of the remaining values, as in PyTorch.
// `expected_tokens` >= 0 checks how many tokens were removed each way.
absl::StatusOr<EffectTokenReport> UnliftEffectTokens(GraphModule& module,
                                                     int64_t expected_tokens = -1);

}  // namespace fxpp

#endif  // FXPP_PASSES_FUNCTIONAL_CHECKS_EFFECT_TOKENS_H_
