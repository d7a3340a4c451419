// The Lua state's budgets (lua_vm.hpp): a counting allocator with a cap, and an instruction count
// hook at checkpoints that ends the call at its budget, counting the work charged for C library
// functions too (docs/lua-teams.md#budgets-and-the-sandbox).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "engine/podball/lua/lua_vm.hpp"

namespace pb::podball::lua {

Vm::Vm(std::size_t memory_cap) : cap_(memory_cap) {
    L_ = lua_newstate(&Vm::alloc, this);
    if (!L_) return;
    *static_cast<Vm**>(lua_getextraspace(L_)) = this;
}

Vm::~Vm() {
    if (L_) lua_close(L_);
    std::free(buf);
    std::free(keys);
    std::free(seen_);
}

void* Vm::alloc(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
    Vm& vm = *static_cast<Vm*>(ud);
    const std::size_t old = ptr ? osize : 0;   // without ptr, osize is the kind of object
    if (nsize == 0) {
        std::free(ptr);
        vm.used_ -= old;
        return nullptr;
    }
    if (nsize > old && vm.used_ - old + nsize > vm.cap_) {
        // Lua collects and asks once more before it raises the error; the place is kept from the
        // first refusal of the call. Where the script asked: the innermost Lua function on the
        // stack (lua_getinfo "Sl" only reads, it allocates nothing).
        if (vm.in_call_ && !vm.refused_) {
            vm.refused_ = true;
            lua_Debug ar;
            for (int level = 0; lua_getstack(vm.L_, level, &ar); ++level) {
                if (!lua_getinfo(vm.L_, "Sl", &ar) || ar.currentline <= 0) continue;
                std::snprintf(vm.refused_at_, sizeof vm.refused_at_, "%s:%d: ", ar.short_src, ar.currentline);
                break;
            }
        }
        return nullptr;
    }
    void* p = std::realloc(ptr, nsize);
    if (!p) return nullptr;
    vm.used_ = vm.used_ - old + nsize;
    return p;
}

// Arms the count hook for the next checkpoint: never beyond the budget, so a call of Lua code
// alone overruns at exactly its budget-th instruction.
void Vm::arm(lua_State* L) {
    interval_ = std::min(kCheckpoint, budget_ - counted_ - charged_);
    lua_sethook(L, &Vm::count_hook, LUA_MASKCOUNT, static_cast<int>(std::max<std::int64_t>(1, interval_)));
}

void Vm::raise_overrun(lua_State* L, int level) {
    Vm& vm = of(L);
    vm.overrun_ = true;
    // Re-armed to fire at every instruction: a pcall in the script cannot catch the overrun and
    // go on; each level it unwinds to raises again.
    lua_sethook(L, &Vm::count_hook, LUA_MASKCOUNT, 1);
    luaL_where(L, level);
    lua_pushfstring(L, "used its budget of %I Lua instructions for this call (podball.script.instructions)",
                    static_cast<lua_Integer>(vm.budget_));
    lua_concat(L, 2);
    lua_error(L);
}

void Vm::count_hook(lua_State* L, lua_Debug*) {
    Vm& vm = of(L);
    if (!vm.overrun_) {
        vm.counted_ += vm.interval_;
        if (vm.counted_ + vm.charged_ < vm.budget_) {
            vm.arm(L);
            return;
        }
    }
    // Level 0 inside a hook is the function it interrupted: its line is where the budget ran out.
    raise_overrun(L, 0);
}

void Vm::charge(lua_State* L, std::int64_t n) {
    Vm& vm = of(L);
    if (!vm.in_call_ || n <= 0) return;
    vm.charged_ += n;
    // Level 1 is the Lua code that called the C function doing the work.
    if (vm.overrun_ || vm.counted_ + vm.charged_ >= vm.budget_) raise_overrun(L, 1);
}

void Vm::charge_bytes(lua_State* L, std::int64_t bytes) {
    const Vm& vm = of(L);
    if (bytes <= 0 || static_cast<std::uint64_t>(bytes) > vm.cap_ - std::min(vm.cap_, vm.used_)) return;
    charge(L, (bytes + kBytesPerInstruction - 1) / kBytesPerInstruction);
}

// Adds PATH:LINE to an error object that is not a string (error({...}) has none), and describes
// it rather than calling its __tostring (more code, outside any budget).
int Vm::message_handler(lua_State* L) {
    if (lua_type(L, 1) == LUA_TSTRING) return 1;
    const char* type = luaL_typename(L, 1);
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); ++level) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        lua_pushfstring(L, "%s:%d: error object is a %s value", ar.short_src, ar.currentline, type);
        return 1;
    }
    lua_pushfstring(L, "error object is a %s value", type);
    return 1;
}

