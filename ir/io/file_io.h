// Whole-file reads and safe writes, shared by tools and the golden-test
// harness.
//
// Writes go through OutputFiles, which stages every output of a run before
// committing any of them:
// - a regular file (or a symlink to one: its target is written) is written
//   to an anonymous temporary file in its directory (O_TMPFILE, so a kill -9
//   leaves nothing behind; a named ".NAME.tmp.XXXXXX" where the file system
//   lacks it), synced, and renamed over the old file at Commit; it keeps the
//   old file's mode (a new file gets 0666 minus the umask);
// - a device, FIFO, socket or anything under /dev or /proc (/dev/null,
//   /dev/stdout) is never replaced: it is written in place at Commit;
// - "-" is stdout, written at Commit;
// - a directory, a dangling symlink or a missing parent directory is an
//   error before anything is written.
// Commit is all or nothing for the files it replaces: each old file keeps a
// second name (a hard link, ".NAME.old.XXXXXX") until every staged file has
// been renamed into place; if a rename fails, the files already replaced get
// their old contents back (new ones are removed). Outputs written in place
// cannot be taken back, so they are written last (a failure there also
// restores the replaced files). Every write, close and fsync error is an
// error.
#ifndef FXPP_IR_IO_FILE_IO_H_
#define FXPP_IR_IO_FILE_IO_H_

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace fxpp {

// Reads a whole file; "-" reads stdin. With `valid_utf8`, also says
// whether the contents are all valid UTF-8, checked piece by piece as they
// arrive, while in cache (text readers then skip their own scan).
absl::StatusOr<std::string> ReadFileOrStdin(absl::string_view path, bool* valid_utf8 = nullptr);

struct WriteOptions {
  // Create missing parent directories (goldens for new test cases); tools
  // leave this off so a mistyped output directory is an error.
  bool create_parent_directories = false;
};

// The outputs of one run, committed together (see the file comment).
class OutputFiles {
 public:
  OutputFiles() = default;
  OutputFiles(const OutputFiles&) = delete;
  OutputFiles& operator=(const OutputFiles&) = delete;
  // Removes whatever was staged and not moved into place.
  ~OutputFiles();

  // Checks `path` and stages `contents` for it. Two outputs to one file are
  // an error.
  absl::Status Add(absl::string_view path, absl::string_view contents, WriteOptions options = {});
  // Moves every staged file into place, then writes the in-place outputs;
  // all or nothing for the files it replaces (see the file comment).
  absl::Status Commit();

  // For tests: what Commit calls instead of rename(2), to make one fail.
  void set_rename_for_testing(std::function<int(const char*, const char*)> rename) {
    rename_ = std::move(rename);
  }

 private:
  struct Staged {
    std::string path;      // as the user gave it, for messages
    std::string target;    // the file to replace or write in place
    bool in_place = false;  // device, FIFO, /dev, /proc or stdout
    std::string contents;  // in-place outputs only
    int fd = -1;           // staged regular files: the written temporary file
    std::string temp;      // its name, when not anonymous
    bool existed = false;  // during Commit: whether the target was there
    std::string backup;    // and a second name of it, until committed
  };
  static absl::Status WriteInPlace(Staged& s);
  // Commit's steps for one staged file: a name beside its target and a
  // backup (hard link) of the target; putting the target back after a
  // failed commit (`failed`: why it failed); dropping the backup and
  // syncing the target's directory once committed.
  static absl::Status NameAndBackUp(Staged& s);
  static absl::Status Restore(Staged& s, const absl::Status& failed);
  static absl::Status Settle(Staged& s);

  std::vector<Staged> staged_;
  std::function<int(const char*, const char*)> rename_ = ::rename;
};

// One output: OutputFiles with a single Add and Commit.
absl::Status WriteFileAtomically(absl::string_view path, absl::string_view contents,
                                 WriteOptions options = {});

// Flushes stdout and tells whether everything written to it arrived (a full
// disk or a closed pipe is an error, not a silent loss).
absl::Status FlushStdout();

}  // namespace fxpp

#endif  // FXPP_IR_IO_FILE_IO_H_
