// Tooltips said through one place, so tests and the window's automation can read what the designer
// is told (what a control or the canvas offers, or why it is off), not only that a tooltip opened;
// and text fitted to its room (a line cut off at a panel's edge reads as a fault).
#pragma once
#include <initializer_list>
#include <string>

namespace pb::ui {

// ImGui::SetTooltip with `text` (never a format: the text is shown as it is), logged.
void show_tooltip(const std::string& text);
// Logs the text of a tooltip built with ImGui::BeginTooltip / EndTooltip.
void log_tooltip(const std::string& text);
// The latest tooltip shown (per thread), "" after clear_tooltip_log().
const std::string& last_tooltip();
void clear_tooltip_log();

// `text` as it fits in `width` pixels in the current font: whole, or cut at a character with "..."
// after it (the caller shows the whole in a tooltip, `shortened` says when).
std::string fit_width(const std::string& text, float width, bool& shortened);
// The first of `texts` (longest first, all saying the same) that fits in `width`, else the last
// shortened with fit_width.
std::string first_that_fits(std::initializer_list<const char*> texts, float width);

}   // namespace pb::ui
