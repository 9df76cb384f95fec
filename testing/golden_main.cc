// main() for golden tests: GoogleTest's, plus --update_goldens (golden.h).
#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "testing/golden.h"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (const absl::Status status = fxpp::ParseGoldenFlags(&argc, argv); !status.ok()) {
    absl::FPrintF(stderr, "%s\n", status.message());
    return 1;
  }
  return RUN_ALL_TESTS();
}
