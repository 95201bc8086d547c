// Output files written whole or not at all, and write errors reported with the option and the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "tamp/io/output_file.hpp"

namespace tamp {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class OutputFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() /
        ("tamp-output-test-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  // Files in the folder other than `expected` (a temporary left behind would show here).
  int count_files() const {
    int n = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir_)) ++n;
    return n;
  }
  fs::path dir_;
};

TEST_F(OutputFileTest, WritesAndReplacesWhole) {
  const fs::path path = dir_ / "a.map";
  write_output_file(path.string(), "--out", "old\n");
  write_output_file(path.string(), "--out", "new\n");
  EXPECT_EQ(read(path), "new\n");
  EXPECT_EQ(count_files(), 1);
}

TEST_F(OutputFileTest, UncommittedFilesLeaveTheOldOnes) {
  const fs::path a = dir_ / "a.xml", b = dir_ / "a.hostfile";
  write_output_file(a.string(), "--out", "keep\n");
  {
    OutputFiles files;
    files.add(a.string(), "--out") << "half";
    files.add(b.string(), "--out") << "half";
    // A later argument check throws here: nothing is committed.
  }
  EXPECT_EQ(read(a), "keep\n");
  EXPECT_FALSE(fs::exists(b));
  EXPECT_EQ(count_files(), 1);
}

TEST_F(OutputFileTest, FullDeviceIsAnErrorNamingOptionAndFile) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  try {
    write_output_file("/dev/full", "--out", "x\n");
    ADD_FAILURE() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--out: cannot write '/dev/full': ", 0), 0u) << e.what();
  }
  EXPECT_THROW(append_output_file("/dev/full", "--json", "{}\n"), std::runtime_error);
}

TEST_F(OutputFileTest, AFailedFileLeavesTheOthersUntouched) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const fs::path a = dir_ / "a.xml";
  write_output_file(a.string(), "--out", "keep\n");
  OutputFiles files;
  files.add(a.string(), "--out") << "new\n";
  files.add("/dev/full", "--out") << "x\n";
  EXPECT_THROW(files.commit(), std::runtime_error);
  EXPECT_EQ(read(a), "keep\n");
  EXPECT_EQ(count_files(), 1);
}

TEST_F(OutputFileTest, MissingFolderIsRefusedBeforeWriting) {
  const fs::path path = dir_ / "no-such-folder" / "r.yaml";
  EXPECT_THROW(check_output_path(path.string(), "--yaml"), std::runtime_error);
  EXPECT_THROW(write_output_file(path.string(), "--out", "x"), std::runtime_error);
  EXPECT_NO_THROW(check_output_path((dir_ / "r.yaml").string(), "--yaml"));
  EXPECT_FALSE(fs::exists(dir_ / "r.yaml"));
}

// What fails only once written is refused by the check before the run: a folder, a device that takes no
// bytes, a "folder" that is a file; /dev/null and new files in a writable folder pass.
TEST_F(OutputFileTest, TargetsThatCannotBeWrittenAreRefusedBeforeWriting) {
  const auto expect_refused = [](const std::string& path, const std::string& reason) {
    SCOPED_TRACE(path);
    try {
      check_output_path(path, "--json");
      ADD_FAILURE() << "no error";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "--json: cannot write '" + path + "': " + reason);
    }
  };
  expect_refused(dir_.string(), "Is a directory");
  expect_refused(dir_.string() + "/", "Is a directory");
  expect_refused("/dev/full", "No space left on device");
  std::ofstream(dir_ / "file") << "x\n";
  expect_refused((dir_ / "file" / "r.jsonl").string(), "Not a directory");
  EXPECT_NO_THROW(check_output_path("/dev/null", "--json"));
  EXPECT_NO_THROW(check_output_path((dir_ / "file").string(), "--json"));
  EXPECT_EQ(read(dir_ / "file"), "x\n");
  EXPECT_EQ(count_files(), 1);
}

TEST_F(OutputFileTest, AppendAddsWholeRecords) {
  const fs::path path = dir_ / "r.jsonl";
  append_output_file(path.string(), "--json", "{\"a\":1}\n");
  append_output_file(path.string(), "--json", "{\"a\":2}\n");
  EXPECT_EQ(read(path), "{\"a\":1}\n{\"a\":2}\n");
}

}  // namespace
}  // namespace tamp
