// The cases of a golden test against PyTorch's own results: a pass's
// testdata/torch26/ directory holds, per case, the input graph as PyTorch
// printed it (<case>.fx), PyTorch's result described as text
// (<case><reference suffix>), and a side file with the pass's input
// (<case><side suffix>: tags, partitions, ...). One test per case:
//
//   INSTANTIATE_TEST_SUITE_P(Torch26, MyTest,
//       ::testing::ValuesIn(GoldenCasesIn(dir, {".torch26.txt"})), GoldenCaseName);
//   ... ReadTorchReferenceCase(GetParam(), ".torch26.txt", ".tags") ...
#ifndef FXPP_TESTING_TORCH_REFERENCE_H_
#define FXPP_TESTING_TORCH_REFERENCE_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/graph_module.h"
#include "testing/golden_cases.h"

namespace fxpp {

struct TorchReferenceCase {
  std::string base;       // runfile path without suffix: <dir>/<case>
  std::string fixture;    // <case>.fx
  std::string reference;  // contents of <case><reference suffix>
  std::string side;       // contents of <case><side suffix>
  // <case>.fx parsed into a module without state (FX text carries none).
  std::unique_ptr<GraphModule> module;
};

// The case whose reference file `reference` names (its listing error, or
// an error naming the file that is missing or does not parse).
absl::StatusOr<TorchReferenceCase> ReadTorchReferenceCase(const GoldenCase& reference,
                                                          absl::string_view reference_suffix,
                                                          absl::string_view side_suffix);

}  // namespace fxpp

#endif  // FXPP_TESTING_TORCH_REFERENCE_H_
