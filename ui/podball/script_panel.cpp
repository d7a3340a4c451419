#include "ui/podball/script_panel.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <sstream>

#include <imgui.h>

#include "engine/core/json.hpp"
#include "engine/core/words.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "ui/widgets/chart.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"

extern char** environ;

namespace pb::ui {

using podball::PodballWorld;

const std::string& team_name(const PodballWorld& w, int team) { return w.teams()[static_cast<std::size_t>(team)].name; }

namespace {

std::vector<std::string> split_words(const char* s) {
    std::vector<std::string> words;
    std::istringstream in(s);
    for (std::string word; in >> word;) words.push_back(word);
    return words;
}

std::string joined(const std::vector<std::string>& argv) {
    std::string s;
    for (const std::string& a : argv) s += (s.empty() ? "" : " ") + a;
    return s;
}

// The lines of a script's faults: "PATH:LINE:" where PATH is the script as the scenario wrote it
// (Lua's message prefix), with how many faults each line had.
std::map<int, std::int64_t> fault_lines(const podball::LuaTeamModule& lua) {
    std::map<int, std::int64_t> lines;
    const std::string prefix = lua.script().written + ":";
    for (const podball::LuaFault& f : lua.faults()) {
        for (std::size_t at = f.message.find(prefix); at != std::string::npos; at = f.message.find(prefix, at + 1)) {
            const char* digits = f.message.c_str() + at + prefix.size();
            char* end = nullptr;
            const long line = std::strtol(digits, &end, 10);
            if (end != digits && *end == ':' && line > 0) {
                lines[static_cast<int>(line)] += f.count;
                break;
            }
        }
    }
    return lines;
}

constexpr ImU32 kPinColours[] = {palette::rgb(255, 214, 90), palette::rgb(90, 215, 235), palette::rgb(200, 140, 255),
                                 palette::rgb(140, 230, 120), palette::rgb(255, 150, 200)};

// A file stem from a team's name: lower case letters, digits and '_' ("Blue Team" -> blue_team).
std::string stem_of(const std::string& name) {
    std::string s;
    for (char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        else if (!s.empty() && s.back() != '_')
            s += '_';
    }
    while (!s.empty() && s.back() == '_') s.pop_back();
    return s.empty() ? "team" : s;
}

}   // namespace

// --- the editor ---

std::vector<std::string> EditorLauncher::command_for(const std::string& file, std::string& chosen_by) {
    std::vector<std::string> argv;
    for (const char* var : {"VISUAL", "EDITOR"}) {
        const char* value = std::getenv(var);
        if (value && !split_words(value).empty()) {
            argv = split_words(value);
            chosen_by = std::string("$") + var;
            break;
        }
    }
    if (argv.empty()) {
        argv = {"xdg-open"};
        chosen_by = "xdg-open";
    }
    argv.push_back(file);
    return argv;
}

bool EditorLauncher::open(const std::string& file) {
    poll();
    std::string chosen_by;
    const std::vector<std::string> argv = command_for(file, chosen_by);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
#ifdef POSIX_SPAWN_SETSID
    // Its own session: the editor outlives a window closed before it, and Ctrl+C in the terminal
    // that started Playbench does not reach it.
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);
#endif
    pid_t pid = -1;
    const int err = posix_spawnp(&pid, args[0], nullptr, &attr, args.data(), environ);
    posix_spawnattr_destroy(&attr);
    const std::string what = chosen_by + " (" + joined(argv) + ")";
    if (err != 0) {
        failed_ = true;
        if (err == ENOENT && chosen_by == "xdg-open")
            message_ = "No editor to open " + file +
                       " with: $VISUAL and $EDITOR are not set and xdg-open is not installed (set VISUAL, e.g. "
                       "export VISUAL=gedit, and start Playbench again)";
        else
            message_ = "Could not start " + what + ": " + std::strerror(err);
        return false;
    }
    children_.push_back(Child{pid, what});
    failed_ = false;
    message_ = "Opened " + file + " with " + what;
    return true;
}

