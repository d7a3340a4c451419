#include "ui/widgets/param_panel.hpp"
#include "ui/render/painter.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include "engine/core/lab.hpp"
#include "engine/core/words.hpp"
#include "ui/shell/edit_history.hpp"
#include "ui/shell/shortcuts.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"
#include "ui/widgets/tooltip.hpp"

namespace pb::ui {

namespace {

bool contains_case_insensitive(std::string_view hay, std::string_view needle) {
    if (needle.empty()) return true;
    auto it = std::search(hay.begin(), hay.end(), needle.begin(), needle.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
    return it != hay.end();
}

// A glyph when the font has it, else a word: the built-in fallback font is ASCII only.
const char* reset_icon() {
    ImFont* font = ImGui::GetFont();
    return font->FindGlyphNoFallback(0x21BA) ? "\xe2\x86\xba" : "R";
}

// Why the panel takes no edits while read-only: the disabled controls' tooltips say it instead of
// offering what they would do (docs/replays.md#replays-in-the-window).
std::string read_only_why() {
    return std::string("Reviewing a replay: these are its values as recorded. Take over here (") +
           shortcut_label(ShellAction::ToggleRecording) + ") to edit from this tick.";
}

void draw_tooltip(const ParamDef& def, double value, double file_value, bool read_only) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26.0f);
    ImGui::TextUnformatted(def.label.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDimText);
    ImGui::TextUnformatted(def.key.c_str());
    ImGui::PopStyleColor();
    ImGui::Separator();
    ImGui::TextWrapped("%s", def.description.c_str());
    if (def.is_choice()) {
        // Each choice with the name --set and scenario files accept.
        for (std::size_t i = 0; i < def.choices.size(); ++i)
            ImGui::BulletText("%s  (%s = %s)", def.choices[i].label.c_str(), def.choices[i].name.c_str(),
                              format_param_value(def, def.min + static_cast<double>(i)).c_str());
    } else if (def.type != ParamType::Boolean) {
        ImGui::Text("Range: %s .. %s", describe_param_value(def, def.min).c_str(),
                    describe_param_value(def, def.max).c_str());
    }
    ImGui::Text("Value: %s   (default %s)", describe_param_value(def, value).c_str(),
                describe_param_value(def, def.default_value).c_str());
    if (value != file_value) ImGui::Text("Scenario file: %s", describe_param_value(def, file_value).c_str());
    // What the control offers, or why it offers nothing.
    std::string how;
    if (read_only)
        how = read_only_why();
    else if (def.type != ParamType::Boolean && !def.is_choice())
        how =
            "Drag the slider: the value moves with the pointer from where it is (Shift: ten times finer).\n"
            "Ctrl+click it to type a value. Arrow keys over it: one step (Shift: a tenth). Ctrl+Z undoes.";
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDimText);
    if (def.log_scale() && def.type != ParamType::Boolean && !def.is_choice())
        ImGui::TextUnformatted("Log scale: each tick under the slider is ten times the one before.");
    if (!how.empty()) ImGui::TextWrapped("%s", how.c_str());
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
    log_tooltip(def.label + "\n" + how);
}

