// The soak test (docs/testing.md#the-suites): every shipped scenario (scenarios/*.toml, globbed)
// drawn through the real shell and views on an offscreen renderer, running as the window runs it,
// at every tick for its first 600 ticks and at sampled ticks up to 20,000, at 1280x800 and
// 1920x1080, with everything the lab's view offers switched on (ui/soak_setup.hpp), the side
// panel's tabs cycled, the mouse wandering over the window (hover readouts and tooltips), and
// random edits submitted as commands while it plays: param.set of a random parameter to a random
// in-range value, and a random command of the lab's own (built from the lab's command specs, so
// every lab and every command is covered without a list to keep up to date). Refused commands are
// fine. Every Podball scenario plays a Lua team (examples/lua/chaser.lua as team 1 where no team
// plays a script: podball::with_lua_team), so the Lua runtime and its panels are soaked too.
//
// Fails on: a bad value in the draw data (a NaN or infinity in a vertex or clip rectangle), a
// value the painters refused (draw_fault_log), a frame whose build takes over 200 ms (a
// sanitizer build is given kSanitizerSlowdown times that), an exception out of the simulation,
// and of course a crash or a sanitizer report (the ASan build aborts the process).
//
// Only a sample of the frames is rasterised (1 in kRasteriseEvery) so the rasteriser runs too.
// PLAYBENCH_SOAK_SCALE=N (environment) multiplies the sampled ticks' density for a longer soak.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/command.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/setup.hpp"
#include "engine/podball/world.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/render/painter.hpp"
#include "ui/shell/shell.hpp"
#include "ui/soak_setup.hpp"

using namespace pb;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr double kSanitizerSlowdown = 6.0;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr double kSanitizerSlowdown = 6.0;
#else
constexpr double kSanitizerSlowdown = 1.0;
#endif
#else
constexpr double kSanitizerSlowdown = 1.0;
#endif

// Every Podball scenario is drawn with a Lua team (ui/soak_setup.hpp): this script plays team 1
// where no team plays one already.
const std::string kLuaTeam = std::string(PLAYBENCH_SOURCE_DIR) + "/examples/lua/chaser.lua";

constexpr double kFrameBudgetMs = 200.0;
constexpr std::int64_t kEveryTickUntil = 600;
constexpr std::int64_t kLastTick = 20000;
constexpr std::int64_t kSampleEvery = 200;   // ticks between samples after kEveryTickUntil
constexpr std::int64_t kEditEvery = 50;      // ticks between random edits after kEveryTickUntil
constexpr int kRasteriseEvery = 50;

struct Size {
    int width, height;
};
constexpr Size kSizes[] = {{1280, 800}, {1920, 1080}};

std::vector<std::filesystem::path> scenario_files() {
    std::vector<std::filesystem::path> files;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::filesystem::path(PLAYBENCH_SOURCE_DIR) / "scenarios"))
        if (entry.is_regular_file() && entry.path().extension() == ".toml") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

int soak_scale() {
    const char* text = std::getenv("PLAYBENCH_SOAK_SCALE");
    int scale = text ? std::atoi(text) : 1;
    return std::clamp(scale, 1, 100);
}

// ------------------------------------------------------------------ random edits

// A number for an argument of range [min, max]: mostly at a scale a world uses (unit-sized
// arenas, tile maps, thousands of qu), sometimes at the range's ends.
double random_number(Rng& rng, double min, double max) {
    const double pick = rng.uniform();
    if (pick < 0.08) return min;
    if (pick < 0.16) return max;
    static constexpr double kScales[] = {1.0, 60.0, 5000.0};
    const double s = kScales[rng.below(3)];
    const double lo = std::max(min, -s), hi = std::min(max, s);
    if (lo >= hi) return std::clamp(0.0, min, max);
    return rng.uniform(lo, hi);
}

CommandValue random_arg(Rng& rng, const ArgSpec& a) {
    switch (a.kind) {
        case ArgKind::Boolean: return rng.below(2) == 1;
        case ArgKind::Integer: {
            // Ids and indices: mostly small (they name things that exist), sometimes anywhere.
            const double lo = std::max(a.min, -1e6), hi = std::min(a.max, 1e6);
            if (rng.uniform() < 0.8) {
                const double small_hi = std::min(hi, std::max(lo, 0.0) + 40.0);
                return static_cast<std::int64_t>(std::floor(rng.uniform(lo, small_hi + 1.0)));
            }
            return static_cast<std::int64_t>(std::clamp(std::floor(random_number(rng, lo, hi)), lo, hi));
        }
        case ArgKind::Number: return random_number(rng, a.min, a.max);
        case ArgKind::String:
            if (!a.choices.empty()) return a.choices[rng.below(a.choices.size())];
            {
                static const char* kWords[] = {"poison", "slow", "burn", "acid", "freeze", "x"};
                return std::string(kWords[rng.below(6)]);
            }
    }
    return false;
}

