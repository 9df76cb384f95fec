// Prints dedup's quality table (see quality.h) for fxg graphs:
//   bazel run //testing/dedup_quality:quality_table -- [--module_hint] \
//       $PWD/testing/dedup_quality/graphs/*.fxg
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/str_format.h"
#include "ir/fxg/fxg.h"
#include "testing/dedup_quality/quality.h"

int main(int argc, char** argv) {
  std::printf("| graph | compute nodes | ideal a, b, c, d | dedup a, b, c, d | e | d / ideal |\n");
  std::printf("|---|---:|---|---|---:|---:|\n");
  int status = 0;
  fxpp::DedupOptions options;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--module_hint") {
      options.tracking.prefer_whole_modules = true;
      continue;
    }
    std::ifstream in(argv[i]);
    std::stringstream text;
    text << in.rdbuf();
    auto module = fxpp::ParseFxg(text.str(), argv[i]);
    if (!module.ok()) {
      std::fprintf(stderr, "%s\n", module.status().ToString().c_str());
      status = 1;
      continue;
    }
    auto row = fxpp::MeasureDedupQuality(**module, options);
    if (!row.ok()) {
      std::fprintf(stderr, "%s: %s\n", argv[i], row.status().ToString().c_str());
      status = 1;
      continue;
    }
    std::string name = argv[i];
    name = name.substr(name.rfind('/') + 1);
    const auto& q = row->ideal;
    const auto& r = row->dedup;
    std::printf("%s\n", absl::StrFormat("| %s | %d | %d, %d, %d, %d | %d, %d, %d, %d | %.0f %% | %.3f |",
                                        name, row->nodes, q.a, q.b, q.c, q.d, r.a, r.b, r.c, r.d,
                                        100 * r.e, static_cast<double>(r.d) / q.d)
                            .c_str());
  }
  return status;
}
