// A script's `memory` as plain data (docs/lua-teams.md#memory): serialised after every call, in
// the order pairs() visits keys, so the same memory gives the same bytes in every process. The
// bytes are the state: hashed, copied into a snapshot's new Lua state, shown as JSON. Layout:
//   'i' int64 | 'f' double | 's' u32 length, bytes | 'b' u8 | 't' u32 count, count x (key, value)
// (little-endian, as the machine's: bytes never leave the process except as the hash).
#include <cstdio>
#include <cstring>

#include "engine/podball/lua/lua_vm.hpp"

namespace pb::podball::lua {
namespace {

constexpr int kMaxDepth = 32;

// Where serialising stands: the stack indices of the keys from memory down, made into text
// ("memory.a[2].b") only for an error, so that a call that succeeds formats nothing.
struct Path {
    const char* root;
    int keys[kMaxDepth + 2];
    int depth;
};

const char* path_text(lua_State* L, const Path& p) {
    char text[200];
    std::size_t len = static_cast<std::size_t>(std::snprintf(text, sizeof text, "%s", p.root));
    for (int d = 0; d < p.depth && len + 4 < sizeof text; ++d) {
        const int k = p.keys[d];
        char piece[80];
        if (lua_type(L, k) == LUA_TSTRING) std::snprintf(piece, sizeof piece, ".%s", lua_tostring(L, k));
        else if (lua_isinteger(L, k)) std::snprintf(piece, sizeof piece, "[%lld]", static_cast<long long>(lua_tointeger(L, k)));
        else if (lua_type(L, k) == LUA_TNUMBER) std::snprintf(piece, sizeof piece, "[%.17g]", lua_tonumber(L, k));
        else std::snprintf(piece, sizeof piece, "[%s]", lua_toboolean(L, k) ? "true" : "false");
        const std::size_t n = std::strlen(piece);
        if (len + n + 4 >= sizeof text) {
            std::memcpy(text + len, "...", 4);
            len += 3;
            break;
        }
        std::memcpy(text + len, piece, n + 1);
        len += n;
    }
    return lua_pushstring(L, text);
}

void put_u32(lua_State* L, Vm& vm, std::uint32_t v) { vm.buf_append(L, &v, sizeof v); }

void serialise_value(lua_State* L, Vm& vm, int v, int seen, Path& path, int depth);

void serialise_scalar(lua_State* L, Vm& vm, int v, Path& path) {
    switch (lua_type(L, v)) {
        case LUA_TNUMBER:
            if (lua_isinteger(L, v)) {
                const lua_Integer i = lua_tointeger(L, v);
                vm.buf_append(L, "i", 1);
                vm.buf_append(L, &i, sizeof i);
            } else {
                const double d = lua_tonumber(L, v);
                vm.buf_append(L, "f", 1);
                vm.buf_append(L, &d, sizeof d);
            }
            return;
        case LUA_TSTRING: {
            std::size_t n = 0;
            const char* s = lua_tolstring(L, v, &n);
            if (n > UINT32_MAX) luaL_error(L, "%s is a string too long for memory", path_text(L, path));
            vm.buf_append(L, "s", 1);
            put_u32(L, vm, static_cast<std::uint32_t>(n));
            vm.buf_append(L, s, n);
            return;
        }
        case LUA_TBOOLEAN: {
            const char b[2] = {'b', static_cast<char>(lua_toboolean(L, v) ? 1 : 0)};
            vm.buf_append(L, b, 2);
            return;
        }
        default:
            luaL_error(L, "%s holds a %s: memory holds plain data only (numbers, strings, booleans and tables of those)",
                       path_text(L, path), luaL_typename(L, v));
    }
}

void serialise_table(lua_State* L, Vm& vm, int t, int seen, Path& path, int depth) {
    if (depth > kMaxDepth) luaL_error(L, "%s is nested more than %d tables deep", path_text(L, path), kMaxDepth);
    if (lua_getmetatable(L, t))
        luaL_error(L, "%s is a table with a metatable (a table of the world, the actions or the libraries, or one "
                      "given a metatable): memory holds plain data only; copy the values you need",
                   path_text(L, path));
    // A table reached twice (shared, or a cycle) would come back as two tables, or never end.
    // The path is kept as text only when a table is reached twice; a first visit stores its depth
    // and the keys are still on the stack then.
    if (lua_rawgetp(L, seen, lua_topointer(L, t)) != LUA_TNIL) {
        const char* first = lua_tostring(L, -1);
        luaL_error(L, "%s is a table that memory already holds at %s: memory is a tree of plain data (no table in "
                      "two places, no cycles)",
                   path_text(L, path), first);
    }
    lua_pop(L, 1);
    path_text(L, path);
    lua_rawsetp(L, seen, lua_topointer(L, t));

    const int keys = push_sorted_keys(L, t, "memory");
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, keys));
    vm.buf_append(L, "t", 1);
    put_u32(L, vm, static_cast<std::uint32_t>(n));
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, keys, i);
        const int key = lua_gettop(L);
        path.keys[path.depth++] = key;
        serialise_scalar(L, vm, key, path);
        lua_pushvalue(L, key);
        lua_rawget(L, t);
        serialise_value(L, vm, lua_gettop(L), seen, path, depth + 1);
        --path.depth;
        lua_settop(L, key - 1);
    }
    lua_settop(L, keys - 1);
}

