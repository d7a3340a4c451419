// The spatial index and incremental updates against brute force: every efficiency equals the
// product over all pairs; after random edits the kept efficiencies equal a full recompute to the
// bit; a prediction equals building there and recomputing; the heat map equals predictions.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "engine/core/rng.hpp"
#include "engine/rgs/heat_map.hpp"
#include "engine/rgs/interference.hpp"
#include "rgs_testing.hpp"

using namespace rgs_testing;

namespace {

// Random RGS on a map, some with their own range, some building, marked or destroyed.
RgsSetup random_setup(Rng& rng, int n, Vec3 map, bool mixed_ranges) {
    RgsSetup s;
    for (int i = 0; i < n; ++i) {
        RgsPlacement p = at(static_cast<int>(rng.below(2)),
                            {rng.uniform(0.0, map.x), rng.uniform(0.0, map.y), rng.uniform(0.0, map.z)});
        if (mixed_ranges && rng.below(3) == 0) p.range = rng.uniform(200.0, 1600.0);
        const auto roll = rng.below(10);
        p.state = roll == 0   ? State::Building
                  : roll == 1 ? State::Destroyed
                  : roll == 2 ? State::Marked
                              : State::Active;
        s.rgs.push_back(p);
    }
    // A few exactly on top of each other and exactly R apart: the formula's edge cases.
    s.rgs.push_back(at(0, {map.x / 2, map.y / 2, map.z / 2}));
    s.rgs.push_back(at(1, {map.x / 2, map.y / 2, map.z / 2}));
    s.rgs.push_back(at(1, {map.x / 2 + 800.0, map.y / 2, map.z / 2}));
    s.rgs.push_back(at(0, {map.x / 2 + 1600.0, map.y / 2, map.z / 2}));
    return s;
}

// Brute force over all pairs: the efficiency of each RGS and the ids that interfere with it.
std::map<int, std::pair<double, std::set<int>>> brute_force(const RgsWorld& w) {
    std::map<int, std::pair<double, std::set<int>>> out;
    for (const Rgs& a : w.structures()) {
        if (a.removed) continue;
        double e = is_mining(a.state) ? 1.0 : 0.0;
        std::set<int> ids;
        for (const Rgs& b : w.structures()) {
            if (b.removed || b.id == a.id || !is_mining(b.state) || !is_mining(a.state)) continue;
            const double d =
                std::sqrt((a.pos.x - b.pos.x) * (a.pos.x - b.pos.x) + (a.pos.y - b.pos.y) * (a.pos.y - b.pos.y) +
                          (a.pos.z - b.pos.z) * (a.pos.z - b.pos.z));
            if (d >= a.range + b.range) continue;
            e *= interference_modifier(d, a.range, b.range);
            ids.insert(b.id);
        }
        out[a.id] = {e, ids};
    }
    return out;
}

void check_against_brute_force(const RgsWorld& w) {
    const auto expected = brute_force(w);
    for (const auto& entry : expected) {
        const int id = entry.first;
        const auto& want = entry.second;
        CAPTURE(id);   // (not a structured binding: Clang 14 cannot capture one in CAPTURE's lambda)
        const Rgs& r = w.structures()[id];
        // The product's order differs (grid order against id order): equal to rounding.
        CHECK(r.efficiency == doctest::Approx(want.first).epsilon(1e-13));
        std::set<int> got;
        for (const Interferer& i : w.interferers(id)) got.insert(i.id);
        if (is_mining(r.state)) CHECK(got == want.second);
    }
}

std::vector<double> efficiencies(const RgsWorld& w) {
    std::vector<double> out;
    for (const Rgs& r : w.structures()) out.push_back(r.efficiency);
    return out;
}

}   // namespace

TEST_CASE("rgs: the grid index finds exactly the pairs brute force finds, on random maps") {
    Rng rng(2024);
    for (int round = 0; round < 6; ++round) {
        CAPTURE(round);
        const Vec3 map = round % 2 ? Vec3{8000.0, 8000.0, 1000.0} : Vec3{20000.0, 12000.0, 3000.0};
        const ParamSet params = params_with({{"rgs.map.width", map.x},
                                             {"rgs.map.depth", map.y},
                                             {"rgs.map.height", map.z},
                                             {"rgs.leech.range", round < 3 ? 800.0 : 1100.0}});
        RgsWorld w(params, random_setup(rng, 150 + 100 * round, map, round >= 2), 1);
        check_against_brute_force(w);
    }
}

