// What a Playbench script can use (docs/lua-teams.md#budgets-and-the-sandbox): Lua's base library
// without files, code loading from binary or files, the collector and addresses; math with the
// team's seeded generator and exp/log/trigonometry computed from + - * / and sqrt only
// (det_math.hpp); string without dump; table with a stable sort; utf8; and vec. Everything that
// could differ between processes is replaced: pairs/next visit keys in a fixed order (Lua seeds
// its string hashes from the clock and addresses), tostring and string.format never show an
// address, table.sort never picks a random pivot.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <utility>

#include "engine/podball/det_math.hpp"
#include "engine/podball/lua/lua_vm.hpp"
#include "engine/podball/lua/patterns.hpp"
#include "engine/podball/teams/pod_skills.hpp"

namespace pb::podball::lua {
namespace {

const char* const kForbidden[] = {"io",        "os",         "package", "require", "debug",   "dofile", "loadfile",
                                  "coroutine", "loadstring", "module",  "setfenv", "getfenv", "warn",   "string.dump"};

// __index of what a script reads and does not find: an error for what Playbench took out, nil for
// anything else. Upvalue 1: the library's name and a dot ("" for the globals).
int forbidden_index(lua_State* L) {
    if (lua_type(L, 2) != LUA_TSTRING) return 0;
    const char* prefix = lua_tostring(L, lua_upvalueindex(1));
    const char* key = lua_tostring(L, 2);
    char full[64];
    if (std::strlen(prefix) + std::strlen(key) + 1 > sizeof full) return 0;
    std::strcpy(full, prefix);
    std::strcat(full, key);
    for (const char* f : kForbidden)
        if (std::strcmp(f, full) == 0) {
            if (std::strcmp(full, "coroutine") == 0)
                return luaL_error(L,
                                  "'coroutine' is not available in Playbench scripts (a suspended coroutine is "
                                  "state that cannot be copied with the match)");
            return luaL_error(L, "'%s' is not available in Playbench scripts", full);
        }
    return 0;
}

// __newindex of a read-only table. Upvalue 1: what it is ("" for the globals, else "math" ...).
int readonly_newindex(lua_State* L) {
    const char* what = lua_tostring(L, lua_upvalueindex(1));
    const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2);
    if (!*what)
        return luaL_error(L,
                          "assigning the global '%s': globals are read only once the script has loaded "
                          "(keep what changes in memory)",
                          key);
    return luaL_error(L, "assigning '%s.%s': %s is read only", what, key, what);
}

int contents_len(lua_State* L) {
    luaL_getmetafield(L, 1, "__contents");
    lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
    return 1;
}

// Makes the table at `t` read only in place (closures that captured it keep seeing it): its
// contents move to a hidden table the metatable reads through. `name` as for readonly_newindex;
// `prefix` for forbidden_index.
void freeze(lua_State* L, int t, const char* name, const char* prefix) {
    t = lua_absindex(L, t);
    lua_newtable(L);   // the contents
    const int contents = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, contents);   // key stays for lua_next; clearing a field while traversing is allowed
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);
    }
    lua_newtable(L);   // the contents' metatable: names Playbench took out
    lua_pushstring(L, prefix);
    lua_pushcclosure(L, forbidden_index, 1);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, contents);

    lua_newtable(L);   // the table's metatable
    lua_pushvalue(L, contents);
    lua_setfield(L, -2, "__index");
    lua_pushvalue(L, contents);
    lua_setfield(L, -2, "__contents");
    lua_pushstring(L, name);
    lua_pushcclosure(L, readonly_newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushcfunction(L, contents_len);
    lua_setfield(L, -2, "__len");
    lock_metatable(L, t);
    lua_pop(L, 1);
}

bool key_less(const KeyEntry& a, const KeyEntry& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    if (a.rank == 0) {
        if (a.is_int && b.is_int) return a.i < b.i;
        // An integer and a float: long double holds every 64-bit integer exactly (x86-64).
        const long double x = a.is_int ? static_cast<long double>(a.i) : a.d;
        const long double y = b.is_int ? static_cast<long double>(b.i) : b.d;
        return x < y;
    }
    if (a.rank == 1) {
        const int c = std::memcmp(a.s, b.s, std::min(a.len, b.len));
        return c != 0 ? c < 0 : a.len < b.len;
    }
    return a.i < b.i;
}

