// A script's `memory` as plain data (docs/lua-teams.md#memory): serialised after every call, in
// the order pairs() visits keys, so the same memory gives the same bytes in every process. The
// bytes are the state: hashed, copied into a snapshot's new Lua state, shown as JSON. Layout:
//   'i' int64 | 'f' double | 's' u32 length, bytes | 'b' u8 | 't' u32 count, count x (key, value)
// (little-endian, as the machine's: bytes never leave the process except as the hash).
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "engine/core/json.hpp"
#include "engine/podball/lua/lua_vm.hpp"

namespace pb::podball::lua {
namespace {

constexpr int kMaxMemoryDepth = 32;

// Where serialising stands: the stack indices of the keys from memory down, made into text
// ("memory.a[2].b") only for an error, so that a call that succeeds formats nothing.
struct Path {
    const char* root;
    int keys[kMaxMemoryDepth + 2];
    int depth;
};

const char* path_text(lua_State* L, const Path& p) {
    char text[200];
    std::size_t len = static_cast<std::size_t>(std::snprintf(text, sizeof text, "%s", p.root));
    for (int d = 0; d < p.depth && len + 4 < sizeof text; ++d) {
        const int k = p.keys[d];
        char piece[80];
        if (lua_type(L, k) == LUA_TSTRING)
            std::snprintf(piece, sizeof piece, ".%s", lua_tostring(L, k));
        else if (lua_isinteger(L, k))
            std::snprintf(piece, sizeof piece, "[%lld]", static_cast<long long>(lua_tointeger(L, k)));
        else if (lua_type(L, k) == LUA_TNUMBER)
            std::snprintf(piece, sizeof piece, "[%.17g]", lua_tonumber(L, k));
        else
            std::snprintf(piece, sizeof piece, "[%s]", lua_toboolean(L, k) ? "true" : "false");
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

// A tag and its 8 bytes in one append: the bytes serialise_scalar writes for an integer or a float.
template <class T>
void put_tagged(lua_State* L, Vm& vm, char tag, T v) {
    static_assert(sizeof v == 8);
    char bytes[1 + sizeof v];
    bytes[0] = tag;
    std::memcpy(bytes + 1, &v, sizeof v);
    vm.buf_append(L, bytes, sizeof bytes);
}

void put_string(lua_State* L, Vm& vm, const char* s, std::size_t n) {
    char head[1 + sizeof(std::uint32_t)];
    head[0] = 's';
    const auto len = static_cast<std::uint32_t>(n);
    std::memcpy(head + 1, &len, sizeof len);
    vm.buf_append(L, head, sizeof head);
    vm.buf_append(L, s, n);
}

// A key as serialise_scalar writes it, from its entry (sorted_keys): no push, no lookup.
void put_key_entry(lua_State* L, Vm& vm, const KeyEntry& e) {
    if (e.rank == 0 && e.is_int)
        put_tagged(L, vm, 'i', static_cast<lua_Integer>(e.i));
    else if (e.rank == 0)
        put_tagged(L, vm, 'f', e.d);
    else if (e.rank == 1)
        put_string(L, vm, e.s, e.len);
    else {
        const char b[2] = {'b', static_cast<char>(e.i ? 1 : 0)};
        vm.buf_append(L, b, 2);
    }
}

// The value at `v` (of Lua type `type`) when it is a number, a boolean or a string that fits: the
// bytes serialise_scalar writes, and true; false, writing nothing, for anything else (a table, or
// what serialise_scalar refuses with its path).
bool put_plain_scalar(lua_State* L, Vm& vm, int v, int type) {
    switch (type) {
        case LUA_TNUMBER:
            if (lua_isinteger(L, v))
                put_tagged(L, vm, 'i', lua_tointeger(L, v));
            else
                put_tagged(L, vm, 'f', static_cast<double>(lua_tonumber(L, v)));
            return true;
        case LUA_TBOOLEAN: {
            const char b[2] = {'b', static_cast<char>(lua_toboolean(L, v) ? 1 : 0)};
            vm.buf_append(L, b, 2);
            return true;
        }
        case LUA_TSTRING: {
            std::size_t n = 0;
            const char* s = lua_tolstring(L, v, &n);
            if (n > UINT32_MAX) return false;
            put_string(L, vm, s, n);
            return true;
        }
        default: return false;
    }
}

void serialise_value(lua_State* L, Vm& vm, int v, int root, Path& path, int depth);

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
            luaL_error(L,
                       "%s holds a %s: memory holds plain data only (numbers, strings, booleans and tables of those)",
                       path_text(L, path), luaL_typename(L, v));
    }
}

// Error path only: the path at which a depth-first walk in serialising order first reaches the
// table `target` below the table at `t`, pushed as text; false (nothing pushed) when it does not.
bool push_first_path(lua_State* L, int t, const void* target, Path& path, int depth) {
    if (depth > kMaxMemoryDepth) return false;
    luaL_checkstack(L, 8, "memory too deep");
    const int keys = push_sorted_keys(L, t, "memory");
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, keys));
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, keys, i);
        const int key = lua_gettop(L);
        lua_pushvalue(L, key);
        if (lua_rawget(L, t) == LUA_TTABLE) {
            path.keys[path.depth++] = key;
            if (lua_topointer(L, -1) == target) {
                path_text(L, path);
                return true;
            }
            if (push_first_path(L, lua_gettop(L), target, path, depth + 1)) return true;
            --path.depth;
        }
        lua_settop(L, key - 1);
    }
    lua_settop(L, keys - 1);
    return false;
}

