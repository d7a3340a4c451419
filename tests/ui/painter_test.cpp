// The painter's guards against values the simulation produces: each case below crashed, hung or
// put a NaN into the vertices when handed straight to ImGui 1.86's draw list.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>

#include <imgui.h>

#include "ui/render/painter.hpp"

using pb::ui::Painter;

namespace {

// An ImGui frame with one 800 x 600 window whose draw list the painter fills.
class Frame {
public:
    Frame() : previous_(ImGui::GetCurrentContext()), context_(ImGui::CreateContext()) {
        ImGui::SetCurrentContext(context_);
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(800, 600);
        io.DeltaTime = 1.0f / 60.0f;
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(800, 600));
        ImGui::Begin("painter test", nullptr, ImGuiWindowFlags_NoDecoration);
        list_ = ImGui::GetWindowDrawList();
        pb::ui::reset_draw_faults();
    }
    ~Frame() {
        ImGui::End();
        ImGui::EndFrame();
        ImGui::DestroyContext(context_);
        ImGui::SetCurrentContext(previous_);
    }
    Frame(const Frame&) = delete;
    Frame& operator=(const Frame&) = delete;

    ImDrawList* list() { return list_; }
    int vertices() const { return list_->VtxBuffer.Size; }
    bool all_finite() const {
        for (const ImDrawVert& v : list_->VtxBuffer)
            if (!std::isfinite(v.pos.x) || !std::isfinite(v.pos.y)) return false;
        return true;
    }
    float max_abs_coordinate() const {
        float m = 0.0f;
        for (const ImDrawVert& v : list_->VtxBuffer) m = std::max({m, std::abs(v.pos.x), std::abs(v.pos.y)});
        return m;
    }

private:
    ImGuiContext* previous_;
    ImGuiContext* context_;
    ImDrawList* list_ = nullptr;
};

constexpr ImU32 kWhite = IM_COL32(255, 255, 255, 255);
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

}   // namespace

TEST_CASE("painter: a disc of 1e-7 px (a transporter carrying 4e-14 energy) draws nothing and does not crash") {
    Frame frame;
    Painter p(frame.list());
    const int before = frame.vertices();
    p.AddCircleFilled(ImVec2(100, 100), 1.0e-7f, kWhite);
    p.AddCircle(ImVec2(100, 100), 1.0e-7f, kWhite, 0, 1.0f);
    p.PathArcTo(ImVec2(100, 100), 1.0e-7f, 0.0f, 3.0f);
    p.PathLineTo(ImVec2(120, 100));
    p.PathLineTo(ImVec2(120, 120));
    p.PathFillConvex(kWhite);   // the tiny arc is a point: a triangle remains
    CHECK(frame.vertices() > before);
    CHECK(pb::ui::draw_fault_log().count == 0);
    const int after_path = frame.vertices();
    p.AddCircleFilled(ImVec2(100, 100), 0.49f, kWhite);
    CHECK(frame.vertices() == after_path);
    p.AddCircleFilled(ImVec2(100, 100), 2.0f, kWhite);
    CHECK(frame.vertices() > after_path);
}

TEST_CASE("painter: NaN and infinity never reach the vertices, and each refusal is logged") {
    Frame frame;
    Painter p(frame.list());
    const int before = frame.vertices();
    p.AddCircleFilled(ImVec2(kNaN, 10), 5.0f, kWhite);
    CHECK(pb::ui::draw_fault_log().count == 1);
    CHECK(pb::ui::draw_fault_log().first == "AddCircleFilled: centre = (nan, 10)");
    p.AddLine(ImVec2(0, 0), ImVec2(10, 10), kWhite, kNaN);
    p.AddRectFilled(ImVec2(0, 0), ImVec2(std::numeric_limits<float>::infinity(), 10), kWhite);
    const ImVec2 pts[3] = {ImVec2(0, 0), ImVec2(kNaN, 5), ImVec2(10, 10)};
    p.AddPolyline(pts, 3, kWhite, 0, 1.0f);
    p.AddConvexPolyFilled(pts, 3, kWhite);
    p.AddText(ImVec2(kNaN, 0), kWhite, "x");
    p.PathLineTo(ImVec2(0, 0));
    p.PathArcTo(ImVec2(50, 50), kNaN, 0.0f, 1.0f);
    p.PathLineTo(ImVec2(10, 0));
    p.PathStroke(kWhite, 0, 1.0f);
    CHECK(frame.vertices() == before);
    CHECK(pb::ui::draw_fault_log().count == 7);   // one a call: the path is one
    CHECK(pb::ui::safe_fraction(std::nan(""), "test") == 0.0f);
    CHECK(pb::ui::draw_fault_log().count == 8);
    CHECK(pb::ui::safe_fraction(2.5, "test") == 1.0f);
    CHECK(pb::ui::safe_fraction(0.25, "test") == 0.25f);
}

