// Status propagation macros. Debian's Abseil 20220623 predates
// absl/status/status_macros.h, so fxpp keeps these two small macros.
#ifndef FXPP_IR_STATUS_MACROS_H_
#define FXPP_IR_STATUS_MACROS_H_

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define FXPP_STATUS_CONCAT_INNER_(a, b) a##b
#define FXPP_STATUS_CONCAT_(a, b) FXPP_STATUS_CONCAT_INNER_(a, b)

// Returns from the current function when `expr` (an absl::Status) is not OK.
#define RETURN_IF_ERROR(expr)                                        \
  do {                                                               \
    ::absl::Status fxpp_status_ = (expr);                            \
    if (!fxpp_status_.ok()) return fxpp_status_;                     \
  } while (0)

// `ASSIGN_OR_RETURN(lhs, expr)`: evaluates `expr` (an absl::StatusOr<T>);
// on error returns its status, otherwise moves the value into `lhs`, which may
// be a declaration (`auto x`) or an existing lvalue.
#define ASSIGN_OR_RETURN(lhs, expr) \
  FXPP_ASSIGN_OR_RETURN_IMPL_(FXPP_STATUS_CONCAT_(fxpp_statusor_, __LINE__), lhs, expr)

#define FXPP_ASSIGN_OR_RETURN_IMPL_(statusor, lhs, expr) \
  auto statusor = (expr);                                \
  if (!statusor.ok()) return std::move(statusor).status(); \
  lhs = std::move(statusor).value()

#endif  // FXPP_IR_STATUS_MACROS_H_