// From position `pos` of `keys` on, the first key still present in the table at `c`: pushes it and
// its value and returns its position; returns 0 (pushing nothing) past the last key. Keys removed
// while iterating are skipped.
lua_Integer push_present(lua_State* L, int c, int keys, lua_Integer pos) {
    for (;; ++pos) {
        if (lua_rawgeti(L, keys, pos) == LUA_TNIL) {
            lua_pop(L, 1);
            return 0;
        }
        lua_pushvalue(L, -1);
        if (lua_rawget(L, c) != LUA_TNIL) return pos;
        lua_pop(L, 2);
    }
}

int sb_pairs_iter(lua_State* L) {
    const lua_Integer pos =
        push_present(L, lua_upvalueindex(1), lua_upvalueindex(2), lua_tointeger(L, lua_upvalueindex(3)) + 1);
    if (pos == 0) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushinteger(L, pos);
    lua_replace(L, lua_upvalueindex(3));
    return 2;
}

int sb_pairs(lua_State* L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    const int c = contents_index(L, 1);
    push_sorted_keys(L, c, "pairs");
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, sb_pairs_iter, 3);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

int sb_next(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    const int c = contents_index(L, 1);
    push_sorted_keys(L, c, "next");
    const int keys = lua_gettop(L);
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, keys));
    lua_Integer pos = 0;
    if (!lua_isnil(L, 2)) {
        for (pos = 1; pos <= n; ++pos) {
            lua_rawgeti(L, keys, pos);
            const bool same = lua_rawequal(L, -1, 2);
            lua_pop(L, 1);
            if (same) break;
        }
        if (pos > n) return luaL_error(L, "invalid key to 'next'");
    }
    if (push_present(L, c, keys, pos + 1)) return 2;
    lua_pushnil(L);
    return 1;
}

int sb_rawset(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    if (is_readonly(L, 1)) return luaL_error(L, "rawset: the table is read only");
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 1;
}

int sb_rawget(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    const int c = contents_index(L, 1);
    lua_pushvalue(L, 2);
    lua_rawget(L, c);
    return 1;
}

int sb_rawlen(lua_State* L) {
    const int t = lua_type(L, 1);
    luaL_argexpected(L, t == LUA_TTABLE || t == LUA_TSTRING, 1, "table or string");
    const int c = t == LUA_TTABLE ? contents_index(L, 1) : 1;
    lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, c)));
    return 1;
}