// param.set of a random parameter to a random value in its range.
Command random_param_edit(const LabInfo& lab, Rng& rng) {
    const ParamTable& table = *lab.params;
    const ParamDef& d = table[rng.below(table.size())];
    double value = random_number(rng, d.min, d.max);
    if (d.type == ParamType::Boolean) value = rng.below(2) ? 1.0 : 0.0;
    if (d.type == ParamType::Integer) value = std::clamp(std::round(value), d.min, d.max);
    return make_param_set(0, d.key, value);
}

// One of the lab's own commands (pod.place, rgs.place, rgs.damage, target.place, tower.place,
// room.move, ...) with random arguments: required ones always, optional ones half the time.
Command random_lab_command(const LabInfo& lab, Rng& rng) {
    const CommandSpec& spec = lab.commands[rng.below(lab.commands.size())];
    Command c;
    c.type = spec.type;
    for (const ArgSpec& a : spec.args)
        if (a.required || rng.below(2) == 0) c.set(a.name, random_arg(rng, a));
    return c;
}

// ------------------------------------------------------------------ one soak run

struct Soak {
    std::string scenario;
    Size size;
    Simulation sim;
    ui::OffscreenRenderer renderer;
    ui::Shell shell;
    Rng rng;
    const LabInfo& lab;
    std::int64_t frames = 0, rasterised = 0, edits = 0, refused = 0;
    double slowest_ms = 0.0, build_ms_total = 0.0;
    std::int64_t slowest_tick = 0;
    int variant = 0;

    Soak(const std::filesystem::path& path, Size s, std::uint64_t seed)
        : scenario(path.filename().string()),
          size(s),
          sim(podball::with_lua_team(load_scenario_file(path.string()), kLuaTeam)),
          renderer(s.width, s.height),
          shell(sim, options()),
          rng(seed),
          lab(sim.world().lab()) {
        shell.set_paused(false);
    }
    static ui::ShellOptions options() {
        ui::ShellOptions o;
        o.start_paused = false;
        return o;
    }

    std::string where() const {
        std::ostringstream out;
        out << scenario << " at " << size.width << "x" << size.height << ", tick " << sim.tick();
        return out.str();
    }

    // Submits a random edit now (as the side panel or a tool would, at the current tick); in
    // compare mode to A or to B.
    void edit() {
        Command c =
            (lab.commands.empty() || rng.below(2) == 0) ? random_param_edit(lab, rng) : random_lab_command(lab, rng);
        ++edits;
        Simulation& target = shell.comparing() && rng.below(2) == 0 ? shell.compare()->sim() : shell.simulation();
        c.tick = target.tick();
        if (target.submit(std::move(c))) ++refused;
    }

    // Ticks through the shell's tick path (the lab view sees each), with an edit every
    // `edit_every` ticks. False (with the failure reported) when the simulation threw.
    bool run(std::int64_t ticks, std::int64_t edit_every) {
        for (std::int64_t i = 0; i < ticks; ++i) {
            if (edit_every > 0 && shell.simulation().tick() % edit_every == 0) edit();
            try {
                shell.run_ticks(1);
            } catch (const std::exception& e) {
                FAIL_CHECK("the simulation threw at " << where() << ": " << e.what());
                return false;
            }
        }
        return true;
    }

