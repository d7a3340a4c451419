// draw_chart's log x axis (ChartAxis::log, used by `sweep report` for parameters swept on a log
// scale): x = 2, 10, 50 on a 1..100 axis sit at equal distances (log10 steps of 0.7), where a
// linear axis puts them far apart unevenly.
#include <doctest/doctest.h>

#include <imgui.h>

#include <array>

#include "ui/render/offscreen_renderer.hpp"
#include "ui/widgets/chart.hpp"

namespace {

// The column holding most pixels of exactly this colour.
int column_of(const pb::ui::OffscreenRenderer& r, std::uint8_t cr, std::uint8_t cg, std::uint8_t cb) {
    const auto px = r.pixels();
    int best = -1, best_n = 0;
    for (int x = 0; x < r.width(); ++x) {
        int n = 0;
        for (int y = 0; y < r.height(); ++y) {
            const auto& p = px[static_cast<std::size_t>(y * r.width() + x)];
            n += p.r == cr && p.g == cg && p.b == cb;
        }
        if (n > best_n) best = x, best_n = n;
    }
    return best;
}

std::array<int, 3> columns(bool log) {
    pb::ui::OffscreenRenderer r(800, 400);
    REQUIRE(r.ok());
    for (int i = 0; i < 3; ++i)
        r.render_frame([&] {
            ImGui::SetNextWindowPos(ImVec2(0, 0));
            ImGui::SetNextWindowSize(ImVec2(800, 400));
            ImGui::Begin("chart", nullptr, ImGuiWindowFlags_NoDecoration);
            pb::ui::ChartSpec spec;
            spec.x = {"x", "", 1.0, 100.0, log};
            spec.y = {"y", "", 0.0, 1.0};
            spec.height = 250.0f;
            spec.key = false;
            spec.series = {{"a", IM_COL32(0, 255, 0, 255), {2.0, 2.0}, {0.0, 1.0}, 3.0f},
                           {"b", IM_COL32(255, 0, 0, 255), {10.0, 10.0}, {0.0, 1.0}, 3.0f},
                           {"c", IM_COL32(0, 0, 255, 255), {50.0, 50.0}, {0.0, 1.0}, 3.0f}};
            pb::ui::draw_chart(spec);
            ImGui::End();
        });
    return {column_of(r, 0, 255, 0), column_of(r, 255, 0, 0), column_of(r, 0, 0, 255)};
}

}   // namespace

TEST_CASE("draw_chart: a log x axis spaces 2, 10, 50 evenly; a linear one does not") {
    const auto lg = columns(true);
    CHECK(lg[0] > 0);
    CHECK(lg[0] < lg[1]);
    CHECK(lg[1] < lg[2]);
    CHECK(std::abs((lg[1] - lg[0]) - (lg[2] - lg[1])) <= 2);
    CHECK(lg[1] - lg[0] > 150);   // 0.35 of a ~750-pixel plot
    const auto lin = columns(false);
    CHECK(lin[1] - lin[0] < 80);    // 8 / 99 of the plot
    CHECK(lin[2] - lin[1] > 250);   // 40 / 99 of it
}