// An enumerated parameter: a drop-down of its choices' labels. True with `value` set on a pick.
bool draw_choice_control(const ParamDef& def, const std::string& id, double& value) {
    // The choice's name, shortened with "..." when the box is narrow (whole in the list and the
    // tooltip).
    const float room = ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - 2.0f * ImGui::GetStyle().FramePadding.x;
    bool shortened = false;
    if (!ImGui::BeginCombo(id.c_str(), fit_width(choice_preview(def, value), room, shortened).c_str())) return false;
    bool picked = false;
    for (std::size_t i = 0; i < def.choices.size(); ++i) {
        const double v = def.min + static_cast<double>(i);
        const bool selected = v == value;
        if (ImGui::Selectable(def.choices[i].label.c_str(), selected) && !selected) {
            value = v;
            picked = true;
        }
        if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
    return picked;
}

// A flag: a checkbox saying On or Off. True with `value` set when toggled.
bool draw_flag_control(const std::string& id, double& value) {
    bool on = value != 0.0;
    std::string label = std::string(on ? "On" : "Off") + "#" + id;   // "On###key": one ID either way
    if (!ImGui::Checkbox(label.c_str(), &on)) return false;
    value = on ? 1.0 : 0.0;
    return true;
}

// The value control for one parameter; returns true with `value` set when the designer edited it.
bool draw_value_control(const ParamDef& def, double& value) {
    ImGui::SetNextItemWidth(-FLT_MIN);
    std::string id = "##" + def.key;
    if (def.is_choice()) return draw_choice_control(def, id, value);
    switch (def.type) {
        case ParamType::Boolean: return draw_flag_control(id, value);
        case ParamType::Integer:
        case ParamType::Real:
        default: return false;   // sliders: draw_slider_control
    }
}

bool mirrored(const ParamPanelState& state) { return state.history && state.mirror && state.mirror_history; }

void submit(Simulation& sim, ParamPanelState& state, Command c, std::string& message) {
    if (state.history) {
        Command copy = c;
        if (auto why = state.history->apply(sim, std::move(c)))
            message = *why;
        else if (mirrored(state))
            if (auto why_b = state.mirror_history->apply(*state.mirror, std::move(copy), state.history))
                message = "B: " + *why_b;
    } else if (auto why = sim.submit(std::move(c))) {
        message = *why;
    }
}

void submit_group(Simulation& sim, ParamPanelState& state, std::vector<Command> commands, std::string name,
                  std::string& message) {
    if (state.history) {
        std::vector<Command> copy = commands;
        const std::string copy_name = name;
        if (auto why = state.history->apply_group(sim, std::move(commands), std::move(name)))
            message = *why;
        else if (mirrored(state))
            if (auto why_b =
                    state.mirror_history->apply_group(*state.mirror, std::move(copy), copy_name, state.history))
                message = "B: " + *why_b;
        return;
    }
    for (Command& c : commands) submit(sim, state, std::move(c), message);
}

// A slider drag's value, on the mirror too (compare mode, Edit: Both).
void drag_param(Simulation& sim, ParamPanelState& state, const std::string& key, double value) {
    state.history->drag(sim, "param." + key, make_param_set(sim.tick(), key, value));
    if (mirrored(state))
        state.mirror_history->drag(*state.mirror, "param." + key, make_param_set(state.mirror->tick(), key, value),
                                   state.history);
}

std::optional<std::string> end_param_drag(Simulation& sim, ParamPanelState& state) {
    auto why = state.history->end_drag(sim);
    if (mirrored(state) && state.mirror_history->dragging())
        if (auto why_b = state.mirror_history->end_drag(*state.mirror); why_b && !why) why = "B: " + *why_b;
    return why;
}

// What a slider did this frame.
struct SliderEdit {
    enum Kind { None, Drag, End, Once } kind = None;
    double value = 0.0;
};

// Decade ticks under a log-scaled slider, so its scale shows: a mark at every power of ten.
void draw_log_ticks(const ParamDef& def) {
    if (!def.log_scale()) return;
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const float pad = ImGui::GetStyle().FramePadding.x + ImGui::GetStyle().GrabMinSize * 0.5f;
    Painter p = Painter::window();
    const ImU32 colour = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    for (double d = std::pow(10.0, std::ceil(std::log10(def.min))); d <= def.max * 1.000001; d *= 10.0) {
        const float x = a.x + pad + static_cast<float>(slider_fraction(def, d)) * (b.x - a.x - 2.0f * pad);
        p.AddLine(ImVec2(x, b.y - 4.0f), ImVec2(x, b.y), colour, 1.0f);
    }
}

// Where ImGui's slider puts the handle for `fraction` (0..1), in screen x, and how many pixels the
// handle travels end to end, for a slider frame starting at `x` and `width` wide (the geometry of
// ImGui 1.86's SliderBehavior: 2 px padding each side, the grab GrabMinSize wide, wider for an
// integer of few values).
struct SliderTrack {
    float start = 0.0f, travel = 1.0f;
    float x_at(double fraction) const { return start + static_cast<float>(fraction) * travel; }
};
SliderTrack slider_track(const ParamDef& def, float x, float width) {
    const float pad = 2.0f, slider = std::max(1.0f, width - 2.0f * pad);
    float grab = ImGui::GetStyle().GrabMinSize;
    if (def.type == ParamType::Integer && def.max >= def.min)
        grab = std::max(static_cast<float>(slider / (def.max - def.min + 1.0)), grab);
    grab = std::min(grab, slider);
    return SliderTrack{x + pad + grab * 0.5f, std::max(1.0f, slider - grab)};
}

// A slider for a real or integer parameter, drawn by ImGui's slider (Ctrl+click to type), dragged
// relative to where the value is (docs/window.md#sliders-one-drag-one-edit): a press away from the handle
// changes nothing, a drag moves the handle as far as the pointer moves (Shift: ten times less).
// ImGui's slider sets the value from the pointer's spot, so while it is pressed it is shown the
// pointer where the handle of the relative value is (and only for its own call). The arrow keys
// nudge while it is hovered or focused. `value` is what it shows (a drag's pending value while
// one is held).
SliderEdit draw_slider_control(const ParamDef& def, double value, ParamPanelState& state) {
    ImGui::SetNextItemWidth(-FLT_MIN);
    const std::string id = "##" + def.key;
    const std::string fmt =
        slider_format_within(def, value, ImGui::CalcItemWidth() - 2.0f * ImGui::GetStyle().FramePadding.x);
    ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp;
    if (def.log_scale()) flags |= ImGuiSliderFlags_Logarithmic;
    ImGuiIO& io = ImGui::GetIO();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float width = ImGui::CalcItemWidth(), height = ImGui::GetFrameHeight();
    const SliderTrack track = slider_track(def, at.x, width);
    // A drag held since an earlier frame moves by the pointer's movement; a press starts one at
    // the value (Ctrl+click types instead).
    const bool held = state.drag_key == def.key && ImGui::GetActiveID() == ImGui::GetID(id.c_str()) &&
                      ImGui::IsMouseDown(ImGuiMouseButton_Left);
    const bool pressing = !held && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !io.KeyCtrl &&
                          ImGui::IsWindowHovered() && io.MousePos.x >= at.x && io.MousePos.x < at.x + width &&
                          io.MousePos.y >= at.y && io.MousePos.y < at.y + height;
    if (held)
        state.drag_fraction =
            std::clamp(state.drag_fraction + io.MouseDelta.x / track.travel * (io.KeyShift ? 0.1 : 1.0), 0.0, 1.0);
    const double fraction = held ? state.drag_fraction : slider_fraction(def, value);
    const ImVec2 pointer = io.MousePos;
    if (held || pressing) io.MousePos.x = track.x_at(fraction);
    double v = value;
    bool changed = false;
    if (def.type == ParamType::Integer) {
        int iv = static_cast<int>(value), lo = static_cast<int>(def.min), hi = static_cast<int>(def.max);
        changed = ImGui::SliderInt(id.c_str(), &iv, lo, hi, fmt.c_str(), flags);
        v = iv;
    } else {
        double lo = def.min, hi = def.max;
        changed = ImGui::SliderScalar(id.c_str(), ImGuiDataType_Double, &v, &lo, &hi, fmt.c_str(), flags);
    }
    io.MousePos = pointer;
    draw_log_ticks(def);
    const ImGuiID item = ImGui::GetItemID();
    const bool active = ImGui::IsItemActive();
    const bool typing = active && ImGui::TempInputIsActive(item);
    if (active && !typing) {
        if (!held) {
            // The press: the drag starts from the value, wherever on the slider it landed.
            state.drag_key = def.key;
            state.drag_fraction = fraction;
            return {};
        }
        // Not moved: no edit (a value and its slider fraction do not round-trip exactly).
        if (std::abs(state.drag_fraction - slider_fraction(def, value)) < 1e-9) return {};
        const double next = slider_value(def, state.drag_fraction);
        return next != value ? SliderEdit{SliderEdit::Drag, next} : SliderEdit{};
    }
    if (ImGui::IsItemDeactivated()) {
        const bool dragged = state.drag_key == def.key;
        if (dragged) state.drag_key.clear();
        // A drag ends where it moved the value (sent already); typing (Ctrl+click, then Enter)
        // with what was typed.
        return {SliderEdit::End, !dragged && changed ? std::clamp(v, def.min, def.max) : value};
    }
    if (typing && changed) return {SliderEdit::Drag, std::clamp(v, def.min, def.max)};
    if ((ImGui::IsItemHovered() || ImGui::IsItemFocused()) && !active) {
        const bool fine = io.KeyShift;
        const auto pressed = [](ImGuiKey k) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k)); };
        int steps = 0;
        if (pressed(ImGuiKey_LeftArrow) || pressed(ImGuiKey_DownArrow)) steps = -1;
        if (pressed(ImGuiKey_RightArrow) || pressed(ImGuiKey_UpArrow)) steps = +1;
        if (steps != 0) {
            const double next = nudged_value(def, value, steps, fine);
            if (next != value) return {SliderEdit::Once, next};
        }
    }
    return {};
}

}   // namespace

