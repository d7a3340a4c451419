// A Podball team played by a Lua script (lua_team.hpp, docs/lua-teams.md): one Lua state per team
// and match. The `world` table is built once and updated in place every call (no garbage per
// call); `memory` is serialised after every call and the bytes are the team's state.
#include "engine/podball/lua/lua_team.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "engine/podball/lua/lua_vm.hpp"

namespace pb::podball {
namespace {

using lua::Vm;

bool lua_tunable_name_ok(const char* name) {
    if (!*name) return false;
    for (const char* c = name; *c; ++c)
        if (!std::isalnum(static_cast<unsigned char>(*c)) && *c != '_') return false;
    return true;
}

constexpr std::int64_t kInitFactor = 10;   // init (and the chunk) get ten play calls' instructions

std::size_t memory_cap_of(const PodballConfig& c) {
    const double mb = std::clamp(c.script_memory_mb, 1.0, 4096.0);
    return static_cast<std::size_t>(mb) << 20;
}
std::int64_t instructions_of(const PodballConfig& c) {
    return static_cast<std::int64_t>(std::clamp(c.script_instructions, 1000.0, 100'000'000.0));
}

const char* mode_name(Mode m) {
    switch (m) {
        case Mode::KickoffTeam0: return "kickoff_own";
        case Mode::KickoffTeam1: return "kickoff_opponent";
        case Mode::Running: return "running";
        case Mode::GoalTeam0: return "goal_own";
        case Mode::GoalTeam1: return "goal_opponent";
        case Mode::Suspended: return "suspended";
        case Mode::Final: return "final";
    }
    return "suspended";
}

// Registry references to the tables every call reuses.
struct Refs {
    int world = LUA_NOREF, own = LUA_NOREF, opponents = LUA_NOREF, ball = LUA_NOREF, ball_pos = LUA_NOREF,
        ball_vel = LUA_NOREF, settings = LUA_NOREF, params = LUA_NOREF, actions = LUA_NOREF, memory = LUA_NOREF,
        play = LUA_NOREF, init = LUA_NOREF, on_reload = LUA_NOREF;
    struct Pod {
        int pod = LUA_NOREF, pos = LUA_NOREF, vel = LUA_NOREF;
    };
    std::vector<Pod> own_pods, opponent_pods;
};

void set_number(lua_State* L, int t, const char* key, double v) {
    Vm::of(L).push_key(L, key);
    lua_pushnumber(L, v);
    lua_rawset(L, t);
}
void set_integer(lua_State* L, int t, const char* key, lua_Integer v) {
    Vm::of(L).push_key(L, key);
    lua_pushinteger(L, v);
    lua_rawset(L, t);
}
void set_index_or_nil(lua_State* L, int t, const char* key, int zero_based) {
    Vm::of(L).push_key(L, key);
    if (zero_based >= 0)
        lua_pushinteger(L, zero_based + 1);
    else
        lua_pushnil(L);
    lua_rawset(L, t);
}
void set_ref(lua_State* L, int t, const char* key, int ref) {
    Vm::of(L).push_key(L, key);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_rawset(L, t);
}
int new_ref(lua_State* L) { return luaL_ref(L, LUA_REGISTRYINDEX); }

// The world's tables are read only: a script cannot add a key (and what it changes is written
// over at the next call), so nothing outlives a call outside memory.
int world_newindex(lua_State* L) {
    const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2);
    return luaL_error(L, "the world is read only (assigning '%s')", key);
}

// actions[i] for i in 1..pods; any other key is an error with the line that set it.
int actions_newindex(lua_State* L) {
    const lua_Integer n = lua_tointeger(L, lua_upvalueindex(1));
    if (lua_isinteger(L, 2)) {
        const lua_Integer i = lua_tointeger(L, 2);
        if (i >= 1 && i <= n) {
            lua_rawset(L, 1);
            return 0;
        }
        return luaL_error(L, "actions[%I]: the team has %I pods (actions[1] to actions[%I])", i, n, n);
    }
    return luaL_error(L, "actions[%s]: actions are indexed by pod, 1 to %I",
                      lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2), n);
}

void set_readonly_metatable(lua_State* L, int t, lua_CFunction newindex, int upvalues) {
    t = lua_absindex(L, t);
    lua_newtable(L);
    lua_insert(L, -1 - upvalues);
    lua_pushcclosure(L, newindex, upvalues);
    lua_setfield(L, -2, "__newindex");
    lua::lock_metatable(L, t);
}

class LuaTeam;

struct LoadContext {
    LuaTeam* team;
    const char* title = nullptr;
    std::size_t title_len = 0;
    const char* description = nullptr;
    std::size_t description_len = 0;
};

struct PlayContext {
    LuaTeam* team;
    const TeamView* view;
    std::vector<PodAction>* actions;
};

