#include "ir/io/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <iterator>

#include "absl/strings/str_cat.h"

namespace fxpp {
namespace {

absl::Status ErrnoError(int error_number, absl::string_view what, absl::string_view path) {
  return absl::ErrnoToStatus(error_number, absl::StrCat("cannot ", what, " ", path));
}

}  // namespace

absl::StatusOr<std::string> ReadFileOrStdin(absl::string_view path) {
  if (path == "-") {
    return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
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

absl::Status WriteFileAtomically(absl::string_view path, absl::string_view contents,
                                 WriteOptions options) {
  if (path == "-") {
    std::cout.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    std::cout.flush();
    return std::cout ? absl::OkStatus() : absl::DataLossError("cannot write to stdout");
  }
  const std::filesystem::path target{std::string(path)};
  if (options.create_parent_directories && target.has_parent_path()) {
    std::error_code error;
    std::filesystem::create_directories(target.parent_path(), error);
    if (error) {
      return absl::InternalError(absl::StrCat("cannot create directory ",
                                              target.parent_path().string(), ": ", error.message()));
    }
  }
  std::string temp = absl::StrCat(target.string(), ".tmp.XXXXXX");
  const int fd = mkstemp(temp.data());
  if (fd < 0) return ErrnoError(errno, "write", path);
  int error_number = 0;
  // mkstemp makes the file private; outputs are ordinary files.
  if (fchmod(fd, 0644) != 0) error_number = errno;
  while (error_number == 0 && !contents.empty()) {
    const ssize_t n = write(fd, contents.data(), contents.size());
    if (n > 0) {
      contents.remove_prefix(static_cast<size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      error_number = n == 0 ? EIO : errno;
    }
  }
  if (close(fd) != 0 && error_number == 0) error_number = errno;
  const std::string final_path = target.string();
  if (error_number == 0 && rename(temp.c_str(), final_path.c_str()) != 0) error_number = errno;
  if (error_number == 0) return absl::OkStatus();
  unlink(temp.c_str());
  return ErrnoError(error_number, "write", path);
}

}  // namespace fxpp