std::string section_title(std::string_view section) {
    // After the lab's name; deeper sections (a Podball script's tunables, podball.team0.script)
    // read "Team 0 script", so each team's section has a title of its own.
    auto dot = section.find('.');
    std::string title;
    for (char c : dot == std::string_view::npos ? section : section.substr(dot + 1)) {
        if (std::isdigit(static_cast<unsigned char>(c)) && !title.empty() &&
            std::isalpha(static_cast<unsigned char>(title.back())))
            title += ' ';
        title += c == '_' || c == '.' ? ' ' : c;
    }
    if (!title.empty()) title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
    return title;
}

// Every key starts with its lab's name ("podball."), which would match every row of the lab, and
// descriptions mention the lab's things all over; so the filter looks at what tells rows apart: the
// label, the unit and the key after the lab's prefix.
bool param_matches_filter(const ParamDef& def, std::string_view filter) {
    std::string_view key = def.key;
    if (const auto dot = key.find('.'); dot != std::string_view::npos) key.remove_prefix(dot + 1);
    return contains_case_insensitive(key, filter) || contains_case_insensitive(def.label, filter) ||
           contains_case_insensitive(def.unit, filter);
}

std::string slider_format(const ParamDef& def, std::optional<double> value) {
    std::string fmt = def.type == ParamType::Integer ? "%d" : "%.4g";
    std::string shown_unit = def.unit;
    if (value) {   // "1 tile/tick" beside "2 tiles/tick" (engine/core/words.hpp)
        char number[64];
        if (def.type == ParamType::Integer)
            std::snprintf(number, sizeof number, "%d", static_cast<int>(std::lround(*value)));
        else
            std::snprintf(number, sizeof number, "%.4g", *value);
        shown_unit = unit_after(number, def.unit);
    }
    std::string unit;
    for (char c : shown_unit) {
        unit += c;
        if (c == '%') unit += '%';   // printf-style format: a literal percent is %%
    }
    return unit.empty() ? fmt : fmt + " " + unit;
}

