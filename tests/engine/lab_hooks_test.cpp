// Every registered lab through every LabInfo hook (engine/core/lab.hpp): what the rest of
// Playbench asks a lab (undo, example scenario, sweep and compare results, playing to the end,
// quiet ticks, run's extras, the lab's own verbs) answered on a real world of that lab.
// A lab added to engine/labs.cpp without an entry in kEdits below fails here until it has one.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "engine/compare/compare.hpp"
#include "engine/core/inverse.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/simulation.hpp"
#include "engine/effects/commands.hpp"
#include "engine/effects/world.hpp"
#include "engine/logistics/commands.hpp"
#include "engine/logistics/world.hpp"
#include "engine/podball/commands.hpp"
#include "engine/podball/modules/library_module.hpp"
#include "engine/podball/world.hpp"
#include "engine/rgs/commands.hpp"
#include "engine/rgs/world.hpp"
#include "engine/sweep/sweep.hpp"
#include "engine/tasks/commands.hpp"
#include "engine/tasks/world.hpp"

using namespace pb;

namespace {

Scenario example_of(const LabInfo& lab) {
    REQUIRE_MESSAGE(!lab.example_scenario.empty(), lab.name << " has no example scenario");
    return load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + lab.example_scenario);
}

std::vector<std::string> known_paths(const World& w) {
    std::vector<std::string> out;
    for (auto& n : world_numbers(w)) out.push_back(std::move(n.path));
    return out;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

// One edit of each lab's own (not param.set) that changes its world, made from the world as it is.
const std::map<std::string, std::function<Command(const World&)>> kEdits = {
    {"podball", [](const World&) { return to_command(podball::BallPlace{.x = -0.2, .y = 0.1}); }},
    {"rgs",
     [](const World& w) {
         const auto& r = dynamic_cast<const rgs::RgsWorld&>(w).structures().at(0);
         return to_command(rgs::RgsMove{.id = r.id, .x = r.pos.x + 5.0, .y = r.pos.y, .z = r.pos.z});
     }},
    {"logistics",
     [](const World& w) {
         const auto& t = dynamic_cast<const logistics::LogisticsWorld&>(w).targets().at(0);
         return to_command(logistics::TargetSet{.id = t.id, .capacity = t.capacity * 2.0 + 10.0});
     }},
    {"effects",
     [](const World& w) {
         const auto& t = dynamic_cast<const effects::EffectsWorld&>(w).lanes().at(0).towers().at(0);
         return to_command(effects::TowerMove{.id = t.id, .x = t.def.pos.x + 1.0, .y = t.def.pos.y});
     }},
    {"tasks",
     [](const World& w) {
         const auto& room = dynamic_cast<const tasks::TasksWorld&>(w).ship().rooms.at(0);
         return to_command(tasks::RoomMove{.room = 0, .x = room.x + 1.0, .y = room.y + 1.0});
     }},
};

// Applies `c` at the current tick, then its inverse, and checks the world is back as it was.
void check_undo(Simulation& sim, Command c, const std::string& what) {
    c.tick = sim.tick();
    const std::uint64_t before = sim.world().hash();
    const std::unique_ptr<World> was = sim.world().clone();
    const Inverse inv = inverse_of(sim.world(), c);
    REQUIRE_MESSAGE(!inv.refused, what << ": " << inv.refused.value_or(""));
    REQUIRE_MESSAGE(!inv.commands.empty(), what);
    CHECK_FALSE(inv.name.empty());
    const auto refused = sim.submit(c);
    REQUIRE_MESSAGE(!refused, what << ": " << refused.value_or(""));
    REQUIRE_MESSAGE(sim.world().hash() != before, what << " changes nothing");
    for (Command undo : inv.commands) {
        undo.tick = sim.tick();
        const auto why = sim.submit(undo);
        REQUIRE_MESSAGE(!why, what << " undo: " << why.value_or(""));
    }
    for (const FieldDifference& d : diff_states(*was, sim.world()))
        CHECK_MESSAGE(d.path == "solves", what << ": its inverse leaves " << d.path << " changed");
    // Tasks counts its solves in its hash (an undo solves the ship again too): there every other
    // field must come back, the counter moves on.
    if (!sim.world().lab().quiet_ticks)
        CHECK_MESSAGE(sim.world().hash() == before, what << ": its inverse does not put the world back");
}

}   // namespace

TEST_CASE("lab hooks: every lab's example scenario loads as that lab and runs") {
    std::set<std::string> files;
    for (const LabInfo* lab : all_labs()) {
        CAPTURE(lab->name);
        CHECK(files.insert(lab->example_scenario).second);
        Simulation sim(example_of(*lab));
        CHECK(&sim.world().lab() == lab);
        const std::uint64_t start = sim.world().hash();
        sim.advance(600);
        CHECK(sim.tick() == 600);
        CHECK(sim.world().hash() != start);
        CHECK(sim.refused().empty());
    }
}

TEST_CASE("lab hooks: the inverse of a lab's own command and of param.set undo them on the example world") {
    for (const LabInfo* lab : all_labs()) {
        CAPTURE(lab->name);
        REQUIRE_MESSAGE(kEdits.count(lab->name), "lab " << lab->name << " has no edit in this test's kEdits");
        REQUIRE(lab->inverse);
        Simulation sim(example_of(*lab));
        sim.advance(60);
        check_undo(sim, kEdits.at(lab->name)(sim.world()), lab->name + " edit");

        // param.set, the core's: the first parameter that is not at its maximum, moved up.
        const ParamTable& table = *lab->params;
        std::size_t k = 0;
        while (k < table.size() && sim.world().params()[k] >= table[k].max) ++k;
        REQUIRE(k < table.size());
        double to = std::min(table[k].max, sim.world().params()[k] + (table[k].max - table[k].min) / 4.0);
        if (table[k].type != ParamType::Real) to = std::ceil(to);
        check_undo(sim, make_param_set(0, table[k].key, to), lab->name + " param.set " + table[k].key);
    }
}

