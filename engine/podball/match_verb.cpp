// `playbench match SCENARIO [--games N] [--seed S] [--set KEY=VALUE]... [--json]`, Podball's verb
// (LabInfo::verbs): plays N full matches (seeds S, S+1, ...) and reports wins, draws and losses,
// the mean score and the metrics per team, and per match the result and any unsportsmanlike
// conduct. Matches run on worker threads (each one independent, results gathered in seed order,
// so the report does not depend on the number of threads); a progress bar goes to stderr when it
// is a terminal.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <ostream>
#include <thread>

#include "engine/core/json.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/param_overrides.hpp"
#include "engine/podball/match_runner.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {
namespace {

struct MatchOptions {
    std::string scenario;
    int games = 1;
    std::optional<std::uint64_t> seed;   // default: the scenario's seed
    std::vector<std::string> sets;       // KEY=VALUE
    bool json = false;
    int threads = 2;
};

// The per-team sums over all matches.
struct TeamTotals {
    int wins = 0, draws = 0, losses = 0;
    double goals = 0.0, possession = 0.0, coverage = 0.0;
    std::int64_t upfield = 0, own_half = 0;
    double shots = 0.0, shots_on_goal = 0.0;
    int camping_matches = 0, hoarding_matches = 0;
    std::int64_t module_faults = 0;
};

struct Totals {
    std::array<TeamTotals, 2> team;
    int finished = 0;
};

Totals add_up(const std::vector<MatchOutcome>& matches) {
    Totals t;
    for (const MatchOutcome& m : matches) {
        if (m.finished) ++t.finished;
        for (int i = 0; i < 2; ++i) {
            TeamTotals& s = t.team[i];
            if (m.finished) {
                if (m.winner < 0)
                    ++s.draws;
                else if (m.winner == i)
                    ++s.wins;
                else
                    ++s.losses;
            }
            s.goals += m.score[i];
            s.possession += m.figures[i].possession_pct;
            s.coverage += m.figures[i].coverage_pct;
            s.upfield += m.upfield_pod_ticks[i];
            s.own_half += m.own_half_pod_ticks[i];
            s.shots += m.figures[i].shots;
            s.shots_on_goal += m.figures[i].shots_on_goal;
            s.module_faults += m.health[i].faults;
            bool camped = false, hoarded = false;
            for (const auto& f : m.conduct)
                if (f.team == i) (f.kind == ConductKind::Camping ? camped : hoarded) = true;
            s.camping_matches += camped;
            s.hoarding_matches += hoarded;
        }
    }
    return t;
}

double pooled_attack_ratio(const TeamTotals& t) {
    if (t.own_half > 0) return static_cast<double>(t.upfield) / static_cast<double>(t.own_half);
    return t.upfield > 0 ? INFINITY : 0.0;
}

std::string result_key(const MatchOutcome& m) {
    if (!m.finished) return "unfinished";
    return m.winner < 0 ? "draw" : m.winner == 0 ? "team0" : "team1";
}

std::string fixed(double v, int digits) {
    if (std::isinf(v)) return "inf";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

void print_text(const Scenario& s, const std::array<TeamInfo, 2>& teams, std::uint64_t first_seed,
                const std::vector<MatchOutcome>& matches, std::ostream& out) {
    const Totals t = add_up(matches);
    const double n = static_cast<double>(matches.size());
    out << s.title << " (" << s.path << ")\n";
    out << matches.size() << (matches.size() == 1 ? " match" : " matches") << ", seed"
        << (matches.size() == 1 ? " " : "s ") << first_seed;
    if (matches.size() > 1) out << " .. " << first_seed + matches.size() - 1;
    out << "\n\n";
    char line[400];
    const std::string head0 = teams[0].name + " (" + teams[0].module + ")";
    const std::string head1 = teams[1].name + " (" + teams[1].module + ")";
    const int width = std::max(22, static_cast<int>(std::min<std::size_t>(head0.size(), 200)) + 2);
    auto row = [&](const char* label, const std::string& a, const std::string& b) {
        std::snprintf(line, sizeof line, "  %-26s %-*s %s\n", label, width, a.c_str(), b.c_str());
        out << line;
    };
    row("", head0, head1);
    auto both = [&](const char* label, auto value) { row(label, value(t.team[0]), value(t.team[1])); };
    both("wins", [](const TeamTotals& x) { return std::to_string(x.wins); });
    both("draws", [](const TeamTotals& x) { return std::to_string(x.draws); });
    both("losses", [](const TeamTotals& x) { return std::to_string(x.losses); });
    both("mean score", [&](const TeamTotals& x) { return fixed(x.goals / n, 2); });
    both("ball possession %", [&](const TeamTotals& x) { return fixed(x.possession / n, 1); });
    both("area coverage %", [&](const TeamTotals& x) { return fixed(x.coverage / n, 1); });
    both("attack ratio", [](const TeamTotals& x) { return fixed(pooled_attack_ratio(x), 3); });
    both("shots per match", [&](const TeamTotals& x) { return fixed(x.shots / n, 1); });
    both("shots on goal per match", [&](const TeamTotals& x) { return fixed(x.shots_on_goal / n, 1); });
    both("camping (matches)", [](const TeamTotals& x) { return std::to_string(x.camping_matches); });
    both("ball hoarding (matches)", [](const TeamTotals& x) { return std::to_string(x.hoarding_matches); });
    both("module faults", [](const TeamTotals& x) { return std::to_string(x.module_faults); });
    if (t.finished < static_cast<int>(matches.size()))
        out << "  " << matches.size() - static_cast<std::size_t>(t.finished)
            << " match(es) did not finish (see below)\n";

    // The match report: one line per match (and its conduct flags), for small batches.
    constexpr std::size_t kListed = 20;
    out << "\n";
    if (matches.size() > kListed) {
        out << "  (per-match results and conduct flags: --json, or --games " << kListed << " or fewer)\n";
        return;
    }
    for (const MatchOutcome& m : matches) {
        std::string result = !m.finished    ? "unfinished: " + m.note
                             : m.winner < 0 ? "draw"
                                            : teams[m.winner].name + " wins";
        std::snprintf(line, sizeof line, "  seed %-8llu %2d : %-2d  %s\n", static_cast<unsigned long long>(m.seed),
                      m.score[0], m.score[1], result.c_str());
        out << line;
        for (const auto& f : m.conduct)
            out << "      " << teams[f.team].name << ": " << conduct_label(f.kind) << ", ticks " << f.from_tick
                << " .. " << f.to_tick << "\n";
        for (int i = 0; i < 2; ++i)
            if (m.health[i].faults > 0)
                out << "      " << teams[i].name << "'s module: " << m.health[i].faults << " faults, last at tick "
                    << m.health[i].last_fault_tick << ": " << m.health[i].last_fault << "\n";
    }
}

void write_team_figures(JsonWriter& j, const MatchOutcome& m, int i) {
    j.begin_object();
    j.field("goals", m.score[i]);
    j.field("possession_pct", m.figures[i].possession_pct);
    j.field("coverage_pct", m.figures[i].coverage_pct);
    j.field("attack_ratio", m.figures[i].attack_ratio);
    j.field("shots", m.figures[i].shots);
    j.field("shots_on_goal", m.figures[i].shots_on_goal);
    j.field("own_goals_conceded", m.own_goals_conceded[i]);
    j.field("module_faults", m.health[i].faults);
    j.end_object();
}

void print_json(const Scenario& s, const std::array<TeamInfo, 2>& teams, std::uint64_t first_seed,
                const std::vector<MatchOutcome>& matches, std::ostream& out) {
    const Totals t = add_up(matches);
    const double n = static_cast<double>(matches.size());
    JsonWriter j;
    j.begin_object();
    j.field("scenario", s.path);
    j.field("title", s.title);
    j.field("games", static_cast<std::int64_t>(matches.size()));
    j.field("first_seed", first_seed);
    j.field("finished", t.finished);
    j.key("teams").begin_array();
    for (int i = 0; i < 2; ++i) {
        const TeamTotals& x = t.team[i];
        j.begin_object();
        j.field("name", teams[i].name);
        j.field("module", teams[i].module);
        j.field("wins", x.wins);
        j.field("draws", x.draws);
        j.field("losses", x.losses);
        j.field("mean_score", x.goals / n);
        j.field("possession_pct", x.possession / n);
        j.field("coverage_pct", x.coverage / n);
        j.field("attack_ratio", pooled_attack_ratio(x));
        j.field("shots_per_match", x.shots / n);
        j.field("shots_on_goal_per_match", x.shots_on_goal / n);
        j.field("camping_matches", x.camping_matches);
        j.field("hoarding_matches", x.hoarding_matches);
        j.field("module_faults", x.module_faults);
        j.end_object();
    }
    j.end_array();
    j.key("matches").begin_array();
    for (const MatchOutcome& m : matches) {
        j.begin_object();
        j.field("seed", m.seed);
        j.key("score").begin_array().value(m.score[0]).value(m.score[1]).end_array();
        j.field("result", result_key(m));
        if (!m.note.empty()) j.field("note", m.note);
        j.field("ticks", m.ticks);
        j.field("running_ticks", m.running_ticks);
        j.key("teams").begin_array();
        write_team_figures(j, m, 0);
        write_team_figures(j, m, 1);
        j.end_array();
        j.key("conduct").begin_array();
        for (const auto& f : m.conduct)
            j.begin_object()
                .field("team", f.team)
                .field("kind", conduct_key(f.kind))
                .field("from_tick", f.from_tick)
                .field("to_tick", f.to_tick)
                .end_object();
        j.end_array();
        j.end_object();
    }
    j.end_array();
    j.end_object();
    out << j.str() << "\n";
}

void draw_progress(int done, int total) {
    constexpr int kWidth = 30;
    const int filled = total > 0 ? done * kWidth / total : kWidth;
    char bar[kWidth + 1];
    for (int i = 0; i < kWidth; ++i) bar[i] = i < filled ? '#' : '.';
    bar[kWidth] = '\0';
    std::fprintf(stderr, "\r  [%s] %d/%d matches", bar, done, total);
    std::fflush(stderr);
}

int run_matches(const MatchOptions& o, std::ostream& out, std::ostream& err) {
    Scenario s;
    try {
        s = load_scenario_file(o.scenario);
    } catch (const ScenarioError& e) {
        err << "playbench match: cannot load scenario:\n" << e.what() << "\n";
        return 2;
    }
    if (s.lab != &podball_lab()) {
        err << "playbench match: '" << o.scenario << "' is a " << s.lab->name
            << " scenario; matches are played by the podball lab\n";
        return 2;
    }
    if (auto why = apply_param_overrides(s.params, o.sets)) {
        err << "playbench match: " << *why << "\n";
        return 2;
    }
    if (o.games < 1) {
        err << "playbench match: --games must be at least 1\n";
        return 2;
    }
    const std::uint64_t first_seed = o.seed.value_or(s.seed);

    // A team module that cannot start would make every match a walk-over: say so and stop.
    std::array<TeamInfo, 2> teams;
    {
        Scenario probe = s;
        probe.seed = first_seed;
        const auto world = s.lab->create_world(probe);
        const auto& w = dynamic_cast<const PodballWorld&>(*world);
        teams = w.teams();
        bool broken = false;
        for (int i = 0; i < 2; ++i)
            if (!w.module_health(i).load_error.empty()) {
                err << "playbench match: team " << i << " (" << teams[i].name << "): " << w.module_health(i).load_error
                    << "\n";
                broken = true;
            }
        if (broken) return 2;
    }

    const int games = o.games;
    std::vector<MatchOutcome> results(static_cast<std::size_t>(games));
    std::vector<std::string> failures(static_cast<std::size_t>(games));
    std::atomic<int> next{0}, done{0};
    auto worker = [&] {
        for (int i = next++; i < games; i = next++) {
            try {
                results[static_cast<std::size_t>(i)] = play_match(s, first_seed + static_cast<std::uint64_t>(i));
            } catch (const std::exception& e) {
                failures[static_cast<std::size_t>(i)] = e.what();
            }
            ++done;
        }
    };
    const int thread_count = std::clamp(o.threads, 1, games);
    std::vector<std::thread> pool;
    for (int i = 0; i < thread_count; ++i) pool.emplace_back(worker);
    const bool progress = isatty(STDERR_FILENO) != 0;
    if (progress) {
        while (done.load() < games) {
            draw_progress(done.load(), games);
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        draw_progress(games, games);
        std::fprintf(stderr, "\n");
    }
    for (std::thread& t : pool) t.join();
    for (int i = 0; i < games; ++i)
        if (!failures[static_cast<std::size_t>(i)].empty()) {
            err << "playbench match: seed " << first_seed + static_cast<std::uint64_t>(i) << ": "
                << failures[static_cast<std::size_t>(i)] << "\n";
            return 1;
        }

    if (o.json)
        print_json(s, teams, first_seed, results, out);
    else
        print_text(s, teams, first_seed, results, out);
    return 0;
}

}   // namespace

LabVerb match_verb() {
    using Kind = LabVerbOption::Kind;
    LabVerb v;
    v.name = "match";
    v.after = "run";
    v.usage = "match SCENARIO     play full Podball matches headless: wins, score, metrics";
    v.description = "Play full Podball matches headless and report results and metrics per team";
    v.scenario_help = "Podball scenario file (.toml)";
    v.options = {
        {"--games", Kind::Integer, "Matches to play (default 1), with seeds S, S+1, ...", 1, 1, 1000000},
        {"--seed", Kind::Seed, "First seed S (default: the scenario's seed)"},
        {"--set", Kind::Texts, "Override a parameter, KEY=VALUE (repeatable); see `playbench params`"},
        {"--threads", Kind::Integer, "Worker threads (default 2); results do not depend on it", 2, 1, 64},
        {"--json", Kind::Flag, "Print the totals and every match as JSON"},
        {"--in-process-modules", Kind::CodeInProcess, ""},
    };
    v.run = [](const LabVerbArgs& a, std::ostream& out, std::ostream& err) {
        MatchOptions o;
        o.scenario = a.scenario;
        o.games = static_cast<int>(a.integer("--games"));
        o.seed = a.seed;
        o.sets = a.text_list("--set");
        o.json = a.flag("--json");
        o.threads = static_cast<int>(a.integer("--threads"));
        return run_matches(o, out, err);
    };
    return v;
}

}   // namespace pb::podball