std::string slider_format_within(const ParamDef& def, double value, float room) {
    const std::string fmt = slider_format(def, value);
    char shown[160];
    if (def.type == ParamType::Integer)
        std::snprintf(shown, sizeof shown, fmt.c_str(), static_cast<int>(std::lround(value)));
    else
        std::snprintf(shown, sizeof shown, fmt.c_str(), value);
    if (def.unit.empty() || ImGui::CalcTextSize(shown).x <= room) return fmt;
    // The number whole; its unit shortened with "..." (the tooltip's Value line has it whole), or
    // left out when not even that fits.
    char number[64];
    if (def.type == ParamType::Integer)
        std::snprintf(number, sizeof number, "%d", static_cast<int>(std::lround(value)));
    else
        std::snprintf(number, sizeof number, "%.4g", value);
    const std::string number_fmt = def.type == ParamType::Integer ? "%d" : "%.4g";
    const float unit_room = room - ImGui::CalcTextSize((std::string(number) + " ").c_str()).x;
    bool shortened = false;
    const std::string unit = fit_width(unit_after(number, def.unit), unit_room, shortened);
    if (unit == "..." || ImGui::CalcTextSize(unit.c_str()).x > unit_room) return number_fmt;
    std::string escaped;
    for (char c : unit) {
        escaped += c;
        if (c == '%') escaped += '%';
    }
    return number_fmt + " " + escaped;
}

