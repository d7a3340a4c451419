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

#include <stdexcept>

#include "engine/core/scenario.hpp"
#include "ui/render/offscreen_renderer.hpp"

namespace pb::ui {

namespace {
void append_bytes(void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
}
}   // namespace

bool write_rgba_png(const std::string& path, int width, int height, const void* rgba, int stride, std::string& error) {
    // stb's own file writer does not report a failed write or close: the picture is encoded in
    // memory and written through the checked writer (temp file + rename; a device directly),
    // which removes a partial file and says why.
    std::string png;
    if (!stbi_write_png_to_func(append_bytes, &png, width, height, 4, rgba, stride) || png.empty()) {
        error = "cannot write " + path + ": the picture could not be encoded as PNG";
        return false;
    }
    try {
        write_file_atomically(path, png);
    } catch (const std::exception& e) {
        error = e.what();
        return false;
    }
    return true;
}

}   // namespace pb::ui
