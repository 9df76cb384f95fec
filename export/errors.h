// Error messages of the export package's readers and checks: "<where>: <what>".
#ifndef FXPP_EXPORT_ERRORS_H_
#define FXPP_EXPORT_ERRORS_H_

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace fxpp {
namespace export_internal {

inline absl::Status Invalid(absl::string_view where, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(where, ": ", what));
}

// Prefixes `status`'s message with `where`.
inline absl::Status Within(absl::string_view where, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(where, ": ", status.message()));
}

}  // namespace export_internal
}  // namespace fxpp

#endif  // FXPP_EXPORT_ERRORS_H_
