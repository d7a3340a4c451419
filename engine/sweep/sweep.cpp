#include "engine/sweep/sweep.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <numeric>
#include <set>

#include "engine/core/json.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/sha256.hpp"
#include "engine/core/simulation.hpp"
#include "engine/core/suggest.hpp"

namespace pb {

std::string sweep_number(double v) {
    if (std::isnan(v)) return "nan";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, res.ptr);
}

std::vector<std::string> default_sweep_results(const std::string& lab) {
    const LabInfo* info = find_lab(lab);
    return info ? info->sweep_results : std::vector<std::string>{};
}

std::vector<JsonWriter::NumberAt> world_numbers(const World& w) {
    JsonWriter j = JsonWriter::numbers();
    j.begin_object();
    j.field("tick", w.tick());
    j.key("state");
    w.write_state(j);
    j.key("metrics");
    w.write_metrics(j);
    j.end_object();
    return j.numbers_found();
}

std::vector<double> world_values(const World& w, const std::vector<std::string>& paths) {
    const auto numbers = world_numbers(w);
    std::vector<double> out;
    out.reserve(paths.size());
    for (const std::string& p : paths) {
        double v = std::nan("");
        for (const auto& n : numbers)
            if (n.path == p) {
                v = n.value;
                break;
            }
        out.push_back(v);
    }
    return out;
}

namespace {

Scenario load_point(const SweepSpec& spec, const std::vector<std::pair<std::size_t, double>>& values) {
    return sweep_point_scenario(spec.scenario_path, spec.scenario_text, values);
}

std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
double unit(std::uint64_t& state) { return static_cast<double>(splitmix(state) >> 11) * 0x1.0p-53; }

// A position u in [0, 1] of a parameter's range, as a value.
double at(const SweepVary& v, double u) {
    double x =
        v.log ? std::exp(std::log(v.from) + (std::log(v.to) - std::log(v.from)) * u) : v.from + (v.to - v.from) * u;
    if (v.log) {
        // 12 significant digits: 0.004, not 0.004000000000000002 (printf and strtod round
        // correctly in every C library we build with, so every machine gets the same value).
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.12g", x);
        x = std::strtod(buf, nullptr);
    }
    if (u <= 0.0) x = v.from;
    if (u >= 1.0) x = v.to;
    if (v.integer) x = std::round(x);
    return std::clamp(x, std::min(v.from, v.to), std::max(v.from, v.to));
}

std::string fmt(double v) { return format_number(v); }

void make_points(SweepSpec& s) {
    s.points.clear();
    if (s.vary.empty()) {
        s.points.push_back({});
        return;
    }
    if (s.sample == SweepSample::Grid) {
        // The first [[vary]] changes slowest.
        std::size_t total = 1;
        for (const SweepVary& v : s.vary) total *= v.values.size();
        for (std::size_t p = 0; p < total; ++p) {
            std::vector<double> point(s.vary.size());
            std::size_t rest = p;
            for (std::size_t k = s.vary.size(); k-- > 0;) {
                point[k] = s.vary[k].values[rest % s.vary[k].values.size()];
                rest /= s.vary[k].values.size();
            }
            s.points.push_back(std::move(point));
        }
        return;
    }
    std::uint64_t state = s.sample_seed;
    const std::size_t n = static_cast<std::size_t>(s.sample_points);
    s.points.assign(n, std::vector<double>(s.vary.size()));
    for (std::size_t k = 0; k < s.vary.size(); ++k) {
        const SweepVary& v = s.vary[k];
        if (s.sample == SweepSample::Random) {
            for (std::size_t p = 0; p < n; ++p)
                s.points[p][k] = v.range ? at(v, unit(state)) : v.values[splitmix(state) % v.values.size()];
            continue;
        }
        // Latin hypercube: the range cut into n strata, each used by exactly one point, the
        // strata shuffled per parameter (Fisher-Yates), a uniform position inside each.
        std::vector<std::size_t> order(n);
        std::iota(order.begin(), order.end(), std::size_t{0});
        for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[splitmix(state) % i]);
        for (std::size_t p = 0; p < n; ++p)
            s.points[p][k] = at(v, (static_cast<double>(order[p]) + unit(state)) / static_cast<double>(n));
    }
}