int sb_setmetatable(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    const int t = lua_type(L, 2);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (t == LUA_TTABLE) {
        if (lua_getfield(L, 2, "__gc") != LUA_TNIL)
            return luaL_error(L,
                              "setmetatable: a metatable with __gc is not allowed in Playbench scripts (a "
                              "finalizer runs whenever Lua collects garbage, which differs from run to run)");
        if (lua_getfield(L, 2, "__mode") != LUA_TNIL)
            return luaL_error(L,
                              "setmetatable: a metatable with __mode is not allowed in Playbench scripts (what a "
                              "weak table holds depends on when Lua collects garbage)");
        lua_pop(L, 2);
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

// A table, function or thread has no text of its own: its type, never its address (nor a
// __name and an address, as luaL_tolstring writes it).
const char* to_text(lua_State* L, int i, std::size_t* len) {
    const int t = lua_type(L, i);
    if (t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TTHREAD || t == LUA_TUSERDATA || t == LUA_TLIGHTUSERDATA) {
        if (luaL_getmetafield(L, i, "__tostring") == LUA_TNIL) {
            lua_pushstring(L, lua_typename(L, t));
            return lua_tolstring(L, -1, len);
        }
        lua_pop(L, 1);
    }
    return luaL_tolstring(L, i, len);
}

int sb_tostring(lua_State* L) {
    luaL_checkany(L, 1);
    to_text(L, 1, nullptr);
    return 1;
}

// Appends to the team's log: the first kLogBytes are kept, the rest counted.
void log_append(Vm& vm, const char* s, std::size_t len) {
    const std::size_t room = Vm::kLogBytes - std::min(Vm::kLogBytes, vm.log.size());
    const std::size_t kept = std::min(room, len);
    try {
        vm.log.append(s, kept);
        vm.log_dropped += len - kept;
    } catch (...) {
        vm.log_dropped += len;   // no exception may cross Lua's C frames
    }
}

// print writes to the team's log (shown in the window and in run --json), never to Playbench's
// output.
int sb_print(lua_State* L) {
    Vm& vm = Vm::of(L);
    const int n = lua_gettop(L);
    for (int i = 1; i <= n; ++i) {
        if (i > 1) log_append(vm, "\t", 1);
        std::size_t len = 0;
        const char* s = to_text(L, i, &len);
        log_append(vm, s, len);
        lua_pop(L, 1);
    }
    log_append(vm, "\n", 1);
    return 0;
}

int sb_load(lua_State* L) {
    std::size_t len = 0;
    if (lua_type(L, 1) != LUA_TSTRING)
        return luaL_error(L, "load: Playbench scripts load text only (a string), not a %s", luaL_typename(L, 1));
    const char* text = lua_tolstring(L, 1, &len);
    const char* name = luaL_optstring(L, 2, "=(load)");
    const char* mode = luaL_optstring(L, 3, "t");
    if (std::strchr(mode, 'b')) return luaL_error(L, "load: binary chunks are not allowed in Playbench scripts");
    const bool has_env = !lua_isnone(L, 4);
    if (luaL_loadbufferx(L, text, len, name, "t") != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    if (has_env) {
        lua_pushvalue(L, 4);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return 1;
}

int sb_collectgarbage(lua_State* L) {
    const char* opt = luaL_optstring(L, 1, "collect");
    if (std::strcmp(opt, "count") != 0)
        return luaL_error(L, "'collectgarbage(\"%s\")' is not available in Playbench scripts (only \"count\")", opt);
    const int kb = lua_gc(L, LUA_GCCOUNT), b = lua_gc(L, LUA_GCCOUNTB);
    lua_pushnumber(L, static_cast<lua_Number>(kb) + static_cast<lua_Number>(b) / 1024.0);
    return 1;
}

// C library work a script can make as long as it likes, charged to the call's instruction budget
// from the arguments before the work (docs/lua-teams.md#budgets-and-the-sandbox). The cost is read
// without raising any error: arguments the original refuses cost nothing, and it refuses them.
enum class Cost : int {
    Rep,          // string.rep: the result's bytes
    Slice,        // string.sub: the slice's bytes
    ByteSlice,    // string.byte: one per value returned
    CodeSlice,    // utf8.codepoint: one per byte of the slice
    Values,       // string.char, utf8.char: one per argument
    StringArgs,   // upper, lower, reverse, pack, unpack, utf8.len, utf8.offset: the bytes of the strings
    Unpack,       // table.unpack: one per value returned
    Move,         // table.move: one per element moved
    Concat,       // table.concat: after the work, one per element and the result's bytes
};

// Lua returns at most this many values (its stack limit): asking for more is refused, not done.
constexpr std::int64_t kMostResults = 1000000;

std::int64_t string_bytes(lua_State* L, int from, int to) {
    std::int64_t n = 0;
    for (int i = from; i <= to; ++i)
        if (lua_type(L, i) == LUA_TSTRING) n += static_cast<std::int64_t>(lua_rawlen(L, i));
    return n;
}

// Argument i as an integer, `fallback` when absent; false when it is something the original will
// refuse or convert in its own way.
bool integer_arg(lua_State* L, int i, lua_Integer fallback, lua_Integer& out) {
    if (lua_isnoneornil(L, i)) {
        out = fallback;
        return true;
    }
    int ok = 0;
    out = lua_tointegerx(L, i, &ok);
    return ok != 0;
}

// The length of the value at i as the original will take it: the raw length (a __len is Lua code,
// which is counted, and is not called twice).
lua_Integer raw_length(lua_State* L, int i) {
    return lua_type(L, i) == LUA_TTABLE || lua_type(L, i) == LUA_TSTRING ? static_cast<lua_Integer>(lua_rawlen(L, i))
                                                                         : 0;
}

// The manual's string positions: a start (0 and below -len are 1) and an end (clamped to len).
lua_Integer slice_start(lua_Integer pos, lua_Integer len) {
    if (pos > 0) return pos;
    if (pos == 0 || pos < -len) return 1;
    return len + pos + 1;
}
lua_Integer slice_end(lua_Integer pos, lua_Integer len) {
    if (pos > len) return len;
    if (pos >= 0) return pos;
    if (pos < -len) return 0;
    return len + pos + 1;
}
std::int64_t span(lua_Integer first, lua_Integer last) {
    if (last < first) return 0;
    const auto n = static_cast<std::uint64_t>(last) - static_cast<std::uint64_t>(first) + 1;
    return n > static_cast<std::uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<std::int64_t>(n);
}

void precharge(lua_State* L, Cost cost) {
    const int top = lua_gettop(L);
    lua_Integer a = 0, b = 0, c = 0;
    switch (cost) {
        case Cost::Rep: {
            if (!integer_arg(L, 2, 0, a) || a <= 0) return;
            const double bytes =
                static_cast<double>(lua_rawlen(L, 1)) * static_cast<double>(a) +
                static_cast<double>(lua_type(L, 3) == LUA_TSTRING ? lua_rawlen(L, 3) : 0) * static_cast<double>(a - 1);
            // A result that cannot fit in the memory left is refused by its allocation, a memory
            // fault, before any work: that is the clearer message.
            const Vm& vm = Vm::of(L);
            if (bytes > static_cast<double>(vm.memory_cap() - std::min(vm.memory_cap(), vm.memory_used()))) return;
            Vm::charge_bytes(L, static_cast<std::int64_t>(bytes));
            return;
        }
        case Cost::Slice: {
            const lua_Integer len = raw_length(L, 1);
            if (!integer_arg(L, 2, 1, a) || !integer_arg(L, 3, -1, b)) return;
            Vm::charge_bytes(L, span(slice_start(a, len), slice_end(b, len)));
            return;
        }
        case Cost::ByteSlice:
        case Cost::CodeSlice: {
            const lua_Integer len = raw_length(L, 1);
            if (!integer_arg(L, 2, 1, a) || !integer_arg(L, 3, a, b)) return;
            const std::int64_t n = cost == Cost::ByteSlice ? span(slice_start(a, len), slice_end(b, len))
                                                           : span(a < 0 ? slice_end(a, len) : a, slice_end(b, len));
            if (n < kMostResults) Vm::charge(L, n);
            return;
        }
        case Cost::Values: Vm::charge(L, top); return;
        case Cost::StringArgs: Vm::charge_bytes(L, string_bytes(L, 1, top)); return;
        case Cost::Unpack: {
            if (!integer_arg(L, 2, 1, a) || !integer_arg(L, 3, raw_length(L, 1), b)) return;
            const std::int64_t n = span(a, b);
            if (n < kMostResults) Vm::charge(L, n);
            return;
        }
        case Cost::Move: {
            if (!integer_arg(L, 2, 0, a) || !integer_arg(L, 3, 0, b) || !integer_arg(L, 4, 0, c) || b < a) return;
            // Lua refuses these before moving anything.
            if ((a <= 0 && b >= LUA_MAXINTEGER + a) || c > LUA_MAXINTEGER - (b - a)) return;
            Vm::charge(L, span(a, b));
            return;
        }
        case Cost::Concat: return;
    }
}

// A library function with its cost charged first (upvalue 1: the original; upvalue 2: its Cost).
// The original runs in this function's frame, so its errors name it as before.
int charged(lua_State* L) {
    const auto cost = static_cast<Cost>(lua_tointeger(L, lua_upvalueindex(2)));
    const lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    precharge(L, cost);
    if (cost != Cost::Concat) return original(L);
    lua_Integer first = 1, last = 0;
    const bool counted = integer_arg(L, 3, 1, first) && integer_arg(L, 4, raw_length(L, 1), last);
    const int n = original(L);
    // table.concat's elements may come from __index, so the cost is known only once it is built:
    // the work is bounded by memory until then.
    if (counted) Vm::charge(L, span(first, last));
    Vm::charge_bytes(L, static_cast<std::int64_t>(lua_rawlen(L, -1)));
    return n;
}

void charge_library(lua_State* L, const char* lib, std::initializer_list<std::pair<const char*, Cost>> fns) {
    lua_getglobal(L, lib);
    for (const auto& [name, cost] : fns) {
        lua_getfield(L, -1, name);
        lua_pushinteger(L, static_cast<lua_Integer>(cost));
        lua_pushcclosure(L, charged, 2);
        lua_setfield(L, -2, name);
    }
    lua_pop(L, 1);
}

// string.format without %p (an address) and with tables, functions and threads as their type.
int sb_format(lua_State* L) {
    const char* fmt = luaL_checkstring(L, 1);
    for (const char* p = fmt; *p; ++p) {
        if (*p != '%') continue;
        ++p;
        if (*p == '%') continue;
        while (*p && std::strchr("-+ #0123456789.", *p)) ++p;
        if (*p == 'p') return luaL_error(L, "string.format: '%%p' (an address) differs from run to run");
        if (!*p) break;
    }
    const int n = lua_gettop(L);
    Vm::charge_bytes(L, string_bytes(L, 1, n));
    for (int i = 2; i <= n; ++i) {
        const int t = lua_type(L, i);
        if ((t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TTHREAD) &&
            luaL_getmetafield(L, i, "__tostring") == LUA_TNIL) {
            lua_pushstring(L, lua_typename(L, t));
            lua_replace(L, i);
        } else if (t == LUA_TTABLE) {
            lua_pop(L, 1);
        }
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, 1);
    return 1;
}

// table.sort as a stable bottom-up merge sort: Lua's quicksort picks a pivot from the clock on
// large unbalanced arrays, so elements that compare equal could land in another order per run.
int sb_sort(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    const lua_Integer n = luaL_len(L, 1);
    if (n < 2) return 0;
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    const bool has_cmp = !lua_isnoneornil(L, 2);
    if (has_cmp) luaL_checktype(L, 2, LUA_TFUNCTION);
    // Charged before the work: each element once per merge pass, and copied in and out.
    lua_Integer passes = 0;
    for (lua_Integer width = 1; width < n; width *= 2) ++passes;
    Vm::charge(L, n * (passes + 2));
    lua_settop(L, 2);
    lua_createtable(L, static_cast<int>(n), 0);
    lua_createtable(L, static_cast<int>(n), 0);
    int src = 3, dst = 4;
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_geti(L, 1, i);
        lua_rawseti(L, src, i);
    }
    // Is the value at `a` less than the one at `b` (absolute indices)?
    const auto less = [L, has_cmp](int a, int b) {
        if (!has_cmp) return lua_compare(L, a, b, LUA_OPLT) != 0;
        lua_pushvalue(L, 2);
        lua_pushvalue(L, a);
        lua_pushvalue(L, b);
        lua_call(L, 2, 1);
        const bool r = lua_toboolean(L, -1);
        lua_pop(L, 1);
        return r;
    };
    for (lua_Integer width = 1; width < n; width *= 2) {
        for (lua_Integer lo = 1; lo <= n; lo += 2 * width) {
            const lua_Integer mid = std::min(lo + width, n + 1), hi = std::min(lo + 2 * width, n + 1);
            lua_Integer i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                lua_rawgeti(L, src, i);
                lua_rawgeti(L, src, j);
                const int top = lua_gettop(L);
                if (less(top, top - 1)) {   // right before left only when strictly less: stable
                    lua_rawseti(L, dst, k++);
                    lua_pop(L, 1);
                    ++j;
                } else {
                    lua_pop(L, 1);
                    lua_rawseti(L, dst, k++);
                    ++i;
                }
            }
            for (; i < mid; ++i) {
                lua_rawgeti(L, src, i);
                lua_rawseti(L, dst, k++);
            }
            for (; j < hi; ++j) {
                lua_rawgeti(L, src, j);
                lua_rawseti(L, dst, k++);
            }
        }
        std::swap(src, dst);
    }
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, src, i);
        lua_seti(L, 1, i);
    }
    return 0;
}

