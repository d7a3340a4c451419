// Fonts and style for every ImGui context Playbench creates (the window's and the offscreen
// renderer's), so a screenshot looks exactly like the window.
#pragma once
#include <string>

#include <imgui.h>

namespace pb::ui {

inline constexpr float kBaseFontPixels = 16.0f;
inline constexpr const char* kDefaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
inline constexpr const char* kDefaultBoldFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
inline constexpr const char* kDefaultMonoFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";

// The UI scale for a display: its DPI relative to 96, rounded to quarter steps, within [1, 4].
// `dpi` <= 0 means unknown. PLAYBENCH_UI_SCALE in the environment overrides it.
float ui_scale_for_display(float dpi);

// Loads the fonts into the current context's atlas and applies the Playbench style.
// `ui_scale` sizes everything (HiDPI); `framebuffer_scale` is the drawable-to-window ratio
// (2 on a Retina-style display): fonts are rasterised at the framebuffer's resolution and
// drawn at the window's, so text stays sharp. Falls back to ImGui's built-in font when the
// DejaVu file is missing. Returns false when the fallback was used.
bool setup_fonts_and_style(float ui_scale, float framebuffer_scale = 1.0f);

// The scale the current context was set up with (from the font size).
float current_ui_scale();
// A larger bold font for overlays (the regular font when only one is loaded).
ImFont* large_font();
// A monospace font at the regular size for source text (the regular font when it is missing).
ImFont* mono_font();

}   // namespace pb::ui