class LuaTeam final : public LuaTeamModule {
public:
    explicit LuaTeam(std::shared_ptr<const LuaScript> script) : script_(std::move(script)) {}

    std::string name() const override { return title(); }
    const LuaScript& script() const override { return *script_; }
    std::string title() const override {
        if (!title_.empty()) return title_;
        const std::size_t slash = script_->written.find_last_of('/');
        return slash == std::string::npos ? script_->written : script_->written.substr(slash + 1);
    }
    std::string description() const override { return description_; }
    const std::vector<LuaFault>& faults() const override { return faults_; }

    // The chunk only, in a fresh state (lua_script_problem).
    bool load_only(const TeamSettings& settings, std::string& error) {
        settings_ = settings;
        return start(error);
    }

    void init(const TeamSettings& settings) override {
        settings_ = settings;
        row_values_ = settings.script_params;
        std::string error;
        if (!start(error)) throw std::runtime_error(error);
        if (!vm_->protected_call(&LuaTeam::init_entry, this, kInitFactor * instructions_of(settings_.config), error))
            throw std::runtime_error(error + " (in init)");
        keep_memory();
    }

    void play(const TeamView& v, std::vector<PodAction>& actions) override {
        if (!vm_)
            throw std::runtime_error(broken_.empty() ? "script '" + script_->written + "' did not start" : broken_);
        ++calls_;
        last_tick_ = v.tick;
        // A tunable changed (param.set): world.params is a new table from this call on
        // (docs/lua-teams.md#tunables-are-parameters).
        if (v.script_params != row_values_) {
            row_values_ = v.script_params;
            params_stale_ = true;
        }
        PlayContext ctx{this, &v, &actions};
        pod_faults_.clear();
        std::string error;
        const bool ok = vm_->protected_call(&LuaTeam::play_entry, &ctx, instructions_of(v.config), error);
        note_cost(v.tick, instructions_of(v.config));
        if (!ok) {
            for (PodAction& a : actions) a = PodAction{};
            pod_faults_.clear();
            restore_memory();
            note_fault(error, v.tick);
            throw std::runtime_error(error);
        }
        for (PodFault& f : pod_faults_) {
            f.reason = script_->written + ": " + f.reason;
            note_fault(f.reason, v.tick);
        }
        keep_memory();
    }

    const std::vector<PodFault>& pod_faults() const override { return pod_faults_; }
    const std::deque<LuaCallCost>& call_costs() const override { return costs_; }

    std::unique_ptr<TeamModule> clone() const override {
        auto copy = std::make_unique<LuaTeam>(script_);
        copy->settings_ = settings_;
        copy->calls_ = calls_;
        copy->faults_ = faults_;
        copy->costs_ = costs_;
        copy->memory_bytes_ = memory_bytes_;
        copy->broken_ = broken_;
        copy->row_values_ = row_values_;
        copy->params_stale_ = params_stale_;
        if (!vm_) return copy;
        // A new state with the same script (its chunk runs again), then this one's memory,
        // generator and log: never init, which already ran.
        std::string error;
        if (!copy->start(error) || !copy->vm_->protected_call(&LuaTeam::restore_entry, copy.get(),
                                                              kInitFactor * instructions_of(settings_.config), error)) {
            copy->vm_.reset();
            copy->broken_ = "script '" + script_->written + "' could not be copied with the world: " + error;
            return copy;
        }
        // What the script keeps outside memory, in the chunk's locals and the tables they reach.
        std::vector<int> shared{refs_.world,    refs_.own,      refs_.opponents, refs_.ball,   refs_.ball_pos,
                                refs_.ball_vel, refs_.settings, refs_.params,    refs_.actions};
        for (const auto* pods : {&refs_.own_pods, &refs_.opponent_pods})
            for (const Refs::Pod& r : *pods) shared.insert(shared.end(), {r.pod, r.pos, r.vel});
        lua::CopyProblems problems;
        if (!lua::copy_script_state(vm_->state(), *copy->vm_, shared.data(), shared.size(), refs_.memory,
                                    kInitFactor * instructions_of(settings_.config), problems, error)) {
            copy->vm_.reset();
            copy->broken_ = "script '" + script_->written + "' could not be copied with the world: " + error;
            return copy;
        }
        copy->last_tick_ = last_tick_;
        if (problems.count > 0)
            copy->note_fault(script_->written + ": not all carried into this copy of the match: " + problems.first +
                                 (problems.count > 1 ? " (and " + std::to_string(problems.count - 1) + " more)" : ""),
                             last_tick_);
        copy->vm_->rng = vm_->rng;
        copy->vm_->log = vm_->log;
        copy->vm_->log_dropped = vm_->log_dropped;
        return copy;
    }

