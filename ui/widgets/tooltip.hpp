// Tooltips said through one place, so tests and the window's automation can read what the designer
// is told (what a control or the canvas offers, or why it is off), not only that a tooltip opened.
#pragma once
#include <string>

namespace pb::ui {

// ImGui::SetTooltip with `text` (never a format: the text is shown as it is), logged.
void show_tooltip(const std::string& text);
// Logs the text of a tooltip built with ImGui::BeginTooltip / EndTooltip.
void log_tooltip(const std::string& text);
// The latest tooltip shown (per thread), "" after clear_tooltip_log().
const std::string& last_tooltip();
void clear_tooltip_log();

}  // namespace pb::ui