TEST_CASE("lab hooks: a lab's default sweep and compare results are numbers its world prints") {
    for (const LabInfo* lab : all_labs()) {
        CAPTURE(lab->name);
        Simulation sim(example_of(*lab));
        const std::vector<std::string> known = known_paths(sim.world());
        REQUIRE_FALSE(lab->sweep_results.empty());
        for (const std::string& p : lab->sweep_results) CHECK_MESSAGE(contains(known, p), p);
        CHECK(default_sweep_results(lab->name) == lab->sweep_results);

        const std::vector<std::string> asked = lab->compare_results ? lab->compare_results(known) : lab->sweep_results;
        REQUIRE_FALSE(asked.empty());
        for (const std::string& p : asked) CHECK_MESSAGE(contains(known, p), p);
        // What compare uses: every one of them, in the lab's order.
        CHECK(compare_default_results(lab->name, known) == asked);
    }
    CHECK(default_sweep_results("no-such-lab").empty());
}

TEST_CASE("lab hooks: a lab that plays to the end finishes by itself, and compare plays its runs to it") {
    int playing = 0;
    for (const LabInfo* lab : all_labs()) {
        CAPTURE(lab->name);
        Simulation sim(example_of(*lab));
        CompareOptions o;
        o.seeds = 1;
        o.results = {lab->sweep_results.front()};
        o.threads = 1;
        if (!lab->plays_to_the_end) {
            const CompareReport r = run_compare(sim.scenario(), sim.scenario(), o);
            CHECK_FALSE(r.full_match);
            CHECK(r.ticks == 3600);
            continue;
        }
        ++playing;
        CHECK(labs_playing_to_the_end().find(lab->title) != std::string::npos);
        std::int64_t cap = 2000000;
        while (!sim.world().finished() && sim.tick() < cap) sim.step();
        REQUIRE(sim.world().finished());
        const std::int64_t end = sim.tick();
        CHECK(end > 0);
        const CompareReport r = run_compare(sim.scenario(), sim.scenario(), o);
        CHECK(r.full_match);
        REQUIRE(r.results.size() == 1);
    }
    CHECK(playing >= 1);
}

TEST_CASE("lab hooks: quiet ticks are promised by exactly the labs whose worlds change only their clock") {
    for (const LabInfo* lab : all_labs()) {
        CAPTURE(lab->name);
        Simulation sim(example_of(*lab));
        sim.advance(10);
        CHECK(lab->quiet_ticks == sim.world().clock_only_base().has_value());
    }
}

TEST_CASE("lab hooks: run's extras are keys of the JSON object and lines of text") {
    for (const LabInfo* lab : all_labs()) {
        CAPTURE(lab->name);
        Simulation sim(example_of(*lab));
        sim.advance(30);
        CHECK(static_cast<bool>(lab->run_json) == static_cast<bool>(lab->run_text));
        if (!lab->run_json) continue;
        JsonWriter j;
        j.begin_object();
        lab->run_json(sim.world(), j);
        j.end_object();
        CHECK(j.str().size() > 2);   // more than {}
        std::ostringstream text;
        lab->run_text(sim.world(), text);
        // The example's teams run healthy built-in modules: nothing to report.
        CHECK(text.str().empty());
    }
    // Podball's: each team module's log.
    Simulation sim(example_of(*find_lab("podball")));
    JsonWriter j;
    j.begin_object();
    find_lab("podball")->run_json(sim.world(), j);
    j.end_object();
    const std::string json = j.str();
    CHECK(json.find("\"module_logs\"") != std::string::npos);
    std::size_t teams = 0;
    for (std::size_t at = json.find("\"team\""); at != std::string::npos; at = json.find("\"team\"", at + 1)) ++teams;
    CHECK(teams == 2);
}

TEST_CASE("lab hooks: running code in process is the lab's switch") {
    const LabInfo& lab = *find_lab("podball");
    REQUIRE(lab.run_code_in_process);
    lab.run_code_in_process(true);
    CHECK(podball::library_modules_in_process());
    lab.run_code_in_process(false);
    CHECK_FALSE(podball::library_modules_in_process());
}

TEST_CASE("lab hooks: a lab's verbs have names of their own, follow a verb, and refuse another lab's scenario") {
    std::set<std::string> names{"run", "render", "params", "replay", "compare", "sweep", "bench", "help", "icon"};
    int verbs = 0;
    for (const LabInfo* lab : all_labs())
        for (const LabVerb& v : lab->verbs) {
            CAPTURE(v.name);
            ++verbs;
            CHECK(names.insert(v.name).second);
            CHECK(std::set<std::string>{"run", "render", "params", "replay", "compare", "sweep", "bench", "help"}.count(
                v.after));
            CHECK(v.usage.rfind(v.name + " SCENARIO", 0) == 0);
            REQUIRE(v.run);
            for (const LabInfo* other : all_labs()) {
                if (other == lab) continue;
                LabVerbArgs a;
                a.scenario = std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + other->example_scenario;
                for (const LabVerbOption& o : v.options)
                    if (o.kind == LabVerbOption::Kind::Integer) a.integers[o.name] = o.value;
                std::ostringstream out, err;
                CHECK(v.run(a, out, err) == 2);
                CHECK(out.str().empty());
                CHECK(err.str().find(other->name) != std::string::npos);
            }
        }
    CHECK(verbs == 2);   // match (Podball), solve (Tasks)
}
