// Reads of a module or exported program file as a tool does them: in a fresh
// process, where the process-wide symbol and module-stack pools start empty.
// io_bench reads texts it generated in the same process, so every string a
// read interns is in the pools already, in the order the read meets it; the
// first read here has no such head start, and the reads after it show what
// the pools give a process that reads the same strings again.
//   bazel build -c opt //bench:io_cold
//   bazel-bin/bench/io_cold --write_nodes=100000 --program /tmp/p.fxg
//   bazel-bin/bench/io_cold --program /tmp/p.fxg
// The graphs are io_bench's (transformer layers with full metadata); the
// format follows the file's extension. Times are from opening the file to
// freeing what was read: wall time, as io_bench's rates (the fxg readers use
// a second thread for a large text), and the CPU time of all threads.
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "bench/synthetic_graphs.h"
#include "export/program_input.h"
#include "export/program_proto.h"
#include "export/synthetic_program.h"
#include "ir/io/file_io.h"
#include "ir/io/module_io.h"
#include "ir/status_macros.h"

ABSL_FLAG(int64_t, write_nodes, 0,
          "write io_bench's graph of at least this many nodes to FILE instead of reading it");
ABSL_FLAG(bool, program, false, "an exported program rather than a graph module");
ABSL_FLAG(int, reads, 5, "reads of FILE in this process; the first finds the pools empty");

namespace fxpp {
namespace {

double Seconds(clockid_t clock) {
  timespec now;
  clock_gettime(clock, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

absl::StatusOr<Format> FileFormat(const std::string& path) {
  const absl::optional<Format> format = FormatFromPath(path);
  if (!format.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": no format in the file's extension"));
  }
  return *format;
}

absl::Status Write(const std::string& path, int64_t nodes, bool program) {
  ASSIGN_OR_RETURN(const Format format, FileFormat(path));
  std::string text;
  if (program) {
    ExportedProgram made = MakeExportedTransformerWithNodes(nodes);
    AddFullMeta(made.graph_module->graph());
    ASSIGN_OR_RETURN(text, RenderExportedProgram(made, format));
  } else {
    std::unique_ptr<GraphModule> made = MakeTransformerWithNodes(nodes);
    AddFullMeta(made->graph());
    ASSIGN_OR_RETURN(text, RenderModule(*made, format));
  }
  return WriteFileAtomically(path, text);
}

// The root graph's nodes of what `path` reads as.
absl::StatusOr<size_t> ReadOnce(const std::string& path, bool program) {
  if (program) {
    ASSIGN_OR_RETURN(const ExportedProgram read, ReadExportedProgram(path));
    return read.graph_module->graph().size();
  }
  ASSIGN_OR_RETURN(const Format format, FileFormat(path));
  ASSIGN_OR_RETURN(const LoadedModule read, ReadModule(path, format));
  return read.module->graph().size();
}

struct Timing {
  double wall = 0;
  double cpu = 0;
  bool operator<(const Timing& other) const { return wall < other.wall; }
};

std::string Rate(const Timing& timing, size_t nodes) {
  return absl::StrCat(timing.wall * 1e3, " ms, ", static_cast<double>(nodes) / timing.wall / 1e6,
                      " M nodes/s (CPU ", timing.cpu * 1e3, " ms)");
}

absl::Status Read(const std::string& path, bool program, int reads) {
  std::vector<Timing> timings;
  size_t nodes = 0;
  for (int i = 0; i < reads; ++i) {
    const Timing start{Seconds(CLOCK_MONOTONIC), Seconds(CLOCK_PROCESS_CPUTIME_ID)};
    ASSIGN_OR_RETURN(nodes, ReadOnce(path, program));
    timings.push_back({Seconds(CLOCK_MONOTONIC) - start.wall,
                       Seconds(CLOCK_PROCESS_CPUTIME_ID) - start.cpu});
  }
  std::printf("%s: %zu nodes\nread 1 (pools empty): %s\n", path.c_str(), nodes,
              Rate(timings[0], nodes).c_str());
  if (timings.size() > 1) {
    std::printf("reads 2-%zu: best %s\n", timings.size(),
                Rate(*std::min_element(timings.begin() + 1, timings.end()), nodes).c_str());
  }
  return absl::OkStatus();
}

}  // namespace
}  // namespace fxpp

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage("io_cold [--write_nodes=N] [--program] [--reads=R] FILE");
  const std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  if (args.size() != 2 || absl::GetFlag(FLAGS_reads) < 1) {
    std::fprintf(stderr, "usage: io_cold [--write_nodes=N] [--program] [--reads=R>=1] FILE\n");
    return 2;
  }
  const std::string path = args[1];
  const bool program = absl::GetFlag(FLAGS_program);
  const int64_t write_nodes = absl::GetFlag(FLAGS_write_nodes);
  const absl::Status done = write_nodes > 0 ? fxpp::Write(path, write_nodes, program)
                                            : fxpp::Read(path, program, absl::GetFlag(FLAGS_reads));
  if (!done.ok()) {
    std::fprintf(stderr, "io_cold: %s\n", std::string(done.message()).c_str());
    return 1;
  }
  return 0;
}
