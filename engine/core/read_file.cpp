#include "engine/core/read_file.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pb {

std::string file_size_text(std::uint64_t n) {
    const std::string exact = std::to_string(n) + (n == 1 ? " byte" : " bytes");
    if (n >= (std::uint64_t{1} << 20) && n % (std::uint64_t{1} << 20) == 0)
        return std::to_string(n >> 20) + " MB (" + exact + ")";
    return exact;
}

namespace {

const char* kind_of(mode_t m) {
    if (S_ISDIR(m)) return "a directory";
    if (S_ISFIFO(m)) return "a FIFO (named pipe)";
    if (S_ISCHR(m)) return "a character device";
    if (S_ISBLK(m)) return "a block device";
    if (S_ISSOCK(m)) return "a socket";
    return "not a regular file";
}

}   // namespace

std::string read_regular_file(const std::string& path, std::uint64_t max_bytes, const std::string& what) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below, as a device is.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) throw std::runtime_error("cannot open '" + path + "': " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const std::string why = std::strerror(errno);
        ::close(fd);
        throw std::runtime_error("cannot read '" + path + "': " + why);
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        throw std::runtime_error("'" + path + "' is " + kind_of(st.st_mode) +
                                 ", not a regular file; only regular files are read (expected " + what + ")");
    }
    if (static_cast<std::uint64_t>(st.st_size) > max_bytes) {
        ::close(fd);
        throw std::runtime_error("'" + path + "' is " + file_size_text(static_cast<std::uint64_t>(st.st_size)) +
                                 ", more than the limit of " + file_size_text(max_bytes) + " for " + what);
    }
    // A regular file may still grow while it is read: never read past the limit.
    std::string bytes(static_cast<std::size_t>(st.st_size), '\0');
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n < 0) {
            const std::string why = std::strerror(errno);
            ::close(fd);
            throw std::runtime_error("cannot read '" + path + "': " + why);
        }
        if (n == 0) break;   // shrank while being read
        done += static_cast<std::size_t>(n);
    }
    ::close(fd);
    bytes.resize(done);
    return bytes;
}

}   // namespace pb
