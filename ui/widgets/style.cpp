#include "ui/widgets/style.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

namespace pb::ui {

float ui_scale_for_display(float dpi) {
    if (const char* env = std::getenv("PLAYBENCH_UI_SCALE")) {
        float forced = std::strtof(env, nullptr);
        if (forced >= 0.5f && forced <= 4.0f) return forced;
    }
    if (!(dpi > 0.0f)) return 1.0f;
    float scale = std::round(dpi / 96.0f * 4.0f) / 4.0f;
    return std::clamp(scale, 1.0f, 4.0f);
}

// The monospace font of the atlas last set up (checked against the current atlas when used).
static ImFont* mono_ = nullptr;

static void apply_style(float ui_scale) {
    ImGuiStyle& style = ImGui::GetStyle();
    style = ImGuiStyle();
    ImGui::StyleColorsDark(&style);
    style.WindowRounding = 0.0f;
    style.ChildRounding = 0.0f;
    style.FrameRounding = 3.0f;
    style.GrabRounding = 3.0f;
    style.PopupRounding = 4.0f;
    style.ScrollbarRounding = 6.0f;
    style.TabRounding = 3.0f;
    style.WindowBorderSize = 0.0f;
    style.FrameBorderSize = 0.0f;
    style.WindowPadding = ImVec2(8, 8);
    style.FramePadding = ImVec2(6, 3);
    style.ItemSpacing = ImVec2(8, 5);
    style.GrabMinSize = 10.0f;

    // A calm blue-grey theme: the canvas carries the colour, the panels stay quiet.
    ImVec4* c = style.Colors;
    c[ImGuiCol_WindowBg] = ImVec4(0.105f, 0.115f, 0.13f, 1.0f);
    c[ImGuiCol_ChildBg] = ImVec4(0.0f, 0.0f, 0.0f, 0.0f);
    c[ImGuiCol_PopupBg] = ImVec4(0.12f, 0.13f, 0.15f, 0.98f);
    c[ImGuiCol_MenuBarBg] = ImVec4(0.16f, 0.175f, 0.20f, 1.0f);
    c[ImGuiCol_Header] = ImVec4(0.20f, 0.25f, 0.32f, 1.0f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.26f, 0.33f, 0.43f, 1.0f);
    c[ImGuiCol_HeaderActive] = ImVec4(0.30f, 0.39f, 0.52f, 1.0f);
    c[ImGuiCol_FrameBg] = ImVec4(0.18f, 0.20f, 0.23f, 1.0f);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.23f, 0.26f, 0.30f, 1.0f);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.27f, 0.31f, 0.37f, 1.0f);
    c[ImGuiCol_SliderGrab] = ImVec4(0.40f, 0.58f, 0.85f, 1.0f);
    c[ImGuiCol_SliderGrabActive] = ImVec4(0.52f, 0.70f, 0.95f, 1.0f);
    c[ImGuiCol_Button] = ImVec4(0.22f, 0.26f, 0.31f, 1.0f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.29f, 0.36f, 0.45f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.33f, 0.44f, 0.58f, 1.0f);
    c[ImGuiCol_Separator] = ImVec4(0.25f, 0.27f, 0.30f, 1.0f);
    c[ImGuiCol_TitleBgActive] = ImVec4(0.16f, 0.20f, 0.27f, 1.0f);
    style.ScaleAllSizes(ui_scale);
}

bool setup_fonts_and_style(float ui_scale, float framebuffer_scale) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    framebuffer_scale = std::max(1.0f, framebuffer_scale);
    float raster = std::round(kBaseFontPixels * ui_scale * framebuffer_scale);

    // Latin-1 plus punctuation, arrows, technical and geometric symbols (play/pause/reset
    // icons, bullets); glyphs the font lacks are simply skipped.
    static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2010, 0x205E, 0x2190, 0x21FF, 0x2300,
                                     0x23FF, 0x25A0, 0x25FF, 0x2700, 0x27BF, 0};
    bool have_font = std::filesystem::exists(kDefaultFontPath);
    ImFont* regular = nullptr;
    if (have_font) {
        ImFontConfig cfg;
        cfg.OversampleH = 2;
        cfg.OversampleV = 1;
        regular = io.Fonts->AddFontFromFileTTF(kDefaultFontPath, raster, &cfg, ranges);
    }
    if (!regular) {
        ImFontConfig cfg;
        cfg.SizePixels = raster;
        regular = io.Fonts->AddFontDefault(&cfg);
        have_font = false;
    }
    if (have_font && std::filesystem::exists(kDefaultBoldFontPath)) {
        ImFontConfig cfg;
        cfg.OversampleH = 2;
        cfg.OversampleV = 1;
        io.Fonts->AddFontFromFileTTF(kDefaultBoldFontPath, std::round(raster * 1.5f), &cfg);
    }
    // Monospace for source text (a Lua team's script), after the bold one so large_font() stays
    // Fonts[1].
    mono_ = nullptr;
    if (have_font && std::filesystem::exists(kDefaultMonoFontPath)) {
        ImFontConfig cfg;
        cfg.OversampleH = 2;
        cfg.OversampleV = 1;
        mono_ = io.Fonts->AddFontFromFileTTF(kDefaultMonoFontPath, raster, &cfg, ranges);
    }
    io.FontDefault = regular;
    io.FontGlobalScale = 1.0f / framebuffer_scale;
    io.Fonts->Build();
    apply_style(ui_scale);
    return have_font;
}

float current_ui_scale() {
    ImGuiIO& io = ImGui::GetIO();
    ImFont* f = io.FontDefault ? io.FontDefault : (io.Fonts->Fonts.Size ? io.Fonts->Fonts[0] : nullptr);
    if (!f) return 1.0f;
    return f->FontSize * io.FontGlobalScale / kBaseFontPixels;
}

ImFont* mono_font() { return mono_ && ImGui::GetIO().Fonts->Fonts.contains(mono_) ? mono_ : ImGui::GetFont(); }

ImFont* large_font() {
    ImGuiIO& io = ImGui::GetIO();
    return io.Fonts->Fonts.Size > 1 && io.Fonts->Fonts[1] != mono_ ? io.Fonts->Fonts[1] : ImGui::GetFont();
}

}   // namespace pb::ui
