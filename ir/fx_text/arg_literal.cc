#include "ir/fx_text/arg_literal.h"

#include "ir/fx_text/arg_text.h"
#include "ir/fx_text/lexer.h"
#include "ir/fx_text/py_repr.h"
#include "ir/identifier_chars.h"
#include "ir/names.h"
#include "ir/torch_enums.h"

namespace fxpp {

bool IsDeviceText(absl::string_view text) {
  static constexpr absl::string_view kTypes[] = {
      "cpu", "cuda", "mps", "meta", "xpu", "hpu", "xla", "lazy", "ipu", "mtia", "privateuseone",
      "hip", "ve", "fpga", "maia", "vulkan", "opengl", "opencl", "ideep", "mkldnn", "ort"};
  const auto [type, index] = SplitDevice(text);
  if (index.empty() && type.size() != text.size()) return false;
  for (absl::string_view t : kTypes) {
    if (t == type) return true;
  }
  return false;
}

bool IsSymIntText(absl::string_view t) {
  if (t.empty() || t.front() == ' ' || t.back() == ' ') return false;
  bool has_symbol = false;
  int depth = 0;
  for (size_t i = 0; i < t.size();) {
    const char c = t[i];
    if (c == 's' || c == 'u' || (c >= '0' && c <= '9')) {
      size_t j = c >= '0' && c <= '9' ? i : i + 1;
      const size_t digits_start = j;
      while (j < t.size() && t[j] >= '0' && t[j] <= '9') ++j;
      if (j == digits_start || (j < t.size() && IsIdentifierChar(t[j]))) return false;
      has_symbol |= c == 's' || c == 'u';
      i = j;
      continue;
    }
    if (c == '(') {
      ++depth;
    } else if (c == ')') {
      if (--depth < 0) return false;
    } else if (c == ' ') {
      if (t[i + 1] == ' ') return false;
    } else if (c != '+' && c != '-' && c != '*' && c != '/' && c != '%') {
      return false;
    }
    ++i;
  }
  return has_symbol && depth == 0;
}

bool ScalarLiteral(absl::string_view text, Argument* out) {
  if (text.empty()) return false;
  const char c = text[0];
  if ((c >= '0' && c <= '9') || c == '-' || c == 'i' || c == 'n') {
    int64_t i;
    double f;
    if (ParsePyInt(text, &i)) {
      *out = Argument::Int(i);
      return true;
    }
    if (ParsePyFloat(text, &f)) {
      *out = Argument::Float(f);
      return true;
    }
    return false;
  }
  if (text == "None") {
    *out = Argument::None();
  } else if (text == "True" || text == "False") {
    *out = Argument::Bool(text == "True");
  } else if (text == "Ellipsis") {
    *out = Argument::EllipsisValue();
  } else if (text.size() > 6 && text.substr(0, 6) == "torch.") {
    // Only canonical names: str(torch.long) is "torch.int64".
    const absl::string_view name = text.substr(6);
    if (absl::optional<ScalarType> t = ParseScalarType(name); t && ScalarTypeName(*t) == name) {
      *out = Argument::Dtype(*t);
    } else if (absl::optional<MemoryFormat> f = ParseMemoryFormat(name);
               f && MemoryFormatName(*f) == name) {
      *out = Argument::Format(*f);
    } else if (absl::optional<Layout> l = ParseLayout(name); l && LayoutName(*l) == name) {
      *out = Argument::LayoutValue(*l);
    } else {
      return false;
    }
  } else {
    return false;
  }
  return true;
}

Argument StrLiteral(absl::string_view text) {
  Argument a;
  if (ScalarLiteral(text, &a)) return a;
  if (IsPyBigInt(text) || IsPyComplex(text)) return Argument::Opaque(text);
  if (IsDeviceText(text)) return Argument::Device(text);
  if (IsSymIntText(text)) return Argument::SymInt(text);
  return Argument::String(text);
}

bool IsBareNodeName(absl::string_view text) {
  return IsPythonIdentifier(text) && !IsReservedPythonName(text);
}

}  // namespace fxpp
