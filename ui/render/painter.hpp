// Every shape a view draws from simulation state goes through a Painter, never straight into
// ImGui's draw list. The simulation produces values ImGui 1.86 cannot take: a disc of 1e-7 px
// (its circle code divides by zero below half a pixel), a NaN (it reaches the vertices and the
// rasteriser), a line to 1e30 px (its normals overflow), a dash pattern of 1e9 dashes (a hang).
// The painter guards each call at one place:
//   - a value that is not finite draws nothing and is logged (draw_fault_log(): the soak test
//     fails on it, since a NaN on screen means a NaN in the simulation or the view);
//   - sizes below half a pixel draw nothing (they would not show) and thickness, rounding and
//     segment counts are clamped to what ImGui handles;
//   - shapes wholly outside the clip rectangle are culled, lines are clipped to it (with a
//     margin), rectangles clamped to it, and a disc that covers the whole clip rectangle fills it.
// The method names and arguments are ImDrawList's, so a view reads as ImGui code does.
#pragma once
#include <cstdint>
#include <string>

#include <imgui.h>

namespace pb::ui {

// Non-finite values the painters refused (per thread): the first one said in words, and a count.
struct DrawFaultLog {
    std::uint64_t count = 0;
    std::string first;   // e.g. "AddCircleFilled: radius = nan"
};
const DrawFaultLog& draw_fault_log();
void reset_draw_faults();
// Logs a fault found by other code on the way to a draw call (a chart's data, a widget's value).
void report_draw_fault(const std::string& what);

// A fraction for ImGui::ProgressBar and the like: a NaN becomes 0 (and is logged), the rest is
// clamped to 0..1.
float safe_fraction(double value, const char* what);

class Painter {
public:
    // Beyond this many pixels outside the clip rectangle nothing is drawn: lines are clipped there.
    static constexpr float kMargin = 64.0f;
    // Circles with a radius over this are drawn only when their rim crosses the clip rectangle.
    static constexpr float kMaxRadius = 1.0e6f;
    static constexpr float kMaxThickness = 1000.0f;
    static constexpr int kMaxSegments = 512;
    static constexpr int kMaxDashes = 4096;

    explicit Painter(ImDrawList* list) : list_(list) {}
    // The current window's draw list (panels, charts).
    static Painter window() { return Painter(ImGui::GetWindowDrawList()); }

    ImDrawList* list() const { return list_; }

    void AddLine(ImVec2 a, ImVec2 b, ImU32 col, float thickness = 1.0f);
    void AddRect(ImVec2 min, ImVec2 max, ImU32 col, float rounding = 0.0f, ImDrawFlags flags = 0,
                 float thickness = 1.0f);
    void AddRectFilled(ImVec2 min, ImVec2 max, ImU32 col, float rounding = 0.0f, ImDrawFlags flags = 0);
    void AddCircle(ImVec2 centre, float radius, ImU32 col, int num_segments = 0, float thickness = 1.0f);
    void AddCircleFilled(ImVec2 centre, float radius, ImU32 col, int num_segments = 0);
    void AddTriangle(ImVec2 a, ImVec2 b, ImVec2 c, ImU32 col, float thickness = 1.0f);
    void AddTriangleFilled(ImVec2 a, ImVec2 b, ImVec2 c, ImU32 col);
    void AddPolyline(const ImVec2* points, int count, ImU32 col, ImDrawFlags flags, float thickness);
    void AddConvexPolyFilled(const ImVec2* points, int count, ImU32 col);
    void AddText(ImVec2 pos, ImU32 col, const char* text_begin, const char* text_end = nullptr);
    void AddText(const ImFont* font, float font_size, ImVec2 pos, ImU32 col, const char* text_begin,
                 const char* text_end = nullptr, float wrap_width = 0.0f);
    // Text that labels a thing on the canvas (a disc, a room, a lane) and belongs inside its box
    // [box_min, box_max]: drawn as AddText, and logged when it does not fit (text_box_log(), which
    // the soak's text check reads: ui/render/text_check.hpp). `font` null: the current font.
    void AddTextInBox(ImVec2 box_min, ImVec2 box_max, ImVec2 pos, ImU32 col, const char* text,
                      const ImFont* font = nullptr, float font_size = 0.0f);
    // A short label (a letter, "P3") for a disc of `radius` px at `centre`: inside it in `inside`,
    // at the font's size or smaller down to kMinLabelPx when that is what fits, else beside it on
    // the right in `beside` (a disc too small for any readable letter keeps its label).
    static constexpr float kMinLabelPx = 8.0f;
    void AddLabelInDisc(ImVec2 centre, float radius, ImU32 inside, ImU32 beside, const char* text);
    // Paths: a path with one bad point draws nothing.
    void PathClear();
    void PathLineTo(ImVec2 p);
    void PathArcTo(ImVec2 centre, float radius, float a_min, float a_max, int num_segments = 0);
    void PathFillConvex(ImU32 col);
    void PathStroke(ImU32 col, ImDrawFlags flags = 0, float thickness = 1.0f);
    void PushClipRect(ImVec2 min, ImVec2 max, bool intersect_with_current = false);
    void PopClipRect();

    // Fading what was drawn since a mark (compare mode's ghost): every vertex added after
    // vertex_mark() gets its alpha multiplied by `factor` (0..1).
    int vertex_mark() const;
    void fade_since(int mark, float factor);

    // Dashes of `dash` px with gaps as long, at most kMaxDashes of them (longer dashes then).
    void AddDashedLine(ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash);

    // Text off (compare mode's ghost: B's labels would print over A's, at the same places).
    void set_text_shown(bool shown) { text_shown_ = shown; }

private:
    bool finite(const char* call, const char* what, float v) const;
    bool finite(const char* call, const char* what, ImVec2 v) const;
    // False when the box [lo, hi] lies wholly outside the clip rectangle grown by `grow`.
    bool visible(ImVec2 lo, ImVec2 hi, float grow) const;
    // Clips segment a-b to the clip rectangle grown by kMargin; false when nothing is left.
    bool clip_segment(ImVec2& a, ImVec2& b) const;

    ImDrawList* list_;
    bool path_ok_ = true;
    bool text_shown_ = true;
};

}   // namespace pb::ui
