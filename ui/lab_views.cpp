// The one list of lab views: adding a lab's view touches this list, not the shell.
#include <functional>
#include <utility>
#include <vector>

#include "engine/core/lab.hpp"
#include "ui/effects/effects_view.hpp"
#include "ui/lab_view.hpp"
#include "ui/logistics/logistics_view.hpp"
#include "ui/podball/podball_view.hpp"
#include "ui/rgs/rgs_view.hpp"
#include "ui/tasks/tasks_view.hpp"

namespace pb::ui {

namespace {

struct LabViewEntry {
    std::string_view lab;   // the lab's stable name, as scenario files write it
    std::function<std::unique_ptr<LabView>()> create;
    // A view that can work off the frame: set_lab_views_work_off_frame() calls it.
    void (*work_off_frame)(bool) = nullptr;
};

const std::vector<LabViewEntry>& lab_views() {
    static const std::vector<LabViewEntry> list{
        {"podball", [] { return std::make_unique<PodballView>(); }},
        {"rgs", [] { return std::make_unique<RgsView>(); }},
        {"logistics", [] { return std::make_unique<LogisticsView>(); }},
        {"effects", [] { return std::make_unique<EffectsView>(); }},
        {"tasks", [] { return std::make_unique<TasksView>(); }, &TasksView::set_solve_off_frame},
    };
    return list;
}

// Until a lab has its view, the canvas says so instead of staying blank.
class PlaceholderView final : public LabView {
public:
    explicit PlaceholderView(std::string lab) : lab_(std::move(lab)) {}
    WorldRect bounds(const World&) const override { return {{-0.5, -0.3}, {0.5, 0.3}}; }
    void draw(const World& world, const CanvasFrame& f) override {
        std::string text = "No view for the '" + lab_ + "' lab yet.  " + world.summary();
        ImVec2 at(f.view->origin().x + 16.0f * f.ui_scale, f.view->origin().y + 16.0f * f.ui_scale);
        f.draw->AddText(at, IM_COL32(220, 220, 220, 255), text.c_str());
    }

private:
    std::string lab_;
};

}   // namespace

std::unique_ptr<LabView> create_lab_view(std::string_view lab_name) {
    for (const LabViewEntry& e : lab_views())
        if (e.lab == lab_name) return e.create();
    return std::make_unique<PlaceholderView>(std::string(lab_name));
}

void set_lab_views_work_off_frame(bool off_frame) {
    for (const LabViewEntry& e : lab_views())
        if (e.work_off_frame) e.work_off_frame(off_frame);
}

}   // namespace pb::ui
