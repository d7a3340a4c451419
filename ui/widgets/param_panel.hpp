// The parameter panel, generated from the lab's ParamTable: one collapsing section per table
// section, a slider per number with its unit, a drop-down of names per enumerated parameter, a
// checkbox per flag, the lab's derived values (engine/<lab>/derived.cpp) under the sliders that
// feed them with their formula as tooltip, a tooltip with
// label/unit/range/description, a reset button per parameter and per section, and a mark on
// values changed from their default. Every edit is a `param.set` command (while paused too).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/command.hpp"
#include "engine/core/derived.hpp"
#include "engine/core/params.hpp"
#include "engine/core/simulation.hpp"
#include "ui/widgets/widget_locator.hpp"

namespace pb::ui {

class EditHistory;

// UI-only state of the panel (what the designer typed in the filter box).
struct ParamPanelState {
    std::string filter;
    bool read_only = false;   // a replay under review: values shown (filter works), no edits
    // Edits go through the shell's history (undo; a drag is one edit, at most one command per
    // tick); without one (tests of the panel alone) straight to the simulation.
    EditHistory* history = nullptr;
    // Compare mode's "Edit: Both": every edit is made on `mirror` too (through `mirror_history`,
    // as the same edit: they undo together). Both need `history`.
    Simulation* mirror = nullptr;
    EditHistory* mirror_history = nullptr;
    // Compare mode: the other side's values. A row whose value differs is marked in the other
    // side's colour, with the other side's value under its label ("A: 0.02").
    const ParamSet* other = nullptr;
    bool other_is_a = false;   // the other side is A (this panel edits B)
    // The slider drag in progress: its parameter and where along the slider (0..1) it has
    // moved the value (a drag is relative to the value, docs/window.md#sliders-one-drag-one-edit).
    std::string drag_key;
    double drag_fraction = 0.0;
};

// Slider travel: where `value` sits along the slider, 0..1 (logarithmic for log_scale()
// parameters), and back.
double slider_fraction(const ParamDef& def, double value);
double slider_value(const ParamDef& def, double fraction);
// A drag of `pixels` along a slider `width` pixels wide from `value`: Shift (`fine`) moves ten
// times less. Integers round, the result stays in range.
double dragged_value(const ParamDef& def, double value, double pixels, double width, bool fine);
// One arrow-key nudge: a hundredth of the slider's travel (a thousandth with Shift), at least one
// for integers; `steps` is +1 or -1.
double nudged_value(const ParamDef& def, double value, int steps, bool fine);

// Draws the panel into the current ImGui window. `message` receives the reason when the
// simulation refuses an edit (shown in the status line).
void draw_param_panel(Simulation& sim, ParamPanelState& state, WidgetLocator& widgets, std::string& message);

// The param.set commands that put every changed parameter of `section` back to its default
// ("" = every section), in table order.
std::vector<Command> reset_commands(const ParamSet& values, std::string_view section, std::int64_t tick);
// How many parameters of `section` ("" = all) differ from their default.
int changed_count(const ParamSet& values, std::string_view section);
// The title a section shows: "podball.ball" -> "Ball", "podball.match" -> "Match".
std::string section_title(std::string_view section);
// True when `def` matches the filter text (case-insensitive, in key, label or description).
bool param_matches_filter(const ParamDef& def, std::string_view filter);
// The slider's display format: the value with enough digits for the range, then the unit (in the
// singular when `value` reads 1: "1 tile/tick").
std::string slider_format(const ParamDef& def, std::optional<double> value = std::nullopt);
// The same for a slider whose text has `room` px (in the current ImGui context's font): the unit
// shortened with "..." or left out when the value and its unit do not fit ("0.0032 pod mass*...").
std::string slider_format_within(const ParamDef& def, double value, float room);
// Which control a parameter gets: "combo" (an enumerated parameter: a drop-down of names),
// "checkbox" (a flag) or "slider". The panel records each control as "param.KEY" and also as
// "param_control.KEY.<kind>" (tests tell a drop-down from a slider by it).
std::string param_control_kind(const ParamDef& def);
// What an enumerated parameter's drop-down shows for `value`: its choice's label ("?" for none).
std::string choice_preview(const ParamDef& def, double value);
// A derived value as the panel prints it: "0.004 arena widths/tick"; "no limit" when infinite.
std::string derived_text(const DerivedValue& d);

}   // namespace pb::ui
