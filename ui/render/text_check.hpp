// Text as it lands in a frame's draw data, read back glyph by glyph, and the checks the soak runs
// on it (docs/window.md#text-that-fits): text cut by the edge of its clip rectangle (a panel, a
// column, a button), text printed over other text in the same window, and text that leaves the
// canvas item it labels (Painter::AddTextInBox).
//
// Every glyph ImGui draws is a quad sampling its glyph's rectangle in the font atlas, so the
// draw data says which characters were drawn where, each with the clip rectangle it was drawn
// under. A glyph that crosses its clip rectangle's left or right edge is shown cut (ImGui drops
// the glyphs wholly past it, so a cut text keeps its last partial glyph, or one trimmed on the
// CPU when the widget clipped it itself). Vertical cuts are left alone: a scrolled list shows a
// row half way in by design.
#pragma once
#include <string>
#include <vector>

#include <imgui.h>

namespace pb::ui {

// One run of glyphs drawn by one text call on one line (spaces are not drawn: words of a line
// run on while they sit on the same baseline, in order).
struct DrawnText {
    std::string text;       // UTF-8, one space between words of a run
    std::string owner;      // the window that drew it ("Podball##panel", "##canvas")
    int list = 0;           // its draw list's index in the frame
    ImVec2 min, max;        // the glyphs' box on screen
    ImVec4 clip;            // the clip rectangle it was drawn under (x0, y0, x1, y1)
    bool cut = false;       // a glyph crosses the clip rectangle's left or right edge (or was trimmed)
    bool trimmed = false;   // a glyph was cut on the CPU (ImGui clipped the text to its widget)
};

// Every run of text in the frame (the current ImGui context's fonts), in draw order.
std::vector<DrawnText> drawn_text(const ImDrawData& data);

// What does not fit, one line each ("cut by its clip rectangle: \"Stable (transporters pr\" in
// Logistics##panel, clip x 880..1270"; "over other text: \"EVENT\" and \"3\" in ##canvas"), then
// the canvas items' texts that left their box (text_box_log()). Empty: everything fits.
std::vector<std::string> check_text_fit(const ImDrawData& data);

// Texts drawn with Painter::AddTextInBox that did not fit their box (per thread), in words.
const std::vector<std::string>& text_box_log();
void reset_text_box_log();
void report_text_box(const std::string& what);

}   // namespace pb::ui