// Keys in pairs order (vm.keys as scratch, no Lua table made), the path as stack indices: a call
// whose memory is plain data formats no text and allocates nothing once the scratch has grown.
void serialise_table(lua_State* L, Vm& vm, int t, int root, Path& path, int depth) {
    if (depth > kMaxMemoryDepth)
        luaL_error(L, "%s is nested more than %d tables deep", path_text(L, path), kMaxMemoryDepth);
    luaL_checkstack(L, 8, "memory too deep");
    if (lua_getmetatable(L, t))
        luaL_error(L,
                   "%s is a table with a metatable (a table of the world, the actions or the libraries, or one "
                   "given a metatable): memory holds plain data only; copy the values you need",
                   path_text(L, path));
    // A table reached twice (shared, or a cycle) would come back as two tables, or never end.
    if (!vm.seen_insert(L, lua_topointer(L, t))) {
        const char* here = path_text(L, path);
        Path first{};
        first.root = path.root;
        const char* there = lua_topointer(L, root) == lua_topointer(L, t)
                                ? path.root
                                : (push_first_path(L, root, lua_topointer(L, t), first, 0) ? lua_tostring(L, -1) : "?");
        luaL_error(L,
                   "%s is a table that memory already holds at %s: memory is a tree of plain data (no table in "
                   "two places, no cycles)",
                   here, there);
    }

    const std::size_t base = vm.keys_len;
    const lua_Integer n = sorted_keys(L, vm, t, "memory");
    const std::size_t m = vm.keys_len - base;
    vm.buf_append(L, "t", 1);
    put_u32(L, vm, static_cast<std::uint32_t>(static_cast<std::size_t>(n) + m));
    // Each key is written from what is known of it and a plain value written at once; the key is
    // on the stack, as the path, only where the value is a table or an error is to be raised.
    const int top = lua_gettop(L);
    for (lua_Integer i = 1; i <= n; ++i) {
        put_tagged(L, vm, 'i', i);
        if (!put_plain_scalar(L, vm, top + 1, lua_rawgeti(L, t, i))) {
            lua_pushinteger(L, i);
            lua_insert(L, top + 1);
            path.keys[path.depth++] = top + 1;
            serialise_value(L, vm, top + 2, root, path, depth + 1);
            --path.depth;
        }
        lua_settop(L, top);
    }
    for (std::size_t j = 0; j < m; ++j) {
        const KeyEntry e = vm.keys[base + j];   // a copy: a nested table may grow vm.keys
        if (e.rank == 1 && e.len > UINT32_MAX) {
            push_key_entry(L, e);
            path.keys[path.depth++] = top + 1;
            serialise_scalar(L, vm, top + 1, path);   // raises: too long
        }
        put_key_entry(L, vm, e);
        push_key_entry(L, e);
        lua_pushvalue(L, top + 1);
        if (!put_plain_scalar(L, vm, top + 2, lua_rawget(L, t))) {
            path.keys[path.depth++] = top + 1;
            serialise_value(L, vm, top + 2, root, path, depth + 1);
            --path.depth;
        }
        lua_settop(L, top);
    }
    vm.keys_len = base;
}