// The product of `factors` as decimal text, exact however large (a refused grid may ask for more
// runs than 64 bits hold: the message still says how many).
std::string decimal_product(const std::vector<std::uint64_t>& factors) {
    constexpr std::uint32_t kBase = 1000000000;
    std::vector<std::uint32_t> limbs{1};   // base 10^9, least significant first
    for (std::uint64_t f : factors) {
        unsigned __int128 carry = 0;
        for (std::uint32_t& l : limbs) {
            const unsigned __int128 v = static_cast<unsigned __int128>(l) * f + carry;
            l = static_cast<std::uint32_t>(v % kBase);
            carry = v / kBase;
        }
        for (; carry > 0; carry /= kBase) limbs.push_back(static_cast<std::uint32_t>(carry % kBase));
    }
    while (limbs.size() > 1 && limbs.back() == 0) limbs.pop_back();
    std::string out = std::to_string(limbs.back());
    for (std::size_t i = limbs.size() - 1; i-- > 0;) {
        const std::string part = std::to_string(limbs[i]);
        out += std::string(9 - part.size(), '0') + part;
    }
    return out;
}

// Refuses a sweep of more than kMaxSweepRuns runs from the values' and seeds' counts alone, with
// overflow-checked arithmetic, before a single point is made.
void check_run_count(const SweepSpec& s, const std::string& name) {
    std::vector<std::uint64_t> factors;
    std::string how;
    if (s.vary.empty()) {
        factors.push_back(1);
        how = "1 point";
    } else if (s.sample == SweepSample::Grid) {
        for (const SweepVary& v : s.vary) {
            factors.push_back(v.values.size());
            how += (how.empty() ? "a grid of " : " x ") + std::to_string(v.values.size());
        }
        how += " values";
    } else {
        factors.push_back(static_cast<std::uint64_t>(s.sample_points));
        how = std::to_string(s.sample_points) + (s.sample == SweepSample::Random ? " random" : " Latin hypercube") +
              " points";
    }
    factors.push_back(s.seeds.size());
    std::uint64_t runs = 1;
    bool overflow = false;
    for (std::uint64_t f : factors) overflow = overflow || __builtin_mul_overflow(runs, f, &runs);
    if (!overflow && runs <= kMaxSweepRuns) return;
    throw SweepError(name + ": " + decimal_product(factors) + " runs (" + how + " x " + std::to_string(s.seeds.size()) +
                     (s.seeds.size() == 1 ? " seed" : " seeds") + ") is more than the limit of " +
                     std::to_string(kMaxSweepRuns) +
                     " runs a sweep (kMaxSweepRuns); use fewer values or seeds, sample = \"random\" or \"latin\" with "
                     "points = N, or split it into several sweeps");
}

void make_identity(SweepSpec& s) {
    // What fixes the results: the scenario's text, the lab, every run's parameters and seeds,
    // the duration and the results kept (not the sweep file's comments or layout).
    std::string id = "playbench-sweep 1\nlab " + s.lab->name + "\nscenario_sha256 " + to_hex(sha256(s.scenario_text)) +
                     "\nticks " + std::to_string(s.ticks) + (s.until_match_end ? " until match_end" : "") + "\nseeds";
    for (std::uint64_t seed : s.seeds) id += " " + std::to_string(seed);
    id += "\nparams";
    for (const SweepVary& v : s.vary) id += " " + v.key;
    id += "\nresults";
    for (const std::string& r : s.results) id += " " + r;
    id += "\n";
    for (const auto& p : s.points) {
        id += "point";
        for (double x : p) id += " " + sweep_number(x);
        id += "\n";
    }
    s.identity = to_hex(sha256(id));
}