// math.random and math.randomseed on the team's generator (engine/core/rng.hpp), seeded per team
// and match: the same draws in every run.
int sb_random(lua_State* L) {
    Rng& rng = Vm::of(L).rng;
    const int n = lua_gettop(L);
    if (n == 0) {
        lua_pushnumber(L, rng.uniform());
        return 1;
    }
    lua_Integer lo = 1, hi = 0;
    if (n == 1) {
        hi = luaL_checkinteger(L, 1);
        if (hi == 0) {   // Lua 5.4: random(0) is an integer with all bits random
            lua_pushinteger(L, static_cast<lua_Integer>(rng.next_u64()));
            return 1;
        }
    } else if (n == 2) {
        lo = luaL_checkinteger(L, 1);
        hi = luaL_checkinteger(L, 2);
    } else {
        return luaL_error(L, "wrong number of arguments");
    }
    luaL_argcheck(L, lo <= hi, n, "interval is empty");
    const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
    const std::uint64_t r = span == UINT64_MAX ? rng.next_u64() : rng.below(span + 1);
    lua_pushinteger(L, static_cast<lua_Integer>(static_cast<std::uint64_t>(lo) + r));
    return 1;
}

int sb_randomseed(lua_State* L) {
    if (lua_isnone(L, 1))
        return luaL_error(L,
                          "math.randomseed needs a seed in Playbench scripts (the generator is already seeded "
                          "per team and match)");
    std::uint64_t seed = 0;
    if (lua_isinteger(L, 1)) {
        seed = static_cast<std::uint64_t>(lua_tointeger(L, 1));
    } else {
        const double d = luaL_checknumber(L, 1);
        std::memcpy(&seed, &d, sizeof seed);
    }
    Vm::of(L).rng.reseed(seed);
    return 0;
}

