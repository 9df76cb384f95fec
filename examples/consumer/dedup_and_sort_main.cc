// dedup_and_sort_main FILE.fx: prints FILE's graph deduplicated (see
// dedup_and_sort.h), or the error with its file:line:column and exit 1.
#include <fstream>
#include <sstream>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "dedup_and_sort.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    absl::FPrintF(stderr, "usage: %s FILE.fx\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    absl::FPrintF(stderr, "%s: cannot read\n", argv[1]);
    return 1;
  }
  std::ostringstream text;
  text << in.rdbuf();
  const absl::StatusOr<std::string> result = consumer::DedupAndSort(text.str(), argv[1]);
  if (!result.ok()) {
    absl::FPrintF(stderr, "%s\n", result.status().message());
    return 1;
  }
  absl::PrintF("%s", *result);
  return 0;
}
