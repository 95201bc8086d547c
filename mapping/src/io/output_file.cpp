// Whole-or-nothing output files (tamp/io/output_file.hpp). POSIX calls rather than streams: errno tells why a
// write failed, and the temporary can be created exclusively.
#include "tamp/io/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace tamp {
namespace {

[[noreturn]] void fail(const std::string& option, const std::string& path, int error) {
  throw std::runtime_error((option.empty() ? "" : option + ": ") + "cannot write '" + path +
                           "': " + std::strerror(error));
}

// False when `path` exists and is not a regular file: such a target is written in place, never replaced.
bool replaceable(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return true;
  return S_ISREG(st.st_mode);
}

// Writes all of `text` to `fd`; returns 0 or the errno of the failure.
int write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    done += static_cast<std::size_t>(n);
  }
  return 0;
}

int write_and_close(int fd, const std::string& text) {
  int error = write_all(fd, text);
  if (::close(fd) != 0 && error == 0) error = errno;
  return error;
}

// A new file beside `path` (same folder, so the rename is atomic); returns its name, or throws.
std::string create_temporary(const std::string& path, const std::string& option, const std::string& text) {
  std::string temporary = path + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) fail(option, path, errno);
  ::fchmod(fd, 0644);  // mkstemp gives 0600; outputs are read by other tools and users
  if (const int error = write_and_close(fd, text)) {
    ::unlink(temporary.c_str());
    fail(option, path, error);
  }
  return temporary;
}

}  // namespace

OutputFiles::~OutputFiles() {
  for (const auto& f : files_)
    if (!f->temporary.empty()) ::unlink(f->temporary.c_str());
}

std::ostream& OutputFiles::add(const std::string& path, const std::string& option) {
  files_.push_back(std::make_unique<File>());
  files_.back()->path = path;
  files_.back()->option = option;
  return files_.back()->text;
}

void OutputFiles::commit() {
  try {
    // Every file's bytes are on disk under a temporary name before any target changes.
    for (const auto& f : files_)
      if (replaceable(f->path)) f->temporary = create_temporary(f->path, f->option, f->text.str());
    for (const auto& f : files_) {
      if (!f->temporary.empty()) continue;
      const int fd = ::open(f->path.c_str(), O_WRONLY | O_TRUNC);
      if (fd < 0) fail(f->option, f->path, errno);
      if (const int error = write_and_close(fd, f->text.str())) fail(f->option, f->path, error);
    }
    for (const auto& f : files_) {
      if (f->temporary.empty()) continue;
      if (::rename(f->temporary.c_str(), f->path.c_str()) != 0) fail(f->option, f->path, errno);
      f->temporary.clear();
    }
  } catch (...) {  // no temporary outlives a failed commit
    for (const auto& f : files_)
      if (!f->temporary.empty()) ::unlink(f->temporary.c_str());
    files_.clear();
    throw;
  }
  files_.clear();
}

void write_output_file(const std::string& path, const std::string& option, const std::string& text) {
  OutputFiles files;
  files.add(path, option) << text;
  files.commit();
}

void append_output_file(const std::string& path, const std::string& option, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (fd < 0) fail(option, path, errno);
  struct stat st {};
  const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  if (const int error = write_all(fd, text)) {
    if (regular && ::ftruncate(fd, st.st_size) != 0) {
      // Nothing more to do: the error below names the file.
    }
    ::close(fd);
    fail(option, path, error);
  }
  if (::close(fd) != 0) fail(option, path, errno);
}

void check_output_path(const std::string& path, const std::string& option) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) fail(option, path, EISDIR);
    if (::access(path.c_str(), W_OK) != 0) fail(option, path, errno);
    if (S_ISCHR(
            st.st_mode)) {  // a device takes a write of no bytes, unless it refuses every write (/dev/full)
      const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_NONBLOCK);
      if (fd < 0) fail(option, path, errno);
      const int error = ::write(fd, "", 0) < 0 ? errno : 0;
      ::close(fd);
      if (error) fail(option, path, error);
    }
    return;
  }
  const std::size_t slash = path.find_last_of('/');
  const std::string folder = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  if (::stat(folder.c_str(), &st) != 0) fail(option, path, errno);
  if (!S_ISDIR(st.st_mode)) fail(option, path, ENOTDIR);
  if (::access(folder.c_str(), W_OK) != 0) fail(option, path, errno);
}

}  // namespace tamp