TEST_CASE("rgs: edits keep every efficiency equal to a full recompute, bit for bit") {
    Rng rng(77);
    const Vec3 map{8000.0, 8000.0, 1000.0};
    const ParamSet params = params_with({{"rgs.drill.build_time", 3.0}, {"rgs.economy.initial_bp", 1e5}});
    RgsWorld w(params, random_setup(rng, 120, map, true), 1);
    for (int i = 0; i < 600; ++i) {
        const int n = static_cast<int>(w.structures().size());
        const int id = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
        const double x = rng.uniform(0.0, map.x), y = rng.uniform(0.0, map.y), z = rng.uniform(0.0, map.z);
        Command c;
        switch (rng.below(7)) {
            case 0: c = place(static_cast<int>(rng.below(2)), x, y, z); break;
            case 1:
                c = command(
                    "rgs.place",
                    {{"team", std::int64_t{1}}, {"x", x}, {"y", y}, {"z", z}, {"range", rng.uniform(300.0, 1500.0)}});
                break;
            case 2: c = with_id("rgs.remove", id); break;
            case 3: c = command("rgs.damage", {{"id", std::int64_t{id}}, {"amount", rng.uniform(0.0, 400.0)}}); break;
            case 4: c = command("rgs.mark", {{"id", std::int64_t{id}}, {"marked", rng.below(2) == 0}}); break;
            default: {
                // Moves mostly nearby, so neighbourhoods overlap before and after.
                const Rgs& r = w.structures()[id];
                c = command("rgs.move", {{"id", std::int64_t{id}},
                                         {"x", std::clamp(r.pos.x + rng.uniform(-1500.0, 1500.0), 0.0, map.x)},
                                         {"y", std::clamp(r.pos.y + rng.uniform(-1500.0, 1500.0), 0.0, map.y)},
                                         {"z", std::clamp(r.pos.z + rng.uniform(-1500.0, 1500.0), 0.0, map.z)}});
            }
        }
        issue(w, c);   // refusals (removed ids, wrecks) are part of the mix
        if (rng.below(4) == 0) w.step();
        if (i % 50 == 0) {
            const auto kept = efficiencies(w);
            RgsWorld fresh = w;
            fresh.recompute_all();
            CHECK(efficiencies(fresh) == kept);
        }
    }
    check_against_brute_force(w);
    // A parameter change re-lays the grid (cell = the largest range): still the same numbers.
    issue_ok(w, make_param_set(0, "rgs.drill.range", 2500.0));
    check_against_brute_force(w);
    CHECK(w.grid().cell_size() >= 2500.0);
}

TEST_CASE("rgs: a prediction equals building there and recomputing") {
    Rng rng(5);
    const Vec3 map{8000.0, 8000.0, 1000.0};
    const ParamSet params =
        params_with({{"rgs.drill.build_time", 0.0}, {"rgs.leech.build_time", 0.0}, {"rgs.economy.initial_bp", 1e5}});
    RgsWorld base(params, random_setup(rng, 200, map, false), 1);
    for (int i = 0; i < 200; ++i) {
        const int team = static_cast<int>(rng.below(2));
        const Vec3 p{rng.uniform(0.0, map.x), rng.uniform(0.0, map.y), rng.uniform(0.0, map.z)};
        CAPTURE(p.x);
        const Prediction predicted = base.predict(p, team, base.range_for(default_kind(team), 0.0));
        RgsWorld built = base;
        const double before = built.team_efficiency(team);
        issue_ok(built, place(team, p.x, p.y, p.z));
        const Rgs& mine = built.structures().back();
        CHECK(mine.efficiency == predicted.efficiency);   // same neighbours, same order: same bits
        CHECK(static_cast<int>(built.interferers(mine.id).size()) == predicted.interfering);
        CHECK(built.team_efficiency(team) - before == doctest::Approx(predicted.team_delta).epsilon(1e-12));
    }
    // The pair of Unvanquished's resource post (docs/labs/rgs.md#sources): a second RGS 800 qu from
    // a lone one gets 27/32 and costs the first 5/32.
    RgsWorld lone(params, setup_of({at(0, {4000, 4000, 500})}), 1);
    const Prediction p = lone.predict({4800, 4000, 500}, 0, 800.0);
    CHECK(p.efficiency == 27.0 / 32.0);
    CHECK(p.team_delta == 27.0 / 32.0 - 5.0 / 32.0);
    CHECK(p.interfering == 1);
    CHECK(lone.predict({4800, 4000, 500}, 1, 800.0).team_delta == 27.0 / 32.0);   // the other team's RGS: no own loss
}

TEST_CASE("rgs: the heat map is the prediction at every sample") {
    Rng rng(9);
    const Vec3 map{8000.0, 8000.0, 1000.0};
    RgsWorld w(params_with(), random_setup(rng, 120, map, true), 1);
    HeatMapRequest rq;
    rq.x0 = -300.0;   // reaching past the map edges, at an odd resolution
    rq.x1 = 8300.0;
    rq.y0 = 1000.0;
    rq.y1 = 6000.0;
    rq.nx = 97;
    rq.ny = 61;
    rq.z = 420.0;
    rq.team = 1;
    rq.range = 950.0;
    HeatMap heat;
    predict_heat_map(w, rq, heat);
    REQUIRE(heat.efficiency.size() == 97u * 61u);
    int differing = 0;
    for (int j = 0; j < rq.ny; ++j)
        for (int i = 0; i < rq.nx; ++i) {
            const Prediction p = w.predict({heat.sample_x(rq, i), heat.sample_y(rq, j), rq.z}, rq.team, rq.range);
            differing +=
                heat.efficiency[j * rq.nx + i] != p.efficiency || heat.team_delta[j * rq.nx + i] != p.team_delta;
        }
    CHECK(differing == 0);
    // Something to see: the map is not uniform.
    const auto [lo, hi] = std::minmax_element(heat.efficiency.begin(), heat.efficiency.end());
    CHECK(*lo < 0.3);
    CHECK(*hi > 0.9);
}
