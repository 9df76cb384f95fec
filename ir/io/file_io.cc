#include "ir/io/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <random>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
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

}  // namespace

absl::StatusOr<std::string> ReadFileOrStdin(absl::string_view path) {
  if (path == "-") {
    std::string contents(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>{});
    if (std::cin.bad()) return absl::DataLossError("cannot read stdin");
    return contents;
  }
  const std::string p(path);
  const int fd = open(p.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoError(errno, "open", path);
  std::string contents;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = read(fd, buffer, sizeof(buffer));
    if (n > 0) {
      contents.append(buffer, static_cast<size_t>(n));
    } else if (n == 0) {
      break;
    } else if (errno != EINTR) {
      const int error_number = errno;
      close(fd);
      return ErrnoError(error_number, "read", path);
    }
  }
  close(fd);
  return contents;
}

OutputFiles::~OutputFiles() {
  for (Staged& s : staged_) {
    if (s.fd >= 0) close(s.fd);
    if (!s.temp.empty()) unlink(s.temp.c_str());
  }
}

absl::Status OutputFiles::Add(absl::string_view path, absl::string_view contents,
                              WriteOptions options) {
  Staged s;
  s.path = std::string(path);
  if (path.empty()) return absl::InvalidArgumentError("empty output path");
  if (path == "-") {
    s.in_place = true;
    s.target = "-";
  } else {
    const std::filesystem::path given{s.path};
    if (options.create_parent_directories && given.has_parent_path()) {
      std::error_code error;
      std::filesystem::create_directories(given.parent_path(), error);
      if (error) {
        return absl::InternalError(absl::StrCat("cannot create directory ",
                                                given.parent_path().string(), ": ",
                                                error.message()));
      }
    }
    struct stat info;
    bool exists = stat(s.path.c_str(), &info) == 0;
    if (!exists && errno != ENOENT) return ErrnoError(errno, "write", path);
    struct stat link_info;
    if (!exists && lstat(s.path.c_str(), &link_info) == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("cannot write ", path, ": it is a symlink to a missing file"));
    }
    if (exists && S_ISDIR(info.st_mode)) {
      return absl::InvalidArgumentError(
          absl::StrCat("cannot write ", path, ": it is a directory; give a file name"));
    }
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
      const std::filesystem::path target{s.target};
      const std::string dir = target.has_parent_path() ? target.parent_path().string() : ".";
      // O_TMPFILE applies the umask to 0666 as creating the file would.
      s.fd = open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
      if (s.fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
        s.temp = absl::StrCat(dir, "/.", target.filename().string(), ".tmp.XXXXXX");
        s.fd = mkstemp(s.temp.data());
        if (s.fd < 0) s.temp.clear();
      }
      if (s.fd < 0) return ErrnoError(errno, "write", path);
      int error_number = 0;
      if (!s.temp.empty() && fchmod(s.fd, 0666 & ~CurrentUmask()) != 0) error_number = errno;
      if (error_number == 0 && exists) {
        // Keep the old file's owner (when allowed) and mode.
        if (fchown(s.fd, info.st_uid, info.st_gid) != 0 && errno != EPERM) error_number = errno;
        if (error_number == 0 && fchmod(s.fd, info.st_mode & 07777) != 0) error_number = errno;
      }
      if (error_number == 0) error_number = WriteAll(s.fd, contents);
      if (error_number == 0 && fsync(s.fd) != 0) error_number = errno;
      if (error_number != 0) {
        close(s.fd);
        if (!s.temp.empty()) unlink(s.temp.c_str());
        return ErrnoError(error_number, "write", path);
      }
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

absl::Status OutputFiles::Commit() {
  for (Staged& s : staged_) {
    if (!s.in_place) continue;
    if (s.target == "-") {
      std::cout.write(s.contents.data(), static_cast<std::streamsize>(s.contents.size()));
      RETURN_IF_ERROR(FlushStdout());
      continue;
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
  }
  for (Staged& s : staged_) {
    if (s.in_place) continue;
    const std::filesystem::path target{s.target};
    const std::string dir = target.has_parent_path() ? target.parent_path().string() : ".";
    if (s.temp.empty()) {
      // Give the anonymous file a name beside its target, then rename it
      // over the target (linkat cannot replace a file).
      const std::string proc_fd = absl::StrCat("/proc/self/fd/", s.fd);
      for (int attempt = 0; attempt < 100 && s.temp.empty(); ++attempt) {
        std::string name =
            absl::StrCat(dir, "/.", target.filename().string(), ".tmp.", RandomSuffix());
        if (linkat(AT_FDCWD, proc_fd.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) {
          s.temp = std::move(name);
        } else if (errno != EEXIST) {
          return ErrnoError(errno, "write", s.path);
        }
      }
      if (s.temp.empty()) return ErrnoError(EEXIST, "write", s.path);
    }
    const int close_result = close(s.fd);
    s.fd = -1;
    if (close_result != 0) return ErrnoError(errno, "write", s.path);
    if (rename(s.temp.c_str(), s.target.c_str()) != 0) return ErrnoError(errno, "write", s.path);
    s.temp.clear();
    // The rename itself reaches the disk with the directory.
    const int dir_fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd >= 0) {
      const int sync_result = fsync(dir_fd);
      const int error_number = errno;
      close(dir_fd);
      if (sync_result != 0 && error_number != EINVAL) {
        return ErrnoError(error_number, "sync the directory of", s.path);
      }
    }
  }
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
