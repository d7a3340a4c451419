// The logistics benchmarks. Time is the process's CPU time (std::clock), so other work on a
// shared machine does not count against the engine; each figure is the median of several rounds,
// with the best beside it.
#include "engine/logistics/bench.hpp"
#include "engine/core/bench_timing.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <vector>

#include "engine/logistics/world.hpp"

namespace pb::logistics {
namespace {

// 1,000 transporters and 1,000 requesting targets with
// two buffers, scattered on a 64 x 64 map with a few walls.
LogisticsWorld matching_world() {
    LogisticsSetup setup;
    setup.size = {64, 64};
    setup.walls = {{{20, 5}, {21, 40}}, {{40, 25}, {41, 60}}};
    setup.generate.storages = 1;
    setup.generate.terminals = 1;
    setup.generate.extensions = 550;
    setup.generate.towers = 100;
    setup.generate.labs = 50;
    setup.generate.upgrade_sites = 20;
    setup.generate.mining = 230;
    setup.generate.extractors = 50;
    setup.generate.fill = 0.4;
    setup.generate.transporters = 1000;
    return LogisticsWorld(ParamSet(logistics_param_table()), setup, 17);
}

void bench_matching(std::ostream& out) {
    const LogisticsWorld world = matching_world();
    const std::vector<int> idle = world.idle_transporters();
    const std::vector<Request> reqs = world.requests();
    char line[200];
    std::snprintf(line, sizeof line, "matching: %zu idle transporters x %zu requests, 2 buffers, 64 x 64 map",
                  idle.size(), reqs.size());
    report_line(out, "logistics", line);
    const Colony col = world.colony();
    Matching m;
    RateMatrix scratch;   // kept between calls, as a world keeps its scratch
    report_time(out, "logistics", "rates + stable matching (pair order)",
                per_call(
                    [&] {
                        RateModel model(col, reqs, idle);
                        fill_rate_matrix(model, scratch);
                        m = stable_matching(scratch);
                    },
                    7, 0.3),
                kMilliseconds, 30e-3);
    RateModel model(col, reqs, idle);
    const RateMatrix rates = rate_matrix(model);
    report_time(out, "logistics", "  of which the rate matrix",
                per_call([&] { fill_rate_matrix(model, scratch); }, 5, 0.2), kMilliseconds);
    report_time(out, "logistics", "  of which the stable matching (pair order)",
                per_call([&] { m = stable_matching(rates); }, 5, 0.2), kMilliseconds);
    report_time(out, "logistics", "same matching by Gale-Shapley proposals, transporters propose",
                per_call([&] { m = stable_transporters_propose(rates); }, 3, 0.2), kMilliseconds);
    report_time(out, "logistics", "same matching by Gale-Shapley proposals, requests propose",
                per_call([&] { m = stable_requests_propose(rates); }, 3, 0.2), kMilliseconds);
    report_time(out, "logistics", "sequential greedy (rows recomputed after each pick)",
                per_call(
                    [&] {
                        RateModel fresh(col, reqs, idle);
                        m = sequential_greedy(fresh);
                    },
                    3, 0.3),
                kMilliseconds);
    report_time(out, "logistics", "blocking-pair check of a matching",
                per_call([&] { (void)blocking_pairs(rates, m); }, 5, 0.2), kMilliseconds);
    // The Hungarian method is cubic: 1,000 x 1,000 takes seconds, so it is timed on 200 x 200.
    std::vector<int> few(idle.begin(), idle.begin() + std::min<std::size_t>(200, idle.size()));
    std::vector<Request> fewer(reqs.begin(), reqs.begin() + std::min<std::size_t>(200, reqs.size()));
    RateModel small(col, fewer, few);
    const RateMatrix small_rates = rate_matrix(small);
    report_time(out, "logistics", "optimal assignment, 200 x 200 (Hungarian)",
                per_call([&] { m = optimal_assignment(small_rates); }, 3, 0.3), kMilliseconds);
}

void bench_simulation(std::ostream& out, Policy policy, double target) {
    LogisticsSetup setup;
    setup.walls = {{{15, 10}, {16, 38}}, {{32, 12}, {33, 40}}};
    setup.generate.transporters = 200;
    setup.generate.storages = 1;
    setup.generate.terminals = 1;
    setup.generate.spawns = 3;
    setup.generate.extensions = 60;
    setup.generate.towers = 6;
    setup.generate.upgrade_sites = 2;
    setup.generate.labs = 10;
    setup.generate.mining = 12;
    setup.generate.extractors = 2;
    setup.generate.fill = 0.5;
    ParamSet params(logistics_param_table());
    params.set("logistics.matching.policy", static_cast<double>(policy));
    params.set("logistics.transporter.capacity", 200.0);
    LogisticsWorld world(params, setup, 5);
    for (int i = 0; i < 500; ++i) world.step();   // past the opening rush
    const Timing t = per_call(
        [&] {
            for (int i = 0; i < 100; ++i) world.step();
        },
        5, 0.3);
    char what[120];
    std::snprintf(what, sizeof what, "200-transporter colony, %s", std::string(policy_key(policy)).c_str());
    report_rate(out, "logistics", what, 100.0 / t.median, 100.0 / t.best, "ticks/s", target);
}

}   // namespace

void bench_logistics(std::ostream& out) {
    bench_matching(out);
    bench_simulation(out, Policy::StableTransporters, 5000.0);
    bench_simulation(out, Policy::SequentialGreedy, 0.0);
    bench_simulation(out, Policy::Optimal, 0.0);
}

}   // namespace pb::logistics
