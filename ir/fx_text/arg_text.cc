#include "ir/fx_text/arg_text.h"

#include "ir/fx_text/py_repr.h"

namespace fxpp {

std::pair<absl::string_view, absl::string_view> SplitDevice(absl::string_view device) {
  const size_t colon = device.rfind(':');
  if (colon == absl::string_view::npos || colon == 0) return {device, {}};
  int64_t index;
  const absl::string_view digits = device.substr(colon + 1);
  if (!ParsePyInt(digits, &index) || index < 0) return {device, {}};
  return {device.substr(0, colon), digits};
}

}  // namespace fxpp