bool Vm::protected_call(lua_CFunction fn, void* arg, std::int64_t instructions, std::string& error) {
    lua_State* L = L_;
    const int base = lua_gettop(L);
    lua_pushcfunction(L, &Vm::message_handler);
    lua_pushcfunction(L, fn);
    lua_pushlightuserdata(L, arg);
    budget_ = instructions;
    keys_len = 0;   // scratch an earlier call's error left behind
    counted_ = 0;
    charged_ = 0;
    overrun_ = false;
    refused_ = false;
    refused_at_[0] = '\0';
    in_call_ = true;
    arm(L);
    const int status = lua_pcall(L, 1, 0, base + 1);
    lua_sethook(L, nullptr, 0, 0);
    in_call_ = false;
    if (status == LUA_OK) {
        lua_settop(L, base);
        return true;
    }
    if (status == LUA_ERRMEM) {
        error = std::string(refused_at_) + "used more than its memory budget of " + std::to_string(cap_ >> 20) +
                " MiB (podball.script.memory_mb)";
    } else {
        std::size_t n = 0;
        const char* msg = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n) : nullptr;
        error = msg ? std::string(msg, n) : std::string("error object is not a string");
    }
    lua_settop(L, base);
    // A call that failed may have left garbage behind: collected now, outside any budget, so the
    // next call starts with what the state really holds.
    if (status == LUA_ERRMEM) lua_gc(L, LUA_GCCOLLECT);
    return false;
}

void Vm::push_key(lua_State* L, const char* literal) {
    constexpr std::size_t n = sizeof keys_ / sizeof keys_[0];
    std::size_t i = (reinterpret_cast<std::uintptr_t>(literal) >> 3) % n;
    for (std::size_t probe = 0; probe < n; ++probe, i = (i + 1) % n) {
        Key& k = keys_[i];
        if (k.literal == literal) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, k.ref);
            return;
        }
        if (!k.literal) {
            lua_pushstring(L, literal);
            lua_pushvalue(L, -1);
            k.ref = luaL_ref(L, LUA_REGISTRYINDEX);
            k.literal = literal;
            return;
        }
    }
    lua_pushstring(L, literal);   // the table is full: an ordinary push
}

void Vm::buf_append(lua_State* L, const void* data, std::size_t n) {
    if (buf_len + n > buf_cap) {
        std::size_t want = buf_cap ? buf_cap : 256;
        while (want < buf_len + n) want *= 2;
        // Counted against the script's budget as if Lua had allocated it: memory a script makes
        // us hold is memory it uses.
        if (used_ + (want - buf_cap) > cap_)
            luaL_error(L, "memory is larger than the memory budget of %d MiB (podball.script.memory_mb)",
                       static_cast<int>(cap_ >> 20));
        char* grown = static_cast<char*>(std::realloc(buf, want));
        if (!grown) luaL_error(L, "out of memory serialising memory");
        used_ += want - buf_cap;
        buf = grown;
        buf_cap = want;
    }
    std::memcpy(buf + buf_len, data, n);
    buf_len += n;
}

void Vm::keys_append(lua_State* L, const KeyEntry& e) {
    if (keys_len == keys_cap) {
        const std::size_t want = keys_cap ? 2 * keys_cap : 64;
        // Counted like buf: scratch a script makes us hold is memory it uses.
        if (used_ + (want - keys_cap) * sizeof(KeyEntry) > cap_)
            luaL_error(L, "memory has more keys than the memory budget of %d MiB holds (podball.script.memory_mb)",
                       static_cast<int>(cap_ >> 20));
        auto* grown = static_cast<KeyEntry*>(std::realloc(keys, want * sizeof(KeyEntry)));
        if (!grown) luaL_error(L, "out of memory ordering keys");
        used_ += (want - keys_cap) * sizeof(KeyEntry);
        keys = grown;
        keys_cap = want;
    }
    keys[keys_len++] = e;
}

void Vm::seen_clear() {
    if (seen_len_ == 0) return;
    std::memset(static_cast<void*>(seen_), 0, seen_cap_ * sizeof *seen_);
    seen_len_ = 0;
}

bool Vm::seen_insert(lua_State* L, const void* p) {
    if (2 * (seen_len_ + 1) > seen_cap_) {
        const std::size_t want = seen_cap_ ? 2 * seen_cap_ : 64;
        if (used_ + (want - seen_cap_) * sizeof *seen_ > cap_)
            luaL_error(L, "memory has more tables than the memory budget of %d MiB holds (podball.script.memory_mb)",
                       static_cast<int>(cap_ >> 20));
        auto* grown = static_cast<const void**>(std::calloc(want, sizeof *seen_));
        if (!grown) luaL_error(L, "out of memory checking memory for cycles");
        for (std::size_t i = 0; i < seen_cap_; ++i)
            if (seen_[i]) {
                std::size_t j = (reinterpret_cast<std::uintptr_t>(seen_[i]) >> 4) & (want - 1);
                while (grown[j]) j = (j + 1) & (want - 1);
                grown[j] = seen_[i];
            }
        std::free(seen_);
        used_ += (want - seen_cap_) * sizeof *seen_;
        seen_ = grown;
        seen_cap_ = want;
    }
    std::size_t j = (reinterpret_cast<std::uintptr_t>(p) >> 4) & (seen_cap_ - 1);
    for (; seen_[j]; j = (j + 1) & (seen_cap_ - 1))
        if (seen_[j] == p) return false;
    seen_[j] = p;
    ++seen_len_;
    return true;
}

}   // namespace pb::podball::lua