void serialise_value(lua_State* L, Vm& vm, int v, int root, Path& path, int depth) {
    if (lua_type(L, v) == LUA_TTABLE)
        serialise_table(L, vm, v, root, path, depth);
    else
        serialise_scalar(L, vm, v, path);
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
            if (depth > kMaxMemoryDepth) luaL_error(L, "memory bytes nest too deep");
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

// Moves `p` past one serialised value (memory.cpp's layout).
void skip_value(const char*& p, const char* end) {
    const auto need = [&](std::size_t n) {
        if (static_cast<std::size_t>(end - p) < n) throw std::runtime_error("memory bytes cut short");
    };
    need(1);
    const char tag = *p++;
    std::uint32_t n = 0;
    switch (tag) {
        case 'i':
        case 'f':
            need(8);
            p += 8;
            return;
        case 'b':
            need(1);
            p += 1;
            return;
        case 's':
            need(4);
            std::memcpy(&n, p, 4);
            p += 4;
            need(n);
            p += n;
            return;
        case 't':
            need(4);
            std::memcpy(&n, p, 4);
            p += 4;
            for (std::uint32_t i = 0; i < 2 * n; ++i) skip_value(p, end);
            return;
        default: throw std::runtime_error("memory bytes damaged");
    }
}

void write_json(JsonWriter& out, const char*& p, const char* end) {
    const auto get = [&](auto& v) {
        if (static_cast<std::size_t>(end - p) < sizeof v) throw std::runtime_error("memory bytes cut short");
        std::memcpy(&v, p, sizeof v);
        p += sizeof v;
    };
    char tag = 0;
    get(tag);
    switch (tag) {
        case 'i': {
            lua_Integer i = 0;
            get(i);
            out.value(static_cast<std::int64_t>(i));
            return;
        }
        case 'f': {
            double d = 0;
            get(d);
            out.value(d);
            return;
        }
        case 'b': {
            char b = 0;
            get(b);
            out.value(b != 0);
            return;
        }
        case 's': {
            std::uint32_t n = 0;
            get(n);
            if (static_cast<std::size_t>(end - p) < n) throw std::runtime_error("memory bytes cut short");
            out.value(std::string_view(p, n));
            p += n;
            return;
        }
        case 't': break;
        default: throw std::runtime_error("memory bytes damaged");
    }
    std::uint32_t n = 0;
    get(n);
    // Keys 1..n come first and in order (the serialised order): such a table is an array.
    bool array = n > 0;
    const char* scan = p;
    for (std::uint32_t i = 0; array && i < n; ++i) {
        lua_Integer k = 0;
        if (end - scan < 1 + static_cast<std::ptrdiff_t>(sizeof k) || *scan != 'i') {
            array = false;
            break;
        }
        std::memcpy(&k, scan + 1, sizeof k);
        if (k != static_cast<lua_Integer>(i) + 1) array = false;
        scan += 1 + sizeof k;
        skip_value(scan, end);
    }
    if (array) {
        out.begin_array();
        for (std::uint32_t i = 0; i < n; ++i) {
            p += 1 + sizeof(lua_Integer);
            write_json(out, p, end);
        }
        out.end_array();
        return;
    }
    out.begin_object();
    for (std::uint32_t i = 0; i < n; ++i) {
        char kt = 0;
        get(kt);
        std::string key;
        if (kt == 's') {
            std::uint32_t len = 0;
            get(len);
            if (static_cast<std::size_t>(end - p) < len) throw std::runtime_error("memory bytes cut short");
            key.assign(p, len);
            p += len;
        } else if (kt == 'i') {
            lua_Integer k = 0;
            get(k);
            key = std::to_string(k);
        } else if (kt == 'f') {
            double d = 0;
            get(d);
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.17g", d);
            key = buf;
        } else {
            char b = 0;
            get(b);
            key = b ? "true" : "false";
        }
        out.key(key);
        write_json(out, p, end);
    }
    out.end_object();
}

}   // namespace

void serialise_memory(lua_State* L, Vm& vm, int t, const char* name) {
    t = lua_absindex(L, t);
    vm.buf_len = 0;
    vm.seen_clear();
    Path path{};
    path.root = name;
    const int top = lua_gettop(L);
    serialise_value(L, vm, t, t, path, 0);
    lua_settop(L, top);
}

void deserialise_memory(lua_State* L, const char* data, std::size_t n) {
    Reader r{data, data + n};
    deserialise_value(L, r, 0);
}

void write_memory_json(JsonWriter& out, const char* data, std::size_t n) {
    const char* p = data;
    write_json(out, p, data + n);
}

}   // namespace pb::podball::lua