// One [[vary]] table.
// `table`: the scenario's parameters (its lab's, and rows its set-up adds: Podball's script tunables).
void read_vary(const Node& t, const LabInfo& lab, const ParamTable& table, SweepSample sample, SweepVary& out,
               Diagnostics& diag, bool& ok) {
    TableReader r(t, diag);
    const Node* key = r.node("key");
    if (!key || key->kind != Node::Kind::String) {
        diag.error(key ? *key : t, "each [[vary]] needs key = \"LAB.SECTION.NAME\", a parameter of the " + lab.name +
                                       " lab (`playbench params " + lab.name + "` lists them)");
        ok = false;
        r.allow("values"), r.allow("from"), r.allow("to"), r.allow("steps"), r.allow("scale");
        r.finish();
        return;
    }
    auto idx = table.find(key->text);
    if (!idx) {
        diag.error(*key, table.unknown_key_message(key->text));
        ok = false;
        r.allow("values"), r.allow("from"), r.allow("to"), r.allow("steps"), r.allow("scale");
        r.finish();
        return;
    }
    const ParamDef& def = table[*idx];
    out.key = key->text;
    out.param = *idx;
    out.integer = def.type != ParamType::Real;
    const std::string range =
        def.type == ParamType::Boolean ? "true or false"
        : def.is_choice()              ? "one of " + choice_names(def)
                          : fmt(def.min) + " .. " + fmt(def.max) + (def.unit.empty() ? "" : " (" + def.unit + ")");
    auto value_of = [&](const Node& n, double& v) {
        if (n.kind == Node::Kind::Boolean && def.type == ParamType::Boolean)
            v = n.boolean ? 1.0 : 0.0;
        else if (n.kind == Node::Kind::String && (def.is_choice() || def.type == ParamType::Boolean)) {
            if (auto why = parse_param_value(def, n.text, v)) {
                diag.error(n, *why);
                return false;
            }
        } else if (n.is_number())
            v = n.as_number();
        else {
            diag.error(n, "expected a value of " + def.key + ": " + range);
            return false;
        }
        if (auto why = check_param_value(def, v)) {
            diag.error(n, *why);
            return false;
        }
        return true;
    };
    const std::string scale = r.text("scale", def.log_scale() ? "log" : "linear", {"linear", "log"});
    out.log = scale == "log";
    const Node* values = r.array("values");
    const Node* from = r.node("from");
    const Node* to = r.node("to");
    const Node* steps = r.node("steps");
    if (values && (from || to || steps)) {
        diag.error(*values, "give either values = [...] or from/to (with steps for a grid), not both");
        ok = false;
        return r.finish();
    }
    if (values) {
        if (values->array.empty()) {
            diag.error(*values, "values is empty: list at least one value of " + def.key + " (" + range + ")");
            ok = false;
        }
        for (const Node& n : values->array) {
            double v = 0.0;
            if (value_of(n, v))
                out.values.push_back(v);
            else
                ok = false;
        }
        if (sample == SweepSample::Latin) {
            diag.error(*values, "sample = \"latin\" draws from ranges: give from and to instead of values");
            ok = false;
        }
        r.finish();
        return;
    }
    if (!from || !to) {
        diag.error(from ? *from
                   : to ? *to
                        : t,
                   "each [[vary]] needs values = [...] or from and to (" + range + "), with steps = N for a grid");
        ok = false;
        return r.finish();
    }
    out.range = true;
    if (!value_of(*from, out.from) || !value_of(*to, out.to)) ok = false;
    if (out.log && (out.from <= 0.0 || out.to <= 0.0)) {
        diag.error(t, "scale = \"log\" needs from and to above 0 (got " + fmt(out.from) + " .. " + fmt(out.to) +
                          "); use scale = \"linear\"");
        ok = false;
    }
    if (sample == SweepSample::Grid) {
        if (!steps) {
            diag.error(t, "a grid over from/to needs steps = N (2 .. 10000): how many values from 'from' to 'to'");
            ok = false;
        } else {
            const std::int64_t n = r.integer("steps", 2, 1, 10000);
            if (ok)
                for (std::int64_t i = 0; i < n; ++i)
                    out.values.push_back(at(out, n == 1 ? 0.0 : static_cast<double>(i) / static_cast<double>(n - 1)));
            // Rounded integer steps may repeat: keep each value once.
            std::vector<double> unique;
            for (double v : out.values)
                if (std::find(unique.begin(), unique.end(), v) == unique.end()) unique.push_back(v);
            out.values = std::move(unique);
        }
    } else if (steps) {
        diag.error(*steps, "steps is for sample = \"grid\"; random and latin draw `points` values from from..to");
        ok = false;
    }
    r.finish();
}

}   // namespace

std::vector<std::string> result_paths_of(const std::string& scenario_text, const std::string& scenario_path) {
    ScenarioLoadOptions o;
    o.base_dir = std::filesystem::path(scenario_path).parent_path().string();
    o.modules = ModulePolicy::Describe;
    Scenario s = load_scenario_text(scenario_text, scenario_path, o);
    auto w = s.lab->create_world(s);
    std::vector<std::string> out;
    for (auto& n : world_numbers(*w)) out.push_back(std::move(n.path));
    return out;
}

