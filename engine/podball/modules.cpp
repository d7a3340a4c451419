// Mirroring, the module registry, and the `idle` module. The others live in their own files
// (teams/builtin_modules.hpp), library modules in modules/library_module.cpp.
#include <algorithm>
#include <cmath>

#include "engine/podball/modules/library_module.hpp"
#include "engine/podball/team_view.hpp"
#include "engine/podball/teams/builtin_modules.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {

// A half-turn (x and y negated) rather than a reflection in x alone: it keeps the arena's
// handedness, so a module's "left wing" is the same wing whichever side it plays on.
Vec2 mirror_pos(int team, Vec2 p) { return team == 0 ? p : -p; }
Vec2 mirror_vec(int team, Vec2 v) { return team == 0 ? v : -v; }

Mode mirror_mode(int team, Mode m) {
    if (team == 0) return m;
    switch (m) {
        case Mode::KickoffTeam0: return Mode::KickoffTeam1;
        case Mode::KickoffTeam1: return Mode::KickoffTeam0;
        case Mode::GoalTeam0: return Mode::GoalTeam1;
        case Mode::GoalTeam1: return Mode::GoalTeam0;
        case Mode::Running:
        case Mode::Suspended:
        case Mode::Final: return m;
    }
    return m;
}

void build_team_view(const PodballWorld& world, int team, TeamView& out) {
    out.tick = world.tick();
    out.running_ticks = world.running_ticks();
    out.period = world.period();
    out.mode = mirror_mode(team, world.mode());
    out.own_score = world.score()[team];
    out.opponent_score = world.score()[1 - team];
    out.own.clear();
    out.opponents.clear();
    for (const Pod& p : world.pods()) {
        PodView v{mirror_pos(team, p.pos), mirror_vec(team, p.vel), p.deny_ticks > 0};
        (p.team == team ? out.own : out.opponents).push_back(v);
    }
    const Ball& b = world.ball();
    out.ball_pos = mirror_pos(team, b.pos);
    out.ball_vel = mirror_vec(team, b.vel);
    if (b.owner >= 0) {
        const Pod& carrier = world.pods()[b.owner];
        out.ball_owner_team = carrier.team == team ? 0 : 1;
        out.ball_owner_index = carrier.index;
    } else {
        out.ball_owner_team = -1;
        out.ball_owner_index = -1;
    }
    const int own_holder = world.goal_area_holder(team), their_holder = world.goal_area_holder(1 - team);
    out.own_area_holder = own_holder >= 0 ? world.pods()[own_holder].index : -1;
    out.opponent_area_holder = their_holder >= 0 ? world.pods()[their_holder].index : -1;
    out.config = world.config();
    out.script_params.clear();
    for (std::size_t row : world.script_rows(team)) out.script_params.push_back(world.params()[row]);
}

PodAction module_action_in_world(PodAction a, int team) {
    if (a.kind == PodAction::Kind::None) return PodAction{};
    if (!std::isfinite(a.v.x) || !std::isfinite(a.v.y)) return PodAction{};
    double len = std::sqrt(a.v.x * a.v.x + a.v.y * a.v.y);
    if (!std::isfinite(len)) {
        // A huge but finite vector (1e300): its square overflows, so scale it down first; like
        // any vector longer than 1 it counts as full thrust in its direction.
        const double m = std::max(std::abs(a.v.x), std::abs(a.v.y));
        a.v /= m;
        len = std::sqrt(a.v.x * a.v.x + a.v.y * a.v.y);
    }
    if (len > 1.0) a.v /= len;
    a.v = mirror_vec(team, a.v);
    return a;
}

namespace {

// Does nothing: a team of obstacles to test against, and the baseline for metrics.
class IdleModule final : public TeamModule {
public:
    std::string name() const override { return "idle"; }
    void init(const TeamSettings&) override {}
    void play(const TeamView&, std::vector<PodAction>&) override {}
    std::unique_ptr<TeamModule> clone() const override { return std::make_unique<IdleModule>(*this); }
};

struct BuiltinModule {
    const char* name;
    std::unique_ptr<TeamModule> (*make)();
};

std::unique_ptr<TeamModule> make_idle_module() { return std::make_unique<IdleModule>(); }

const BuiltinModule kBuiltinModules[] = {
    {"idle", make_idle_module},     {"chaser", make_chaser_module}, {"formation", make_formation_module},
    {"passer", make_passer_module}, {"random", make_random_module},
};

}   // namespace

const std::vector<std::string>& builtin_module_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const auto& m : kBuiltinModules) n.emplace_back(m.name);
        return n;
    }();
    return names;
}

std::unique_ptr<TeamModule> make_builtin_module(const std::string& name) {
    for (const auto& m : kBuiltinModules)
        if (name == m.name) return m.make();
    return nullptr;
}

bool is_library_module(const std::string& module) { return module.rfind(kLibraryModulePrefix, 0) == 0; }

std::unique_ptr<TeamModule> make_team_module(const std::string& module, const std::string& library_path,
                                             std::string& error) {
    error.clear();
    std::unique_ptr<TeamModule> m;
    if (is_library_module(module)) {
        // Only an absolute path (the one the scenario's loading resolved, or PATH written so):
        // never a relative PATH as written, which dlopen would look up in the library search path.
        const std::string written = module.substr(std::char_traits<char>::length(kLibraryModulePrefix));
        const std::string& path = library_path.empty() ? written : library_path;
        if (path.empty() || path[0] != '/')
            error = "module '" + module + "': its library was not loaded";
        else
            m = load_library_module(path, error);
    } else {
        m = make_builtin_module(module);
        if (!m) error = "unknown team module '" + module + "'";
    }
    return m ? std::move(m) : make_idle_module();
}

}   // namespace pb::podball
