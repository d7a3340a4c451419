// Loading team modules from shared libraries (library_module.hpp) and translating between the
// engine's TeamView/PodAction and the C structs of podball_module_abi.h.
#include "engine/podball/library_module.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "engine/podball/podball_module_abi.h"

namespace pb::podball {
namespace {

const char* const kAbiHeader = "engine/podball/podball_module_abi.h";

// An open library and its entry points; shared by every module made from it (and their copies),
// closed when the last one goes.
class ModuleLibrary {
public:
    ModuleLibrary(const ModuleLibrary&) = delete;
    ModuleLibrary& operator=(const ModuleLibrary&) = delete;
    ~ModuleLibrary() {
        if (handle_) dlclose(handle_);
    }

    static std::shared_ptr<ModuleLibrary> open(const std::string& path, std::string& error) {
        std::shared_ptr<ModuleLibrary> lib(new ModuleLibrary);
        lib->path_ = path;
        // RTLD_NOW: a library with unresolved symbols fails here, with the linker's reason, rather
        // than in the middle of a match. RTLD_LOCAL: two modules may use the same symbol names.
        lib->handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!lib->handle_) {
            const char* why = dlerror();
            error = "cannot load module library '" + path + "': " + (why ? why : "unknown reason");
            return nullptr;
        }
        auto find = [&](const char* symbol, bool required) -> void* {
            void* p = dlsym(lib->handle_, symbol);
            if (!p && required && error.empty())
                error = "module library '" + path + "' does not export '" + symbol +
                        "' (a module exports podball_module_get_info, podball_module_init, podball_module_play and "
                        "podball_module_dispose; see " + kAbiHeader + ")";
            return p;
        };
        error.clear();
        // POSIX guarantees that a data pointer from dlsym converts to a function pointer.
        lib->get_info_ = reinterpret_cast<podball_module_get_info_fn>(find("podball_module_get_info", true));
        lib->init_ = reinterpret_cast<podball_module_init_fn>(find("podball_module_init", true));
        lib->play_ = reinterpret_cast<podball_module_play_fn>(find("podball_module_play", true));
        lib->dispose_ = reinterpret_cast<podball_module_dispose_fn>(find("podball_module_dispose", true));
        lib->clone_ = reinterpret_cast<podball_module_clone_fn>(find("podball_module_clone", false));
        if (!error.empty()) return nullptr;

        const podball_module_info* info = nullptr;
        try {
            info = lib->get_info_();
        } catch (...) {
            error = "module library '" + path + "': podball_module_get_info failed with an exception";
            return nullptr;
        }
        if (!info) {
            error = "module library '" + path + "': podball_module_get_info returned NULL";
            return nullptr;
        }
        if (info->abi_version != PODBALL_MODULE_ABI_VERSION) {
            error = "module library '" + path + "' was built for module ABI version " +
                    std::to_string(info->abi_version) + ", this Playbench speaks version " +
                    std::to_string(PODBALL_MODULE_ABI_VERSION) + ": rebuild it against " + kAbiHeader;
            return nullptr;
        }
        lib->info_.name = info->name && *info->name ? info->name : path;
        lib->info_.author = info->author ? info->author : "";
        lib->info_.description = info->description ? info->description : "";
        lib->info_.can_clone = lib->clone_ != nullptr;
        return lib;
    }