    void hash(StateHasher& h) const override {
        h.add(std::string_view(script_->text));
        h.add(calls_);
        h.add(std::string_view(memory_bytes_));
        if (vm_)
            for (std::uint64_t w : vm_->rng.state()) h.add_u64(w);
    }

    ModuleLog log() const override {
        if (!vm_) return {};
        return ModuleLog{vm_->log, vm_->log_dropped};
    }

    void write_memory(JsonWriter& out) const override {
        if (memory_bytes_.empty())
            out.null();
        else
            lua::write_memory_json(out, memory_bytes_.data(), memory_bytes_.size());
    }

    std::optional<std::string> reload(std::shared_ptr<const LuaScript> script) override {
        if (!vm_) return broken_.empty() ? "script '" + script_->written + "' did not start" : broken_;
        // The playing script stays whole until the new one has started: a failure puts it back.
        auto old_script = std::move(script_);
        auto old_vm = std::move(vm_);
        const Refs old_refs = refs_;
        auto old_tunables = tunables_;
        auto old_title = title_, old_description = description_;
        script_ = std::move(script);
        std::string error;
        bool ok = start(error);
        if (ok) {
            vm_->rng = old_vm->rng;
            vm_->log = old_vm->log;
            vm_->log_dropped = old_vm->log_dropped;
            ok = vm_->protected_call(&LuaTeam::reload_entry, this, kInitFactor * instructions_of(settings_.config),
                                     error);
            if (!ok) error += " (in on_reload)";
        }
        if (!ok) {
            script_ = std::move(old_script);
            vm_ = std::move(old_vm);
            refs_ = old_refs;
            tunables_ = std::move(old_tunables);
            title_ = std::move(old_title);
            description_ = std::move(old_description);
            return error;
        }
        keep_memory();
        return std::nullopt;
    }

    const std::vector<LuaTunable>& tunables() const { return tunables_; }

private:
    // A fresh state: sandbox, the script's chunk, globals frozen, the world's tables made.
    bool start(std::string& error) {
        vm_ = std::make_unique<Vm>(memory_cap_of(settings_.config));
        if (!vm_->state()) {
            vm_.reset();
            error = "script '" + script_->written + "': no Lua state fits in its memory budget";
            return false;
        }
        vm_->rng.reseed(settings_.seed);
        refs_ = Refs{};
        refs_.own_pods.resize(static_cast<std::size_t>(std::max(0, settings_.own_pods)));
        refs_.opponent_pods.resize(static_cast<std::size_t>(std::max(0, settings_.opponent_pods)));
        LoadContext ctx{this};
        if (!vm_->protected_call(&LuaTeam::load_entry, &ctx, kInitFactor * instructions_of(settings_.config), error)) {
            vm_.reset();
            return false;
        }
        title_.assign(ctx.title ? ctx.title : "", ctx.title_len);
        description_.assign(ctx.description ? ctx.description : "", ctx.description_len);
        return true;
    }

    void keep_memory() { memory_bytes_.assign(vm_->buf, vm_->buf_len); }

    // After a failed call: memory as it was before it (the call had no effect).
    void restore_memory() {
        std::string error;
        if (!vm_->protected_call(&LuaTeam::restore_entry, this, kInitFactor * instructions_of(settings_.config),
                                 error)) {
            broken_ = "script '" + script_->written + "': its memory could not be restored after a fault: " + error;
            vm_.reset();
        }
    }

    void note_cost(std::int64_t tick, std::int64_t budget) {
        if (costs_.size() == kCallCostHistory) costs_.pop_front();
        costs_.push_back(LuaCallCost{tick, vm_->instructions_counted(), budget});
    }

    void note_fault(const std::string& message, std::int64_t tick) {
        for (LuaFault& f : faults_)
            if (f.message == message) {
                ++f.count;
                f.last_tick = tick;
                return;
            }
        if (faults_.size() < kMaxDistinctFaults) faults_.push_back(LuaFault{message, 1, tick, tick});
    }