double arg(lua_State* L, int i) { return luaL_checknumber(L, i); }

int m_exp(lua_State* L) {
    lua_pushnumber(L, det_exp(arg(L, 1)));
    return 1;
}
int m_log(lua_State* L) {
    const double x = arg(L, 1);
    if (lua_isnoneornil(L, 2))
        lua_pushnumber(L, det_log(x));
    else
        lua_pushnumber(L, det_log(x) / det_log(arg(L, 2)));
    return 1;
}
int m_sin(lua_State* L) {
    double s, c;
    det_sincos(arg(L, 1), s, c);
    lua_pushnumber(L, s);
    return 1;
}
int m_cos(lua_State* L) {
    double s, c;
    det_sincos(arg(L, 1), s, c);
    lua_pushnumber(L, c);
    return 1;
}
int m_tan(lua_State* L) {
    double s, c;
    det_sincos(arg(L, 1), s, c);
    lua_pushnumber(L, s / c);
    return 1;
}
int m_atan(lua_State* L) {
    lua_pushnumber(L, det_atan2(arg(L, 1), luaL_optnumber(L, 2, 1.0)));
    return 1;
}
int m_asin(lua_State* L) {
    const double x = arg(L, 1);
    lua_pushnumber(L, det_atan2(x, std::sqrt((1.0 - x) * (1.0 + x))));
    return 1;
}
int m_acos(lua_State* L) {
    const double x = arg(L, 1);
    lua_pushnumber(L, det_atan2(std::sqrt((1.0 - x) * (1.0 + x)), x));
    return 1;
}