std::string param_control_kind(const ParamDef& def) {
    if (def.is_choice()) return "combo";
    return def.type == ParamType::Boolean ? "checkbox" : "slider";
}

std::string choice_preview(const ParamDef& def, double value) {
    const ParamChoice* c = def.choice_at(value);
    return c ? c->label : "?";
}

std::string derived_text(const DerivedValue& d) {
    if (!std::isfinite(d.value)) return "no limit";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", d.value);
    return with_unit(buf, d.unit);
}

double slider_fraction(const ParamDef& def, double value) {
    if (!(def.max > def.min)) return 0.0;
    const double v = std::clamp(value, def.min, def.max);
    if (def.log_scale()) return std::log(v / def.min) / std::log(def.max / def.min);
    return (v - def.min) / (def.max - def.min);
}

double slider_value(const ParamDef& def, double fraction) {
    const double t = std::clamp(fraction, 0.0, 1.0);
    double v = def.log_scale() ? def.min * std::pow(def.max / def.min, t) : def.min + (def.max - def.min) * t;
    if (def.type == ParamType::Integer) v = std::round(v);
    return std::clamp(v, def.min, def.max);
}

double dragged_value(const ParamDef& def, double value, double pixels, double width, bool fine) {
    const double travel = pixels / std::max(1.0, width) * (fine ? 0.1 : 1.0);
    return slider_value(def, slider_fraction(def, value) + travel);
}

double nudged_value(const ParamDef& def, double value, int steps, bool fine) {
    if (def.type == ParamType::Integer) {
        const double step = std::max(1.0, std::round((def.max - def.min) / (fine ? 1000.0 : 100.0)));
        return std::clamp(std::round(value) + steps * step, def.min, def.max);
    }
    return slider_value(def, slider_fraction(def, value) + steps * (fine ? 0.001 : 0.01));
}

int changed_count(const ParamSet& values, std::string_view section) {
    int n = 0;
    for (std::size_t i = 0; i < values.size(); ++i)
        if ((section.empty() || values.table()[i].section() == section) && !values.is_default(i)) ++n;
    return n;
}

std::vector<Command> reset_commands(const ParamSet& values, std::string_view section, std::int64_t tick) {
    std::vector<Command> out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const ParamDef& def = values.table()[i];
        if ((section.empty() || def.section() == section) && !values.is_default(i))
            out.push_back(make_param_set(tick, def.key, def.default_value));
    }
    return out;
}

