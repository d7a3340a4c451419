// The RGS benchmarks. Time is the process's CPU time (std::clock), like Podball's, so other work
// on a shared machine does not count against the engine; each figure is the median of 7 rounds
// (with the best beside it: on a shared virtual machine the rounds spread by a third).
#include "engine/rgs/bench.hpp"
#include "engine/core/bench_timing.hpp"
#include "engine/rgs/commands.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <vector>

#include "engine/core/rng.hpp"
#include "engine/rgs/heat_map.hpp"
#include "engine/rgs/union_volume.hpp"
#include "engine/rgs/world.hpp"

namespace pb::rgs {
namespace {

struct Map {
    const char* name;
    double width, depth, height;
    int count;
};

RgsWorld random_world(const Map& m, std::uint64_t seed) {
    ParamSet params(rgs_param_table());
    params.set("rgs.map.width", m.width);
    params.set("rgs.map.depth", m.depth);
    params.set("rgs.map.height", m.height);
    RgsSetup setup;
    Rng rng(seed);
    for (int i = 0; i < m.count; ++i) {
        RgsPlacement p;
        p.team = static_cast<int>(rng.below(2));
        p.kind = default_kind(p.team);
        p.pos = {rng.uniform(0.0, m.width), rng.uniform(0.0, m.depth), rng.uniform(0.0, m.height)};
        setup.rgs.push_back(p);
    }
    return RgsWorld(params, setup, seed);
}

double mean_interferers(const RgsWorld& w) {
    double total = 0.0;
    int n = 0;
    for (const Rgs& r : w.structures()) {
        if (r.removed || !is_mining(r.state)) continue;
        total += static_cast<double>(w.interferers(r.id).size());
        ++n;
    }
    return n ? total / n : 0.0;
}

void bench_map(std::ostream& out, const Map& m) {
    RgsWorld world = random_world(m, 7);
    char line[256];
    std::snprintf(line, sizeof line, "%s: %d RGS on %.0f x %.0f x %.0f qu, range 800, %.1f interfering neighbours each",
                  m.name, m.count, m.width, m.depth, m.height, mean_interferers(world));
    report_line(out, "rgs", line);

    report_time(out, "rgs", "full recompute of every efficiency", per_call([&] { world.recompute_all(); }, 7, 0.2),
                kMilliseconds, 2e-3);

    // One designer move: a random RGS to a random spot within 2 ranges, through the command path.
    Rng rng(11);
    const double hop = 1600.0;
    const auto one_move = [&] {
        const int id = static_cast<int>(rng.below(static_cast<std::uint64_t>(m.count)));
        const Rgs& r = world.structures()[id];
        RgsMove move{.id = id};
        move.x = std::clamp(r.pos.x + rng.uniform(-hop, hop), 0.0, m.width);
        move.y = std::clamp(r.pos.y + rng.uniform(-hop, hop), 0.0, m.depth);
        move.z = std::clamp(r.pos.z + rng.uniform(-hop, hop), 0.0, m.height);
        world.apply(to_command(move, 0));
    };
    report_time(out, "rgs", "move one RGS and update its neighbours (rgs.move)", per_call(one_move, 7, 0.2),
                kMicroseconds, 20e-6);

    HeatMapRequest rq;
    rq.x1 = m.width;
    rq.y1 = m.depth;
    rq.z = m.height / 2.0;
    HeatMap heat;
    report_time(out, "rgs", "heat map 256x256 over the map: efficiency + team delta",
                per_call([&] { predict_heat_map(world, rq, heat); }, 7, 0.2), kMilliseconds, 8e-3);
}

void bench_union(std::ostream& out) {
    // The comparison panel's cost: the union of a tight cluster of ten RGS (every pair overlaps)
    // to the stated 0.4% bound.
    Rng rng(3);
    std::vector<Sphere> spheres;
    for (int i = 0; i < 10; ++i)
        spheres.push_back(
            {{rng.uniform(-800.0, 800.0), rng.uniform(-800.0, 800.0), rng.uniform(-300.0, 300.0)}, 800.0});
    UnionVolume u;
    const Timing t = per_call([&] { u = union_volume(spheres); }, 3, 0.2);
    char note[160];
    std::snprintf(note, sizeof note, "%zu cells, error bound %.2f%%; the view computes it when the cluster changes",
                  u.cells, 100.0 * u.relative_error_bound());
    report_time(out, "rgs", "union volume of a 10-RGS cluster", t, kMilliseconds, 0.0, note);
}

}   // namespace

void bench_rgs(std::ostream& out) {
    // Three densities of 10,000 RGS. "Crowded": every RGS overlaps about 30 others, far more than
    // in any real match. "Busy": about 10. And the default 8000 x 8000 x 1000 map packed with
    // them, where each overlaps about a thousand: the work is then the pairs themselves, and the
    // targets are out of reach for any pairwise product (reported as measured). Last, a
    // match-sized map.
    bench_map(out, Map{"crowded map", 50000.0, 50000.0, 1000.0, 10000});
    bench_map(out, Map{"busy map", 85000.0, 85000.0, 1000.0, 10000});
    bench_map(out, Map{"default map, packed", 8000.0, 8000.0, 1000.0, 10000});
    bench_map(out, Map{"match-sized map", 8000.0, 8000.0, 1000.0, 40});
    bench_union(out);
}

}   // namespace pb::rgs