void EditorLauncher::poll() {
    for (auto it = children_.begin(); it != children_.end();) {
        int status = 0;
        const pid_t r = waitpid(it->pid, &status, WNOHANG);
        if (r == 0) {
            ++it;
            continue;
        }
        if (r == it->pid && ((WIFEXITED(status) && WEXITSTATUS(status) != 0) || WIFSIGNALED(status))) {
            failed_ = true;
            message_ = it->what + (WIFEXITED(status) ? " failed: exit status " + std::to_string(WEXITSTATUS(status))
                                                     : " was killed by signal " + std::to_string(WTERMSIG(status)));
        }
        it = children_.erase(it);
    }
}

// --- New Lua team... ---

std::string starter_script(const std::string& team_name) {
    const std::string stem = stem_of(team_name);
    return "-- " + team_name +
           "'s team in Lua (docs/lua-teams.md). Edit and save: Playbench reloads it while the match runs.\n"
           "name = \"" +
           stem +
           "\"\n"
           "description = \"Every pod chases the ball; the carrier runs at the goal and shoots when close.\"\n"
           "\n"
           "-- Tunables: each is a slider in the Parameters tab (podball.teamN.script.shoot_range).\n"
           "params = {\n"
           "  shoot_range = { default = 0.3, min = 0.05, max = 1.0, label = \"Shoot range\", unit = \"arena widths\" "
           "},\n"
           "}\n"
           "\n"
           "-- Once per match. memory is the only table kept from call to call (and shown in the window).\n"
           "function init(settings, memory)\n"
           "  memory.shots = 0\n"
           "end\n"
           "\n"
           "-- Every ctrl_step ticks. The team sees itself attacking +x: the goal to score in is at\n"
           "-- x = arena_width / 2. actions[i] tells pod i what to do (nil: stand still).\n"
           "function play(world, memory, actions)\n"
           "  local goal_x = world.settings.arena_width / 2\n"
           "  local ball = world.ball\n"
           "  for i, pod in ipairs(world.own) do\n"
           "    if ball.owner == \"own\" and ball.owner_index == i then\n"
           "      -- this pod has the ball: towards the goal, and shoot once within range\n"
           "      local x, y = vec.norm(goal_x - ball.pos.x, -ball.pos.y)\n"
           "      if vec.dist(ball.pos.x, ball.pos.y, goal_x, 0) < world.params.shoot_range then\n"
           "        actions[i] = { kind = \"shoot\", x = x, y = y }\n"
           "        memory.shots = memory.shots + 1\n"
           "      else\n"
           "        actions[i] = { kind = \"move\", x = x, y = y }\n"
           "      end\n"
           "    else\n"
           "      -- everyone else runs at the ball\n"
           "      local x, y = vec.norm(ball.pos.x - pod.pos.x, ball.pos.y - pod.pos.y)\n"
           "      actions[i] = { kind = \"move\", x = x, y = y }\n"
           "    end\n"
           "  end\n"
           "end\n";
}

std::optional<std::string> write_new_script(const std::string& folder, const std::string& stem, const std::string& text,
                                            std::string& error) {
    namespace fs = std::filesystem;
    std::string tmp = (fs::path(folder) / ("." + stem + ".lua.XXXXXX")).string();
    const int fd = mkstemp(tmp.data());
    if (fd < 0) {
        error = "cannot write in " + folder + ": " + std::strerror(errno);
        return std::nullopt;
    }
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
    }
    const bool written = done == text.size() && ::fsync(fd) == 0;
    const int write_errno = errno;
    ::close(fd);
    if (!written) {
        ::unlink(tmp.c_str());
        error = "cannot write " + tmp + ": " + std::strerror(write_errno);
        return std::nullopt;
    }
    // link() never replaces a file: a name taken (even a moment ago) moves on to the next.
    for (int n = 1; n < 1000; ++n) {
        const std::string name = n == 1 ? stem + ".lua" : stem + "_" + std::to_string(n) + ".lua";
        const std::string path = (fs::path(folder) / name).string();
        if (::link(tmp.c_str(), path.c_str()) == 0) {
            ::unlink(tmp.c_str());
            return path;
        }
        if (errno != EEXIST) {
            error = "cannot write " + path + ": " + std::strerror(errno);
            ::unlink(tmp.c_str());
            return std::nullopt;
        }
    }
    ::unlink(tmp.c_str());
    error = "every name from " + stem + ".lua to " + stem + "_999.lua is taken in " + folder;
    return std::nullopt;
}

