// PodballWorld's outside: the lab's commands, the state hash, the JSON state and metrics, and the
// status line.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "engine/core/hash.hpp"
#include "engine/core/lab.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {
namespace {

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

// A Lua team's script, its faults (each distinct message once, with PATH:LINE) and its memory
// (docs/lua-teams.md#what-you-see).
void write_script(JsonWriter& out, const LuaTeamModule& lua) {
    out.key("script").begin_object();
    out.field("file", lua.script().written);
    out.field("name", lua.title());
    out.key("faults").begin_array();
    for (const LuaFault& f : lua.faults())
        out.begin_object()
            .field("message", f.message)
            .field("count", f.count)
            .field("first_tick", f.first_tick)
            .field("last_tick", f.last_tick)
            .end_object();
    out.end_array();
    out.key("memory");
    lua.write_memory(out);
    out.end_object();
}

}   // namespace

const LabInfo& PodballWorld::lab() const { return podball_lab(); }

std::optional<std::string> PodballWorld::check_pod_spot(int team, Vec2 p) const {
    const double hx = config_.arena_width / 2.0, hy = config_.arena_height / 2.0, r = config_.pod_radius;
    if (std::abs(p.x) > hx - r || std::abs(p.y) > hy - r)
        return "position (" + num(p.x) + ", " + num(p.y) +
               ") is outside the arena: a pod's centre must stay within |x| <= " + num(hx - r) +
               " and |y| <= " + num(hy - r);
    // During kick-off the defending team must stay behind its keep-off line (physics.cpp).
    const bool defending = (mode_ == Mode::KickoffTeam0 && team == 1) || (mode_ == Mode::KickoffTeam1 && team == 0);
    const bool kicking = (mode_ == Mode::KickoffTeam0 && team == 0) || (mode_ == Mode::KickoffTeam1 && team == 1);
    const double side = mode_ == Mode::KickoffTeam0 ? 1.0 : -1.0;   // the defending team's line is at side * keepoff
    if (defending && side * p.x < keepoff_ + r)
        return "during kick-off team " + std::to_string(team) + " must stay behind its keep-off line: x " +
               (side > 0 ? ">= " : "<= ") + num(side * (keepoff_ + r));
    if (kicking && side * p.x > keepoff_ - r)
        return "during kick-off team " + std::to_string(team) +
               " must stay on its side of x = " + num(side * keepoff_) + ": x " + (side > 0 ? "<= " : ">= ") +
               num(side * (keepoff_ - r));
    return std::nullopt;
}

std::optional<std::string> PodballWorld::check_ball_spot(Vec2 p) const {
    const double hx = config_.arena_width / 2.0, hy = config_.arena_height / 2.0, rb = config_.ball_radius;
    if (std::abs(p.x) > hx - rb || std::abs(p.y) > hy - rb)
        return "position (" + num(p.x) + ", " + num(p.y) +
               ") is outside the arena: the ball's centre must stay within |x| <= " + num(hx - rb) +
               " and |y| <= " + num(hy - rb);
    if (mode_ == Mode::KickoffTeam0 && p.x > keepoff_ - rb)
        return "during team 0's kick-off the ball stays at x <= " + num(keepoff_ - rb);
    if (mode_ == Mode::KickoffTeam1 && p.x < -keepoff_ + rb)
        return "during team 1's kick-off the ball stays at x >= " + num(-keepoff_ + rb);
    return std::nullopt;
}

std::optional<std::string> PodballWorld::find_pod(std::int64_t team, std::int64_t index, int& id) const {
    id = (team >= 0 && team <= 1 && index >= 0 && index < kMaxPodsPerTeam)
             ? pod_id(static_cast<int>(team), static_cast<int>(index))
             : -1;
    if (id >= 0) return std::nullopt;
    if (team < 0 || team > 1) return "team must be 0 or 1, got " + std::to_string(team);
    return "team " + std::to_string(team) + " has " + std::to_string(teams_[team].pods) + " pods (0.." +
           std::to_string(teams_[team].pods - 1) + "), there is no pod " + std::to_string(index);
}

