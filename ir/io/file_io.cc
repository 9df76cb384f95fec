#include "ir/io/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <random>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "ir/bulk_buffer.h"
#include "ir/fx_text/py_repr.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace {

absl::Status ErrnoError(int error_number, absl::string_view what, absl::string_view path) {
  return absl::ErrnoToStatus(error_number, absl::StrCat("cannot ", what, " ", path));
}

// Writes all of `contents` to `fd`; 0 or the errno of the failure.
int WriteAll(int fd, absl::string_view contents) {
  while (!contents.empty()) {
    const ssize_t n = write(fd, contents.data(), contents.size());
    if (n > 0) {
      contents.remove_prefix(static_cast<size_t>(n));
    } else if (n == 0) {
      return EIO;
    } else if (errno != EINTR) {
      return errno;
    }
  }
  return 0;
}

mode_t CurrentUmask() {
  const mode_t mask = umask(0);
  umask(mask);
  return mask;
}

// Paths the kernel makes (/dev/stdout is /proc/self/fd/1, which may name a
// pipe, a terminal or the file a shell redirected to): written in place,
// whatever they resolve to.
bool IsKernelPath(absl::string_view path) {
  return absl::StartsWith(path, "/dev/") || absl::StartsWith(path, "/proc/");
}

std::string RandomSuffix() {
  static std::mt19937_64 generator{std::random_device{}()};
  return absl::StrFormat("%012x", generator() & 0xffffffffffffULL);
}

// All of `fd`'s bytes. The string is reserved at the size fstat reports
// (a regular file, or stdin redirected from one), so a big input is copied
// once instead of at every doubling of the string; a pipe, or a file that
// grows meanwhile, is read on until read() says the end. `valid_utf8`: as
// ReadFileOrStdin's.
absl::StatusOr<std::string> ReadAll(int fd, absl::string_view what, bool* valid_utf8) {
  std::string contents;
  struct stat info;
  if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0) {
    ReserveForBulkFill(&contents, static_cast<size_t>(info.st_size));
  }
  GrowingUtf8Check utf8;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = read(fd, buffer, sizeof(buffer));
    if (n > 0) {
      contents.append(buffer, static_cast<size_t>(n));
      if (valid_utf8 != nullptr) utf8.Grew(contents);
    } else if (n == 0) {
      if (valid_utf8 != nullptr) *valid_utf8 = utf8.Finish(contents);
      return contents;
    } else if (errno != EINTR) {
      return ErrnoError(errno, "read", what);
    }
  }
}

}  // namespace