// vec: the vector helpers of the built-in modules (engine/podball/teams/pod_skills.hpp), on plain numbers.
int vec_len(lua_State* L) {
    lua_pushnumber(L, length(Vec2{arg(L, 1), arg(L, 2)}));
    return 1;
}
int vec_norm(lua_State* L) {
    const Vec2 d{arg(L, 1), arg(L, 2)};
    const Vec2 n = d / std::max(1e-12, length(d));
    lua_pushnumber(L, n.x);
    lua_pushnumber(L, n.y);
    return 2;
}
int vec_dist(lua_State* L) {
    const Vec2 a{arg(L, 1), arg(L, 2)}, b{arg(L, 3), arg(L, 4)};
    lua_pushnumber(L, length(b - a));
    return 1;
}
int vec_angle(lua_State* L) {
    lua_pushnumber(L, det_atan2(arg(L, 2), arg(L, 1)));
    return 1;
}
int vec_rotate(lua_State* L) {
    const double x = arg(L, 1), y = arg(L, 2);
    double s = 0.0, c = 0.0;
    det_sincos(arg(L, 3), s, c);
    lua_pushnumber(L, x * c - y * s);
    lua_pushnumber(L, x * s + y * c);
    return 2;
}

void set_functions(lua_State* L, const char* lib, const luaL_Reg* fns) {
    lua_getglobal(L, lib);
    luaL_setfuncs(L, fns, 0);
    lua_pop(L, 1);
}

}   // namespace

