// One description of each lab's state (state_visitor.hpp) feeds the full hash, the JSON state and
// the field-by-field diff. Here, per lab, on a shipped scenario a while into its run: every field the
// tick hash promises to cover changes tick_hash() when it changes, every hashed field changes
// hash(), the JSON state is the list's shown fields, and a diff names the field that differs.
#include <doctest/doctest.h>

#include <memory>
#include <set>
#include <string>

#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/core/world.hpp"
#include "engine/tasks/world.hpp"

using namespace pb;

namespace {

#ifdef PLAYBENCH_SOURCE_DIR
std::unique_ptr<World> world_at(const std::string& scenario, int ticks) {
    const Scenario s = load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + scenario);
    Simulation sim(s);
    for (int t = 0; t < ticks; ++t) sim.step();
    return sim.world().clone();
}

// Changes each field with `role` in turn, on a fresh copy, and checks `hash_of` sees it.
template <class HashOf>
std::size_t check_every_field_moves(const World& w, unsigned role, HashOf hash_of) {
    const auto before = hash_of(w);
    std::size_t k = 0;
    for (;; ++k) {
        auto copy = w.clone();
        const auto path = copy->perturb_field(k, role);
        if (!path) break;
        CAPTURE(*path);
        CHECK(hash_of(*copy) != before);
    }
    return k;
}

void check_json_and_diff(const World& world, unsigned edit_role);

void check_lab(const std::string& scenario, int ticks, std::size_t min_tick_fields) {
    CAPTURE(scenario);
    const auto w = world_at(scenario, ticks);

    // The tick hash covers what it promises.
    const std::size_t tick_fields = check_every_field_moves(*w, kTick, [](const World& x) { return x.tick_hash(); });
    CHECK(tick_fields >= min_tick_fields);
    // The full hash covers every field the description hashes.
    const std::size_t hashed = check_every_field_moves(*w, kHash, [](const World& x) { return x.hash(); });
    CHECK(hashed > tick_fields);
    check_json_and_diff(*w, kTick);
}

void check_json_and_diff(const World& world, unsigned edit_role) {
    const World* w = &world;

    // The JSON state is the description's shown fields: every scalar line of the JSON is a field
    // of the list with the same path and value text, kJson among its roles.
    const std::vector<StateField> fields = w->state_fields();
    std::set<std::string> shown;
    for (const StateField& f : fields)
        if (f.role & kJson) shown.insert(f.path);
    JsonWriter lines = JsonWriter::lines();
    w->write_state(lines);
    std::size_t matched = 0;
    std::string text = lines.str();
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = text.find('\n', at);
        const std::string line = text.substr(at, end - at);
        at = end == std::string::npos ? text.size() : end + 1;
        const std::string path = line.substr(0, line.find('='));
        matched += shown.count(path);
    }
    CHECK(matched == shown.size());

    // A diff of a state with itself is empty; one tick later it names what moved, with both values.
    CHECK(diff_states(*w, *w).empty());
    auto later = w->clone();
    later->step();
    const auto diff = diff_states(*w, *later);
    REQUIRE(!diff.empty());
    CHECK(diff.front().path == "tick");
    CHECK(diff.front().a == std::to_string(w->tick()));
    CHECK(diff.front().b == std::to_string(w->tick() + 1));
    // A field changed by hand is named, alone.
    auto edited = w->clone();
    const auto path = edited->perturb_field(0, edit_role);
    REQUIRE(path);
    const auto one = diff_states(*w, *edited);
    REQUIRE(one.size() == 1);
    CHECK(one[0].path == *path);
    CHECK(one[0].a != one[0].b);
}
#endif

}   // namespace

#ifdef PLAYBENCH_SOURCE_DIR
TEST_CASE("state: podball's one description feeds its hashes, JSON and diff") {
    // mode, mode_ticks, 2 scores, ball (4 + owner + keep), 10 pods x 4.
    check_lab("podball-default.toml", 300, 2 + 2 + 6 + 40);
}

TEST_CASE("state: rgs's one description feeds its hashes, JSON and diff") {
    check_lab("rgs-two-at-800.toml", 900, 4);   // the teams' bp and mined
}

TEST_CASE("state: logistics's one description feeds its hashes, JSON and diff") {
    check_lab("logistics-small-loads.toml", 200, 10);
}

TEST_CASE("state: effects's one description feeds its hashes, JSON and diff") {
    // Per lane: lives, kills, leaks, missed attacks, total damage, time-to-kill sum, 4 walk sums.
    check_lab("effects-worked-examples.toml", 200, 10);
}

TEST_CASE("state: tasks's one description feeds its state hash (and so its tick hash), JSON and diff") {
    // A tick changes only the clock: the tick hash is the state hash (taken at every solve)
    // stepped along by the tick. So every field the description hashes must move the state hash.
    const auto w = world_at("tasks-toward-the-stars.toml", 30);
    const auto state_hash = [](const World& x) {
        return dynamic_cast<const tasks::TasksWorld&>(x).compute_state_hash();
    };
    CHECK(state_hash(*w) == dynamic_cast<const tasks::TasksWorld&>(*w).kept_state_hash());
    CHECK(check_every_field_moves(*w, kHash, state_hash) > 20);
    CHECK(!w->clone()->perturb_field(0, kTick));   // no field of its own claims the tick hash
    check_json_and_diff(*w, kHash);
}
#endif

TEST_CASE("state: diff_fields lines up two lists and names what one of them lacks") {
    const std::vector<StateField> a{{"tick", "3"}, {"pods[0].pos[0]", "0.5"}, {"ball.owner_pod", "-1", kHidden}};
    const std::vector<StateField> b{{"tick", "3"}, {"pods[0].pos[0]", "0.25"}, {"pods[1].pos[0]", "0.1"}};
    const auto d = diff_fields(a, b);
    REQUIRE(d.size() == 3);
    CHECK(d[0].path == "pods[0].pos[0]");
    CHECK(d[0].a == "0.5");
    CHECK(d[0].b == "0.25");
    CHECK(d[1].path == "ball.owner_pod");
    CHECK(d[1].b.empty());
    CHECK(d[2].path == "pods[1].pos[0]");
    CHECK(d[2].a.empty());
}
