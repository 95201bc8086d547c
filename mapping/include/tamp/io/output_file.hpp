// Output files written whole or not at all: a failed command never leaves a truncated or half-written file,
// and a write error (a full disk, /dev/full) is an error, not a silent success.
#pragma once
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace tamp {

/// The files of one command, written together. Each is filled in memory through `add`; `commit` writes each
/// to a temporary file beside it, checks every write and flush, then renames them all over their targets. If
/// anything fails, or `commit` is never reached, no target is touched and no temporary stays. A target that
/// exists and is not a regular file (/dev/null, /dev/stdout, a FIFO) is written in place, its write errors
/// reported the same way. Errors are std::runtime_error "OPTION: cannot write 'PATH': REASON" (`option` is
/// the option that named it).
class OutputFiles {
 public:
  OutputFiles() = default;
  OutputFiles(const OutputFiles&) = delete;
  OutputFiles& operator=(const OutputFiles&) = delete;
  ~OutputFiles();

  std::ostream& add(const std::string& path, const std::string& option);
  void commit();

 private:
  struct File {
    std::string path, option, temporary;
    std::ostringstream text;
  };
  std::vector<std::unique_ptr<File>> files_;
};

/// One file, whole or not at all (OutputFiles with one entry).
void write_output_file(const std::string& path, const std::string& option, const std::string& text);

/// Appends `text` (a whole record) to `path`; on a failed write the file is cut back to its former size, so a
/// report never ends in half a record. Throws std::runtime_error like OutputFiles.
void append_output_file(const std::string& path, const std::string& option, const std::string& text);

/// Throws (as above) unless `path` can be created or appended to: a folder, a target in a missing or
/// read-only folder, a device that refuses writes (/dev/full) are refused. Creates nothing. For checks before
/// a long run.
void check_output_path(const std::string& path, const std::string& option);

}  // namespace tamp
