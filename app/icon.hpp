// Playbench's icon drawn by Playbench's own rasteriser (ui/render/raster.hpp): a Podball pitch tile with
// the centre line and circle, the ball on the spot and a pod of each team. The same shapes, in
// the same 256-unit square, as packaging/playbench.svg (the scalable icon). The hidden verb
// `playbench icon --size N --out FILE` writes it as a PNG; `cmake --install` renders the hicolor
// sizes (16 .. 256) with it, so no icon is ever downloaded or kept as a binary in the sources.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace pb::app {

// The icon at `size` x `size` pixels as straight (not premultiplied) RGBA bytes, row by row;
// transparent outside the rounded tile. Each pixel is the mean of 4x4 samples (anti-aliasing).
std::vector<std::uint8_t> render_icon(int size);

// render_icon(size) written as a PNG; false and `error` on failure. size 8 .. 1024.
bool write_icon_png(int size, const std::string& path, std::string& error);

}   // namespace pb::app