    const LibraryInfo& info() const { return info_; }
    const std::string& path() const { return path_; }
    podball_module_init_fn init_ = nullptr;
    podball_module_play_fn play_ = nullptr;
    podball_module_dispose_fn dispose_ = nullptr;
    podball_module_clone_fn clone_ = nullptr;

private:
    ModuleLibrary() = default;
    void* handle_ = nullptr;
    podball_module_get_info_fn get_info_ = nullptr;
    std::string path_;
    LibraryInfo info_;
};

std::int32_t abi_mode(Mode m) {
    switch (m) {
        case Mode::KickoffTeam0: return PODBALL_MODE_KICKOFF_OWN;
        case Mode::KickoffTeam1: return PODBALL_MODE_KICKOFF_OPPONENT;
        case Mode::Running: return PODBALL_MODE_RUNNING;
        case Mode::GoalTeam0: return PODBALL_MODE_GOAL_OWN;
        case Mode::GoalTeam1: return PODBALL_MODE_GOAL_OPPONENT;
        case Mode::Suspended: return PODBALL_MODE_SUSPENDED;
        case Mode::Final: return PODBALL_MODE_FINAL;
    }
    return PODBALL_MODE_SUSPENDED;
}

void fill_settings(podball_settings& s, const PodballConfig& c) {
    s.abi_version = PODBALL_MODULE_ABI_VERSION;
    s.arena_width = c.arena_width;
    s.arena_height = c.arena_height;
    s.goal_width = c.goal_width;
    s.center_keepoff = c.center_keepoff;
    s.goal_exclusion_radius = c.goal_exclusion_radius;
    s.pod_radius = c.pod_radius;
    s.pod_mass = c.pod_mass;
    s.pod_thrust = c.pod_thrust;
    s.pod_friction = c.pod_friction;
    s.pod_carry_friction = c.carry_friction;
    s.ball_radius = c.ball_radius;
    s.ball_mass = c.ball_mass;
    s.ball_friction = c.ball_friction;
    s.shoot_force = c.shoot_force;
    s.pickup_velocity = c.pickup_velocity;
    s.collision_force_limit = c.collision_force_limit;
    s.ballkeep_ticks = static_cast<std::int32_t>(c.ballkeep_ticks);
    s.balldeny_ticks = static_cast<std::int32_t>(c.balldeny_ticks);
    s.ctrl_step = static_cast<std::int32_t>(c.ctrl_step);
    s.periods = static_cast<std::int32_t>(c.periods);
    s.period_ticks = static_cast<std::int32_t>(c.period_ticks);
    s.kickoff_ticks = static_cast<std::int32_t>(c.kickoff_ticks);
    s.goal_ticks = static_cast<std::int32_t>(c.goal_ticks);
}

void fill_pods(podball_pod* out, const std::vector<PodView>& pods) {
    const std::size_t n = std::min<std::size_t>(pods.size(), PODBALL_MAX_PODS);
    for (std::size_t i = 0; i < n; ++i) {
        out[i].pos = podball_vec2{pods[i].pos.x, pods[i].pos.y};
        out[i].vel = podball_vec2{pods[i].vel.x, pods[i].vel.y};
        out[i].denied = pods[i].denied ? 1 : 0;
        out[i].reserved = 0;
    }
}

class LibraryModule final : public TeamModule {
public:
    explicit LibraryModule(std::shared_ptr<ModuleLibrary> lib) : lib_(std::move(lib)) {}
    ~LibraryModule() override { release(); }
    LibraryModule(const LibraryModule&) = delete;
    LibraryModule& operator=(const LibraryModule&) = delete;

    std::string name() const override { return lib_->info().name; }

    void init(const TeamSettings& settings) override {
        release();
        settings_ = settings;
        podball_settings s{};
        fill_settings(s, settings.config);
        s.own_pods = settings.own_pods;
        s.opponent_pods = settings.opponent_pods;
        s.seed = settings.seed;
        initialised_ = true;
        state_ = lib_->init_(&s);
        if (!state_)
            throw std::runtime_error("module library '" + lib_->path() + "': podball_module_init returned NULL");
    }