// --- the panel ---

std::string ScriptPanels::script_file(const PodballWorld& w, int team, std::string& why) {
    const podball::TeamInfo& info = w.teams()[static_cast<std::size_t>(team)];
    if (!podball::is_lua_module(info.module)) {
        why = info.name + " plays " + info.module + ", not a Lua script";
        return {};
    }
    const std::filesystem::path written(info.module.substr(std::string_view(podball::kLuaModulePrefix).size()));
    if (written.is_absolute()) return written.lexically_normal().string();
    if (info.folder.empty()) {
        why = "\"" + info.module +
              "\" is relative to the scenario's folder, and this scenario has no file (untitled, or played from a "
              "replay, which carries the script's text)";
        return {};
    }
    return (std::filesystem::path(info.folder) / written).lexically_normal().string();
}

void ScriptPanels::open_in_editor(const PodballWorld& w, int team) {
    std::string why;
    const std::string file = script_file(w, team, why);
    if (file.empty()) {
        message_[team] = "Cannot open the script: " + why;
        return;
    }
    editor_.open(file);
    message_[team] = editor_.message();
}

std::optional<Command> ScriptPanels::new_lua_team(const PodballWorld& w, int team) {
    const podball::TeamInfo& info = w.teams()[static_cast<std::size_t>(team)];
    if (info.folder.empty()) {
        message_[team] =
            "This scenario is untitled: it has no file, so no folder to write a script beside. Save it first "
            "(File > Save As), then New Lua team... writes the script there.";
        return std::nullopt;
    }
    std::string error;
    const std::string text = starter_script(info.name);
    const auto path = write_new_script(info.folder, stem_of(info.name), text, error);
    if (!path) {
        message_[team] = "New Lua team: " + error;
        return std::nullopt;
    }
    const std::string name = std::filesystem::path(*path).filename().string();
    editor_.open(*path);
    // The switch is an edit (engine/podball/commands.hpp, team.module): undo takes it back, a
    // recording carries the text, File > Save writes the module into the scenario's [teamN].
    message_[team] = "Wrote " + *path + ": " + info.name + " plays it from its next call (Undo switches back to " +
                     info.module +
                     "). Saving the file reloads it. File > Save keeps it in the scenario; its tunables " +
                     "become sliders when the scenario is opened again. " + editor_.message() + ".";
    return to_command(podball::TeamModuleSet{.team = team, .module = podball::kLuaModulePrefix + name, .text = text},
                      w.tick());
}

void ScriptPanels::toggle_pin(int team, const std::string& path) {
    const auto it = std::find_if(pins_.begin(), pins_.end(),
                                 [&](const PinnedValue& p) { return p.team() == team && p.path() == path; });
    if (it != pins_.end())
        pins_.erase(it);
    else
        pins_.emplace_back(team, path);
}

void ScriptPanels::observe(const PodballWorld& w) {
    if (pins_.empty()) return;
    // Every tick while a value is pinned, so only the teams with a pin, and memory parsed again
    // only when its text changed (most ticks of most scripts keep it).
    for (int team = 0; team < 2; ++team) {
        if (std::none_of(pins_.begin(), pins_.end(), [&](const PinnedValue& p) { return p.team() == team; })) continue;
        const podball::LuaTeamModule* lua = podball::as_lua_module(w.team_module(team));
        if (!lua) {
            observed_json_[team].clear();
            observed_[team].reset();
        } else {
            JsonWriter json(false);
            lua->write_memory(json);
            if (!observed_[team] || json.str() != observed_json_[team]) {
                std::string error;
                observed_json_[team] = json.str();
                observed_[team] = parse_memory(observed_json_[team], error);
            }
        }
        const std::optional<MemoryNode>& root = observed_[team];
        for (PinnedValue& p : pins_)
            if (p.team() == team) p.observe(w.tick(), root ? memory_number(*root, p.path()) : std::nullopt);
    }
}