SweepSpec parse_sweep_text(const std::string& text, const std::string& name, const std::string& base_dir) {
    Diagnostics diag(name);
    Node root;
    if (!parse_toml(text, root, diag)) throw SweepError(diag);
    SweepSpec s;
    s.path = name;
    s.text = text;
    TableReader r(root, diag);
    ParamSet scenario_params;   // the loaded scenario's, for the [[vary]] keys

    // The scenario first: the parameter table and the result paths come from its lab.
    const Node* scen = r.node("scenario");
    if (!scen || scen->kind != Node::Kind::String) {
        if (scen)
            diag.error(*scen, "expected the scenario file as a string, relative to the sweep file");
        else
            diag.error(1, "scenario",
                       "missing: a sweep starts with scenario = \"PATH.toml\" (relative to the sweep file)");
    } else {
        std::filesystem::path p(scen->text);
        if (p.is_relative()) p = std::filesystem::path(base_dir) / p;
        s.scenario_path = p.lexically_normal().string();
        try {
            s.scenario_text = read_text_file(s.scenario_path);
            ScenarioLoadOptions o;
            o.base_dir = std::filesystem::path(s.scenario_path).parent_path().string();
            o.modules = ModulePolicy::Describe;
            const Scenario loaded = load_scenario_text(s.scenario_text, s.scenario_path, o);
            s.lab = loaded.lab;
            scenario_params = loaded.params;
        } catch (const ScenarioError& e) {
            diag.error(*scen, "the scenario does not load:\n" + std::string(e.what()));
        } catch (const std::exception& e) {
            diag.error(*scen, "cannot read the scenario " + s.scenario_path + ": " + e.what());
        }
    }

    // Seeds: a count (1..N) or a list.
    if (const Node* seeds = r.node("seeds")) {
        if (seeds->kind == Node::Kind::Integer) {
            if (seeds->integer < 1 || seeds->integer > 1000000)
                diag.error(*seeds, "seeds = N runs seeds 1..N: N must be 1 .. 1000000");
            else
                for (std::int64_t i = 1; i <= seeds->integer; ++i) s.seeds.push_back(static_cast<std::uint64_t>(i));
        } else if (seeds->kind == Node::Kind::Array && !seeds->array.empty()) {
            for (const Node& n : seeds->array) {
                if (n.kind != Node::Kind::Integer || n.integer < 0) {
                    diag.error(n, "each seed is a whole number >= 0");
                    continue;
                }
                const auto v = static_cast<std::uint64_t>(n.integer);
                if (std::find(s.seeds.begin(), s.seeds.end(), v) != s.seeds.end())
                    diag.error(n, "seed " + std::to_string(v) + " is listed twice");
                else
                    s.seeds.push_back(v);
            }
        } else {
            diag.error(*seeds, "expected seeds = N (seeds 1..N) or a list of seeds, [3, 7, 11]");
        }
    } else {
        s.seeds.push_back(1);
    }

    // Duration.
    const bool has_ticks = r.has("ticks"), has_until = r.has("until");
    if (has_until) {
        const std::string until = r.text("until", "match_end", {"match_end"});
        s.until_match_end = until == "match_end";
        if (s.lab && !s.lab->plays_to_the_end)
            diag.error(*root.get("until"), "until = \"match_end\" is for " + labs_playing_to_the_end() +
                                               " scenarios; a " + s.lab->name + " run lasts ticks = N");
        s.ticks = r.integer("max_ticks", 1000000, 1, 100000000);
        if (has_ticks)
            diag.error(*root.get("ticks"), "give ticks = N or until = \"match_end\" (with max_ticks), not both");
        r.allow("ticks");
    } else {
        if (!has_ticks)
            diag.error(1, "ticks",
                       "missing: how long a run lasts, ticks = N (or until = \"match_end\" for " +
                           labs_playing_to_the_end() + ")");
        s.ticks = r.integer("ticks", 3600, 1, 100000000);
        if (r.has("max_ticks"))
            diag.error(*root.get("max_ticks"), "max_ticks goes with until = \"match_end\"; use ticks = N");
        r.allow("max_ticks");
    }

    const std::string sample = r.text("sample", "grid", {"grid", "random", "latin"});
    s.sample = sample == "random" ? SweepSample::Random : sample == "latin" ? SweepSample::Latin : SweepSample::Grid;
    if (s.sample != SweepSample::Grid) {
        if (!r.has("points"))
            diag.error(1, "points", "sample = \"" + sample + "\" needs points = N (how many points to draw)");
        s.sample_points = r.integer("points", 1, 1, 1000000);
        s.sample_seed = static_cast<std::uint64_t>(r.integer("sample_seed", 1, 0, INT64_MAX));
    } else {
        for (const char* k : {"points", "sample_seed"})
            if (r.has(k))
                diag.error(*root.get(k),
                           std::string(k) + " goes with sample = \"random\" or \"latin\"; a grid takes every value");
        r.allow("points"), r.allow("sample_seed");
    }

    bool vary_ok = true;
    if (const Node* vary = r.array("vary")) {
        if (s.lab)
            for (const Node& t : vary->array) {
                if (t.kind != Node::Kind::Table) {
                    diag.error(t, "each [[vary]] is a table: key and values, or key, from, to (and steps)");
                    vary_ok = false;
                    continue;
                }
                SweepVary v;
                read_vary(t, *s.lab, scenario_params.table(), s.sample, v, diag, vary_ok);
                for (const SweepVary& other : s.vary)
                    if (vary_ok && other.key == v.key) {
                        diag.error(t, "parameter " + v.key + " is varied twice");
                        vary_ok = false;
                    }
                s.vary.push_back(std::move(v));
            }
    }

    // Results: paths into run --json, checked against a tick-0 world.
    std::vector<std::pair<std::string, const Node*>> wanted;
    if (const Node* res = r.array("results")) {
        if (res->array.empty()) diag.error(*res, "results is empty: omit it for the lab's default set, or list paths");
        // Over the limit, the paths are not looked up one by one (each would be a search of the
        // scenario's paths).
        if (res->array.size() > kMaxSweepResults)
            diag.error(*res, "results lists " + std::to_string(res->array.size()) + " paths, more than the limit of " +
                                 std::to_string(kMaxSweepResults) +
                                 " a run (kMaxSweepResults): keep the numbers the "
                                 "question needs, or split them over several sweeps of the same runs");
        else
            for (const Node& n : res->array) {
                if (n.kind != Node::Kind::String)
                    diag.error(n, "each result is a path as a string, \"metrics.score[0]\"");
                else
                    wanted.emplace_back(n.text, &n);
            }
    } else if (s.lab) {
        for (const std::string& p : default_sweep_results(s.lab->name)) wanted.emplace_back(p, nullptr);
    }
    if (s.lab && !s.scenario_text.empty()) {
        std::vector<std::string> known;
        try {
            known = result_paths_of(s.scenario_text, s.scenario_path);
        } catch (const std::exception&) {}
        // Suggestions from the scalar-looking paths (arrays of entities would drown them).
        for (const auto& [p, node] : wanted) {
            if (std::find(known.begin(), known.end(), p) != known.end()) {
                if (std::find(s.results.begin(), s.results.end(), p) != s.results.end()) {
                    if (node) diag.error(*node, "result " + p + " is listed twice");
                } else {
                    s.results.push_back(p);
                }
                continue;
            }
            if (node)
                diag.error(*node, "no number at '" + p + "' in what `playbench run --json` prints for this scenario" +
                                      did_you_mean(p, known) +
                                      "; paths read like metrics.score[0] or state.ball.pos[0]");
        }
    }
    r.finish();
    if (!diag.empty() || !vary_ok) {
        if (diag.empty()) diag.error(1, "vary", "a [[vary]] table is wrong");
        throw SweepError(diag);
    }
    check_run_count(s, name);
    make_points(s);
    make_identity(s);
    return s;
}