namespace {

// What every row and header of the panel draws into.
struct PanelContext {
    Simulation& sim;
    ParamPanelState& state;
    WidgetLocator& widgets;
    std::string& message;
    const ParamSet& values;
    const ParamSet& file_values;
    float scale;
    const char* reset_icon;
    float reset_w;                       // the per-row reset button's column
    std::vector<DerivedValue> derived;   // what the current values mean for play (the lab's list)
};

// The filter box and "Reset all".
void draw_panel_header(Simulation& sim, ParamPanelState& state, WidgetLocator& widgets, std::string& message) {
    const ParamSet& values = sim.world().params();
    int total_changed = changed_count(values, "");
    float reset_all_w = ImGui::CalcTextSize("Reset all").x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SetNextItemWidth(-(reset_all_w + ImGui::GetStyle().ItemSpacing.x));
    ImGui::InputTextWithHint("##param_filter", "Filter parameters (name, key, unit)", &state.filter);
    widgets.record_last_item("params.filter");
    ImGui::SameLine();
    ImGui::BeginDisabled(total_changed == 0 || state.read_only);
    if (ImGui::Button("Reset all"))
        submit_group(sim, state, reset_commands(values, "", sim.tick()), "reset all parameters", message);
    widgets.record_last_item("params.reset_all");
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        show_tooltip(state.read_only
                         ? read_only_why()
                         : "Put every parameter back to its default (" + std::to_string(total_changed) + " changed)");
}

// A section's collapsing header, with its changed count and, when some changed, its reset
// button on the same line. True when the section is open.
bool draw_section_header(const PanelContext& c, const std::string& section) {
    int changed = changed_count(c.values, section);
    std::string header = section_title(section);
    if (changed > 0) header += "  (" + std::to_string(changed) + " changed)";
    header += "###" + section;
    if (!c.state.filter.empty()) ImGui::SetNextItemOpen(true);
    bool open =
        ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_AllowItemOverlap);
    c.widgets.record_last_item("params.section." + section);
    if (changed > 0) {
        // Section reset sits on the header line, right-aligned.
        float section_reset_w = ImGui::CalcTextSize("Reset").x + ImGui::GetStyle().FramePadding.x * 2;
        ImGui::SameLine(ImGui::GetContentRegionMax().x - section_reset_w);
        ImGui::PushID(section.c_str());
        ImGui::BeginDisabled(c.state.read_only);
        if (ImGui::SmallButton("Reset") && !c.state.read_only)
            submit_group(c.sim, c.state, reset_commands(c.values, section, c.sim.tick()),
                         "reset " + section_title(section), c.message);
        ImGui::EndDisabled();
        c.widgets.record_last_item("params.section." + section + ".reset");
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            show_tooltip(c.state.read_only
                             ? read_only_why()
                             : "Reset the " + std::to_string(changed) + " changed parameter(s) of this section");
        ImGui::PopID();
    }
    return open;
}

// A slider row's edits: a drag goes to the history as one edit (its value pending until the next
// tick or the release), an arrow nudge as an edit of its own.
void draw_param_slider(const PanelContext& c, const ParamDef& def, double value) {
    EditHistory* history = c.state.history;
    const double shown = history ? history->pending_param(def.key).value_or(value) : value;
    const SliderEdit edit = draw_slider_control(def, shown, c.state);
    if (c.state.read_only) return;
    switch (edit.kind) {
        case SliderEdit::Drag:
            if (edit.value == shown) break;
            if (history)
                drag_param(c.sim, c.state, def.key, edit.value);
            else
                submit(c.sim, c.state, make_param_set(c.sim.tick(), def.key, edit.value), c.message);
            break;
        case SliderEdit::End:
            if (!history) {
                if (edit.value != shown)
                    submit(c.sim, c.state, make_param_set(c.sim.tick(), def.key, edit.value), c.message);
                break;
            }
            if (edit.value != shown) drag_param(c.sim, c.state, def.key, edit.value);
            if (history->dragging())
                if (auto why = end_param_drag(c.sim, c.state)) c.message = *why;
            break;
        case SliderEdit::Once:
            submit(c.sim, c.state, make_param_set(c.sim.tick(), def.key, edit.value), c.message);
            break;
        case SliderEdit::None: break;
    }
}