    static int load_entry(lua_State* L) {
        auto& ctx = *static_cast<LoadContext*>(lua_touserdata(L, 1));
        LuaTeam& self = *ctx.team;
        lua::open_sandbox(L);
        const std::string& text = self.script_->text;
        lua_pushfstring(L, "@%s", self.script_->written.c_str());
        if (luaL_loadbufferx(L, text.data(), text.size(), lua_tostring(L, -1), "t") != LUA_OK) return lua_error(L);
        lua_call(L, 0, 0);
        const char* file = self.script_->written.c_str();

        lua_pushglobaltable(L);
        const int g = lua_gettop(L);
        if (lua_getfield(L, g, "play") != LUA_TFUNCTION)
            return luaL_error(L, "%s: the script defines no function play(world, memory, actions)", file);
        self.refs_.play = new_ref(L);
        const int init_type = lua_getfield(L, g, "init");
        if (init_type != LUA_TFUNCTION && init_type != LUA_TNIL)
            return luaL_error(L, "%s: init is a %s, not a function", file, luaL_typename(L, -1));
        self.refs_.init = new_ref(L);
        for (const char* key : {"name", "description"}) {
            const int t = lua_getfield(L, g, key);
            if (t != LUA_TSTRING && t != LUA_TNIL)
                return luaL_error(L, "%s: %s is a %s, not a string", file, key, luaL_typename(L, -1));
            std::size_t n = 0;
            const char* s = t == LUA_TSTRING ? lua_tolstring(L, -1, &n) : nullptr;
            (key[0] == 'n' ? ctx.title : ctx.description) = s;   // kept alive by the globals
            (key[0] == 'n' ? ctx.title_len : ctx.description_len) = n;
            lua_pop(L, 1);
        }
        const int reload_type = lua_getfield(L, g, "on_reload");
        if (reload_type != LUA_TFUNCTION && reload_type != LUA_TNIL)
            return luaL_error(L, "%s: on_reload is a %s, not a function", file, luaL_typename(L, -1));
        self.refs_.on_reload = new_ref(L);
        self.read_tunables(L, g, file);
        self.refs_.params = self.make_params_table(L);
        self.params_stale_ = false;
        lua_pop(L, 1);   // globals
        lua::freeze_globals(L);
        self.make_world(L);
        return 0;
    }

