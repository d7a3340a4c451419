// PodballWorld: construction, the order of one tick, calling the team modules, and the ball rules
// (keep, deny, force limit, shooting). Elsewhere: physics.cpp (motion, contacts, bounds),
// goal_area.cpp (exclusion areas), match_phases.cpp (modes, periods), metrics.cpp, and
// world_io.cpp (commands, hash, JSON).
#include "engine/podball/world.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include "engine/podball/kickoff.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/team_view.hpp"

namespace pb::podball {
namespace {

bool modules_play_in(Mode m) { return m == Mode::KickoffTeam0 || m == Mode::KickoffTeam1 || m == Mode::Running; }

}   // namespace

PodballWorld::PodballWorld(const ParamSet& params, const PodballSetup& setup, std::uint64_t seed)
    : WorldBase(params), teams_(setup.teams), rng_(seed) {
    derive_from_params();
    for (auto& t : teams_) t.pods = std::clamp(t.pods, 1, kMaxPodsPerTeam);
    for (int team = 0; team < 2; ++team)
        for (int i = 0; i < teams_[team].pods; ++i) {
            Pod p;
            p.team = team;
            p.index = i;
            pods_.push_back(p);
        }
    thrust_.assign(pods_.size(), Vec2{0.0, 0.0});
    place_for_kickoff();

    const double hx = config_.arena_width / 2.0, hy = config_.arena_height / 2.0;
    const double r = config_.pod_radius, rb = config_.ball_radius;
    // Setup positions were checked against the default arena; a scenario with a smaller arena
    // pulls them in rather than refusing to start.
    for (const PodPlacement& pl : setup.pods) {
        const int id = pod_id(pl.team, pl.index);
        if (id < 0) continue;
        pods_[id].pos = {std::clamp(pl.pos.x, -hx + r, hx - r), std::clamp(pl.pos.y, -hy + r, hy - r)};
        pods_[id].vel = pl.vel;
    }
    if (setup.ball) {
        const BallPlacement& b = *setup.ball;
        const int owner = b.owner_team >= 0 ? pod_id(b.owner_team, b.owner_index) : -1;
        if (owner >= 0) {
            // A carried ball starts on the side of its carrier facing the opponent's goal.
            ball_.pos = pods_[owner].pos + mirror_vec(pods_[owner].team, Vec2{r + rb, 0.0});
            ball_.vel = pods_[owner].vel;
            pick_up(owner);
            picked_up_ = false;
        } else {
            ball_.pos = {std::clamp(b.pos.x, -hx + rb, hx - rb), std::clamp(b.pos.y, -hy + rb, hy - rb)};
            ball_.vel = b.vel;
        }
    }
    mode_ = setup.start_mode;
    mode_ticks_ = 0;
    // Kick-offs alternate between periods, starting with the team the scenario names.
    first_kickoff_team_ = setup.start_mode == Mode::KickoffTeam1 ? 1 : 0;
    if (config_.goal_exclusion_radius > 0.0)
        for (int team = 0; team < 2; ++team) update_area_holder(team);

    for (int team = 0; team < 2; ++team) {
        const std::string prefix = lua_tunable_key(team, "");
        for (std::size_t i = 0; i < params_.size(); ++i)
            if (params_.table()[i].key.rfind(prefix, 0) == 0) script_rows_[team].push_back(i);
    }
    for (int team = 0; team < 2; ++team) {
        std::string error;
        // A library the scenario's loading kept from loading is never opened here either.
        const bool kept_out = !setup.library_not_loaded[team].empty();
        std::unique_ptr<TeamModule> module;
        if (kept_out)
            module = make_builtin_module("idle");
        else if (setup.lua_scripts[team])
            module = make_lua_module(setup.lua_scripts[team]);
        else
            module = make_team_module(teams_[team].module, setup.library_paths[team], error);
        if (kept_out) error = setup.library_not_loaded[team];
        scenario_modules_[team] = teams_[team].module;
        library_paths_[team] = setup.library_paths[team];
        library_not_loaded_[team] = setup.library_not_loaded[team];
        const TeamSettings settings = team_settings(team, rng_.next_u64());
        if (error.empty()) {
            try {
                module->init(settings);
            } catch (const std::exception& e) {
                error = e.what();
            } catch (...) {
                error = "module '" + teams_[team].module + "': init failed with an exception";
            }
            if (!error.empty()) module = make_builtin_module("idle");
        }
        // A module that cannot start leaves its team idle; the reason is reported with the metrics
        // (and by `playbench match`), the match itself goes on.
        health_[team].load_error = error;
        modules_[team] = ClonePtr<TeamModule>(std::move(module));
    }
}

TeamSettings PodballWorld::team_settings(int team, std::uint64_t seed) const {
    TeamSettings settings;
    settings.config = config_;
    settings.own_pods = teams_[team].pods;
    settings.opponent_pods = teams_[1 - team].pods;
    settings.seed = seed;
    for (std::size_t row : script_rows_[team]) {
        settings.script_param_names.push_back(params_.table()[row].key.substr(lua_tunable_key(team, "").size()));
        settings.script_params.push_back(params_[row]);
    }
    return settings;
}

int PodballWorld::pod_id(int team, int index) const {
    if (team < 0 || team > 1 || index < 0 || index >= teams_[team].pods) return -1;
    return team == 0 ? index : teams_[0].pods + index;
}

void PodballWorld::on_params_changed() { derive_from_params(); }

void PodballWorld::derive_from_params() {
    config_ = config_from(params_);
    const PodballConfig& c = config_;
    free_pod_motion_ = motion_factors(c.pod_friction, c.pod_mass, c.pod_thrust);
    carrier_motion_ = motion_factors(c.pod_friction + c.carry_friction, c.pod_mass + c.ball_mass, c.pod_thrust);
    ball_motion_ = motion_factors(c.ball_friction, c.ball_mass, 0.0);
    keepoff_ = effective_keepoff(c);
}

// One tick: timers, decisions, thrust and shots, motion, contacts, bounds and goals, then the
// rules that look at the whole tick (BALLKEEP, force limit) and the mode clock.
void PodballWorld::step() {
    mode_changed_ = false;
    picked_up_ = false;
    carrier_load_ = 0.0;
    ball_start_ = ball_.pos;
    was_running_ = mode_ == Mode::Running;

    for (Pod& p : pods_)
        if (p.deny_ticks > 0) --p.deny_ticks;
    if (modules_play_in(mode_)) {
        const auto ctrl = std::max<std::int64_t>(1, static_cast<std::int64_t>(config_.ctrl_step));
        if (tick_ % ctrl == 0) call_modules();
    } else {
        // Suspended, after-goal and final phases: nothing moves of its own accord, pods only coast.
        for (Pod& p : pods_) p.action = PodAction{};
    }
    resolve_actions();
    integrate();
    collide_pods();
    collide_ball();
    enforce_bounds();
    update_ball_rules();

    ++tick_;
    if (was_running_) {
        ++running_ticks_;
        count_running_tick();
    }
    if (!mode_changed_) ++mode_ticks_;
    update_mode();
}

// A module that throws idles its team for that call; a non-finite vector or an action the module
// could not read (pod_faults) idles that pod. Each counts as a fault in ModuleHealth, and the
// match goes on. Both views are built (and handed to
// the modules) before either team plays: isolated library modules then think at the same time,
// each in its own process. A view depends on no team's actions, so the order changes nothing.
void PodballWorld::call_modules() {
    for (int team = 0; team < 2; ++team) {
        build_team_view(*this, team, view_scratch_[team]);
        modules_[team]->start_play(view_scratch_[team]);
    }
    for (int team = 0; team < 2; ++team) {
        const int n = teams_[team].pods;
        action_scratch_.assign(static_cast<std::size_t>(n), PodAction{});
        const char* failure = nullptr;
        std::string reason;
        try {
            modules_[team]->play(view_scratch_[team], action_scratch_);
        } catch (const std::exception& e) {
            failure = "play failed: ";
            reason = e.what();
        } catch (...) {
            failure = "play failed with an exception that is not a std::exception";
        }
        if (failure) {
            note_fault(team, failure + reason);
            action_scratch_.assign(static_cast<std::size_t>(n), PodAction{});
        } else {
            for (const PodFault& f : modules_[team]->pod_faults()) {
                if (f.pod < 0 || f.pod >= n) continue;
                action_scratch_[static_cast<std::size_t>(f.pod)] = PodAction{};
                note_fault(team, "pod " + std::to_string(f.pod) + ": " + f.reason);
            }
        }
        const int base = pod_id(team, 0);
        for (int k = 0; k < n; ++k) {
            const PodAction a = static_cast<std::size_t>(k) < action_scratch_.size() ? action_scratch_[k] : PodAction{};
            const PodAction world_action = module_action_in_world(a, team);
            if (a.kind != PodAction::Kind::None && world_action.kind == PodAction::Kind::None)
                note_fault(team, "pod " + std::to_string(k) + ": the action's vector is not finite");
            pods_[base + k].action = world_action;
        }
    }
}

void PodballWorld::note_fault(int team, std::string message) {
    ModuleHealth& h = health_[team];
    ++h.faults;
    h.last_fault_tick = tick_;
    h.last_fault = std::move(message);
}

// A move thrusts for the whole tick; a shot is spent once, the tick the pod holds the ball
// (until then it stays pending, so "shoot" issued just before a pick-up still fires).
void PodballWorld::resolve_actions() {
    const int n = static_cast<int>(pods_.size());
    for (int i = 0; i < n; ++i) {
        Pod& p = pods_[i];
        PodAction* source = &p.action;
        if (p.override_ticks > 0) {
            source = &p.override_action;
            --p.override_ticks;
        }
        if (source->kind == PodAction::Kind::Move) {
            thrust_[i] = source->v;
            continue;
        }
        thrust_[i] = Vec2{0.0, 0.0};
        if (source->kind == PodAction::Kind::Shoot && ball_.owner == i) {
            shoot(i, source->v);
            *source = PodAction{};
        }
    }
    if (ball_.owner >= 0) {
        const Vec2 t = thrust_[ball_.owner];
        carrier_load_ += config_.pod_thrust * std::sqrt(t.x * t.x + t.y * t.y);
    }
}

void PodballWorld::shoot(int id, Vec2 a) {
    Pod& p = pods_[id];
    release_ball();
    ball_.vel = p.vel + a * (config_.shoot_force / config_.ball_mass);
    p.vel -= a * (config_.shoot_force / config_.pod_mass);
    count_shot(p.team, ball_.pos, ball_.vel);
}

void PodballWorld::pick_up(int id) {
    Pod& p = pods_[id];
    const double mp = config_.pod_mass, mb = config_.ball_mass;
    const double reach = config_.pod_radius + config_.ball_radius;
    Vec2 d = ball_.pos - p.pos;
    const double dist = std::sqrt(d.x * d.x + d.y * d.y);
    const Vec2 n = dist > 1e-12 ? d / dist : mirror_vec(p.team, Vec2{1.0, 0.0});
    // Catching is a perfectly inelastic collision: momentum is kept, the pair moves as one.
    p.vel = (p.vel * mp + ball_.vel * mb) / (mp + mb);
    carry_offset_ = n * reach;
    ball_.owner = id;
    ball_.keep_ticks = 0;
    ball_.last_team = p.team;
    picked_up_ = true;
    attach_ball_to_carrier();
}

void PodballWorld::release_ball() {
    if (ball_.owner < 0) return;
    pods_[ball_.owner].deny_ticks = static_cast<int>(config_.balldeny_ticks);
    ball_.owner = -1;
    ball_.keep_ticks = 0;
}

void PodballWorld::attach_ball_to_carrier() {
    if (ball_.owner < 0) return;
    const Pod& c = pods_[ball_.owner];
    ball_.pos = c.pos + carry_offset_;
    ball_.vel = c.vel;
}

void PodballWorld::update_ball_rules() {
    if (ball_.owner < 0) return;
    if (!picked_up_) ++ball_.keep_ticks;
    if (ball_.keep_ticks >= static_cast<int>(config_.ballkeep_ticks) || carrier_load_ > config_.collision_force_limit)
        release_ball();
}

void PodballWorld::score_goal(int scoring_team, Vec2 crossing) {
    release_ball();
    ++score_[scoring_team];
    if (ball_.last_team == 1 - scoring_team) ++metrics_.team[1 - scoring_team].own_goals;
    record_event(EventKind::Goal, scoring_team);
    // The ball rests on the goal line until the next kick-off; it is out of play meanwhile.
    ball_.pos = crossing;
    ball_.vel = Vec2{0.0, 0.0};
    set_mode(scoring_team == 0 ? Mode::GoalTeam0 : Mode::GoalTeam1);
}

}   // namespace pb::podball
