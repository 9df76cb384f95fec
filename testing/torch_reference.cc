#include "testing/torch_reference.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "ir/status_macros.h"
#include "testing/golden.h"

namespace fxpp {

absl::StatusOr<TorchReferenceCase> ReadTorchReferenceCase(const GoldenCase& reference,
                                                          absl::string_view reference_suffix,
                                                          absl::string_view side_suffix) {
  RETURN_IF_ERROR(reference.listing);
  TorchReferenceCase c;
  c.base = std::string(absl::StripSuffix(reference.fixture, reference_suffix));
  c.fixture = absl::StrCat(c.base, ".fx");
  ASSIGN_OR_RETURN(c.reference, ReadRunfile(reference.fixture));
  ASSIGN_OR_RETURN(c.side, ReadRunfile(absl::StrCat(c.base, side_suffix)));
  ASSIGN_OR_RETURN(c.module, ReadFixture({reference.name, c.fixture, absl::OkStatus()}));
  return c;
}

}  // namespace fxpp
