#include "app/data_paths.hpp"

#include <system_error>

namespace pb::app {

namespace fs = std::filesystem;

fs::path data_dir_for(const fs::path& exe, const fs::path& source_dir) {
    std::error_code ec;
    if (!exe.empty()) {
        // exe is /PREFIX/bin/playbench: the data is /PREFIX/share/playbench.
        const fs::path installed = exe.parent_path().parent_path() / "share" / "playbench";
        if (fs::is_directory(installed / "scenarios", ec)) return installed.lexically_normal();
    }
    return source_dir;
}

const fs::path& data_dir() {
    static const fs::path dir = [] {
        std::error_code ec;
        fs::path exe = fs::read_symlink("/proc/self/exe", ec);
        if (ec) exe.clear();
        return data_dir_for(exe, PLAYBENCH_SOURCE_DIR);
    }();
    return dir;
}

std::string data_file(const std::string& relative) { return (data_dir() / relative).string(); }

}   // namespace pb::app