void ScriptPanels::begin_frame(const PodballWorld& w) {
    editor_.poll();
    observe(w);
    for (int team = 0; team < 2; ++team) {
        shown_[team].clear();
        charted_[team].clear();
        budget_[team] = 0.0;
    }
}

void ScriptPanels::draw_team(const PodballWorld& w, const podball::LuaTeamModule& lua, int team, const CanvasFrame& f) {
    const std::string id = "podball.script." + std::to_string(team);
    if (ImGui::SmallButton(("Open in editor##" + id).c_str())) open_in_editor(w, team);
    if (ImGui::IsItemHovered()) {
        std::string why, chosen_by;
        const std::string file = script_file(w, team, why);
        ImGui::SetTooltip("%s", file.empty() ? why.c_str()
                                             : ("Runs " + joined(EditorLauncher::command_for(file, chosen_by)) + " (" +
                                                chosen_by + "; else $EDITOR, else xdg-open)")
                                                   .c_str());
    }
    if (f.widgets) f.widgets->record_last_item(id + ".open_editor");
    if (!message_[team].empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(editor_.failed() ? palette::kChangedMark : palette::kDimText, "%s", message_[team].c_str());
        ImGui::PopTextWrapPos();
    }
    draw_source(lua, id, f);

    // The last faults first: how often, when, and the message with its PATH:LINE.
    std::vector<const podball::LuaFault*> faults;
    for (const podball::LuaFault& fault : lua.faults()) faults.push_back(&fault);
    std::sort(faults.begin(), faults.end(), [](auto* a, auto* b) { return a->last_tick > b->last_tick; });
    constexpr std::size_t kShownFaults = 5;
    ImGui::PushTextWrapPos(0.0f);
    if (faults.empty()) ImGui::TextColored(palette::kDimText, "No faults.");
    for (std::size_t i = 0; i < std::min(kShownFaults, faults.size()); ++i)
        ImGui::TextColored(palette::kChangedMark, "%s, ticks %lld-%lld: %s",
                           count_of(faults[i]->count, "fault").c_str(), static_cast<long long>(faults[i]->first_tick),
                           static_cast<long long>(faults[i]->last_tick), faults[i]->message.c_str());
    if (faults.size() > kShownFaults)
        ImGui::TextColored(palette::kDimText, "and %zu older distinct faults", faults.size() - kShownFaults);
    ImGui::PopTextWrapPos();
    if (f.widgets) f.widgets->record_last_item(id + ".faults");

    draw_instructions(lua, team, id, f);
    draw_memory(lua, team, id, f);
}