void lock_metatable(lua_State* L, int t) {
    t = lua_absindex(L, t);
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "__readonly");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, t);
}

int contents_index(lua_State* L, int t) {
    t = lua_absindex(L, t);
    if (lua_getmetatable(L, t)) {
        if (lua_getfield(L, -1, "__contents") == LUA_TTABLE) {
            lua_remove(L, -2);
            return lua_gettop(L);
        }
        lua_pop(L, 2);
    }
    lua_pushvalue(L, t);
    return lua_gettop(L);
}

lua_Integer sorted_keys(lua_State* L, Vm& vm, int t, const char* what) {
    t = lua_absindex(L, t);
    lua_Integer n = 0;   // the array part: 1..n present
    while (lua_rawgeti(L, t, n + 1) != LUA_TNIL) {
        lua_pop(L, 1);
        ++n;
    }
    lua_pop(L, 1);
    const std::size_t base = vm.keys_len;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        KeyEntry e{};
        switch (lua_type(L, -1)) {
            case LUA_TNUMBER:
                if (lua_isinteger(L, -1)) {
                    e.is_int = 1;
                    e.i = lua_tointeger(L, -1);
                    if (e.i >= 1 && e.i <= n) continue;
                } else {
                    e.d = lua_tonumber(L, -1);
                }
                break;
            case LUA_TSTRING:
                e.rank = 1;
                e.s = lua_tolstring(L, -1, &e.len);
                break;
            case LUA_TBOOLEAN:
                e.rank = 2;
                e.i = lua_toboolean(L, -1);
                break;
            default:
                luaL_error(L,
                           "%s: a key of type %s has no order that is the same in every run (use numbers, strings "
                           "or booleans as keys)",
                           what, luaL_typename(L, -1));
        }
        vm.keys_append(L, e);
    }
    std::sort(vm.keys + base, vm.keys + vm.keys_len, key_less);
    return n;
}

void push_key_entry(lua_State* L, const KeyEntry& e) {
    if (e.rank == 0 && e.is_int)
        lua_pushinteger(L, e.i);
    else if (e.rank == 0)
        lua_pushnumber(L, e.d);
    else if (e.rank == 1)
        lua_pushlstring(L, e.s, e.len);
    else
        lua_pushboolean(L, static_cast<int>(e.i));
}

int push_sorted_keys(lua_State* L, int t, const char* what) {
    Vm& vm = Vm::of(L);
    const std::size_t base = vm.keys_len;
    const lua_Integer n = sorted_keys(L, vm, t, what);
    const std::size_t m = vm.keys_len - base;
    lua_createtable(L, static_cast<int>(n + static_cast<lua_Integer>(m)), 0);
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_pushinteger(L, i);
        lua_rawseti(L, -2, i);
    }
    for (std::size_t i = 0; i < m; ++i) {
        push_key_entry(L, vm.keys[base + i]);
        lua_rawseti(L, -2, n + static_cast<lua_Integer>(i) + 1);
    }
    vm.keys_len = base;
    return lua_gettop(L);
}