// One parameter's row: label, value control, reset button.
void draw_param_row(const PanelContext& c, std::size_t i) {
    const ParamDef& def = c.values.table()[i];
    double value = c.values[i];
    double file_value = c.file_values.size() == c.values.size() ? c.file_values[i] : def.default_value;
    bool is_default = c.values.is_default(i);
    ImGui::PushID(def.key.c_str());
    ImGui::TableNextRow();

    // Label, with a dot when the value is not the default and a highlight when it
    // differs from the scenario file (an unsaved edit).
    ImGui::TableNextColumn();
    ImGui::AlignTextToFramePadding();
    ImVec2 p = ImGui::GetCursorScreenPos();
    float dot_r = 3.5f * c.scale, line_h = ImGui::GetFrameHeight();
    if (!is_default)
        Painter::window().AddCircleFilled(ImVec2(p.x + dot_r, p.y + line_h * 0.5f), dot_r,
                                          ImGui::GetColorU32(palette::kChangedMark));
    ImGui::SetCursorScreenPos(ImVec2(p.x + dot_r * 2 + 5.0f * c.scale, p.y));
    if (value != file_value) ImGui::PushStyleColor(ImGuiCol_Text, palette::kEditedLabel);
    // Shortened with "..." in a narrow column: the tooltip starts with the whole label.
    bool label_shortened = false;
    ImGui::TextUnformatted(fit_width(def.label, ImGui::GetContentRegionAvail().x, label_shortened).c_str());
    if (value != file_value) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) draw_tooltip(def, value, file_value, c.state.read_only);
    // Compare mode: where the other side has another value, a bar in its colour and its value.
    if (const ParamSet* other = c.state.other; other && other->size() == c.values.size() && (*other)[i] != value) {
        const ImU32 colour = c.state.other_is_a ? palette::kCompareA : palette::kCompareB;
        const ImVec2 top(p.x - 4.0f * c.scale, p.y);
        ImGui::SetCursorScreenPos(ImVec2(p.x + dot_r * 2 + 5.0f * c.scale, ImGui::GetCursorScreenPos().y));
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour), "%s: %s", c.state.other_is_a ? "A" : "B",
                           format_param_value(def, (*other)[i]).c_str());
        c.widgets.record_last_item("param." + def.key + ".other");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s has %s here; this panel's side has %s", c.state.other_is_a ? "A" : "B",
                              format_param_value(def, (*other)[i]).c_str(), format_param_value(def, value).c_str());
        Painter::window().AddRectFilled(top, ImVec2(top.x + 2.5f * c.scale, ImGui::GetItemRectMax().y), colour);
    }

    ImGui::TableNextColumn();
    double edited = value;
    // Read-only (a replay under review): the value shows, greyed, and takes no edits.
    ImGui::BeginDisabled(c.state.read_only);
    if (def.type == ParamType::Boolean || def.is_choice()) {
        if (draw_value_control(def, edited) && edited != value && !c.state.read_only)
            submit(c.sim, c.state, make_param_set(c.sim.tick(), def.key, edited), c.message);
    } else {
        draw_param_slider(c, def, value);
    }
    ImGui::EndDisabled();
    c.widgets.record_last_item("param." + def.key);
    c.widgets.record_last_item("param_control." + def.key + "." + param_control_kind(def));
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && !ImGui::IsItemActive())
        draw_tooltip(def, value, file_value, c.state.read_only);

    ImGui::TableNextColumn();
    ImGui::BeginDisabled(is_default || c.state.read_only);
    if (ImGui::SmallButton(c.reset_icon) && !c.state.read_only)
        submit(c.sim, c.state, make_param_set(c.sim.tick(), def.key, def.default_value), c.message);
    ImGui::EndDisabled();
    c.widgets.record_last_item("param." + def.key + ".reset");
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        show_tooltip(c.state.read_only ? read_only_why()
                                       : (is_default ? "At its default (" : "Reset to the default, ") +
                                             format_param_value(def, def.default_value) + (is_default ? ")" : ""));
    ImGui::PopID();
}