SweepSpec load_sweep_file(const std::string& path) {
    std::string text;
    try {
        text = read_text_file(path);
    } catch (const std::exception& e) {
        throw SweepError(path + ": " + e.what());
    }
    std::error_code ec;
    const std::string base = std::filesystem::absolute(path, ec).parent_path().string();
    return parse_sweep_text(text, path, base);
}

void cap_sweep_ticks(SweepSpec& spec, std::int64_t ticks) {
    spec.ticks = std::min(spec.ticks, ticks);
    make_identity(spec);
}

Scenario sweep_point_scenario(const std::string& scenario_path, const std::string& scenario_text,
                              const std::vector<std::pair<std::size_t, double>>& values) {
    ScenarioLoadOptions o;
    o.base_dir = std::filesystem::path(scenario_path).parent_path().string();
    o.param_values = values;
    return load_scenario_text(scenario_text, scenario_path, o);
}

SweepRunResult run_sweep_run(const SweepSpec& spec, std::uint64_t run) {
    const auto start = std::chrono::steady_clock::now();
    SweepRunResult r;
    r.run = run;
    r.point = spec.point_of(run);
    r.seed = spec.seed_of(run);
    std::vector<std::pair<std::size_t, double>> values;
    for (std::size_t k = 0; k < spec.vary.size(); ++k) values.emplace_back(spec.vary[k].param, spec.points[r.point][k]);
    Scenario s = load_point(spec, values);
    s.seed = r.seed;
    Simulation sim(std::move(s));
    if (spec.until_match_end) {
        while (!sim.world().finished() && sim.tick() < spec.ticks) sim.step();
    } else {
        sim.advance(spec.ticks);
    }
    r.ticks = sim.tick();
    r.values = world_values(sim.world(), spec.results);
    r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

}   // namespace pb
