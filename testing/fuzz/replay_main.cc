// main() for fuzz targets built without libFuzzer (the ordinary gcc build,
// and asan/ubsan): runs LLVMFuzzerTestOneInput once on each file named on the
// command line, or on each file of a named directory, so that the test suite
// replays seed corpora and committed crash reproducers. Arguments starting
// with '-' are libFuzzer flags, which this driver ignores: a test calls a
// target the same way whichever driver it was linked with.
//   replay [-FLAG...] FILE_OR_DIR...
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/io/file_io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    if (argv[i][0] == '-') continue;
    std::error_code error;
    if (std::filesystem::is_directory(argv[i], error)) {
      for (const auto& entry : std::filesystem::directory_iterator(argv[i])) {
        if (entry.is_regular_file()) inputs.push_back(entry.path().string());
      }
    } else {
      inputs.push_back(argv[i]);
    }
  }
  for (const std::string& path : inputs) {
    absl::StatusOr<std::string> contents = fxpp::ReadFileOrStdin(path);
    if (!contents.ok()) {
      std::fprintf(stderr, "replay: %s\n", contents.status().ToString().c_str());
      return 1;
    }
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(contents->data()), contents->size());
  }
  std::fprintf(stderr, "replay: %zu inputs ran without a crash\n", inputs.size());
  return 0;
}