TEST_CASE("painter: far coordinates are clipped, not handed to ImGui") {
    Frame frame;
    Painter p(frame.list());
    // A line from the window to 1e30 px: clipped to the window plus the margin, still drawn.
    const int before = frame.vertices();
    p.AddLine(ImVec2(100, 100), ImVec2(1.0e30f, 3.0e29f), kWhite, 2.0f);
    CHECK(frame.vertices() > before);
    CHECK(frame.all_finite());
    CHECK(frame.max_abs_coordinate() < 800.0f + 2.0f * Painter::kMargin);
    // Wholly off the window: nothing.
    const int mid = frame.vertices();
    p.AddLine(ImVec2(-1.0e6f, -5.0e5f), ImVec2(-2.0e6f, -1.0e6f), kWhite, 2.0f);
    p.AddCircleFilled(ImVec2(5000, 5000), 10.0f, kWhite);
    p.AddRectFilled(ImVec2(2000, 0), ImVec2(3000, 100), kWhite);
    CHECK(frame.vertices() == mid);
    // A polyline through a far point: drawn segment by segment, clipped.
    const ImVec2 pts[3] = {ImVec2(10, 10), ImVec2(3.0e37f, 20), ImVec2(30, 300)};
    p.AddPolyline(pts, 3, kWhite, 0, 1.5f);
    CHECK(frame.vertices() > mid);
    CHECK(frame.all_finite());
    CHECK(frame.max_abs_coordinate() < 800.0f + 2.0f * Painter::kMargin);
    // A filled triangle reaching 1e30 px: clipped to the window plus margin.
    p.AddTriangleFilled(ImVec2(10, 10), ImVec2(1.0e30f, 10), ImVec2(10, 1.0e30f), kWhite);
    CHECK(frame.all_finite());
    CHECK(frame.max_abs_coordinate() < 800.0f + 2.0f * Painter::kMargin);
    CHECK(pb::ui::draw_fault_log().count == 0);
}

TEST_CASE("painter: a disc that covers the window fills it with one rectangle; its rim is not drawn") {
    Frame frame;
    Painter p(frame.list());
    const int before = frame.vertices();
    p.AddCircle(ImVec2(400, 300), 1.0e8f, kWhite, 0, 2.0f);   // the rim is far outside
    CHECK(frame.vertices() == before);
    p.AddCircleFilled(ImVec2(400, 300), 1.0e8f, kWhite);
    CHECK(frame.vertices() - before == 4);   // one rectangle
}

TEST_CASE("painter: a dashed line never draws more than kMaxDashes dashes") {
    Frame frame;
    Painter p(frame.list());
    const int before = frame.vertices();
    // 1e-6 px dashes along 700 px would be 3.5e8 dashes: a hang.
    p.AddDashedLine(ImVec2(0, 10), ImVec2(700, 10), kWhite, 1.0f, 1.0e-6f);
    const int lines = (frame.vertices() - before) / 4;   // a 1 px line is one quad
    CHECK(lines > 0);
    CHECK(lines <= Painter::kMaxDashes);
    // 8 px dashes along 160 px: ten of them.
    const int mid = frame.vertices();
    p.AddDashedLine(ImVec2(0, 20), ImVec2(160, 20), kWhite, 1.0f, 8.0f);
    CHECK((frame.vertices() - mid) / 4 == 10);
}

TEST_CASE("painter: thickness, rounding and segment counts are clamped to what ImGui handles") {
    Frame frame;
    Painter p(frame.list());
    p.AddCircle(ImVec2(100, 100), 20.0f, kWhite, 1 << 30, 1.0e9f);
    p.AddRect(ImVec2(10, 10), ImVec2(50, 50), kWhite, 1.0e9f, 0, 2.0f);
    p.AddRect(ImVec2(10, 10), ImVec2(50, 50), kWhite, 0.0f, 0, -1.0f);   // no width: nothing
    CHECK(frame.all_finite());
    CHECK(frame.vertices() < 20000);
    CHECK(pb::ui::draw_fault_log().count == 0);
}

TEST_CASE("painter: no view reaches ImGui's draw lists but through a Painter") {
    // The guard only holds if it is the one way in: a new view that takes ImGui::GetWindowDrawList()
    // or an ImDrawList* itself would bring the crashes back.
    namespace fs = std::filesystem;
    int files = 0;
    for (const auto& e : fs::recursive_directory_iterator(std::string(PLAYBENCH_SOURCE_DIR) + "/ui")) {
        const std::string name = e.path().filename().string();
        if (!e.is_regular_file() || name.rfind("painter.", 0) == 0 || name.rfind("software_draw.", 0) == 0 ||
            name.rfind("raster.", 0) == 0 ||   // the rasteriser reads draw lists, it draws into none
            name.rfind("offscreen_renderer.", 0) == 0)
            continue;
        std::ifstream in(e.path());
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        ++files;
        CAPTURE(e.path().string());
        for (const char* raw :
             {"GetWindowDrawList", "GetForegroundDrawList", "GetBackgroundDrawList", "ImDrawList*", "ImDrawList *"})
            CHECK(text.find(raw) == std::string::npos);
    }
    CHECK(files > 30);
}
