// Team control modules ("team intelligence"): called every ENGINE_CTRL_STEP ticks with the world
// mirrored so that the module's own team is team 0 attacking towards +x. One action per pod.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/hash.hpp"
#include "engine/podball/config.hpp"
#include "engine/podball/types.hpp"

namespace pb::podball {

struct TeamSettings {
    PodballConfig config;
    int own_pods = 0;
    int opponent_pods = 0;
    std::uint64_t seed = 0;   // for modules that use randomness (seeded per team)
    // The team's script tunables in the scenario's table (podball.teamN.script.NAME): their
    // names and values at the start, in the order TeamView::script_params gives their values.
    std::vector<std::string> script_param_names = {};
    std::vector<double> script_params = {};
};

struct PodView {
    Vec2 pos;
    Vec2 vel;
    bool denied = false;   // in BALLDENY
};

// The world as one team sees it: own team is team 0, attacking +x.
struct TeamView {
    std::int64_t tick = 0;
    std::int64_t running_ticks = 0;   // match time played (RUNNING ticks)
    int period = 0;                   // 0-based
    Mode mode = Mode::Suspended;      // mirrored: KickoffTeam0 means our kick-off
    int own_score = 0;
    int opponent_score = 0;
    std::vector<PodView> own;
    std::vector<PodView> opponents;
    Vec2 ball_pos;
    Vec2 ball_vel;
    int ball_owner_team = -1;   // 0 own, 1 opponent, -1 free
    int ball_owner_index = -1;
    // Goal exclusion areas: the index of the pod holding the right to be inside our own area
    // (ours, at -x) and the opponent's (theirs, at +x); -1 while free.
    int own_area_holder = -1;
    int opponent_area_holder = -1;
    PodballConfig config;                // current values (parameters can change live)
    std::vector<double> script_params;   // the team's script tunables' current values (TeamSettings)
};

// What an isolated library module wrote to its stdout and stderr, its log
// (docs/team-modules.md#library-modules-run-isolated-the-default): the first kLogBytes (module_host.hpp) of it, and how many bytes it wrote
// beyond them (dropped).
struct ModuleLog {
    std::string text;
    std::uint64_t dropped_bytes = 0;
};

// A pod whose action a module gave but the world cannot use (a script's malformed action, see
// docs/lua-teams.md#actionsi): that pod idles for the call and the world counts a fault with the
// reason; the team's other pods play.
struct PodFault {
    int pod = 0;   // 0-based
    std::string reason;
};

// A team's brain. Built-in modules are plain C++ values (clone copies, hash covers their memory);
// third-party ones are shared libraries behind the C ABI (library_module.hpp).
class TeamModule {
public:
    virtual ~TeamModule() = default;
    virtual std::string name() const = 0;
    // Called once before the first play(). May throw std::exception: the team then stays idle and
    // the reason is reported (ModuleHealth::load_error).
    virtual void init(const TeamSettings& settings) = 0;
    // Fills `actions` (already sized to the team's pod count, all None). May throw: the world
    // catches it, idles the team's pods for that call and counts a fault.
    virtual void play(const TeamView& view, std::vector<PodAction>& actions) = 0;
    // Optional, must not throw: the view the next play() gets, handed over before the world
    // prepares the other team's call, so that an isolated library module (library_module.hpp)
    // thinks in its own process meanwhile and both teams' modules think at the same time. The
    // next play() then gets this same view. Built-in modules ignore it.
    virtual void start_play(const TeamView& view) { (void)view; }
    virtual std::unique_ptr<TeamModule> clone() const = 0;
    virtual void hash(StateHasher&) const {}
    // The module's log: an isolated library module's stdout and stderr, read when asked (a few
    // system calls: for showing, not per tick). Built-in and in-process modules have none.
    virtual ModuleLog log() const { return {}; }
    // After a play() that returned: the pods whose action could not be read (empty for most).
    virtual const std::vector<PodFault>& pod_faults() const {
        static const std::vector<PodFault> none;
        return none;
    }
};

// How a team's module is doing: why it could not start (the team then plays as `idle`), and calls
// that failed (an exception or error status; all the team's pods idle for that call) or returned a
// non-finite vector (that pod idles for that call).
struct ModuleHealth {
    std::string load_error;
    std::int64_t faults = 0;
    std::int64_t last_fault_tick = -1;
    std::string last_fault;
};

// Scenario files name a module either by a built-in name or as "lib:PATH" (a shared library
// with the C ABI of podball_module_abi.h; PATH relative to the scenario file).
inline constexpr const char* kLibraryModulePrefix = "lib:";
bool is_library_module(const std::string& module);

// Built-in modules by name; nullptr when the name is unknown.
std::unique_ptr<TeamModule> make_builtin_module(const std::string& name);
const std::vector<std::string>& builtin_module_names();

// The module a team plays with: a built-in one by name, or the library at `library_path` for a
// "lib:" module. Never nullptr: a module that cannot be made is replaced by `idle` and `error`
// says why.
std::unique_ptr<TeamModule> make_team_module(const std::string& module, const std::string& library_path,
                                             std::string& error);

// Mirroring between the world frame and a team's frame (team 1 sees x and y negated:
// a half-turn keeps the arena's handedness and puts its goal on the right).
Vec2 mirror_pos(int team, Vec2 p);
Vec2 mirror_vec(int team, Vec2 v);

}   // namespace pb::podball
