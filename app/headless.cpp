#include "app/headless.hpp"

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <utility>

#include "app/data_paths.hpp"
#include "app/offscreen.hpp"
#include "app/replay_cli.hpp"
#include "app/sweep_cli.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/param_overrides.hpp"
#include "engine/core/simulation.hpp"

namespace pb::app {

std::string default_scenario_path() { return data_file("scenarios/podball-default.toml"); }

static std::string hex64(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
    return buf;
}

bool load_with_overrides(const std::string& path, const std::vector<std::string>& sets, Scenario& out,
                         std::ostream& err) {
    try {
        out = load_scenario_file(path);
    } catch (const ScenarioError& e) {
        err << "playbench: cannot load scenario:\n" << e.what() << "\n";
        return false;
    }
    if (auto why = apply_param_overrides(out.params, sets)) {
        err << "playbench: " << *why << "\n";
        return false;
    }
    return true;
}

int run_scenario(const RunOptions& o, std::ostream& out, std::ostream& err) {
    Scenario s;
    if (!load_with_overrides(o.scenario, o.sets, s, err)) return 2;
    Simulation sim(std::move(s));
    sim.advance(o.ticks);
    const World& w = sim.world();
    if (o.json) {
        JsonWriter j;
        j.begin_object();
        j.field("lab", w.lab().name);
        j.field("tick", w.tick());
        j.field("hash", hex64(w.hash()));
        j.key("state");
        w.write_state(j);
        j.key("metrics");
        w.write_metrics(j);
        if (w.lab().run_json) w.lab().run_json(w, j);
        j.end_object();
        out << j.str() << "\n";
    } else {
        out << sim.scenario().title << " (" << w.lab().name << ", seed " << sim.scenario().seed << ")\n";
        out << "tick " << w.tick() << "   hash " << hex64(w.hash()) << "\n";
        out << w.summary() << "\n";
        if (w.lab().run_text) w.lab().run_text(w, out);
    }
    return 0;
}

int render_scenario(const RenderOptions& o, std::ostream& out, std::ostream& err) {
    if (o.out.empty()) {
        err << "playbench render: --out FILE.png is required\n";
        return 2;
    }
    Scenario s;
    if (!load_with_overrides(o.scenario, o.sets, s, err)) return 2;
    Simulation sim(std::move(s));
    std::string why;
    // The ticks run through the window's shell so the picture is what the window would show
    // after them (charts and heat maps filled since tick 0).
    if (!render_to_png(sim, o.width, o.height, o.out, why, o.ticks, o.tab)) {
        err << "playbench render: " << why << "\n";
        return 1;
    }
    out << "wrote " << o.out << " (" << o.width << "x" << o.height << ", tick " << sim.tick() << ")\n";
    return 0;
}

// Every row of `table` by section; with `values` (a scenario's), a value it sets other than the
// default is shown after the default.
static void print_rows(const ParamTable& table, const ParamSet* values, std::ostream& out) {
    for (const std::string& section : table.sections()) {
        out << "\n  [" << section << "]\n";
        for (std::size_t i = 0; i < table.size(); ++i) {
            const ParamDef& d = table[i];
            if (d.section() != section) continue;
            out << "  " << std::left << std::setw(36) << d.key << " default " << std::setw(10)
                << format_param_value(d, d.default_value);
            if (values && !values->is_default(i)) out << " set to " << format_param_value(d, (*values)[i]);
            if (d.is_choice())
                out << " one of " << choice_names(d) << " (or " << format_param_value(d, d.min) << " .. "
                    << format_param_value(d, d.max) << ")\n";
            else if (d.type == ParamType::Boolean)
                out << " switch: true or false\n";
            else
                out << " range " << format_param_value(d, d.min) << " .. " << format_param_value(d, d.max)
                    << (d.unit.empty() ? "" : "  (" + d.unit + ")") << "\n";
            out << "      " << d.label << ": " << d.description << "\n";
            for (std::size_t c = 0; c < d.choices.size(); ++c)
                out << "        " << format_param_value(d, d.min + static_cast<double>(c)) << " = " << d.choices[c].name
                    << ": " << d.choices[c].label << "\n";
        }
    }
}

static void print_table(const LabInfo& lab, std::ostream& out) {
    out << lab.title << " (" << lab.name << ") — " << lab.summary << "\n";
    print_rows(*lab.params, nullptr, out);
}

// A scenario's own table (docs/lua-teams.md#tunables-are-parameters): its lab's rows, then the
// rows its set-up adds (a Podball script's tunables, podball.teamN.script.NAME), with the values
// the file sets. Module libraries are described, never loaded: listing runs no code.
static int list_scenario_params(const std::string& path, std::ostream& out, std::ostream& err) {
    Scenario s;
    try {
        ScenarioLoadOptions options;
        options.modules = ModulePolicy::Describe;
        s = load_scenario_file(path, options);
    } catch (const ScenarioError& e) {
        err << "playbench params: cannot load scenario:\n" << e.what() << "\n";
        return 2;
    }
    const ParamTable& table = s.params.table();
    out << s.title << " (" << path << ", lab " << s.lab->name << "): " << table.size() << " parameters";
    if (const ParamTable* base = table.base()) out << ", " << table.size() - base->size() << " from its scripts";
    out << "\n";
    print_rows(table, &s.params, out);
    return 0;
}

int list_params(const std::string& lab_name, std::ostream& out, std::ostream& err) {
    if (lab_name.empty()) {
        bool first = true;
        for (const LabInfo* lab : all_labs()) {
            if (!first) out << "\n";
            first = false;
            print_table(*lab, out);
        }
        return 0;
    }
    const LabInfo* lab = find_lab(lab_name);
    if (!lab) {
        // Not a lab's name: a scenario file (a path, or a .toml name) lists its own table.
        if (lab_name.find('/') != std::string::npos || lab_name.ends_with(".toml") || std::filesystem::exists(lab_name))
            return list_scenario_params(lab_name, out, err);
        err << "playbench params: unknown lab '" << lab_name << "'" << did_you_mean_lab(lab_name)
            << " (allowed: " << lab_names() << ", or a scenario file)\n";
        return 2;
    }
    print_table(*lab, out);
    return 0;
}

static std::string scenario_path(const std::string& file) { return data_file("scenarios/" + file); }

// Each lab's example scenario (LabInfo::example_scenario): what `bench render` draws.
std::string lab_default_scenario(const std::string& lab) {
    const LabInfo* info = find_lab(lab);
    return info && !info->example_scenario.empty() ? scenario_path(info->example_scenario) : std::string();
}

// Each lab's default scenario at 1280x720 after 600 ticks through the window's shell (charts
// full), with every overlay, heat map, legend and line the view offers switched on, running:
// a tick between frames, frames drawn by the real UI code and rasterised by the software renderer.
static bool bench_render(std::ostream& out, std::ostream& err) {
    constexpr double kTargetMs = 15.0;
    constexpr std::int64_t kTicks = 600;
    constexpr int kFrames = 60;
    out << "render: each lab's default scenario at 1280x720 after " << kTicks
        << " ticks, everything on (heat maps, overlays, legends, lines), running, whole window drawn by "
           "Playbench's software rasteriser; mean of "
        << kFrames
        << " frames in CPU time (the renderer's thread; wall time in brackets); each frame is also "
           "rasterised by SDL's software renderer for comparison\n";
    bool all_met = true;
    for (const LabInfo* info : all_labs()) {
        const std::string& lab = info->name;
        const std::string& file = info->example_scenario;
        Scenario s;
        if (!load_with_overrides(scenario_path(file), {}, s, err)) return false;
        Simulation sim(std::move(s));
        RenderBench b;
        std::string why;
        if (!measure_render_everything_on(sim, 1280, 720, kTicks, kFrames, b, why)) {
            err << "render benchmark failed for " << file << ": " << why << "\n";
            return false;
        }
        const bool met = b.frame_ms < kTargetMs;
        all_met = all_met && met;
        out << "render " << std::left << std::setw(10) << lab << std::right << " " << std::setw(28) << file << ": "
            << std::fixed << std::setprecision(2) << b.frame_ms << " ms (target < 15 ms): " << (met ? "met" : "NOT MET")
            << "   [build " << b.build_ms << " + rasterise " << b.raster_ms << " ms; slowest frame " << b.slowest_ms
            << " ms; wall " << b.wall_ms << " ms; SDL's software renderer rasterises it in " << b.sdl_raster_ms
            << " ms: x" << std::setprecision(1) << (b.raster_ms > 0 ? b.sdl_raster_ms / b.raster_ms : 0.0)
            << " faster]\n";
        out.unsetf(std::ios::floatfield);
    }
    return all_met;
}

// Compare mode (docs/benchmarks.md#compare): a compared tick (A and B in lockstep, through the window's shell)
// against a single one, per lab, from tick 600 of the default scenario. Target: at most 2.1x.
static bool bench_compare(std::ostream& out, std::ostream& err) {
    constexpr double kTarget = 2.1;
    out << "compare: CPU time per tick through the window's shell (the view's per-tick work included), alone and in "
           "compare mode "
           "(A and B in lockstep), each lab's default scenario from tick 600, live play only (a match or level that "
           "ends "
           "starts again from tick 600); the ratio is the median of 41 paired segments, single and compared, and [the "
           "middle half]\n";
    bool all_met = true;
    for (const LabInfo* info : all_labs()) {
        const std::string& lab = info->name;
        const std::string& file = info->example_scenario;
        Scenario s;
        if (!load_with_overrides(scenario_path(file), {}, s, err)) return false;
        Simulation sim(std::move(s));
        sim.advance(600);
        CompareTickBench b;
        std::string why;
        // The cap on one stretch of live play; segments run ~10 ms of single ticks.
        const std::int64_t ticks = 200000;
        if (!measure_compare_ticks(sim, ticks, b, why)) {
            err << "compare benchmark failed for " << file << ": " << why << "\n";
            return false;
        }
        const double ratio = b.ratio;
        const bool met = ratio <= kTarget;
        all_met = all_met && met;
        out << "compare " << std::left << std::setw(10) << lab << std::right << " " << std::setw(28) << file << ": "
            << std::fixed << std::setprecision(2) << b.compared_us << " us a compared tick against " << b.single_us
            << " us alone: x" << ratio << " [x" << b.ratio_low << "-" << b.ratio_high
            << "] (target <= x2.1): " << (met ? "met" : "NOT MET") << "   (";
        if (b.live_ticks < ticks) out << "play ends after " << b.live_ticks << " ticks; ";
        out << b.ticks_a_segment << " ticks a segment)\n";
        out.unsetf(std::ios::floatfield);
    }
    return all_met;
}

int run_benchmarks(const std::string& what, std::ostream& out, std::ostream& err) {
    if (!what.empty() && what != "render" && what != "replay" && what != "sweep" && what != "compare" &&
        !find_lab(what)) {
        err << "playbench bench: unknown benchmark '" << what << "' (allowed: " << lab_names()
            << ", render, replay, sweep, compare)\n";
        return 2;
    }
    for (const LabInfo* lab : all_labs()) {
        if (!what.empty() && what != lab->name) continue;
        if (lab->bench) lab->bench(out);
    }
    if (what.empty() || what == "render") bench_render(out, err);
    bool ok = true;
    if (what.empty() || what == "compare") {
        const bool met = bench_compare(out, err);
        if (what == "compare") ok = met;
    }
    if (what.empty() || what == "replay") ok = bench_replay(out, err) == 0;
    // `bench sweep` exits 1 when a target is missed; the whole `bench` keeps its exit code as it
    // was (the labs' lines say NOT MET, the replay benchmark decides).
    if (what.empty() || what == "sweep") {
        const bool met = bench_sweep(out, err);
        if (what == "sweep") ok = met;
    }
    return ok ? 0 : 1;
}

}   // namespace pb::app
