// What a script keeps outside `memory`, carried into a copy of its team (docs/lua-teams.md#memory):
// the values of the chunk's local variables that its functions captured (upvalues) and the contents
// of the tables reachable from them and from the globals. A copy is a new state that ran the same
// chunk; this walks the two states side by side, from the globals and the shared world tables,
// and writes the source's values into the copy's variables and tables, so that a copy plays on as
// the team it was made from would have (undo, restart from here, compare, replay review).
//
// The source state is only read, with calls that never allocate or raise (lua_next, lua_rawget,
// lua_getupvalue, ...): an error there would have no protected call to land in. Everything that
// allocates happens in the copy, inside its protected call; the walk's bookkeeping lives there too,
// as Lua tables, so no C++ object with a destructor is alive when an error jumps out.
#include <cstdio>
#include <cstring>

#include "engine/podball/lua/lua_vm.hpp"

namespace pb::podball::lua {
namespace {

constexpr int kMaxCopyDepth = 64;

struct Copier {
    lua_State* S;     // the team copied (read only)
    lua_State* D;     // the copy
    int map;          // D: light userdata (a table or function of S) -> what stands for it in D
    int claimed;      // D: a table or function of D -> true once it stands for one of S's
    int seen_up;      // D: light userdata (an upvalue of S) -> true once copied
    char path[160];   // where the walk stands, for the first problem's message
    std::size_t path_len;
    CopyProblems* problems;
};

// The field `name` of the metatable of S's value at `idx`, pushed on S, found without allocating;
// false (nothing pushed) when there is none.
bool s_meta_field(lua_State* S, int idx, const char* name) {
    if (!lua_checkstack(S, 4) || !lua_getmetatable(S, idx)) return false;
    const int mt = lua_gettop(S);
    lua_pushnil(S);
    while (lua_next(S, mt)) {
        if (lua_type(S, -2) == LUA_TSTRING && std::strcmp(lua_tostring(S, -2), name) == 0) {
            lua_copy(S, -1, mt);
            lua_settop(S, mt);
            return true;
        }
        lua_pop(S, 1);
    }
    lua_pop(S, 1);
    return false;
}

bool s_readonly(lua_State* S, int idx) {
    if (!s_meta_field(S, idx, "__readonly")) return false;
    const bool ro = lua_toboolean(S, -1);
    lua_pop(S, 1);
    return ro;
}

void problem(Copier& c, const char* what) {
    if (c.problems->count++ > 0) return;
    std::snprintf(c.problems->first, sizeof c.problems->first, "%.*s %s", static_cast<int>(c.path_len), c.path, what);
}

// Appends ".name" (or "[i]") to the path; returns the length to set back.
std::size_t path_push(Copier& c, lua_State* L, int key) {
    const std::size_t old = c.path_len;
    char piece[64];
    if (lua_type(L, key) == LUA_TSTRING)
        std::snprintf(piece, sizeof piece, "%s%s", old ? "." : "", lua_tostring(L, key));
    else if (lua_isinteger(L, key))
        std::snprintf(piece, sizeof piece, "[%lld]", static_cast<long long>(lua_tointeger(L, key)));
    else
        std::snprintf(piece, sizeof piece, "[%s]", luaL_typename(L, key));
    const std::size_t n = std::strlen(piece);
    if (c.path_len + n < sizeof c.path) {
        std::memcpy(c.path + c.path_len, piece, n);
        c.path_len += n;
    }
    return old;
}
std::size_t path_push_text(Copier& c, const char* text) {
    const std::size_t old = c.path_len;
    const std::size_t n = std::strlen(text);
    if (c.path_len + n < sizeof c.path) {
        std::memcpy(c.path + c.path_len, text, n);
        c.path_len += n;
    }
    return old;
}

// Pushes on D what stands for S's object `p`, if anything does.
bool mapped(Copier& c, const void* p) {
    lua_pushlightuserdata(c.D, const_cast<void*>(p));
    if (lua_rawget(c.D, c.map) != LUA_TNIL) return true;
    lua_pop(c.D, 1);
    return false;
}
void map_to(Copier& c, const void* p, int d) {
    lua_pushlightuserdata(c.D, const_cast<void*>(p));
    lua_pushvalue(c.D, d);
    lua_rawset(c.D, c.map);
    lua_pushvalue(c.D, d);
    lua_pushboolean(c.D, 1);
    lua_rawset(c.D, c.claimed);
}
bool claimed(Copier& c, int d) {
    lua_pushvalue(c.D, d);
    const bool yes = lua_rawget(c.D, c.claimed) != LUA_TNIL;
    lua_pop(c.D, 1);
    return yes;
}

// Two closures made from the same function of the script (the copy ran the same chunk).
bool same_function(lua_State* S, int s, lua_State* D, int d) {
    lua_Debug a{}, b{};
    lua_pushvalue(S, s);
    lua_getinfo(S, ">Su", &a);
    lua_pushvalue(D, d);
    lua_getinfo(D, ">Su", &b);
    return a.linedefined == b.linedefined && a.lastlinedefined == b.lastlinedefined && a.nups == b.nups &&
           a.nparams == b.nparams && a.isvararg == b.isvararg;
}

void copy_value(Copier& c, int s, int hint, int depth);

void copy_table(Copier& c, int s, int hint, int depth) {
    lua_State* S = c.S;
    lua_State* D = c.D;
    const void* p = lua_topointer(S, s);
    if (mapped(c, p)) return;
    if (s_readonly(S, s)) {
        // A library table, or a world table that is no longer current: the copy's own at the
        // same place (libraries are the same in every state).
        if (lua_istable(D, hint)) map_to(c, p, hint);
        if (!lua_istable(D, hint)) problem(c, "holds a read-only table the copy does not have");
        lua_pushvalue(D, hint);
        return;
    }
    if (depth > kMaxCopyDepth) {
        problem(c, "is nested more than 64 tables deep");
        lua_pushvalue(D, hint);
        return;
    }
    if (!lua_checkstack(S, 8)) {
        problem(c, "is too deep for the copy's stack");
        lua_pushvalue(D, hint);
        return;
    }
    luaL_checkstack(D, 12, "copying the script's state");
    if (lua_istable(D, hint) && !claimed(c, hint) && !is_readonly(D, hint))
        lua_pushvalue(D, hint);   // the copy's table at the same place: other references to it stay right
    else
        lua_newtable(D);
    const int d = lua_gettop(D);
    map_to(c, p, d);

    // The copy's old contents, as hints for functions and tables at the same keys; then emptied.
    lua_newtable(D);
    const int old = lua_gettop(D);
    lua_pushnil(D);
    while (lua_next(D, d)) {
        lua_pushvalue(D, -2);
        lua_insert(D, -2);
        lua_rawset(D, old);
    }
    lua_pushnil(D);
    while (lua_next(D, old)) {
        lua_pop(D, 1);
        lua_pushvalue(D, -1);
        lua_pushnil(D);
        lua_rawset(D, d);
    }

    if (lua_getmetatable(S, s)) {
        const std::size_t back = path_push_text(c, "(metatable)");
        if (!lua_getmetatable(D, d)) lua_pushnil(D);
        copy_value(c, lua_gettop(S), lua_gettop(D), depth + 1);
        lua_remove(D, -2);
        if (lua_istable(D, -1))
            lua_setmetatable(D, d);
        else
            lua_pop(D, 1);
        lua_pop(S, 1);
        c.path_len = back;
    } else if (lua_getmetatable(D, d)) {
        lua_pop(D, 1);
        lua_pushnil(D);
        lua_setmetatable(D, d);
    }

    lua_pushnil(S);
    while (lua_next(S, s)) {
        const int sk = lua_gettop(S) - 1, sv = lua_gettop(S);
        const std::size_t back = path_push(c, S, sk);
        lua_pushnil(D);
        copy_value(c, sk, lua_gettop(D), depth + 1);   // the key
        lua_remove(D, -2);
        const int dk = lua_gettop(D);
        lua_pushvalue(D, dk);
        lua_rawget(D, old);
        const int hv = lua_gettop(D);
        copy_value(c, sv, hv, depth + 1);
        lua_remove(D, hv);
        if (lua_isnil(D, dk))
            lua_pop(D, 2);
        else
            lua_rawset(D, d);
        c.path_len = back;
        lua_pop(S, 1);
    }
    lua_settop(D, d);
}

void copy_function(Copier& c, int s, int hint, int depth) {
    lua_State* S = c.S;
    lua_State* D = c.D;
    if (lua_iscfunction(S, s)) {
        // Playbench's and Lua's library functions: the same code in every state.
        const lua_CFunction f = lua_tocfunction(S, s);
        if (lua_iscfunction(D, hint) && lua_tocfunction(D, hint) == f) {
            lua_pushvalue(D, hint);
        } else if (lua_getupvalue(S, s, 1) == nullptr) {
            lua_pushcfunction(D, f);
        } else {
            lua_pop(S, 1);
            problem(c, "holds a library function the copy has elsewhere");
            lua_pushvalue(D, hint);
        }
        return;
    }
    const void* p = lua_topointer(S, s);
    if (mapped(c, p)) return;
    if (!lua_isfunction(D, hint) || lua_iscfunction(D, hint) || claimed(c, hint) || !same_function(S, s, D, hint)) {
        problem(c,
                "holds a function made while the match ran (the copy keeps the function the script's chunk "
                "made)");
        lua_pushvalue(D, hint);
        return;
    }
    if (depth > kMaxCopyDepth || !lua_checkstack(S, 4)) {
        problem(c, "is nested more than 64 deep");
        lua_pushvalue(D, hint);
        return;
    }
    luaL_checkstack(D, 8, "copying the script's state");
    lua_pushvalue(D, hint);
    const int d = lua_gettop(D);
    map_to(c, p, d);
    for (int i = 1;; ++i) {
        const char* name = lua_getupvalue(S, s, i);
        if (!name) break;
        const int sv = lua_gettop(S);
        if (!lua_getupvalue(D, d, i)) {
            lua_pop(S, 1);
            break;
        }
        const int hv = lua_gettop(D);
        lua_pushlightuserdata(D, lua_upvalueid(S, s, i));
        const bool done = std::strcmp(name, "_ENV") == 0 || lua_rawget(D, c.seen_up) != LUA_TNIL;
        lua_pop(D, 1);
        if (!done) {
            lua_pushlightuserdata(D, lua_upvalueid(S, s, i));
            lua_pushboolean(D, 1);
            lua_rawset(D, c.seen_up);
            char piece[72];
            std::snprintf(piece, sizeof piece, "%slocal '%s'", c.path_len ? "'s " : "", name);
            const std::size_t back = path_push_text(c, piece);
            copy_value(c, sv, hv, depth + 1);
            lua_setupvalue(D, d, i);
            c.path_len = back;
        }
        lua_settop(D, d);
        lua_pop(S, 1);
    }
}

void copy_value(Copier& c, int s, int hint, int depth) {
    lua_State* S = c.S;
    lua_State* D = c.D;
    switch (lua_type(S, s)) {
        case LUA_TNIL: lua_pushnil(D); return;
        case LUA_TBOOLEAN: lua_pushboolean(D, lua_toboolean(S, s)); return;
        case LUA_TNUMBER:
            if (lua_isinteger(S, s))
                lua_pushinteger(D, lua_tointeger(S, s));
            else
                lua_pushnumber(D, lua_tonumber(S, s));
            return;
        case LUA_TSTRING: {
            std::size_t n = 0;
            const char* text = lua_tolstring(S, s, &n);
            lua_pushlstring(D, text, n);
            return;
        }
        case LUA_TTABLE: copy_table(c, s, hint, depth); return;
        case LUA_TFUNCTION: copy_function(c, s, hint, depth); return;
        default:
            problem(c, "holds a value that cannot be copied");
            lua_pushvalue(D, hint);
            return;
    }
}

struct EntryArgs {
    lua_State* S;
    const int* shared_refs;
    std::size_t shared_count;
    int memory_ref;
    CopyProblems* problems;
};

int copy_entry(lua_State* D) {
    const EntryArgs& a = *static_cast<const EntryArgs*>(lua_touserdata(D, 1));
    Copier c{a.S, D, 0, 0, 0, {}, 0, a.problems};
    lua_State* S = a.S;
    if (!lua_checkstack(S, 8)) return luaL_error(D, "the team copied has no stack left");
    luaL_checkstack(D, 16, "copying the script's state");
    lua_newtable(D);
    c.map = lua_gettop(D);
    lua_newtable(D);
    c.claimed = lua_gettop(D);
    lua_newtable(D);
    c.seen_up = lua_gettop(D);

    // The world's tables are made alike in both states and rewritten every call: they stand for
    // each other, whatever they hold.
    for (std::size_t i = 0; i < a.shared_count; ++i) {
        const int ts = lua_rawgeti(S, LUA_REGISTRYINDEX, a.shared_refs[i]);
        const int td = lua_rawgeti(D, LUA_REGISTRYINDEX, a.shared_refs[i]);
        if (ts == LUA_TTABLE && td == LUA_TTABLE) map_to(c, lua_topointer(S, -1), lua_gettop(D));
        lua_pop(S, 1);
        lua_pop(D, 1);
    }
    // memory first, so that a local holding a table of memory is that table in the copy too.
    lua_rawgeti(S, LUA_REGISTRYINDEX, a.memory_ref);
    lua_rawgeti(D, LUA_REGISTRYINDEX, a.memory_ref);
    path_push_text(c, "memory");
    copy_value(c, lua_gettop(S), lua_gettop(D), 0);
    lua_pop(D, 2);
    lua_pop(S, 1);
    c.path_len = 0;

    // The globals (read only, so their values stay; what they hold and capture is copied).
    lua_rawgeti(S, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    const int gs = lua_gettop(S);
    if (s_meta_field(S, gs, "__contents")) lua_replace(S, gs);
    lua_pushglobaltable(D);
    const int gd = contents_index(D, lua_gettop(D));
    lua_pushnil(S);
    while (lua_next(S, gs)) {
        const int sk = lua_gettop(S) - 1, sv = lua_gettop(S);
        const std::size_t back = path_push(c, S, sk);
        lua_pushnil(D);
        copy_value(c, sk, lua_gettop(D), 0);
        lua_remove(D, -2);
        if (!lua_isnil(D, -1))
            lua_rawget(D, gd);
        else
            lua_pushnil(D);
        const int hint = lua_gettop(D);
        copy_value(c, sv, hint, 0);
        lua_settop(D, gd);
        c.path_len = back;
        lua_pop(S, 1);
    }
    lua_pop(S, 1);
    return 0;
}

}   // namespace

bool copy_script_state(lua_State* from, Vm& to, const int* shared_refs, std::size_t shared_count, int memory_ref,
                       std::int64_t instructions, CopyProblems& problems, std::string& error) {
    EntryArgs args{from, shared_refs, shared_count, memory_ref, &problems};
    return to.protected_call(&copy_entry, &args, instructions, error);
}

}   // namespace pb::podball::lua
