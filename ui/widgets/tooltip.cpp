#include "ui/widgets/tooltip.hpp"

#include <imgui.h>

namespace pb::ui {

namespace {

std::string& latest() {
    thread_local std::string text;
    return text;
}

}   // namespace

void show_tooltip(const std::string& text) {
    ImGui::SetTooltip("%s", text.c_str());
    latest() = text;
}

void log_tooltip(const std::string& text) { latest() = text; }

const std::string& last_tooltip() { return latest(); }

void clear_tooltip_log() { latest().clear(); }

std::string fit_width(const std::string& text, float width, bool& shortened) {
    shortened = ImGui::CalcTextSize(text.c_str()).x > width;
    if (!shortened) return text;
    const std::string dots = "...";
    std::size_t n = text.size();
    while (n > 0) {
        --n;
        while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;   // whole UTF-8 characters
        const std::string cut = text.substr(0, n) + dots;
        if (ImGui::CalcTextSize(cut.c_str()).x <= width) return cut;
    }
    return dots;
}

std::string first_that_fits(std::initializer_list<const char*> texts, float width) {
    const char* last = "";
    for (const char* t : texts) {
        if (ImGui::CalcTextSize(t).x <= width) return t;
        last = t;
    }
    bool shortened = false;
    return fit_width(last, width, shortened);
}

}   // namespace pb::ui