// The derived values whose first input lies in `section`, as full-width lines under its sliders
// (labels are sentences, too long for the label column): "= label  value unit", the formula as
// the tooltip.
void draw_derived_rows(const PanelContext& c, const std::vector<DerivedValue>& derived, const std::string& section) {
    for (const DerivedValue& d : derived) {
        if (d.inputs.empty()) continue;
        const std::string_view first = d.inputs.front();
        if (first.substr(0, first.rfind('.')) != section) continue;
        ImGui::PushID(d.label.c_str());
        ImGui::Indent(8.0f * c.scale);
        ImGui::PushStyleColor(ImGuiCol_Text, palette::kDimText);
        ImGui::Text("= %s:", d.label.c_str());
        ImGui::PopStyleColor();
        const bool hovered_label = ImGui::IsItemHovered();
        ImGui::SameLine();
        const std::string value = derived_text(d);
        // Too long for the rest of the line: the value goes on its own line.
        if (ImGui::CalcTextSize(value.c_str()).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
        ImGui::TextUnformatted(value.c_str());
        c.widgets.record_last_item("derived." + d.label);
        if (hovered_label || ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26.0f);
            ImGui::TextUnformatted(d.label.c_str());
            ImGui::Separator();
            ImGui::TextWrapped("%s", d.formula.c_str());
            ImGui::PushStyleColor(ImGuiCol_Text, palette::kDimText);
            std::string from;
            for (const auto& k : d.inputs) from += (from.empty() ? "" : ", ") + k;
            ImGui::TextWrapped("Derived from %s; follows them as you move them.", from.c_str());
            ImGui::PopStyleColor();
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
        ImGui::Unindent(8.0f * c.scale);
        ImGui::PopID();
    }
}

// A section: its header, then (when open) a table of its rows that pass the filter. Returns
// how many rows pass the filter (shown or folded).
int draw_section(const PanelContext& c, const std::string& section) {
    const ParamTable& table = c.values.table();
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (table[i].section() == section && param_matches_filter(table[i], c.state.filter)) rows.push_back(i);
    if (rows.empty()) return 0;
    if (!draw_section_header(c, section)) return static_cast<int>(rows.size());

    std::string table_id = "##params_" + section;
    if (!ImGui::BeginTable(table_id.c_str(), 3, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_PadOuterX))
        return static_cast<int>(rows.size());
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, 0.5f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 0.5f);
    ImGui::TableSetupColumn("reset", ImGuiTableColumnFlags_WidthFixed, c.reset_w);
    for (std::size_t i : rows) draw_param_row(c, i);
    ImGui::EndTable();
    draw_derived_rows(c, c.derived, section);
    return static_cast<int>(rows.size());
}

// The lab's derived values for the world's current parameters (none when the lab has no list).
std::vector<DerivedValue> derived_for(const Simulation& sim) {
    const LabInfo* lab = sim.scenario().lab;
    if (!lab || !lab->derived) return {};
    return lab->derived(sim.world().params());
}

}   // namespace

void draw_param_panel(Simulation& sim, ParamPanelState& state, WidgetLocator& widgets, std::string& message) {
    draw_panel_header(sim, state, widgets, message);

    ImGui::BeginChild("##param_list", ImVec2(0, 0), false);
    const char* icon = reset_icon();
    const PanelContext context{sim,
                               state,
                               widgets,
                               message,
                               sim.world().params(),
                               sim.scenario().params,
                               current_ui_scale(),
                               icon,
                               ImGui::CalcTextSize(icon).x + ImGui::GetStyle().FramePadding.x * 2,
                               derived_for(sim)};
    int shown = 0;
    for (const std::string& section : context.values.table().sections()) shown += draw_section(context, section);
    if (shown == 0) ImGui::TextDisabled("No parameter matches \"%s\".", state.filter.c_str());
    ImGui::EndChild();
}

}   // namespace pb::ui