    // Builds one frame through the real shell and views; checks it. False on a failure.
    bool frame() {
        // Every few frames: another side panel tab, another set of view options, the mouse
        // somewhere else (over the canvas, a panel, off the window).
        if (frames % 7 == 0) {
            static constexpr ui::SideTab kTabs[] = {ui::SideTab::Tools, ui::SideTab::Parameters, ui::SideTab::Analysis,
                                                    ui::SideTab::Compare};
            shell.select_side_tab(kTabs[(frames / 7) % (shell.comparing() ? 4 : 3)]);
        }
        if (shell.comparing() && frames % 11 == 0) {
            // Compare mode: the Edit switch and the ghost view change now and then.
            static constexpr ui::CompareEdit kEdits[] = {ui::CompareEdit::A, ui::CompareEdit::B, ui::CompareEdit::Both};
            shell.compare()->set_edit(kEdits[rng.below(3)]);
            shell.compare()->set_ghost(rng.below(3) == 0);
        }
        if (frames % 23 == 0) variant = static_cast<int>(rng.below(8));
        ui::switch_everything_on(shell, variant);
        if (frames % 5 == 0) {
            if (rng.below(4) == 0)
                renderer.set_mouse(std::nullopt);
            else
                renderer.set_mouse(std::make_pair(static_cast<float>(rng.uniform(0.0, size.width)),
                                                  static_cast<float>(rng.uniform(0.0, size.height))));
        }
        ui::reset_draw_faults();
        ui::FrameReport report = renderer.build_frame(shell);
        ++frames;
        build_ms_total += report.build_ms;
        if (!report.fault.empty()) {
            FAIL_CHECK("bad draw data at " << where() << ": " << report.fault);
            return false;
        }
        const ui::DrawFaultLog& faults = ui::draw_fault_log();
        if (faults.count > 0) {
            FAIL_CHECK("the painters refused " << faults.count << " value(s) at " << where()
                                               << "; first: " << faults.first);
            return false;
        }
        // The first frames settle the layout and upload the font texture: not timed. The budget
        // is on the thread's CPU time: the test machine is shared, wall time says more about the
        // neighbours than about the frame.
        if (frames > 3 && report.build_cpu_ms > slowest_ms) {
            slowest_ms = report.build_cpu_ms;
            slowest_tick = shell.simulation().tick();
        }
        if (frames > 3 && report.build_cpu_ms > kFrameBudgetMs * kSanitizerSlowdown) {
            FAIL_CHECK("a frame took " << report.build_cpu_ms << " ms (CPU; " << report.build_ms
                                       << " ms wall) to build (budget " << kFrameBudgetMs * kSanitizerSlowdown
                                       << " ms) at " << where());
            return false;
        }
        if (frames % kRasteriseEvery == 1) {
            renderer.rasterise();
            ++rasterised;
            // PLAYBENCH_SOAK_PNG=DIR keeps the rasterised frames, to look at what the soak drew.
            if (const char* dir = std::getenv("PLAYBENCH_SOAK_PNG")) {
                std::string error;
                std::ostringstream name;
                name << dir << "/" << scenario << "-" << size.width << "-t" << shell.simulation().tick() << ".png";
                CHECK_MESSAGE(renderer.write_png(name.str(), error), error);
            }
        }
        return true;
    }
};

