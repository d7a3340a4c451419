#include "ui/widgets/tooltip.hpp"

#include <imgui.h>

namespace pb::ui {

namespace {

std::string& latest() {
    thread_local std::string text;
    return text;
}

}  // namespace

void show_tooltip(const std::string& text) {
    ImGui::SetTooltip("%s", text.c_str());
    latest() = text;
}

void log_tooltip(const std::string& text) { latest() = text; }

const std::string& last_tooltip() { return latest(); }

void clear_tooltip_log() { latest().clear(); }

}  // namespace pb::ui