std::optional<std::string> PodballWorld::on(const PodPlace& c) {
    int id;
    if (auto err = find_pod(c.team, c.pod, id)) return err;
    const Vec2 p{c.x, c.y};
    if (auto err = check_pod_spot(pods_[id].team, p)) return err;
    pods_[id].pos = p;
    pods_[id].vel = Vec2{0.0, 0.0};
    attach_ball_to_carrier();
    return std::nullopt;
}

std::optional<std::string> PodballWorld::on(const BallPlace& c) {
    const Vec2 p{c.x, c.y};
    if (auto err = check_ball_spot(p)) return err;
    ball_.owner = -1;   // a designer's hand, not a loss: no BALLDENY for the carrier
    ball_.keep_ticks = 0;
    ball_.pos = p;
    ball_.vel = Vec2{0.0, 0.0};
    return std::nullopt;
}

std::optional<std::string> PodballWorld::on(const PodActionCommand& c) {
    int id;
    if (auto err = find_pod(c.team, c.pod, id)) return err;
    if (c.kind != "move" && c.kind != "shoot") return "kind must be \"move\" or \"shoot\", got \"" + c.kind + "\"";
    const auto ticks = c.ticks.value_or(1);
    if (ticks < 1) return "ticks must be at least 1, got " + std::to_string(ticks);
    Vec2 v{c.x, c.y};
    const double len = std::sqrt(v.x * v.x + v.y * v.y);
    if (!std::isfinite(len)) return "the action vector must be finite";
    if (len > 1.0) v /= len;
    pods_[id].override_action = PodAction{c.kind == "move" ? PodAction::Kind::Move : PodAction::Kind::Shoot, v};
    pods_[id].override_ticks = static_cast<int>(std::min<std::int64_t>(ticks, 1'000'000'000));
    return std::nullopt;
}

std::optional<std::string> PodballWorld::on(const ModeSet& c) {
    Mode m;
    if (!parse_mode(c.mode, m)) return "unknown mode \"" + c.mode + "\"";
    // A kick-off starts from the kick-off formation, as after a goal. Play resumed straight
    // from a goal phase restarts from the centre spot: the ball lies in the goal.
    const bool in_goal_phase = mode_ == Mode::GoalTeam0 || mode_ == Mode::GoalTeam1;
    if (m == Mode::KickoffTeam0 || m == Mode::KickoffTeam1) {
        place_for_kickoff();
    } else if (in_goal_phase && (m == Mode::Running || m == Mode::Suspended)) {
        ball_.owner = -1;
        ball_.keep_ticks = 0;
        ball_.pos = Vec2{0.0, 0.0};
        ball_.vel = Vec2{0.0, 0.0};
    }
    set_mode(m);
    return std::nullopt;
}

std::optional<std::string> PodballWorld::on(const ModeRestore& c) {
    Mode m;
    if (!parse_mode(c.mode, m)) return "unknown mode \"" + c.mode + "\"";
    if (c.mode_ticks < 0) return "mode_ticks must be 0 or more, got " + std::to_string(c.mode_ticks);
    std::array<std::uint64_t, 4> words{};
    if (c.rng) {
        bool hex = c.rng->size() == 64;
        for (std::size_t i = 0; hex && i < 64; ++i) {
            const char ch = (*c.rng)[i];
            const int digit = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
            if (digit < 0)
                hex = false;
            else
                words[i / 16] = words[i / 16] << 4 | static_cast<std::uint64_t>(digit);
        }
        if (!hex) return "rng must be 64 lower-case hex digits (the generator's four words), got \"" + *c.rng + "\"";
        if (words == std::array<std::uint64_t, 4>{}) return "rng must not be all zeros (the generator would stall)";
    }
    const auto pods = static_cast<std::int64_t>(pods_.size());
    for (const auto& holder : {c.area_holder_0, c.area_holder_1})
        if (holder && (*holder < -1 || *holder >= pods))
            return "a goal-area holder is a pod of the list (0 .. " + std::to_string(pods - 1) + ") or -1, got " +
                   std::to_string(*holder);
    const auto flags = static_cast<std::int64_t>(metrics_.flags.size());
    for (const auto& flag : {c.hoarding_flag_0, c.hoarding_flag_1})
        if (flag && (*flag < -1 || *flag >= flags))
            return "a hoarding flag is one raised so far (0 .. " + std::to_string(flags - 1) + ") or -1, got " +
                   std::to_string(*flag);
    mode_ = m;
    mode_ticks_ = static_cast<int>(c.mode_ticks);
    if (c.rng) rng_.set_state(words);
    if (c.area_holder_0) area_holder_[0] = static_cast<int>(*c.area_holder_0);
    if (c.area_holder_1) area_holder_[1] = static_cast<int>(*c.area_holder_1);
    if (c.hoard_run_0) metrics_.team[0].hoard_run = *c.hoard_run_0;
    if (c.hoard_run_1) metrics_.team[1].hoard_run = *c.hoard_run_1;
    if (c.hoarding_flag_0) metrics_.team[0].open_hoarding_flag = static_cast<int>(*c.hoarding_flag_0);
    if (c.hoarding_flag_1) metrics_.team[1].open_hoarding_flag = static_cast<int>(*c.hoarding_flag_1);
    return std::nullopt;
}

std::optional<std::string> PodballWorld::on(const PodRestore& c) {
    int id;
    if (auto err = find_pod(c.team, c.pod, id)) return err;
    PodAction action;
    if (c.action == "move")
        action.kind = PodAction::Kind::Move;
    else if (c.action == "shoot")
        action.kind = PodAction::Kind::Shoot;
    else if (c.action != "none")
        return "action must be none, move or shoot, got \"" + c.action + "\"";
    action.v = Vec2{c.action_x, c.action_y};
    Pod& p = pods_[id];
    p.pos = Vec2{c.x, c.y};
    p.vel = Vec2{c.vx, c.vy};
    p.deny_ticks = static_cast<int>(std::clamp<std::int64_t>(c.deny_ticks, 0, 1'000'000'000));
    p.action = action;
    return std::nullopt;
}

std::optional<std::string> PodballWorld::on(const BallRestore& c) {
    if (c.owner_team.has_value() != c.owner_pod.has_value())
        return "a carrier needs both owner_team and owner_pod (neither: the ball is free)";
    int owner = -1;
    if (c.owner_team)
        if (auto err = find_pod(*c.owner_team, *c.owner_pod, owner)) return "owner: " + *err;
    if (c.last_team < -1 || c.last_team > 1) return "last_team must be -1, 0 or 1, got " + std::to_string(c.last_team);
    ball_.pos = Vec2{c.x, c.y};
    ball_.vel = Vec2{c.vx, c.vy};
    ball_.owner = owner;
    ball_.keep_ticks = static_cast<int>(std::clamp<std::int64_t>(c.keep_ticks, 0, 1'000'000'000));
    ball_.last_team = static_cast<int>(c.last_team);
    return std::nullopt;
}

std::optional<std::string> PodballWorld::on(const ScriptReload& c) {
    const int team = static_cast<int>(c.team);
    LuaTeamModule* lua = as_lua_module(*modules_[team]);
    if (!lua)
        return "team " + std::to_string(team) + " plays no Lua script (module \"" + teams_[team].module + "\"" +
               (health_[team].load_error.empty() ? "" : ", idle: " + health_[team].load_error) + ")";
    auto script = std::make_shared<LuaScript>(LuaScript{lua->script().written, c.text});
    if (auto problem = lua_script_problem(*script, &script->tunables)) return *problem;
    return lua->reload(std::move(script));
}

std::optional<std::string> PodballWorld::on(const TeamModuleSet& c) {
    const int team = static_cast<int>(c.team);
    const std::string& m = c.module;
    if (c.text && !is_lua_module(m)) return "text goes with a Lua script (\"lua:PATH\") only; module is \"" + m + "\"";
    std::unique_ptr<TeamModule> module;
    if (is_lua_module(m)) {
        const std::string written = m.substr(std::string_view(kLuaModulePrefix).size());
        if (written.empty()) return "\"lua:\" needs the script's PATH, e.g. \"lua:striker.lua\"";
        if (!c.text)
            return "\"" + m + "\" needs the script's whole text (text = \"...\"): the switch carries it, so a " +
                   "replay plays it anywhere";
        auto script = std::make_shared<LuaScript>(LuaScript{written, *c.text});
        if (auto problem = lua_script_problem(*script, &script->tunables)) return *problem;
        module = make_lua_module(std::move(script));
    } else if (is_library_module(m)) {
        // A library runs in a host process the match starts with; only the scenario's own one.
        if (m != scenario_modules_[team])
            return "a library module is chosen in the scenario file (its host process starts with the match); team " +
                   std::to_string(team) + " may switch back to its own, \"" + scenario_modules_[team] +
                   "\", and to built-in modules and Lua scripts";
        if (!library_not_loaded_[team].empty()) return library_not_loaded_[team];
        std::string error;
        module = make_team_module(m, library_paths_[team], error);
        if (!error.empty()) return error;
    } else {
        module = make_builtin_module(m);
        if (!module) return "\"" + m + "\" is not a module (allowed: " + allowed_modules() + ")";
    }
    // Seeded from a copy of the world's generator: the world's own draws stay as they were.
    Rng fork = rng_;
    const std::uint64_t seed = fork.next_u64() ^ (static_cast<std::uint64_t>(tick_) << 1 | static_cast<unsigned>(team));
    try {
        module->init(team_settings(team, seed));
    } catch (const std::exception& e) {
        return "module \"" + m + "\" did not start: " + e.what();
    } catch (...) {
        return "module \"" + m + "\" did not start (init failed with an exception)";
    }
    modules_[team] = ClonePtr<TeamModule>(std::move(module));
    teams_[team].module = m;
    health_[team] = ModuleHealth{};
    return std::nullopt;
}

std::optional<std::string> PodballWorld::apply_lab_command(const Command& c) {
    return dispatch(
        PodballCommands{}, c, [this](const auto& cmd) { return on(cmd); }, "podball does not know the command");
}

std::uint64_t PodballWorld::tick_hash() const {
    // Positions and velocities of pods and ball, who holds the ball, the score, the phase and the
    // parameter values: any divergence reaches these within a tick or two. The rest (metrics,
    // modules' memory, the RNG) is in hash(), which replays check every so many ticks and at the
    // tick after every command. The tick itself is left out: a replay keeps one hash per tick,
    // so where a hash sits says its tick.
    QuickHasher h;
    h.add_words(params_hash(), QuickHasher::pack(static_cast<int>(mode_), mode_ticks_));
    h.add4(ball_.pos.x, ball_.pos.y, ball_.vel.x, ball_.vel.y);
    // Two pods a step: the loop's own instructions (and the copies GCC makes of the sums where a
    // loop ends) once for two pods. 13.5 -> 11.8 ns a call.
    const Pod* p = pods_.data();
    const Pod* const end = p + pods_.size();
    for (; p + 1 < end; p += 2) {
        h.add4(p[0].pos.x, p[0].pos.y, p[0].vel.x, p[0].vel.y);
        h.add4(p[1].pos.x, p[1].pos.y, p[1].vel.x, p[1].vel.y);
    }
    if (p < end) h.add4(p->pos.x, p->pos.y, p->vel.x, p->vel.y);
    h.add_words(QuickHasher::pack(ball_.owner, ball_.keep_ticks), QuickHasher::pack(score_[0], score_[1]));
    return h.value();
}

template <class Self, class V>
void PodballWorld::visit_state(Self& w, V& v) {
    // Keys and order are those of `run --json` (docs/command-line.md); hidden fields are hashed and diffed only.
    // kTick marks what tick_hash() covers (besides the parameters), in its order.
    const auto vec = [&v](std::string_view key, auto& p, unsigned role) {
        v.begin_array(key, 2, role);
        v.field("", p.x, role);
        v.field("", p.y, role);
        v.end_array();
    };
    const auto action = [&](std::string_view key, auto& a) {
        v.begin_object(key, kHidden);
        v.enumeration("kind", a.kind, kHidden, [](PodAction::Kind k) { return std::to_string(static_cast<int>(k)); });
        vec("v", a.v, kHidden);
        v.end_object();
    };
    v.field("tick", w.tick_, kShown);
    v.enumeration("mode", w.mode_, kShownTick, mode_key);
    v.field("mode_ticks", w.mode_ticks_, kShownTick);
    v.begin_array("score", 2);
    v.field("", w.score_[0], kShownTick);
    v.field("", w.score_[1], kShownTick);
    v.end_array();
    v.field("running_ticks", w.running_ticks_, kShown);
    v.field("period", w.period_, kShown);
    v.field("first_kickoff_team", w.first_kickoff_team_, kHidden);
    v.begin_array("teams", w.teams_.size());
    for (std::size_t t = 0; t < w.teams_.size(); ++t) {
        auto& team = w.teams_[t];
        v.begin_object("");
        v.field("name", team.name, kShown);
        v.field("module", team.module, kShown);
        v.field("pods", team.pods, kShown);
        v.index("area_holder", w.area_holder_[t], kHidden);
        v.field("faults", w.health_[t].faults, kHidden);
        v.value("load_failed", !w.health_[t].load_error.empty(), kHidden);
        v.end_object();
    }
    v.end_array();
    v.begin_array("pods", w.pods_.size());
    for (auto& p : w.pods_) {
        v.begin_object("");
        v.field("team", p.team, kShown);
        v.field("index", p.index, kShown);
        vec("pos", p.pos, kShownTick);
        vec("vel", p.vel, kShownTick);
        v.field("deny_ticks", p.deny_ticks, kShown);
        action("action", p.action);
        v.field("override_ticks", p.override_ticks, kHidden);
        action("override_action", p.override_action);
        v.end_object();
    }
    v.end_array();
    v.begin_object("ball");
    vec("pos", w.ball_.pos, kShownTick);
    vec("vel", w.ball_.vel, kShownTick);
    v.index("owner_pod", w.ball_.owner, kHiddenTick);
    v.json("owner", [&w](JsonWriter& out) {
        if (w.ball_.owner >= 0)
            out.begin_object()
                .field("team", w.pods_[w.ball_.owner].team)
                .field("index", w.pods_[w.ball_.owner].index)
                .end_object();
        else
            out.null();
    });
    v.field("keep_ticks", w.ball_.keep_ticks, kShownTick);
    v.field("last_team", w.ball_.last_team, kHidden);
    vec("carry_offset", w.carry_offset_, kHidden);
    v.end_object();
    v.opaque("metrics", [&w](StateHasher& h) { w.metrics_.hash(h); });
    v.opaque("rng", [&w](StateHasher& h) {
        for (std::uint64_t word : w.rng_.state()) h.add_u64(word);
    });
    v.opaque("modules", [&w](StateHasher& h) {
        for (const auto& m : w.modules_) m->hash(h);
    });
}

std::uint64_t PodballWorld::hash() const { return visited_hash(*this); }

void PodballWorld::write_state(JsonWriter& out) const { write_visited_state(*this, out); }

std::vector<StateField> PodballWorld::state_fields() const { return visited_fields(*this); }

std::optional<std::string> PodballWorld::perturb_field(std::size_t k, unsigned role) {
    return perturb_visited_field(*this, k, role);
}

void PodballWorld::write_metrics(JsonWriter& out) const {
    out.begin_object();
    out.key("score").begin_array().value(score_[0]).value(score_[1]).end_array();
    out.field("running_ticks", running_ticks_);
    out.field("period", period_);
    out.field("periods", static_cast<int>(config_.periods));
    out.field("finished", finished());
    out.key("result");
    if (!finished())
        out.null();
    else
        out.value(leader() < 0 ? "draw" : leader() == 0 ? "team0" : "team1");
    out.key("teams").begin_array();
    for (int t = 0; t < 2; ++t) {
        const TeamCounters& c = metrics_.team[t];
        const TeamFigures f = team_figures(metrics_, t, running_ticks_);
        out.begin_object();
        out.field("name", teams_[t].name);
        out.field("module", teams_[t].module);
        out.field("goals", score_[t]);
        out.field("own_goals_conceded", c.own_goals);
        // From the team's pick-up until the other team's, over running time; a free ball after a
        // kick-off counts for nobody, nor does time the ball spends in a goal area.
        out.field("possession_ticks", c.possession_ticks);
        out.field("possession_pct", f.possession_pct);
        out.field("coverage_pct", f.coverage_pct);
        out.field("attack_ratio", f.attack_ratio);   // null when the team never was in its own half
        out.field("upfield_pod_ticks", c.upfield_pod_ticks);
        out.field("own_half_pod_ticks", c.own_half_pod_ticks);
        out.field("shots", f.shots);
        out.field("shots_on_goal", f.shots_on_goal);
        out.field("ball_in_own_goal_area_ticks", c.ball_in_own_area_ticks);
        out.key("module_health").begin_object();
        out.field("load_error", health_[t].load_error);
        out.field("faults", health_[t].faults);
        out.field("last_fault", health_[t].last_fault);
        out.field("last_fault_tick", health_[t].last_fault_tick);
        out.end_object();
        if (const LuaTeamModule* lua = as_lua_module(*modules_[t])) write_script(out, *lua);
        out.end_object();
    }
    out.end_array();
    out.key("conduct").begin_array();
    for (const ConductFlag& f : metrics_.flags)
        out.begin_object()
            .field("team", f.team)
            .field("kind", conduct_key(f.kind))
            .field("from_tick", f.from_tick)
            .field("to_tick", f.to_tick)
            .end_object();
    out.end_array();
    out.key("goal_area_holders").begin_array();
    for (int t = 0; t < 2; ++t) {
        if (area_holder_[t] < 0)
            out.null();
        else
            out.value(pods_[area_holder_[t]].index);
    }
    out.end_array();
    out.end_object();
}

std::string PodballWorld::summary() const {
    std::string s = teams_[0].name + " " + std::to_string(score_[0]) + " : " + std::to_string(score_[1]) + " " +
                    teams_[1].name + "   " + std::string(mode_label(mode_));
    if (finished()) {
        s += leader() < 0 ? "   draw" : "   " + teams_[leader()].name + " wins";
    } else {
        s += "   period " + std::to_string(period_ + 1) + "/" + std::to_string(static_cast<int>(config_.periods));
    }
    s += "   t=" + std::to_string(tick_);
    // A team module in trouble shows on the one line (the window's status line, `run`); the
    // whole reason is in the metrics' module_health and the Analysis tab.
    for (int t = 0; t < 2; ++t) {
        const ModuleHealth& h = health_[t];
        if (!h.load_error.empty())
            s += "   " + teams_[t].name + "'s module did not start";
        else if (h.last_fault.find("was stopped") != std::string::npos)
            s += "   " + teams_[t].name + "'s module stopped at t=" + std::to_string(h.last_fault_tick);
        else if (h.faults > 0)
            s += "   " + teams_[t].name + "'s module: " + std::to_string(h.faults) +
                 (h.faults == 1 ? " fault" : " faults");
    }
    return s;
}

}   // namespace pb::podball
