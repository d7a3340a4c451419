#include "engine/compare/compare.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <limits>
#include <mutex>
#include <set>
#include <thread>

#include "engine/core/lab.hpp"
#include "engine/core/simulation.hpp"
#include "engine/core/suggest.hpp"
#include "engine/sweep/sweep.hpp"

namespace pb {

namespace {

// The regularized incomplete beta function I_x(a, b), by its continued fraction (modified Lentz),
// evaluated on the side where it converges fast.
double beta_fraction(double a, double b, double x) {
    constexpr double tiny = 1e-300;
    constexpr double eps = 1e-15;
    double c = 1.0;
    double d = 1.0 - (a + b) * x / (a + 1.0);
    if (std::fabs(d) < tiny) d = tiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 500; ++m) {
        const double m2 = 2.0 * m;
        double num = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
        d = 1.0 + num * d;
        if (std::fabs(d) < tiny) d = tiny;
        c = 1.0 + num / c;
        if (std::fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        h *= d * c;
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
        d = 1.0 + num * d;
        if (std::fabs(d) < tiny) d = tiny;
        c = 1.0 + num / c;
        if (std::fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        const double step = d * c;
        h *= step;
        if (std::fabs(step - 1.0) < eps) break;
    }
    return h;
}

double incomplete_beta(double a, double b, double x) {
    if (x <= 0.0) return 0.0;
    if (x >= 1.0) return 1.0;
    const double log_front =
        std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
    const double front = std::exp(log_front);
    if (x < (a + 1.0) / (a + b + 2.0)) return front * beta_fraction(a, b, x) / a;
    return 1.0 - front * beta_fraction(b, a, 1.0 - x) / b;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

struct RunOutcome {
    std::vector<double> values;
    std::int64_t ticks = 0;
};

RunOutcome run_one(const Scenario& base, std::uint64_t seed, const CompareReport& shape,
                   const std::vector<std::string>& paths) {
    Scenario s = base;
    s.seed = seed;
    Simulation sim(std::move(s));
    if (shape.full_match) {
        while (!sim.world().finished() && sim.tick() < shape.ticks) sim.step();
    } else {
        sim.advance(shape.ticks);
    }
    RunOutcome r;
    r.ticks = sim.tick();
    r.values = world_values(sim.world(), paths);
    return r;
}

}   // namespace

double student_t_cdf(double t, double df) {
    if (!(df > 0.0) || std::isnan(t)) return std::nan("");
    if (std::isinf(t)) return t > 0 ? 1.0 : 0.0;
    const double x = df / (df + t * t);
    const double tail = 0.5 * incomplete_beta(df / 2.0, 0.5, x);   // P(T > |t|)
    return t >= 0.0 ? 1.0 - tail : tail;
}

double student_t_quantile(double p, double df) {
    if (!(p > 0.0 && p < 1.0) || !(df > 0.0)) return std::nan("");
    if (p == 0.5) return 0.0;
    if (p < 0.5) return -student_t_quantile(1.0 - p, df);
    // The CDF rises monotonically: widen until it brackets p, then bisect to the last bit.
    double lo = 0.0, hi = 1.0;
    while (student_t_cdf(hi, df) < p && hi < 1e12) hi *= 2.0;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (student_t_cdf(mid, df) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

PairedDifference paired_difference(const std::vector<double>& a, const std::vector<double>& b) {
    PairedDifference d;
    auto mean_of = [](const std::vector<double>& v) {
        double sum = 0.0;
        std::size_t n = 0;
        for (double x : v)
            if (!std::isnan(x)) {
                sum += x;
                ++n;
            }
        return n ? sum / static_cast<double>(n) : std::nan("");
    };
    d.mean_a = mean_of(a);
    d.mean_b = mean_of(b);
    std::vector<double> diffs;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        if (!std::isnan(a[i]) && !std::isnan(b[i])) diffs.push_back(b[i] - a[i]);
    d.pairs = diffs.size();
    d.mean = mean_of(diffs);
    if (d.pairs < 2) return d;
    const double n = static_cast<double>(d.pairs);
    double ss = 0.0;
    for (double x : diffs) ss += (x - d.mean) * (x - d.mean);
    d.sd = std::sqrt(ss / (n - 1.0));
    const double half = student_t_quantile(0.975, n - 1.0) * d.sd / std::sqrt(n);
    d.low = d.mean - half;
    d.high = d.mean + half;
    d.interval = true;
    d.excludes_zero = d.low > 0.0 || d.high < 0.0;
    return d;
}

std::vector<std::string> compare_default_results(const std::string& lab, const std::vector<std::string>& known) {
    std::vector<std::string> out;
    auto add = [&](const std::string& p) {
        if (contains(known, p) && !contains(out, p)) out.push_back(p);
    };
    const LabInfo* info = find_lab(lab);
    if (!info) return out;
    for (const std::string& p : info->compare_results ? info->compare_results(known) : info->sweep_results) add(p);
    return out;
}

CompareReport run_compare(const Scenario& a, const Scenario& b, const CompareOptions& o) {
    if (!a.lab || a.lab != b.lab) throw CompareError("A and B must be scenarios of the same lab");
    if (o.seeds < 1) throw CompareError("--seeds must be at least 1, got " + std::to_string(o.seeds));
    CompareReport rep;
    rep.lab = a.lab->name;
    const std::uint64_t first = o.first_seed.value_or(a.seed);
    for (int i = 0; i < o.seeds; ++i) rep.seeds.push_back(first + static_cast<std::uint64_t>(i));
    rep.full_match = !o.ticks && a.lab->plays_to_the_end;
    rep.ticks = o.ticks ? *o.ticks : rep.full_match ? o.match_cap : 3600;
    if (rep.ticks < 0) throw CompareError("--ticks must be 0 or more, got " + std::to_string(rep.ticks));

    const ParamTable& table = a.params.table();
    for (std::size_t i = 0; i < table.size(); ++i)
        if (a.params[i] != b.params[i])
            rep.changes.push_back(
                {table[i].key, format_param_value(table[i], a.params[i]), format_param_value(table[i], b.params[i])});

    // What may be asked for: the numbers of A's world at tick 0 (every path `run --json` prints).
    std::vector<std::string> known;
    {
        Scenario probe = a;
        probe.seed = first;
        const auto w = a.lab->create_world(probe);
        for (auto& n : world_numbers(*w)) known.push_back(std::move(n.path));
    }
    std::vector<std::string> paths = o.results.empty() ? compare_default_results(rep.lab, known) : o.results;
    for (const std::string& p : paths)
        if (!contains(known, p))
            throw CompareError("unknown result '" + p + "'" + did_you_mean(p, known) +
                               "; a result is a number's path in `playbench run SCENARIO --json` (metrics.score[0], "
                               "state.tick, ...)");
    if (paths.empty())
        throw CompareError("the " + rep.lab + " lab has no key results in this scenario: name some with --result PATH");

    // Job j: seed j / 2, A when j is even, B when odd. Each job writes only its own slot.
    const std::size_t jobs = rep.seeds.size() * 2;
    std::vector<RunOutcome> outcomes(jobs);
    std::vector<std::exception_ptr> errors(jobs);
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t j = next++; j < jobs; j = next++) {
            try {
                outcomes[j] = run_one(j % 2 == 0 ? a : b, rep.seeds[j / 2], rep, paths);
            } catch (...) {
                errors[j] = std::current_exception();
            }
        }
    };
    const int threads = std::clamp(o.threads, 1, static_cast<int>(jobs));
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
    for (const auto& e : errors)
        if (e) std::rethrow_exception(e);

    for (std::size_t k = 0; k < paths.size(); ++k) {
        CompareResult r;
        r.path = paths[k];
        for (std::size_t s = 0; s < rep.seeds.size(); ++s) {
            r.a.push_back(outcomes[2 * s].values[k]);
            r.b.push_back(outcomes[2 * s + 1].values[k]);
        }
        r.diff = paired_difference(r.a, r.b);
        rep.results.push_back(std::move(r));
    }
    for (std::size_t s = 0; s < rep.seeds.size(); ++s) {
        rep.ticks_a.push_back(outcomes[2 * s].ticks);
        rep.ticks_b.push_back(outcomes[2 * s + 1].ticks);
    }
    return rep;
}

}   // namespace pb