void soak_scenario(const std::filesystem::path& path) {
    const int scale = soak_scale();
    for (const Size& size : kSizes) {
        CAPTURE(size.width);
        auto start = std::chrono::steady_clock::now();
        // FNV-1a of the file name and the width: the same edits on every run and platform.
        std::uint64_t seed = 1469598103934665603ull ^ static_cast<std::uint64_t>(size.width);
        for (char ch : path.filename().string()) seed = (seed ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
        Soak s(path, size, seed);
        REQUIRE_MESSAGE(s.renderer.ok(), s.renderer.error());
        ui::switch_everything_on(s.shell, 0);
        bool ok = true;
        // Every tick for the first ticks, an edit every 5.
        while (ok && s.shell.simulation().tick() < kEveryTickUntil) ok = s.run(1, 5) && s.frame();
        // Then sampled ticks: the ticks between samples run through the shell (an edit every
        // kEditEvery ticks),
        // a few frames at each sample.
        const std::int64_t step = std::max<std::int64_t>(1, kSampleEvery / scale);
        while (ok && s.shell.simulation().tick() < kLastTick) {
            const std::int64_t ticks = std::min(step, kLastTick - s.shell.simulation().tick());
            ok = s.run(ticks, kEditEvery);
            for (int i = 0; ok && i < 3; ++i) ok = s.frame();
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        MESSAGE(s.scenario << " " << size.width << "x" << size.height << ": tick " << s.shell.simulation().tick()
                           << ", " << s.frames << " frames built (" << s.rasterised
                           << " rasterised), mean build (wall) "
                           << s.build_ms_total / std::max<std::int64_t>(1, s.frames) << " ms, slowest (CPU) "
                           << s.slowest_ms << " ms at tick " << s.slowest_tick << "; " << s.edits << " edits ("
                           << s.refused << " refused); " << seconds << " s");
    }
}

// Compare mode (docs/compare.md#compare-mode-in-the-window): each lab's default scenario forked
// into A and B at tick 100, B's key parameter changed, both drawn side by side (or ghosted) with
// random edits on either side, every tick for 300 ticks, then sampled to 5,000.
void soak_compare(const std::string& file, const char* key, double value) {
    const std::filesystem::path path = std::filesystem::path(PLAYBENCH_SOURCE_DIR) / "scenarios" / file;
    std::uint64_t seed = 1469598103934665603ull ^ 7ull;
    for (char ch : file) seed = (seed ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
    Soak s(path, kSizes[0], seed);
    REQUIRE_MESSAGE(s.renderer.ok(), s.renderer.error());
    ui::switch_everything_on(s.shell, 0);
    bool ok = s.run(100, 0) && s.frame();
    REQUIRE(s.shell.start_compare());
    REQUIRE_FALSE(s.shell.compare()->set_param(key, value));
    while (ok && s.sim.tick() < 400) ok = s.run(1, 5) && s.frame();
    while (ok && s.sim.tick() < 5000) {
        ok = s.run(200, kEditEvery);
        for (int i = 0; ok && i < 3; ++i) ok = s.frame();
    }
    CHECK(s.shell.comparing());
    CHECK(s.shell.compare()->sim().tick() == s.sim.tick());   // still in lockstep
    MESSAGE("compare " << file << ": tick " << s.sim.tick() << ", " << s.frames << " frames, " << s.edits << " edits ("
                       << s.refused << " refused), slowest (CPU) " << s.slowest_ms << " ms");
}

}   // namespace

TEST_CASE("soak: compare mode in every lab, A and B drawn with random edits on both sides to 5,000 ticks") {
    SUBCASE("podball") { soak_compare("podball-default.toml", "podball.ball.friction", 0.004); }
    SUBCASE("rgs") { soak_compare("rgs-build-order.toml", "rgs.economy.half_life", 30); }
    SUBCASE("logistics") { soak_compare("logistics-colony.toml", "logistics.transporter.capacity", 100); }
    SUBCASE("effects") { soak_compare("effects-three-waves.toml", "effects.creeps.hp_scale", 2); }
    SUBCASE("tasks") { soak_compare("tasks-toward-the-stars.toml", "tasks.limits.max_damage", 1); }
}

// Text that fits (docs/window.md#text-that-fits): every scenario at 1280x800 and 1920x1080, at
// the start, after 300 ticks and after 3,000, with each side panel tab and each "everything on"
// variant, the frame's text read back from its draw data (ui/render/text_check.hpp): nothing cut
// by its panel, column or button, nothing printed over other text, no canvas label out of the
// thing it labels. No random edits here: what a designer sees of the scenario as shipped.
TEST_CASE("soak: text fits its box and stays off other text, every scenario at 1280x800 and 1920x1080") {
    const std::vector<std::filesystem::path> files = scenario_files();
    REQUIRE(files.size() >= 10);
    for (const auto& file : files) {
        const std::string name = file.filename().string();
        SUBCASE(name.c_str()) {
            for (const Size& size : kSizes) {
                CAPTURE(size.width);
                Soak s(file, size, 1);
                REQUIRE_MESSAGE(s.renderer.ok(), s.renderer.error());
                std::vector<std::string> seen;   // each fault once per size
                for (const std::int64_t until : {std::int64_t{0}, std::int64_t{300}, std::int64_t{3000}}) {
                    REQUIRE(s.run(until - s.sim.tick(), 0));
                    for (const ui::SideTab tab : {ui::SideTab::Tools, ui::SideTab::Parameters, ui::SideTab::Analysis})
                        for (int variant = 0; variant < 4; ++variant) {
                            s.shell.select_side_tab(tab);
                            ui::switch_everything_on(s.shell, variant);
                            for (int i = 0; i < 3; ++i) s.renderer.build_frame(s.shell);   // the layout settles
                            for (const std::string& fault : s.renderer.check_text_fit()) {
                                if (std::find(seen.begin(), seen.end(), fault) != seen.end()) continue;
                                seen.push_back(fault);
                                FAIL_CHECK(fault << " (" << s.where() << ", tab " << ui::side_tab_key(tab)
                                                 << ", variant " << variant << ")");
                            }
                        }
                }
            }
        }
    }
}

TEST_CASE("soak: every Podball scenario it draws plays a Lua team") {
    int podball = 0;
    for (const auto& file : scenario_files()) {
        CAPTURE(file.filename().string());
        Soak s(file, kSizes[0], 1);
        if (s.lab.name != "podball") continue;
        ++podball;
        CHECK_FALSE(s.sim.scenario().setup->scripts().empty());
        // A team of the world is played by the script (not idled by a load error).
        const auto& w = dynamic_cast<const podball::PodballWorld&>(s.sim.world());
        CHECK((podball::as_lua_module(w.team_module(0)) || podball::as_lua_module(w.team_module(1))));
    }
    CHECK(podball >= 5);
}

// One subcase per scenario file, so a failure names it (`test_soak -sc="*logistics-large*"` runs one).
TEST_CASE("soak: every scenario drawn at every tick to 600, sampled to 20,000, with random edits") {
    const std::vector<std::filesystem::path> files = scenario_files();
    REQUIRE(files.size() >= 10);
    for (const auto& file : files) {
        const std::string name = file.filename().string();
        SUBCASE(name.c_str()) { soak_scenario(file); }
    }
}
