// The small closed sets of torch values that FX graphs carry as arguments and
// in tensor metadata: dtypes, memory formats and layouts. Each prints as torch
// prints it (`torch.float32`, `torch.channels_last`, `torch.strided`).
#ifndef FXPP_IR_TORCH_ENUMS_H_
#define FXPP_IR_TORCH_ENUMS_H_

#include <cstdint>

#include "absl/strings/string_view.h"
#include "absl/types/optional.h"

namespace fxpp {

enum class ScalarType : uint8_t {
  kUInt8, kInt8, kInt16, kInt32, kInt64,
  kFloat16, kFloat32, kFloat64,
  kComplex32, kComplex64, kComplex128,
  kBool,
  kQInt8, kQUInt8, kQInt32, kBFloat16, kQUInt4x2, kQUInt2x4,
  kFloat8E5M2, kFloat8E4M3FN, kFloat8E5M2FNUZ, kFloat8E4M3FNUZ,
  kUInt16, kUInt32, kUInt64,
};

enum class MemoryFormat : uint8_t {
  kContiguous, kChannelsLast, kChannelsLast3d, kPreserve,
};

enum class Layout : uint8_t {
  kStrided, kSparseCoo, kSparseCsr, kSparseCsc, kSparseBsr, kSparseBsc, kMkldnn, kJagged,
};

// Canonical torch name without the `torch.` prefix, e.g. "float32".
absl::string_view ScalarTypeName(ScalarType t);
// FX's short dtype names (graph.py dtype_abbrs: f32, bf16, i64, b8, ...);
// dtypes FX has none for (quantized ones) keep their full name.
absl::string_view ScalarTypeAbbr(ScalarType t);
absl::string_view MemoryFormatName(MemoryFormat f);
absl::string_view LayoutName(Layout l);

// Accept the canonical names and torch's aliases (`float`, `long`, `half`,
// ...), with or without the `torch.` prefix.
absl::optional<ScalarType> ParseScalarType(absl::string_view name);
absl::optional<MemoryFormat> ParseMemoryFormat(absl::string_view name);
absl::optional<Layout> ParseLayout(absl::string_view name);

}  // namespace fxpp

#endif  // FXPP_IR_TORCH_ENUMS_H_
