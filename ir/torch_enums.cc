#include "ir/torch_enums.h"

#include <utility>

#include "absl/strings/strip.h"

namespace fxpp {
namespace {

template <typename Enum, size_t N>
absl::string_view NameOf(const std::pair<Enum, absl::string_view> (&table)[N], Enum value) {
  for (const auto& [v, name] : table) {
    if (v == value) return name;
  }
  return "unknown";
}

template <typename Enum, size_t N>
absl::optional<Enum> ValueOf(const std::pair<Enum, absl::string_view> (&table)[N],
                             absl::string_view name) {
  absl::ConsumePrefix(&name, "torch.");
  for (const auto& [v, n] : table) {
    if (n == name) return v;
  }
  return absl::nullopt;
}

// Canonical names first: NameOf returns the first match.
constexpr std::pair<ScalarType, absl::string_view> kScalarTypes[] = {
    {ScalarType::kUInt8, "uint8"},
    {ScalarType::kInt8, "int8"},
    {ScalarType::kInt16, "int16"},
    {ScalarType::kInt32, "int32"},
    {ScalarType::kInt64, "int64"},
    {ScalarType::kFloat16, "float16"},
    {ScalarType::kFloat32, "float32"},
    {ScalarType::kFloat64, "float64"},
    {ScalarType::kComplex32, "complex32"},
    {ScalarType::kComplex64, "complex64"},
    {ScalarType::kComplex128, "complex128"},
    {ScalarType::kBool, "bool"},
    {ScalarType::kQInt8, "qint8"},
    {ScalarType::kQUInt8, "quint8"},
    {ScalarType::kQInt32, "qint32"},
    {ScalarType::kBFloat16, "bfloat16"},
    {ScalarType::kQUInt4x2, "quint4x2"},
    {ScalarType::kQUInt2x4, "quint2x4"},
    {ScalarType::kFloat8E5M2, "float8_e5m2"},
    {ScalarType::kFloat8E4M3FN, "float8_e4m3fn"},
    {ScalarType::kFloat8E5M2FNUZ, "float8_e5m2fnuz"},
    {ScalarType::kFloat8E4M3FNUZ, "float8_e4m3fnuz"},
    {ScalarType::kUInt16, "uint16"},
    {ScalarType::kUInt32, "uint32"},
    {ScalarType::kUInt64, "uint64"},
    // torch's aliases
    {ScalarType::kInt16, "short"},
    {ScalarType::kInt32, "int"},
    {ScalarType::kInt64, "long"},
    {ScalarType::kFloat16, "half"},
    {ScalarType::kFloat32, "float"},
    {ScalarType::kFloat64, "double"},
    {ScalarType::kComplex32, "chalf"},
    {ScalarType::kComplex64, "cfloat"},
    {ScalarType::kComplex128, "cdouble"},
};

constexpr std::pair<MemoryFormat, absl::string_view> kMemoryFormats[] = {
    {MemoryFormat::kContiguous, "contiguous_format"},
    {MemoryFormat::kChannelsLast, "channels_last"},
    {MemoryFormat::kChannelsLast3d, "channels_last_3d"},
    {MemoryFormat::kPreserve, "preserve_format"},
};

constexpr std::pair<Layout, absl::string_view> kLayouts[] = {
    {Layout::kStrided, "strided"},       {Layout::kSparseCoo, "sparse_coo"},
    {Layout::kSparseCsr, "sparse_csr"},  {Layout::kSparseCsc, "sparse_csc"},
    {Layout::kSparseBsr, "sparse_bsr"},  {Layout::kSparseBsc, "sparse_bsc"},
    {Layout::kMkldnn, "_mkldnn"},        {Layout::kJagged, "jagged"},
};

}  // namespace

absl::string_view ScalarTypeName(ScalarType t) { return NameOf(kScalarTypes, t); }

absl::string_view ScalarTypeAbbr(ScalarType t) {
  switch (t) {
    case ScalarType::kBFloat16: return "bf16";
    case ScalarType::kFloat64: return "f64";
    case ScalarType::kFloat32: return "f32";
    case ScalarType::kFloat16: return "f16";
    case ScalarType::kFloat8E4M3FN: return "f8e4m3fn";
    case ScalarType::kFloat8E5M2: return "f8e5m2";
    case ScalarType::kFloat8E4M3FNUZ: return "f8e4m3fnuz";
    case ScalarType::kFloat8E5M2FNUZ: return "f8e5m2fnuz";
    case ScalarType::kComplex32: return "c32";
    case ScalarType::kComplex64: return "c64";
    case ScalarType::kComplex128: return "c128";
    case ScalarType::kInt8: return "i8";
    case ScalarType::kInt16: return "i16";
    case ScalarType::kInt32: return "i32";
    case ScalarType::kInt64: return "i64";
    case ScalarType::kBool: return "b8";
    case ScalarType::kUInt8: return "u8";
    case ScalarType::kUInt16: return "u16";
    case ScalarType::kUInt32: return "u32";
    case ScalarType::kUInt64: return "u64";
    default: return ScalarTypeName(t);
  }
}
absl::string_view MemoryFormatName(MemoryFormat f) { return NameOf(kMemoryFormats, f); }
absl::string_view LayoutName(Layout l) { return NameOf(kLayouts, l); }

absl::optional<ScalarType> ParseScalarType(absl::string_view name) {
  return ValueOf(kScalarTypes, name);
}
absl::optional<MemoryFormat> ParseMemoryFormat(absl::string_view name) {
  return ValueOf(kMemoryFormats, name);
}
absl::optional<Layout> ParseLayout(absl::string_view name) { return ValueOf(kLayouts, name); }

}  // namespace fxpp