    void play(const TeamView& v, std::vector<PodAction>& actions) override {
        if (!state_) throw std::runtime_error("module '" + name() + "' has no state (its init or clone failed)");
        ++calls_;
        fill_settings(live_settings_, v.config);
        live_settings_.own_pods = static_cast<std::int32_t>(v.own.size());
        live_settings_.opponent_pods = static_cast<std::int32_t>(v.opponents.size());
        live_settings_.seed = settings_.seed;
        podball_world& w = world_;
        w.tick = v.tick;
        w.running_ticks = v.running_ticks;
        w.mode = abi_mode(v.mode);
        w.period = v.period;
        w.own_score = v.own_score;
        w.opponent_score = v.opponent_score;
        w.own_count = static_cast<std::int32_t>(std::min<std::size_t>(v.own.size(), PODBALL_MAX_PODS));
        w.opponent_count = static_cast<std::int32_t>(std::min<std::size_t>(v.opponents.size(), PODBALL_MAX_PODS));
        fill_pods(w.own, v.own);
        fill_pods(w.opponents, v.opponents);
        w.ball_pos = podball_vec2{v.ball_pos.x, v.ball_pos.y};
        w.ball_vel = podball_vec2{v.ball_vel.x, v.ball_vel.y};
        w.ball_owner_team = v.ball_owner_team;
        w.ball_owner_index = v.ball_owner_index;
        w.own_area_holder = v.own_area_holder;
        w.opponent_area_holder = v.opponent_area_holder;
        w.settings = &live_settings_;
        for (podball_action& a : actions_) a = podball_action{PODBALL_ACTION_NONE, 0, {0.0, 0.0}};

        const std::int32_t status = lib_->play_(state_, &w, actions_.data());
        if (status != 0)
            throw std::runtime_error("module '" + name() + "': podball_module_play returned status " +
                                     std::to_string(status));
        const std::size_t n = std::min<std::size_t>(actions.size(), PODBALL_MAX_PODS);
        for (std::size_t i = 0; i < n; ++i) {
            const podball_action& a = actions_[i];
            const PodAction::Kind kind = a.kind == PODBALL_ACTION_MOVE    ? PodAction::Kind::Move
                                         : a.kind == PODBALL_ACTION_SHOOT ? PodAction::Kind::Shoot
                                                                          : PodAction::Kind::None;
            actions[i] = PodAction{kind, Vec2{a.v.x, a.v.y}};
        }
    }

    std::unique_ptr<TeamModule> clone() const override {
        auto copy = std::make_unique<LibraryModule>(lib_);
        copy->settings_ = settings_;
        copy->calls_ = calls_;
        if (!initialised_) return copy;
        copy->initialised_ = true;
        // clone() must not fail: a state that cannot be copied (or re-made) leaves the copy
        // without one, and its play() reports that as a fault every call.
        try {
            if (state_ && lib_->clone_) {
                copy->state_ = lib_->clone_(state_);
            } else if (state_) {
                podball_settings s{};
                fill_settings(s, settings_.config);
                s.own_pods = settings_.own_pods;
                s.opponent_pods = settings_.opponent_pods;
                s.seed = settings_.seed;
                copy->state_ = lib_->init_(&s);
            }
        } catch (...) {
            copy->state_ = nullptr;
        }
        return copy;
    }

    void hash(StateHasher& h) const override {
        h.add(lib_->info().name);
        h.add(calls_);
    }

private:
    void release() {
        if (state_) {
            try {
                lib_->dispose_(state_);
            } catch (...) {
                // A module throwing from dispose leaks its state; nothing else we can do.
            }
        }
        state_ = nullptr;
    }

    std::shared_ptr<ModuleLibrary> lib_;
    void* state_ = nullptr;
    bool initialised_ = false;
    TeamSettings settings_;
    std::int64_t calls_ = 0;
    // Scratch for the calls, kept so a call allocates nothing.
    podball_settings live_settings_{};
    podball_world world_{};
    std::array<podball_action, PODBALL_MAX_PODS> actions_{};
};

}  // namespace

std::optional<std::string> probe_module_library(const std::string& path, LibraryInfo* info) {
    std::string error;
    auto lib = ModuleLibrary::open(path, error);
    if (!lib) return error;
    if (info) *info = lib->info();
    return std::nullopt;
}

std::unique_ptr<TeamModule> load_library_module(const std::string& path, std::string& error) {
    auto lib = ModuleLibrary::open(path, error);
    if (!lib) return nullptr;
    return std::make_unique<LibraryModule>(std::move(lib));
}

}  // namespace pb::podball
