#pragma once
// A directory laid out and updated the way the kubelet updates a ConfigMap or Secret volume
// (its AtomicWriter): each version of the files goes into a new `..<version>` directory, a
// `..data_tmp` symlink to it is renamed over `..data` (one atomic step), each file name is a
// symlink `name -> ..data/name`, and the previous version's directory is removed.

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>

namespace groundgate::testing {

class KubeletVolume {
 public:
  explicit KubeletVolume(std::string dir) : dir_(std::move(dir)) {
    std::filesystem::create_directories(dir_);
  }

  const std::string& dir() const { return dir_; }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }

  // Publishes a new version holding exactly `files` (name -> contents).
  void publish(const std::map<std::string, std::string>& files) {
    namespace fs = std::filesystem;
    const std::string version = "..2026_11_26_10_00_00." + std::to_string(++versions_);
    fs::create_directory(path(version));
    for (const auto& [name, contents] : files)
      std::ofstream(path(version) + "/" + name, std::ios::binary) << contents;
    fs::create_directory_symlink(version, path("..data_tmp"));
    if (std::rename(path("..data_tmp").c_str(), path("..data").c_str()) != 0) {
      throw std::runtime_error("rename ..data_tmp");
    }
    for (const auto& [name, contents] : files) {
      if (!fs::is_symlink(path(name))) fs::create_symlink("..data/" + name, path(name));
    }
    if (!current_.empty()) fs::remove_all(path(current_));
    current_ = version;
  }

 private:
  std::string dir_;
  std::string current_;
  int versions_ = 0;
};

}  // namespace groundgate::testing