    // The script's `params` declarations, checked, into tunables_ (no C++ temporaries alive across
    // a call that may raise: lua_vm.hpp).
    void read_tunables(lua_State* L, int g, const char* file) {
        tunables_.clear();
        const int t = lua_getfield(L, g, "params");
        if (t == LUA_TNIL) {
            lua_pop(L, 1);
            return;
        }
        if (t != LUA_TTABLE) luaL_error(L, "%s: params is a %s, not a table", file, luaL_typename(L, -1));
        const int params = lua_gettop(L);
        const int keys = lua::push_sorted_keys(L, params, "params");
        const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, keys));
        for (lua_Integer i = 1; i <= n; ++i) {
            lua_rawgeti(L, keys, i);
            if (lua_type(L, -1) != LUA_TSTRING) luaL_error(L, "%s: params has a key that is not a name", file);
            const char* key = lua_tostring(L, -1);
            if (!lua_tunable_name_ok(key))
                luaL_error(L, "%s: params.%s: a tunable's name is letters, digits and _ (it is part of a key)", file,
                           key);
            lua_pushvalue(L, -1);
            if (lua_rawget(L, params) != LUA_TTABLE)
                luaL_error(L, "%s: params.%s must be a table { default = number, min = ..., max = ... }", file, key);
            const int entry = lua_gettop(L);
            tunables_.emplace_back();
            LuaTunable& tun = tunables_.back();
            tun.name = key;
            tun.integer = true;
            double* values[3] = {&tun.default_value, &tun.min, &tun.max};
            const char* names[3] = {"default", "min", "max"};
            for (int k = 0; k < 3; ++k) {
                if (lua_getfield(L, entry, names[k]) != LUA_TNUMBER)
                    luaL_error(L, "%s: params.%s.%s must be a number%s", file, key, names[k],
                               k == 0 ? "" : " (a tunable is a parameter: its slider needs min and max)");
                tun.integer = tun.integer && lua_isinteger(L, -1);
                *values[k] = lua_tonumber(L, -1);
                lua_pop(L, 1);
            }
            if (!(tun.min <= tun.max) || !std::isfinite(tun.min) || !std::isfinite(tun.max))
                luaL_error(L, "%s: params.%s: min %f is above max %f", file, key, tun.min, tun.max);
            if (tun.default_value < tun.min || tun.default_value > tun.max)
                luaL_error(L, "%s: params.%s.default %f is outside its range %f .. %f", file, key, tun.default_value,
                           tun.min, tun.max);
            for (const char* text : {"label", "unit"}) {
                const int tt = lua_getfield(L, entry, text);
                if (tt != LUA_TNIL && tt != LUA_TSTRING)
                    luaL_error(L, "%s: params.%s.%s must be a string", file, key, text);
                if (tt == LUA_TSTRING) (text[0] == 'l' ? tun.label : tun.unit) = lua_tostring(L, -1);
                lua_pop(L, 1);
            }
            if (tun.label.empty()) tun.label = tun.name;
            lua_settop(L, keys);
        }
        lua_settop(L, params - 1);
    }

    // The value of tunable k now: its row's (TeamSettings::script_param_names), else its default
    // (a tunable a reloaded script declares that the scenario's table has no row for).
    double tunable_value(std::size_t k) const {
        const auto& names = settings_.script_param_names;
        for (std::size_t r = 0; r < names.size() && r < row_values_.size(); ++r)
            if (names[r] == tunables_[k].name) return row_values_[r];
        return tunables_[k].default_value;
    }

    // world.params: each tunable's current value, as a new read-only table (a registry reference).
    int make_params_table(lua_State* L) const {
        lua_createtable(L, 0, static_cast<int>(tunables_.size()));
        const int out = lua_gettop(L);
        for (std::size_t k = 0; k < tunables_.size(); ++k) {
            const double v = tunable_value(k);
            if (tunables_[k].integer)
                set_integer(L, out, tunables_[k].name.c_str(), static_cast<lua_Integer>(v));
            else
                set_number(L, out, tunables_[k].name.c_str(), v);
        }
        set_readonly_metatable(L, out, world_newindex, 0);
        return new_ref(L);
    }

    void make_pods(lua_State* L, std::vector<Refs::Pod>& pods, int& list_ref) {
        lua_createtable(L, static_cast<int>(pods.size()), 0);
        const int list = lua_gettop(L);
        for (std::size_t i = 0; i < pods.size(); ++i) {
            lua_createtable(L, 0, 3);
            const int pod = lua_gettop(L);
            for (int* ref : {&pods[i].pos, &pods[i].vel}) {
                lua_createtable(L, 0, 2);
                set_number(L, lua_gettop(L), "x", 0.0);
                set_number(L, lua_gettop(L), "y", 0.0);
                set_readonly_metatable(L, -1, world_newindex, 0);
                *ref = new_ref(L);
            }
            set_ref(L, pod, "pos", pods[i].pos);
            set_ref(L, pod, "vel", pods[i].vel);
            lua_pushboolean(L, 0);
            lua_setfield(L, pod, "denied");
            set_readonly_metatable(L, pod, world_newindex, 0);
            lua_pushvalue(L, pod);
            pods[i].pod = new_ref(L);
            lua_rawseti(L, list, static_cast<lua_Integer>(i) + 1);
        }
        set_readonly_metatable(L, list, world_newindex, 0);
        list_ref = new_ref(L);
    }

    void make_world(lua_State* L) {
        make_pods(L, refs_.own_pods, refs_.own);
        make_pods(L, refs_.opponent_pods, refs_.opponents);
        for (int* ref : {&refs_.ball_pos, &refs_.ball_vel}) {
            lua_createtable(L, 0, 2);
            set_readonly_metatable(L, -1, world_newindex, 0);
            *ref = new_ref(L);
        }
        lua_createtable(L, 0, 4);
        set_ref(L, lua_gettop(L), "pos", refs_.ball_pos);
        set_ref(L, lua_gettop(L), "vel", refs_.ball_vel);
        set_readonly_metatable(L, -1, world_newindex, 0);
        refs_.ball = new_ref(L);
        refs_.settings = make_settings(L, settings_.config);
        seen_config_ = settings_.config;

        lua_createtable(L, 0, 16);
        const int w = lua_gettop(L);
        set_readonly_metatable(L, w, world_newindex, 0);
        refs_.world = new_ref(L);

        lua_createtable(L, static_cast<int>(refs_.own_pods.size()), 0);
        lua_pushinteger(L, static_cast<lua_Integer>(refs_.own_pods.size()));
        set_readonly_metatable(L, -2, actions_newindex, 1);
        refs_.actions = new_ref(L);
        lua_newtable(L);
        refs_.memory = new_ref(L);
    }

    // A new read-only world.settings table for `c`, as a registry reference.
    int make_settings(lua_State* L, const PodballConfig& c) const {
        lua_createtable(L, 0, 32);
        fill_settings(L, lua_gettop(L), c);
        set_readonly_metatable(L, -1, world_newindex, 0);
        return new_ref(L);
    }

    void fill_settings(lua_State* L, int t, const PodballConfig& c) const {
        const struct {
            const char* key;
            double value;
        } reals[] = {{"arena_width", c.arena_width},
                     {"arena_height", c.arena_height},
                     {"goal_width", c.goal_width},
                     {"center_keepoff", c.center_keepoff},
                     {"goal_exclusion_radius", c.goal_exclusion_radius},
                     {"pod_radius", c.pod_radius},
                     {"pod_mass", c.pod_mass},
                     {"pod_thrust", c.pod_thrust},
                     {"pod_friction", c.pod_friction},
                     {"pod_carry_friction", c.carry_friction},
                     {"ball_radius", c.ball_radius},
                     {"ball_mass", c.ball_mass},
                     {"ball_friction", c.ball_friction},
                     {"shoot_force", c.shoot_force},
                     {"pickup_velocity", c.pickup_velocity},
                     {"collision_force_limit", c.collision_force_limit}};
        for (const auto& r : reals) set_number(L, t, r.key, r.value);
        const struct {
            const char* key;
            double value;
        } counts[] = {{"ballkeep_ticks", c.ballkeep_ticks}, {"balldeny_ticks", c.balldeny_ticks},
                      {"ctrl_step", c.ctrl_step},           {"periods", c.periods},
                      {"period_ticks", c.period_ticks},     {"kickoff_ticks", c.kickoff_ticks},
                      {"goal_ticks", c.goal_ticks}};
        for (const auto& r : counts) set_integer(L, t, r.key, static_cast<lua_Integer>(r.value));
        set_integer(L, t, "own_pods", settings_.own_pods);
        set_integer(L, t, "opponent_pods", settings_.opponent_pods);
    }

    static int init_entry(lua_State* L) {
        LuaTeam& self = *static_cast<LuaTeam*>(lua_touserdata(L, 1));
        if (lua_rawgeti(L, LUA_REGISTRYINDEX, self.refs_.init) == LUA_TFUNCTION) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, self.refs_.settings);
            lua_rawgeti(L, LUA_REGISTRYINDEX, self.refs_.memory);
            lua_call(L, 2, 0);
        }
        lua_rawgeti(L, LUA_REGISTRYINDEX, self.refs_.memory);
        lua::serialise_memory(L, Vm::of(L), -1, "memory");
        return 0;
    }

    // memory from the kept bytes (a snapshot's copy, or after a failed call).
    static int restore_entry(lua_State* L) {
        LuaTeam& self = *static_cast<LuaTeam*>(lua_touserdata(L, 1));
        if (self.memory_bytes_.empty())
            lua_newtable(L);
        else
            lua::deserialise_memory(L, self.memory_bytes_.data(), self.memory_bytes_.size());
        lua_rawseti(L, LUA_REGISTRYINDEX, self.refs_.memory);
        Vm& vm = Vm::of(L);
        vm.buf_len = 0;
        vm.buf_append(L, self.memory_bytes_.data(), self.memory_bytes_.size());
        return 0;
    }

    // A reload: memory from the kept bytes into the new state, then on_reload(memory) when the
    // script has one (a table it returns becomes memory), then memory kept as after a call.
    static int reload_entry(lua_State* L) {
        LuaTeam& self = *static_cast<LuaTeam*>(lua_touserdata(L, 1));
        restore_entry(L);
        if (lua_rawgeti(L, LUA_REGISTRYINDEX, self.refs_.on_reload) == LUA_TFUNCTION) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, self.refs_.memory);
            lua_call(L, 1, 1);
            if (lua_istable(L, -1))
                lua_rawseti(L, LUA_REGISTRYINDEX, self.refs_.memory);
            else if (!lua_isnil(L, -1))
                return luaL_error(L, "%s: on_reload returned a %s: it returns nothing or memory's new table",
                                  self.script_->written.c_str(), luaL_typename(L, -1));
        }
        lua_rawgeti(L, LUA_REGISTRYINDEX, self.refs_.memory);
        lua::serialise_memory(L, Vm::of(L), -1, "memory");
        return 0;
    }

    // Ten pods, seven keys each: the keys are pushed once, above the list, and copied from there.
    static void update_pods(lua_State* L, const std::vector<Refs::Pod>& refs, int list_ref,
                            const std::vector<PodView>& pods) {
        Vm& vm = Vm::of(L);
        lua_rawgeti(L, LUA_REGISTRYINDEX, list_ref);
        const int list = lua_gettop(L);
        vm.push_key(L, "pos");
        vm.push_key(L, "vel");
        vm.push_key(L, "x");
        vm.push_key(L, "y");
        vm.push_key(L, "denied");
        const int k_pos = list + 1, k_x = list + 3, k_y = list + 4, k_denied = list + 5;
        const std::size_t n = std::min(refs.size(), pods.size());
        for (std::size_t i = 0; i < n; ++i) {
            const Refs::Pod& r = refs[i];
            lua_rawgeti(L, LUA_REGISTRYINDEX, r.pod);
            const int pod = lua_gettop(L);
            lua_pushvalue(L, pod);
            lua_rawseti(L, list, static_cast<lua_Integer>(i) + 1);
            const int vec_refs[2] = {r.pos, r.vel};
            const Vec2 values[2] = {pods[i].pos, pods[i].vel};
            for (int c = 0; c < 2; ++c) {
                lua_pushvalue(L, k_pos + c);
                lua_rawgeti(L, LUA_REGISTRYINDEX, vec_refs[c]);
                lua_pushvalue(L, k_x);
                lua_pushnumber(L, values[c].x);
                lua_rawset(L, -3);
                lua_pushvalue(L, k_y);
                lua_pushnumber(L, values[c].y);
                lua_rawset(L, -3);
                lua_rawset(L, pod);
            }
            lua_pushvalue(L, k_denied);
            lua_pushboolean(L, pods[i].denied);
            lua_rawset(L, pod);
            lua_settop(L, k_denied);
        }
        lua_settop(L, list - 1);
    }

    void update_world(lua_State* L, const TeamView& v) {
        luaL_checkstack(L, 24, "the world's tables");
        lua_rawgeti(L, LUA_REGISTRYINDEX, refs_.world);
        const int w = lua_gettop(L);
        set_integer(L, w, "tick", v.tick);
        set_integer(L, w, "running_ticks", v.running_ticks);
        set_integer(L, w, "period", v.period + 1);
        set_integer(L, w, "own_score", v.own_score);
        set_integer(L, w, "opponent_score", v.opponent_score);
        Vm& vm = Vm::of(L);
        vm.push_key(L, "mode");
        vm.push_key(L, mode_name(v.mode));
        lua_rawset(L, w);
        set_index_or_nil(L, w, "own_area_holder", v.own_area_holder);
        set_index_or_nil(L, w, "opponent_area_holder", v.opponent_area_holder);
        update_pods(L, refs_.own_pods, refs_.own, v.own);
        update_pods(L, refs_.opponent_pods, refs_.opponents, v.opponents);
        set_ref(L, w, "own", refs_.own);
        set_ref(L, w, "opponents", refs_.opponents);

        lua_rawgeti(L, LUA_REGISTRYINDEX, refs_.ball);
        const int ball = lua_gettop(L);
        lua_rawgeti(L, LUA_REGISTRYINDEX, refs_.ball_pos);
        set_number(L, ball + 1, "x", v.ball_pos.x);
        set_number(L, ball + 1, "y", v.ball_pos.y);
        lua_rawgeti(L, LUA_REGISTRYINDEX, refs_.ball_vel);
        set_number(L, ball + 2, "x", v.ball_vel.x);
        set_number(L, ball + 2, "y", v.ball_vel.y);
        lua_settop(L, ball);
        set_ref(L, ball, "pos", refs_.ball_pos);
        set_ref(L, ball, "vel", refs_.ball_vel);
        vm.push_key(L, "owner");
        if (v.ball_owner_team < 0)
            lua_pushnil(L);
        else
            vm.push_key(L, v.ball_owner_team == 0 ? "own" : "opponent");
        lua_rawset(L, ball);
        set_index_or_nil(L, ball, "owner_index", v.ball_owner_team < 0 ? -1 : v.ball_owner_index);
        vm.push_key(L, "ball");
        lua_insert(L, -2);
        lua_rawset(L, w);

        // Parameters may change while the match runs; most calls find them as they were. A change
        // makes a new table, so a script may keep what it derives from world.settings for as long
        // as world.settings is the same table (docs/lua-teams.md#world-read-only-arrays-are-1-based).
        if (std::memcmp(&v.config, &seen_config_, sizeof seen_config_) != 0) {
            luaL_unref(L, LUA_REGISTRYINDEX, refs_.settings);
            refs_.settings = make_settings(L, v.config);
            seen_config_ = v.config;
        }
        set_ref(L, w, "settings", refs_.settings);
        if (params_stale_) {
            luaL_unref(L, LUA_REGISTRYINDEX, refs_.params);
            refs_.params = make_params_table(L);
            params_stale_ = false;
        }
        set_ref(L, w, "params", refs_.params);
        lua_settop(L, w - 1);
    }

    // actions[i]: nil, or { kind = "move" | "shoot", x = number, y = number }. Anything else idles
    // that pod (docs/lua-teams.md#actionsi): its reason goes to `faults`, the other pods play.
    static void read_actions(lua_State* L, int t, std::vector<PodAction>& out, std::vector<PodFault>& faults) {
        Vm& vm = Vm::of(L);
        vm.push_key(L, "kind");
        vm.push_key(L, "x");
        vm.push_key(L, "y");
        const int k_kind = lua_gettop(L) - 2;
        for (std::size_t i = 0; i < out.size(); ++i) {
            const int k = static_cast<int>(i) + 1;
            const int top = lua_gettop(L);
            const int type = lua_rawgeti(L, t, k);
            std::string bad;
            PodAction a;
            if (type == LUA_TNIL) {
                lua_settop(L, top);
                continue;
            }
            if (type != LUA_TTABLE) {
                bad = std::string("actions[") + std::to_string(k) + "] is a " + luaL_typename(L, -1) +
                      ": an action is nil or { kind = \"move\" | \"shoot\", x = number, y = number }";
            } else {
                lua_pushvalue(L, k_kind);
                lua_rawget(L, -2);
                const char* kind = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : nullptr;
                if (kind && std::strcmp(kind, "move") == 0)
                    a.kind = PodAction::Kind::Move;
                else if (kind && std::strcmp(kind, "shoot") == 0)
                    a.kind = PodAction::Kind::Shoot;
                else
                    bad = std::string("actions[") + std::to_string(k) + "].kind is " +
                          (kind ? "\"" + std::string(kind).substr(0, 40) + "\""
                                : std::string("a ") + luaL_typename(L, -1)) +
                          ": it must be \"move\" or \"shoot\"";
                lua_pop(L, 1);
                double* xy[2] = {&a.v.x, &a.v.y};
                const char* names[2] = {"x", "y"};
                for (int c = 0; c < 2 && bad.empty(); ++c) {
                    lua_pushvalue(L, k_kind + 1 + c);
                    if (lua_rawget(L, -2) != LUA_TNUMBER)
                        bad = std::string("actions[") + std::to_string(k) + "]." + names[c] + " is a " +
                              luaL_typename(L, -1) + ": it must be a number";
                    else
                        *xy[c] = lua_tonumber(L, -1);
                    lua_pop(L, 1);
                }
            }
            lua_settop(L, top);
            if (bad.empty())
                out[i] = a;
            else
                faults.push_back(PodFault{static_cast<int>(i), std::move(bad)});
        }
        lua_settop(L, k_kind - 1);
    }

    static int play_entry(lua_State* L) {
        auto& ctx = *static_cast<PlayContext*>(lua_touserdata(L, 1));
        LuaTeam& self = *ctx.team;
        self.update_world(L, *ctx.view);
        lua_rawgeti(L, LUA_REGISTRYINDEX, self.refs_.actions);
        const int actions = lua_gettop(L);
        for (std::size_t i = 0; i < self.refs_.own_pods.size(); ++i) {
            lua_pushnil(L);
            lua_rawseti(L, actions, static_cast<lua_Integer>(i) + 1);
        }
        lua_rawgeti(L, LUA_REGISTRYINDEX, self.refs_.play);
        lua_rawgeti(L, LUA_REGISTRYINDEX, self.refs_.world);
        lua_rawgeti(L, LUA_REGISTRYINDEX, self.refs_.memory);
        lua_pushvalue(L, actions);
        lua_call(L, 3, 0);
        read_actions(L, actions, *ctx.actions, self.pod_faults_);
        lua_rawgeti(L, LUA_REGISTRYINDEX, self.refs_.memory);
        lua::serialise_memory(L, Vm::of(L), -1, "memory");
        return 0;
    }

    std::shared_ptr<const LuaScript> script_;
    std::unique_ptr<Vm> vm_;
    TeamSettings settings_;
    Refs refs_;
    PodballConfig seen_config_;
    std::string title_, description_;
    std::string memory_bytes_;   // memory after the last call that succeeded
    std::int64_t calls_ = 0;
    std::int64_t last_tick_ = -1;   // the tick of the last play call
    std::vector<LuaFault> faults_;
    std::deque<LuaCallCost> costs_;      // display data: copied with the world, never hashed
    std::vector<PodFault> pod_faults_;   // the last play call's unreadable actions
    std::vector<LuaTunable> tunables_;   // the script's params, as its chunk declared them
    std::vector<double> row_values_;     // the tunables' rows as the last call saw them (TeamView)
    bool params_stale_ = false;          // world.params is to be made anew before the next call
    std::string broken_;                 // why the team cannot play any more (a copy that failed)
};

}   // namespace

bool is_lua_module(const std::string& module) { return module.rfind(kLuaModulePrefix, 0) == 0; }

std::unique_ptr<TeamModule> make_lua_module(std::shared_ptr<const LuaScript> script) {
    return std::make_unique<LuaTeam>(std::move(script));
}

std::int64_t LuaTeamModule::instruction_resolution() { return Vm::kCheckpoint; }

const LuaTeamModule* as_lua_module(const TeamModule& m) { return dynamic_cast<const LuaTeamModule*>(&m); }
LuaTeamModule* as_lua_module(TeamModule& m) { return dynamic_cast<LuaTeamModule*>(&m); }

std::string lua_tunable_key(int team, const std::string& name) {
    return "podball.team" + std::to_string(team) + ".script." + name;
}

std::optional<std::string> lua_script_problem(const LuaScript& script, std::vector<LuaTunable>* tunables) {
    LuaTeam team(std::make_shared<LuaScript>(script));
    TeamSettings settings;
    settings.config = config_from(ParamSet{});
    settings.own_pods = 1;
    settings.opponent_pods = 1;
    std::string error;
    if (!team.load_only(settings, error)) return error;
    if (tunables) *tunables = team.tunables();
    return std::nullopt;
}

}   // namespace pb::podball