int open_sandbox(lua_State* L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    lua_settop(L, 0);

    for (const char* name : {"dofile", "loadfile", "warn"}) {
        lua_pushnil(L);
        lua_setglobal(L, name);
    }
    const luaL_Reg base[] = {{"pairs", sb_pairs},       {"next", sb_next},
                             {"rawset", sb_rawset},     {"rawget", sb_rawget},
                             {"rawlen", sb_rawlen},     {"setmetatable", sb_setmetatable},
                             {"tostring", sb_tostring}, {"print", sb_print},
                             {"load", sb_load},         {"collectgarbage", sb_collectgarbage},
                             {nullptr, nullptr}};
    lua_pushglobaltable(L);
    luaL_setfuncs(L, base, 0);
    lua_pop(L, 1);

    const luaL_Reg math[] = {{"random", sb_random}, {"randomseed", sb_randomseed},
                             {"exp", m_exp},        {"log", m_log},
                             {"sin", m_sin},        {"cos", m_cos},
                             {"tan", m_tan},        {"atan", m_atan},
                             {"asin", m_asin},      {"acos", m_acos},
                             {nullptr, nullptr}};
    set_functions(L, LUA_MATHLIBNAME, math);

    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_getfield(L, -1, "format");
    lua_pushcclosure(L, sb_format, 1);
    lua_setfield(L, -2, "format");
    // Pattern matching charged step by step (patterns.hpp); methods reach these too, as strings'
    // __index is this table.
    const luaL_Reg patterns[] = {{"find", pattern_find},
                                 {"match", pattern_match},
                                 {"gmatch", pattern_gmatch},
                                 {"gsub", pattern_gsub},
                                 {nullptr, nullptr}};
    luaL_setfuncs(L, patterns, 0);
    lua_pop(L, 1);
    charge_library(L, LUA_STRLIBNAME,
                   {{"rep", Cost::Rep},
                    {"sub", Cost::Slice},
                    {"byte", Cost::ByteSlice},
                    {"char", Cost::Values},
                    {"upper", Cost::StringArgs},
                    {"lower", Cost::StringArgs},
                    {"reverse", Cost::StringArgs},
                    {"pack", Cost::StringArgs},
                    {"unpack", Cost::StringArgs}});
    charge_library(L, LUA_TABLIBNAME, {{"concat", Cost::Concat}, {"unpack", Cost::Unpack}, {"move", Cost::Move}});
    charge_library(L, LUA_UTF8LIBNAME,
                   {{"char", Cost::Values},
                    {"codepoint", Cost::CodeSlice},
                    {"len", Cost::StringArgs},
                    {"offset", Cost::StringArgs}});

    const luaL_Reg table[] = {{"sort", sb_sort}, {nullptr, nullptr}};
    set_functions(L, LUA_TABLIBNAME, table);

    const luaL_Reg vec[] = {{"len", vec_len},     {"norm", vec_norm},     {"dist", vec_dist},
                            {"angle", vec_angle}, {"rotate", vec_rotate}, {nullptr, nullptr}};
    luaL_newlib(L, vec);
    lua_setglobal(L, "vec");

    // Strings' metatable (methods: ("x"):rep(3)) hidden from getmetatable, so no script can
    // change what every string does.
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);

    for (const char* lib : {LUA_MATHLIBNAME, LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_UTF8LIBNAME, "vec"}) {
        lua_getglobal(L, lib);
        char dotted[16];
        std::snprintf(dotted, sizeof dotted, "%s.", lib);
        freeze(L, -1, lib, dotted);
        lua_pop(L, 1);
    }

    // While the chunk runs the globals are the script's to set; reading a name Playbench took out
    // is an error naming it.
    lua_pushglobaltable(L);
    lua_newtable(L);
    lua_pushliteral(L, "");
    lua_pushcclosure(L, forbidden_index, 1);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_pop(L, 1);
    return 0;
}

int freeze_globals(lua_State* L) {
    lua_pushglobaltable(L);
    lua_pushnil(L);
    lua_setmetatable(L, -2);
    freeze(L, -1, "", "");
    lua_pop(L, 1);
    return 0;
}

bool is_readonly(lua_State* L, int t) {
    if (!lua_getmetatable(L, t)) return false;
    lua_getfield(L, -1, "__readonly");
    const bool ro = lua_toboolean(L, -1);
    lua_pop(L, 2);
    return ro;
}

}   // namespace pb::podball::lua
