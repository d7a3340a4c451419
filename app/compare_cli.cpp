#include "app/compare_cli.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <vector>

#include "engine/compare/compare.hpp"
#include "engine/core/json.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/param_overrides.hpp"
#include "engine/core/scenario.hpp"

namespace pb::app {

namespace {

std::string num(double v) {
    if (std::isnan(v)) return "n/a";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string signed_num(double v) {
    if (std::isnan(v)) return "n/a";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.6g", v);
    return buf;
}

std::string pad(std::string s, std::size_t w) {
    if (s.size() < w) s.append(w - s.size(), ' ');
    return s;
}

std::string duration_text(const CompareReport& r) {
    if (r.full_match) return "full matches (at most " + std::to_string(r.ticks) + " ticks)";
    return std::to_string(r.ticks) + " ticks each";
}

void print_text(const std::string& scenario, const std::string& b_scenario, const CompareReport& r, std::ostream& out) {
    out << "Compare " << scenario << " (" << r.lab << "): A and B over " << r.seeds.size() << " paired seed"
        << (r.seeds.size() == 1 ? "" : "s") << " (" << r.seeds.front();
    if (r.seeds.size() > 1) out << " .. " << r.seeds.back();
    out << "), " << duration_text(r) << "\n";
    if (!b_scenario.empty()) out << "  B's scenario: " << b_scenario << "\n";
    for (const auto& c : r.changes) out << "  " << c.key << ": A " << c.a << ", B " << c.b << "\n";
    // Columns as wide as their widest cell, two spaces apart.
    std::vector<std::vector<std::string>> rows{{"result", "A mean", "B mean", "B - A", "95 % interval", "differs?"}};
    for (const auto& res : r.results) {
        const PairedDifference& d = res.diff;
        std::string interval = d.interval     ? "[" + signed_num(d.low) + ", " + signed_num(d.high) + "]"
                               : d.pairs == 0 ? "(not in " + std::string(std::isnan(d.mean_a) ? "A" : "B") + ")"
                                              : "(needs 2 seeds)";
        std::string differs = !d.interval       ? "-"
                              : d.excludes_zero ? (d.mean > 0 ? "yes, B higher" : "yes, B lower")
                                                : "no";
        rows.push_back({res.path, num(d.mean_a), num(d.mean_b), signed_num(d.mean), interval, differs});
    }
    std::vector<std::size_t> width(rows.front().size(), 0);
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    out << "\n";
    for (const auto& row : rows) {
        for (std::size_t c = 0; c + 1 < row.size(); ++c) out << pad(row[c], width[c] + 2);
        out << row.back() << "\n";
    }
    out << "\n\"differs\": the 95 % interval of the mean paired difference (Student's t over the seeds) excludes 0.\n";
}

void print_json(const std::string& scenario, const std::string& b_scenario, const CompareReport& r, std::ostream& out) {
    JsonWriter j;
    j.begin_object();
    j.field("scenario", scenario);
    j.field("b_scenario", b_scenario.empty() ? scenario : b_scenario);
    j.field("lab", r.lab);
    j.key("seeds").begin_array();
    for (auto s : r.seeds) j.value(s);
    j.end_array();
    j.field("full_match", r.full_match);
    j.field("ticks", r.ticks);
    j.key("changes").begin_array();
    for (const auto& c : r.changes) j.begin_object().field("key", c.key).field("a", c.a).field("b", c.b).end_object();
    j.end_array();
    j.key("results").begin_array();
    for (const auto& res : r.results) {
        const PairedDifference& d = res.diff;
        j.begin_object();
        j.field("path", res.path);
        j.field("pairs", static_cast<std::uint64_t>(d.pairs));
        j.field("mean_a", d.mean_a);
        j.field("mean_b", d.mean_b);
        j.field("difference", d.mean);
        if (d.interval) {
            j.field("sd", d.sd);
            j.key("interval95").begin_array().value(d.low).value(d.high).end_array();
            j.field("excludes_zero", d.excludes_zero);
        }
        j.key("a").begin_array();
        for (double v : res.a) j.value(v);
        j.end_array();
        j.key("b").begin_array();
        for (double v : res.b) j.value(v);
        j.end_array();
        j.end_object();
    }
    j.end_array();
    j.end_object();
    out << j.str() << "\n";
}

}   // namespace

int compare_verb(const CompareCliOptions& o, std::ostream& out, std::ostream& err) {
    Scenario a;
    try {
        a = load_scenario_file(o.scenario);
    } catch (const ScenarioError& e) {
        err << "playbench compare: cannot load scenario:\n" << e.what() << "\n";
        return 2;
    }
    if (auto why = apply_param_overrides(a.params, o.sets)) {
        err << "playbench compare: " << *why << "\n";
        return 2;
    }
    if (o.b_sets.empty() && o.b_scenario.empty()) {
        err << "playbench compare: B needs at least one --b KEY=VALUE (what differs from A), or --b-scenario FILE; "
               "`playbench "
               "params "
            << a.lab->name << "` lists the keys\n";
        return 2;
    }
    Scenario b = a;
    if (!o.b_scenario.empty()) {
        try {
            b = load_scenario_file(o.b_scenario);
        } catch (const ScenarioError& e) {
            err << "playbench compare: cannot load B's scenario:\n" << e.what() << "\n";
            return 2;
        }
        if (b.lab != a.lab) {
            err << "playbench compare: --b-scenario " << o.b_scenario << " is a " << b.lab->name << " scenario, A ("
                << o.scenario << ") a " << a.lab->name << " one: A and B must be of the same lab\n";
            return 2;
        }
        if (auto why = apply_param_overrides(b.params, o.sets)) {
            err << "playbench compare: B: " << *why << "\n";
            return 2;
        }
    }
    if (auto why = apply_param_overrides(b.params, o.b_sets)) {
        // The message names the option as --set; here it was given as --b.
        if (why->rfind("--set ", 0) == 0) why->replace(0, 5, "--b");
        err << "playbench compare: B: " << *why << "\n";
        return 2;
    }
    if (o.b_scenario.empty() && b.params == a.params) {
        err << "playbench compare: B is the same as A: every --b value equals A's; nothing to compare\n";
        return 2;
    }
    if (o.seed && o.seeds > 0 &&
        *o.seed > static_cast<std::uint64_t>(INT64_MAX) - static_cast<std::uint64_t>(o.seeds - 1)) {
        err << "playbench compare: --seed " << *o.seed << " with --seeds " << o.seeds << " passes the largest seed, "
            << INT64_MAX << "\n";
        return 2;
    }
    CompareOptions co;
    co.seeds = o.seeds;
    co.first_seed = o.seed;
    co.ticks = o.ticks;
    co.results = o.results;
    co.threads = o.threads;
    CompareReport r;
    try {
        r = run_compare(a, b, co);
    } catch (const CompareError& e) {
        err << "playbench compare: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        err << "playbench compare: a run failed: " << e.what() << "\n";
        return 1;
    }
    if (o.json)
        print_json(o.scenario, o.b_scenario, r, out);
    else
        print_text(o.scenario, o.b_scenario, r, out);
    return 0;
}

}   // namespace pb::app