void serialise_value(lua_State* L, Vm& vm, int v, int seen, Path& path, int depth) {
    if (lua_type(L, v) == LUA_TTABLE) serialise_table(L, vm, v, seen, path, depth);
    else serialise_scalar(L, vm, v, path);
}

struct Reader {
    const char* p;
    const char* end;
    template <class T>
    T get(lua_State* L) {
        T v;
        if (static_cast<std::size_t>(end - p) < sizeof v) luaL_error(L, "memory bytes are cut short");
        std::memcpy(&v, p, sizeof v);
        p += sizeof v;
        return v;
    }
};

void deserialise_value(lua_State* L, Reader& r, int depth) {
    luaL_checkstack(L, 4, "memory too deep");
    const char tag = r.get<char>(L);
    switch (tag) {
        case 'i': lua_pushinteger(L, r.get<lua_Integer>(L)); return;
        case 'f': lua_pushnumber(L, r.get<double>(L)); return;
        case 'b': lua_pushboolean(L, r.get<char>(L)); return;
        case 's': {
            const std::uint32_t n = r.get<std::uint32_t>(L);
            if (static_cast<std::size_t>(r.end - r.p) < n) luaL_error(L, "memory bytes are cut short");
            lua_pushlstring(L, r.p, n);
            r.p += n;
            return;
        }
        case 't': {
            if (depth > kMaxDepth) luaL_error(L, "memory bytes nest too deep");
            const std::uint32_t n = r.get<std::uint32_t>(L);
            lua_createtable(L, 0, 0);
            for (std::uint32_t i = 0; i < n; ++i) {
                deserialise_value(L, r, depth + 1);
                deserialise_value(L, r, depth + 1);
                lua_rawset(L, -3);
            }
            return;
        }
        default: luaL_error(L, "memory bytes are damaged (tag %d)", tag);
    }
}

}  // namespace

void serialise_memory(lua_State* L, Vm& vm, int t, const char* name) {
    t = lua_absindex(L, t);
    vm.buf_len = 0;
    lua_newtable(L);
    const int seen = lua_gettop(L);
    Path path{};
    path.root = name;
    serialise_value(L, vm, t, seen, path, 0);
    lua_settop(L, seen - 1);
}

void deserialise_memory(lua_State* L, const char* data, std::size_t n) {
    Reader r{data, data + n};
    deserialise_value(L, r, 0);
}

}  // namespace pb::podball::lua
