// The one place stb_image_write's implementation is compiled (static, so it cannot clash with
// the copy in Debian's libstb that imgui's pkg-config pulls in).
#include <string>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#include <stb_image_write.h>
#pragma GCC diagnostic pop

#include <cerrno>
#include <cstring>

#include "ui/offscreen_renderer.hpp"

namespace pb::ui {

bool write_rgba_png(const std::string& path, int width, int height, const void* rgba, int stride, std::string& error) {
    errno = 0;
    if (!stbi_write_png(path.c_str(), width, height, 4, rgba, stride)) {
        error = "cannot write " + path + (errno ? std::string(": ") + std::strerror(errno) : std::string());
        return false;
    }
    return true;
}

}  // namespace pb::ui