absl::StatusOr<std::string> ReadFileOrStdin(absl::string_view path, bool* valid_utf8) {
  if (path == "-") {
    absl::StatusOr<std::string> contents = ReadAll(STDIN_FILENO, "stdin", valid_utf8);
    if (!contents.ok()) return absl::DataLossError("cannot read stdin");
    return contents;
  }
  const std::string p(path);
  const int fd = open(p.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoError(errno, "open", path);
  absl::StatusOr<std::string> contents = ReadAll(fd, path, valid_utf8);
  close(fd);
  return contents;
}

OutputFiles::~OutputFiles() {
  for (Staged& s : staged_) {
    if (s.fd >= 0) close(s.fd);
    if (!s.temp.empty()) unlink(s.temp.c_str());
    if (!s.backup.empty()) unlink(s.backup.c_str());
  }
}

namespace {

absl::Status CreateParentDirectories(const std::string& path) {
  const std::filesystem::path given{path};
  if (!given.has_parent_path()) return absl::OkStatus();
  std::error_code error;
  std::filesystem::create_directories(given.parent_path(), error);
  if (error) {
    return absl::InternalError(absl::StrCat("cannot create directory ",
                                            given.parent_path().string(), ": ", error.message()));
  }
  return absl::OkStatus();
}

// Whether `path` exists (filling `info`); an error when it cannot be
// written over: a directory, or a symlink to a missing file.
absl::StatusOr<bool> StatOutput(const std::string& path, struct stat* info) {
  const bool exists = stat(path.c_str(), info) == 0;
  if (!exists && errno != ENOENT) return ErrnoError(errno, "write", path);
  struct stat link_info;
  if (!exists && lstat(path.c_str(), &link_info) == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot write ", path, ": it is a symlink to a missing file"));
  }
  if (exists && S_ISDIR(info->st_mode)) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot write ", path, ": it is a directory; give a file name"));
  }
  return exists;
}

// Writes `contents` to a new unnamed (O_TMPFILE) or temporary file next to
// `target`, with the owner (when allowed) and mode of `existing` if there
// is one, and syncs it; `*fd` is its descriptor and `*temp` its name (empty
// for O_TMPFILE). On error nothing is left behind.
absl::Status WriteTemporary(const std::string& target, absl::string_view path,
                            absl::string_view contents, const struct stat* existing, int* fd,
                            std::string* temp) {
  const std::filesystem::path target_path{target};
  const std::string dir =
      target_path.has_parent_path() ? target_path.parent_path().string() : ".";
  // O_TMPFILE applies the umask to 0666 as creating the file would.
  *fd = open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (*fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
    *temp = absl::StrCat(dir, "/.", target_path.filename().string(), ".tmp.XXXXXX");
    *fd = mkstemp(temp->data());
    if (*fd < 0) temp->clear();
  }
  if (*fd < 0) return ErrnoError(errno, "write", path);
  int error_number = 0;
  if (!temp->empty() && fchmod(*fd, 0666 & ~CurrentUmask()) != 0) error_number = errno;
  if (error_number == 0 && existing != nullptr) {
    // Keep the old file's owner (when allowed) and mode.
    if (fchown(*fd, existing->st_uid, existing->st_gid) != 0 && errno != EPERM) {
      error_number = errno;
    }
    if (error_number == 0 && fchmod(*fd, existing->st_mode & 07777) != 0) error_number = errno;
  }
  if (error_number == 0) error_number = WriteAll(*fd, contents);
  if (error_number == 0 && fsync(*fd) != 0) error_number = errno;
  if (error_number != 0) {
    close(*fd);
    if (!temp->empty()) unlink(temp->c_str());
    return ErrnoError(error_number, "write", path);
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status OutputFiles::Add(absl::string_view path, absl::string_view contents,
                              WriteOptions options) {
  Staged s;
  s.path = std::string(path);
  if (path.empty()) return absl::InvalidArgumentError("empty output path");
  if (path == "-") {
    s.in_place = true;
    s.target = "-";
  } else {
    if (options.create_parent_directories) RETURN_IF_ERROR(CreateParentDirectories(s.path));
    struct stat info;
    ASSIGN_OR_RETURN(const bool exists, StatOutput(s.path, &info));
    s.in_place = exists && (!S_ISREG(info.st_mode) || IsKernelPath(s.path));
    s.target = s.path;
    if (exists && !s.in_place) {
      // Through symlinks to the file itself, so that the link stays a link.
      char resolved[PATH_MAX];
      if (realpath(s.path.c_str(), resolved) == nullptr) return ErrnoError(errno, "write", path);
      s.target = resolved;
    }
    if (s.in_place) {
      // Opened now, so that an unwritable device fails before anything is
      // committed; written at Commit.
      // (A regular file under /dev or /proc is truncated only then.)
      s.fd = open(s.target.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
      if (s.fd < 0) return ErrnoError(errno, "write", path);
    } else {
      RETURN_IF_ERROR(
          WriteTemporary(s.target, path, contents, exists ? &info : nullptr, &s.fd, &s.temp));
    }
  }
  for (const Staged& other : staged_) {
    if (other.target == s.target && s.target != "-") {
      if (s.fd >= 0) close(s.fd);
      if (!s.temp.empty()) unlink(s.temp.c_str());
      return absl::InvalidArgumentError(
          absl::StrCat("two outputs go to the same file ", path, " (", other.path, ")"));
    }
  }
  if (s.in_place) s.contents = std::string(contents);
  staged_.push_back(std::move(s));
  return absl::OkStatus();
}

namespace {

std::string DirectoryOf(const std::string& path) {
  const std::filesystem::path p{path};
  return p.has_parent_path() ? p.parent_path().string() : ".";
}

// A new name beside `target` for `make(name)` (linkat or link), which fails
// with EEXIST when the name is taken; "" and errno otherwise.
template <typename Make>
std::string NameBeside(const std::string& target, absl::string_view kind, Make&& make) {
  const std::filesystem::path p{target};
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = absl::StrCat(DirectoryOf(target), "/.", p.filename().string(), ".", kind,
                                    ".", RandomSuffix());
    if (make(name) == 0) return name;
    if (errno != EEXIST) return "";
  }
  errno = EEXIST;
  return "";
}

}  // namespace

absl::Status OutputFiles::NameAndBackUp(Staged& s) {
  if (s.temp.empty()) {
    // linkat names the anonymous file (it cannot replace one).
    const std::string proc_fd = absl::StrCat("/proc/self/fd/", s.fd);
    s.temp = NameBeside(s.target, "tmp", [&](const std::string& name) {
      return linkat(AT_FDCWD, proc_fd.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW);
    });
    if (s.temp.empty()) return ErrnoError(errno, "write", s.path);
  }
  const int close_result = close(s.fd);
  s.fd = -1;
  if (close_result != 0) return ErrnoError(errno, "write", s.path);
  struct stat info;
  if (lstat(s.target.c_str(), &info) == 0) {
    s.existed = true;
    s.backup = NameBeside(s.target, "old", [&](const std::string& name) {
      return link(s.target.c_str(), name.c_str());
    });
    // A file system without hard links (EPERM, EOPNOTSUPP) or a file with
    // too many (EMLINK) is replaced without a way back.
    if (s.backup.empty() && errno != EPERM && errno != EOPNOTSUPP && errno != EMLINK) {
      return ErrnoError(errno, "keep a backup of", s.path);
    }
  } else if (errno != ENOENT) {
    return ErrnoError(errno, "write", s.path);
  }
  return absl::OkStatus();
}

absl::Status OutputFiles::Restore(Staged& s, const absl::Status& failed) {
  errno = EOPNOTSUPP;  // for an old file that could not be kept
  const int undone = !s.backup.empty() ? rename(s.backup.c_str(), s.target.c_str())
                     : s.existed       ? -1
                                       : unlink(s.target.c_str());
  if (undone != 0) {
    return absl::Status(failed.code(), absl::StrCat(failed.message(), "; and could not restore ",
                                                    s.path, ": ", std::strerror(errno)));
  }
  s.backup.clear();
  return absl::OkStatus();
}

absl::Status OutputFiles::Settle(Staged& s) {
  if (!s.backup.empty()) unlink(s.backup.c_str());
  s.backup.clear();
  const int dir_fd = open(DirectoryOf(s.target).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    const int sync_result = fsync(dir_fd);
    const int error_number = errno;
    close(dir_fd);
    if (sync_result != 0 && error_number != EINVAL) {
      return ErrnoError(error_number, "sync the directory of", s.path);
    }
  }
  return absl::OkStatus();
}

absl::Status OutputFiles::Commit() {
  // 1. Every staged file gets a name beside its target and is closed, and
  // every file about to be replaced gets a second name (a hard link) as its
  // backup. A failure here has replaced nothing.
  for (Staged& s : staged_) {
    if (!s.in_place) RETURN_IF_ERROR(NameAndBackUp(s));
  }
  // 2. The renames. If one fails, the ones before it are undone: each
  // target gets its backup back, or is removed when it did not exist.
  absl::Status failed;
  size_t renamed = 0;
  for (; renamed < staged_.size(); ++renamed) {
    Staged& s = staged_[renamed];
    if (s.in_place) continue;
    if (rename_(s.temp.c_str(), s.target.c_str()) != 0) {
      failed = ErrnoError(errno, "write", s.path);
      break;
    }
    s.temp.clear();
  }
  // 3. The outputs written in place (devices, stdout) cannot be taken back,
  // so they come last; a failure there undoes the renames as well.
  if (failed.ok()) {
    for (Staged& s : staged_) {
      if (!s.in_place) continue;
      failed = WriteInPlace(s);
      if (!failed.ok()) break;
    }
  }
  if (!failed.ok()) {
    for (size_t i = 0; i < renamed; ++i) {
      if (!staged_[i].in_place) RETURN_IF_ERROR(Restore(staged_[i], failed));
    }
    return failed;
  }
  // 4. Committed: the backups go, and the renames reach the disk with their
  // directories.
  for (Staged& s : staged_) {
    if (!s.in_place) RETURN_IF_ERROR(Settle(s));
  }
  return absl::OkStatus();
}

absl::Status OutputFiles::WriteInPlace(Staged& s) {
  if (s.target == "-") {
    std::cout.write(s.contents.data(), static_cast<std::streamsize>(s.contents.size()));
    return FlushStdout();
  }
  struct stat info;
  int error_number = 0;
  if (fstat(s.fd, &info) == 0 && S_ISREG(info.st_mode) && ftruncate(s.fd, 0) != 0) {
    error_number = errno;
  }
  if (error_number == 0) error_number = WriteAll(s.fd, s.contents);
  // Devices and pipes cannot be synced (EINVAL, EROFS); that is no loss.
  if (error_number == 0 && fsync(s.fd) != 0 && errno != EINVAL && errno != EROFS) {
    error_number = errno;
  }
  if (close(s.fd) != 0 && error_number == 0) error_number = errno;
  s.fd = -1;
  if (error_number != 0) return ErrnoError(error_number, "write", s.path);
  return absl::OkStatus();
}

absl::Status WriteFileAtomically(absl::string_view path, absl::string_view contents,
                                 WriteOptions options) {
  OutputFiles outputs;
  RETURN_IF_ERROR(outputs.Add(path, contents, options));
  return outputs.Commit();
}

absl::Status FlushStdout() {
  std::cout.flush();
  if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::cout.clear();
    return absl::DataLossError("cannot write to stdout");
  }
  return absl::OkStatus();
}

}  // namespace fxpp