void ScriptPanels::draw_source(const podball::LuaTeamModule& lua, const std::string& id, const CanvasFrame& f) {
    const std::string& text = lua.script().text;
    std::vector<std::pair<std::size_t, std::size_t>> lines;   // begin, end
    for (std::size_t begin = 0; begin <= text.size();) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        lines.emplace_back(begin, end);
        begin = end + 1;
        if (end == text.size()) break;
    }
    const std::map<int, std::int64_t> marked = fault_lines(lua);
    ImGui::TextColored(palette::kDimText, "%s, %s%s", lua.script().written.c_str(),
                       count_of(static_cast<long long>(lines.size()), "line").c_str(),
                       marked.empty() ? "" : "; lines with faults are marked");
    ImGui::PushFont(mono_font());
    const float line_h = ImGui::GetTextLineHeightWithSpacing();
    ImGui::BeginChild((id + ".source").c_str(), ImVec2(0.0f, line_h * 14.0f + 8.0f * f.ui_scale), true,
                      ImGuiWindowFlags_HorizontalScrollbar);
    const int digits = static_cast<int>(std::to_string(lines.size()).size());
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(lines.size()));
    // The marked lines are always laid out, so their rectangles are known (and the first one can
    // be scrolled to) even when scrolled away.
    for (const auto& [line, count] : marked)
        if (line >= 1 && line <= static_cast<int>(lines.size())) clipper.ForceDisplayRangeByIndices(line - 1, line);
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const auto mark = marked.find(i + 1);
            if (mark != marked.end()) {
                const ImVec2 p = ImGui::GetCursorScreenPos();
                Painter::window().AddRectFilled(
                    p, ImVec2(p.x + ImGui::GetContentRegionAvail().x + ImGui::GetScrollMaxX() + 4096.0f, p.y + line_h),
                    palette::with_alpha(IM_COL32(230, 80, 60, 255), 70));
            }
            ImGui::TextColored(mark != marked.end() ? palette::kChangedMark : palette::kDimText, "%*d%s", digits, i + 1,
                               mark != marked.end() ? "!" : " ");
            ImGui::SameLine();
            const auto [b, e] = lines[static_cast<std::size_t>(i)];
            ImGui::TextUnformatted(text.data() + b, text.data() + e);
            if (mark != marked.end()) {
                if (ImGui::IsItemHovered())
                    ImGui::SetTooltip("%s on this line", count_of(mark->second, "fault").c_str());
                if (f.widgets) f.widgets->record_last_item(id + ".fault_line." + std::to_string(i + 1));
            }
        }
    }
    ImGui::EndChild();
    ImGui::PopFont();
    if (f.widgets) f.widgets->record_last_item(id + ".source");
}

void ScriptPanels::draw_instructions(const podball::LuaTeamModule& lua, int team, const std::string& id,
                                     const CanvasFrame& f) {
    const auto& costs = lua.call_costs();
    if (costs.empty()) {
        ImGui::TextColored(palette::kDimText, "Instructions per call: no play call yet.");
        return;
    }
    ChartSpec spec;
    const std::string chart_id = id + ".instructions";
    spec.id = chart_id.c_str();
    spec.height = 70.0f;
    spec.x = ChartAxis{"tick of the call", "", static_cast<double>(costs.front().tick),
                       static_cast<double>(costs.back().tick)};
    spec.y = ChartAxis{"Lua instructions per play call", "", 0.0, 1.0};
    ChartSeries used, budget;
    used.name = "used";
    used.colour = palette::kTeam[team];
    budget.name = "budget (podball.script.instructions)";
    budget.colour = IM_COL32(230, 80, 60, 255);
    budget.dashed = true;
    std::int64_t most = 0;
    for (const podball::LuaCallCost& c : costs) {
        used.x.push_back(static_cast<double>(c.tick));
        used.y.push_back(static_cast<double>(c.instructions));
        budget.x.push_back(static_cast<double>(c.tick));
        budget.y.push_back(static_cast<double>(c.budget));
        most = std::max(most, c.instructions);
        spec.y.max = std::max({spec.y.max, static_cast<double>(c.instructions), static_cast<double>(c.budget)});
    }
    charted_[team] = used.y;
    budget_[team] = static_cast<double>(costs.back().budget);
    spec.series = {std::move(used), std::move(budget)};
    const podball::LuaCallCost& last = costs.back();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(
        palette::kDimText,
        "Instructions, the last %zu play calls: the last used %lld of its %lld (%.1f %%), the most %lld. "
        "Counted every %lld instructions, so a call may have run up to that many more.",
        costs.size(), static_cast<long long>(last.instructions), static_cast<long long>(last.budget),
        last.budget > 0 ? 100.0 * static_cast<double>(last.instructions) / static_cast<double>(last.budget) : 0.0,
        static_cast<long long>(most), static_cast<long long>(podball::LuaTeamModule::instruction_resolution()));
    ImGui::PopTextWrapPos();
    ImGui::BeginGroup();
    draw_chart(spec);
    ImGui::EndGroup();
    if (f.widgets) f.widgets->record_last_item(chart_id);
}

void ScriptPanels::draw_memory(const podball::LuaTeamModule& lua, int team, const std::string& id,
                               const CanvasFrame& f) {
    JsonWriter json(false);
    lua.write_memory(json);
    std::string error;
    const std::optional<MemoryNode> root = parse_memory(json.str(), error);
    ImGui::TextColored(palette::kDimText, "memory at tick %lld (hover a value for its path; pin a number to chart it)",
                       static_cast<long long>(lua.call_costs().empty() ? -1 : lua.call_costs().back().tick));
    ImGui::BeginChild((id + ".memory").c_str(), ImVec2(0.0f, 180.0f * f.ui_scale), true,
                      ImGuiWindowFlags_HorizontalScrollbar);
    std::set<std::string> pinned;
    for (const PinnedValue& p : pins_)
        if (p.team() == team) pinned.insert(p.path());
    std::optional<std::string> toggled;
    if (root)
        draw_memory_tree(*root, id + ".memory", pinned, toggled, shown_[team], f.widgets);
    else
        ImGui::TextColored(palette::kChangedMark, "%s", error.c_str());
    ImGui::EndChild();
    if (f.widgets) f.widgets->record_last_item(id + ".memory");
    if (toggled) toggle_pin(team, *toggled);
    toggled.reset();

    // The pinned values over match time, one series each; a click on a name below unpins it.
    std::vector<const PinnedValue*> mine;
    for (const PinnedValue& p : pins_)
        if (p.team() == team) mine.push_back(&p);
    if (mine.empty()) return;
    ChartSpec spec;
    const std::string chart_id = id + ".pins";
    spec.id = chart_id.c_str();
    spec.height = 80.0f;
    spec.x = ChartAxis{"tick", "", 0.0, 1.0};
    spec.y = ChartAxis{"pinned values", "", 0.0, 0.0};
    bool first = true;
    for (std::size_t i = 0; i < mine.size(); ++i) {
        ChartSeries s;
        s.name = mine[i]->path();
        s.colour = kPinColours[i % std::size(kPinColours)];
        mine[i]->points(s.x, s.y);
        for (std::size_t k = 0; k < s.x.size(); ++k) {
            spec.x.min = first ? s.x[k] : std::min(spec.x.min, s.x[k]);
            spec.x.max = first ? s.x[k] : std::max(spec.x.max, s.x[k]);
            spec.y.min = first ? s.y[k] : std::min(spec.y.min, s.y[k]);
            spec.y.max = first ? s.y[k] : std::max(spec.y.max, s.y[k]);
            first = false;
        }
        spec.series.push_back(std::move(s));
    }
    ImGui::BeginGroup();
    draw_chart(spec);
    ImGui::EndGroup();
    if (f.widgets) f.widgets->record_last_item(chart_id);
    for (const PinnedValue* p : mine) {
        const std::string label = "unpin " + p->path() + "##" + id;
        if (ImGui::SmallButton(label.c_str())) toggled = p->path();
        ImGui::SameLine();
    }
    ImGui::NewLine();
    if (toggled) toggle_pin(team, *toggled);
}

std::optional<Command> ScriptPanels::draw_new_team_buttons(const PodballWorld& w, const CanvasFrame& f) {
    editor_.poll();
    std::optional<Command> asked;
    for (int team = 0; team < 2; ++team) {
        const podball::TeamInfo& info = w.teams()[static_cast<std::size_t>(team)];
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kTeam[team]), "%s", info.name.c_str());
        ImGui::SameLine();
        ImGui::TextColored(palette::kDimText, "plays %s", info.module.c_str());
        ImGui::SameLine();
        const std::string label = "New Lua team...##" + std::to_string(team);
        if (ImGui::SmallButton(label.c_str()))
            if (auto c = new_lua_team(w, team)) asked = std::move(c);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Writes a commented starter script for %s beside the scenario, opens it in the editor "
                "and switches the team to it (Undo switches back)",
                team_name(w, team).c_str());
        if (f.widgets) f.widgets->record_last_item("podball.new_lua_team." + std::to_string(team));
        if (!message_[team].empty()) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(palette::kDimText, "%s", message_[team].c_str());
            ImGui::PopTextWrapPos();
        }
    }
    return asked;
}

}   // namespace pb::ui
