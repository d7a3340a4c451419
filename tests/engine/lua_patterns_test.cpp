// Lua teams' pattern matching and charged C work (engine/podball/lua/patterns.cpp, sandbox.cpp,
// docs/lua-teams.md#budgets-and-the-sandbox): the sandbox's string.find, match, gmatch and gsub
// give what Lua's own give, returns and errors, over a fixed list and seeded random patterns;
// catastrophic patterns and long C work fault with the budget message and the match goes on.
#include <doctest/doctest.h>

#include <lua.hpp>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/rng.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/lua/lua_vm.hpp"
#include "podball_testing.hpp"

using namespace podball_testing;
using pb::podball::lua::Vm;

namespace {

// Runs one call and describes what it gave: each value's type and text, or the error. gmatch is
// iterated (at most 60 times); gsub takes each kind of replacement.
const char* const kHarness = R"(
local function describe(ok, ...)
  local parts = { ok and "ok" or "error" }
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    parts[#parts + 1] = type(v) .. ":" .. tostring(v)
  end
  return table.concat(parts, "|")
end
local lookup = { a = "A", ab = 12, b = false, ["1"] = "one", x = {} }
local function replace(first, ...) if first == "b" then return nil end return "<" .. tostring(first) .. select("#", ...) .. ">" end
run = function(f, s, p, init, extra)
  if f == "find" then return describe(pcall(function() return string.find(s, p, init, extra) end)) end
  if f == "match" then return describe(pcall(function() return string.match(s, p, init) end)) end
  if f == "method" then return describe(pcall(function() return s:find(p, init) end)) end
  if f == "gmatch" then
    return describe(pcall(function()
      local out = {}
      for a, b, c in string.gmatch(s, p, init) do
        out[#out + 1] = tostring(a) .. "," .. tostring(b) .. "," .. tostring(c)
        if #out > 60 then break end
      end
      return table.concat(out, ";")
    end))
  end
  local repl = extra == "table" and lookup or extra == "function" and replace or extra
  return describe(pcall(function() return string.gsub(s, p, repl, init) end))
end
)";

struct Call {
    std::string f, s, p;
    bool has_init;
    long long init;
    std::string extra;   // find: "plain"; gsub: the replacement or "table" / "function"
    Call(std::string f_, std::string s_, std::string p_, bool has_init_ = false, long long init_ = 0,
         std::string extra_ = "")
        : f(std::move(f_)),
          s(std::move(s_)),
          p(std::move(p_)),
          has_init(has_init_),
          init(init_),
          extra(std::move(extra_)) {}
};

void push_call(lua_State* L, const Call& c) {
    lua_getglobal(L, "run");
    lua_pushlstring(L, c.f.data(), c.f.size());
    lua_pushlstring(L, c.s.data(), c.s.size());
    lua_pushlstring(L, c.p.data(), c.p.size());
    if (c.has_init)
        lua_pushinteger(L, c.init);
    else
        lua_pushnil(L);
    if (c.f == "find")
        lua_pushboolean(L, c.extra == "plain");
    else
        lua_pushlstring(L, c.extra.data(), c.extra.size());
}

std::string take_string(lua_State* L) {
    std::size_t n = 0;
    const char* s = lua_tolstring(L, -1, &n);
    std::string out = s ? std::string(s, n) : std::string("(not a string)");
    lua_pop(L, 1);
    return out;
}

// Lua's own library: a plain state.
struct Reference {
    lua_State* L = luaL_newstate();
    Reference() {
        luaL_openlibs(L);
        REQUIRE(luaL_dostring(L, kHarness) == LUA_OK);
    }
    ~Reference() { lua_close(L); }
    std::string run(const Call& c) {
        push_call(L, c);
        if (lua_pcall(L, 5, 1, 0) != LUA_OK) return "harness failed: " + take_string(L);
        return take_string(L);
    }
};

// The sandbox, each call under a budget.
struct Sandboxed {
    Vm vm{64u << 20};
    const Call* call = nullptr;
    std::string result;
    Sandboxed() {
        std::string error;
        REQUIRE(vm.protected_call(&pb::podball::lua::open_sandbox, nullptr, 1'000'000, error));
        REQUIRE(vm.protected_call(&load_harness, nullptr, 1'000'000, error));
    }
    static int load_harness(lua_State* L) {
        if (luaL_loadstring(L, kHarness) != LUA_OK) return lua_error(L);
        lua_call(L, 0, 0);
        return 0;
    }
    static int entry(lua_State* L) {
        auto* self = static_cast<Sandboxed*>(lua_touserdata(L, 1));
        push_call(L, *self->call);
        lua_call(L, 5, 1);
        self->result = take_string(L);
        return 0;
    }
    std::string run(const Call& c) {
        call = &c;
        std::string error;
        if (!vm.protected_call(&entry, this, 100'000'000, error)) return "call failed: " + error;
        return result;
    }
};

// The calls for one subject and pattern: every function, with and without init, each replacement.
void add_calls(std::vector<Call>& calls, const std::string& s, const std::string& p, long long init) {
    calls.emplace_back("find", s, p);
    calls.emplace_back("find", s, p, true, init);
    calls.emplace_back("find", s, p, true, init, "plain");
    calls.emplace_back("match", s, p);
    calls.emplace_back("match", s, p, true, init);
    calls.emplace_back("method", s, p, true, init);
    calls.emplace_back("gmatch", s, p);
    calls.emplace_back("gmatch", s, p, true, init);
    for (const char* r : {"<%0>", "%1-%%", "%2", "x%", "%z", "table", "function"})
        calls.emplace_back("gsub", s, p, false, 0, r);
    calls.emplace_back("gsub", s, p, true, 2, "[%0]");
}

const char* const kFixed[][2] = {
    {"hello world from Lua", "o"},
    {"hello world from Lua", "(o)(r)"},
    {"hello world", "^(h)ello"},
    {"hello world", "world$"},
    {"hello world", "l+"},
    {"hello world", "l*o"},
    {"hello world", "l-o"},
    {"hello world", "x?h"},
    {"  trim me  ", "^%s*(.-)%s*$"},
    {"key = value", "(%w+)%s*=%s*(%w+)"},
    {"a,b,,c", "([^,]*)"},
    {"THE (quick) fox", "%f[%a]%a+"},
    {"THE (quick) fox", "%f[%A]"},
    {"f(a(b)c)d", "%b()"},
    {"[[x]]", "%b[]"},
    {"abcabc", "(a)(b)(c)%1%2%3"},
    {"hello", "()ll()"},
    {"hello", "()"},
    {"x = 0x1F, y = 42", "%x+"},
    {"tab\tnew\nline", "%c"},
    {"a.b-c+d", "[%.%-+]"},
    {"abc]def", "[]]"},
    {"abc^def", "[%^]"},
    {"abc-def", "[a-]"},
    {"abc", "[^%a]"},
    {"UPPER lower 123", "%u+"},
    {"UPPER lower 123", "%l+"},
    {"UPPER lower 123", "%D+"},
    {"a1!b2@", "%p"},
    {"a1!b2@", "%W"},
    {"", ""},
    {"", ".*"},
    {"abc", ""},
    {"abc", ".-"},
    {"abc", "a*"},
    {"aaa", "a-b"},
    {"hello", "%"},
    {"hello", "[a"},
    {"hello", "[%"},
    {"hello", "%f"},
    {"hello", "%fa"},
    {"hello", "%b"},
    {"hello", "%bx"},
    {"hello", "(h"},
    {"hello", "h)"},
    {"hello", "%1"},
    {"hello", "(h)%2"},
    {"hello", "(h%1)"},
    {"hello", "%0"},
    {"hello", "(()"},
    {"a$b", "$b"},
    {"a$b", "a$"},
    {"^ab", "^^a"},
    {"x^", "x^"},
    {"hello", "()%1"},
    {"caf\xc3\xa9 \xff", "[\x80-\xff]+"},
    {"a\0b", "%z"},
    {"one two three", "(%a+) (%a+)"},
    {"one", "((o)(n)(e))"},
    {"aXbXc", "X"},
    {"abc", "b*"},
    {"((a))", "%b()"},
    {"abc", "[a-c]+"},
    {"a-z", "[z-a]"},
    {"[]", "[]"},
    {"abc", "[^]]+"},
    {"abc", "[%a-z]"},
    {"%%", "%%"},
};

}   // namespace

TEST_CASE("lua patterns: find, match, gmatch and gsub give what Lua's own give, over fixed and random patterns") {
    std::vector<Call> calls;
    long long init = -4;
    for (const auto& fixed : kFixed) {
        add_calls(calls, fixed[0], fixed[1], init);
        init = init >= 7 ? -4 : init + 1;
    }
    calls.emplace_back("gsub", "hello", "l", true, -1, "L");   // n below 1: no replacement
    calls.emplace_back("gsub", "hello", "l", false, 0, "");
    calls.emplace_back("gsub", "hello", "(l)", false, 0, "%1%1");
    calls.emplace_back("gsub", "abc", "%w", false, 0, "%0%0");
    calls.emplace_back("find", "abc", "b", true, 10);
    calls.emplace_back("find", "abc", "", true, 4);
    calls.emplace_back("find", "abc", "", true, 5);
    calls.emplace_back("gmatch", "abc", "", true, 4);
    calls.emplace_back("gmatch", "abc", "", true, 9);
    // Lua's limits: 32 captures, 200 nested alternatives.
    add_calls(
        calls, std::string(250, 'a'),
        [] {
            std::string p;
            for (int i = 0; i < 250; ++i) p += "a?";
            return p;
        }(),
        1);
    add_calls(
        calls, std::string(150, 'a'),
        [] {
            std::string p;
            for (int i = 0; i < 150; ++i) p += "a?";
            return p;
        }(),
        1);
    add_calls(
        calls, std::string(40, 'a'),
        [] {
            std::string p;
            for (int i = 0; i < 40; ++i) p += "(a)";
            return p;
        }(),
        1);
    add_calls(
        calls, std::string(40, 'a'),
        [] {
            std::string p;
            for (int i = 0; i < 32; ++i) p += "(a)";
            return p;
        }(),
        1);
    add_calls(calls, std::string("a\0b\0c", 5), ".", 2);   // bytes 0 in the subject and the pattern
    add_calls(calls, std::string("a\0b\0c", 5), std::string("%z\0b[\0]", 7), 1);

    // Seeded random patterns over a small alphabet: most features, malformed ones included.
    const char* const atoms[] = {"a",    "b",    ".",      "%a",     "%d",   "%s", "%w", "%p", "%A", "%S",
                                 "[ab]", "[^a]", "[a-c]",  "[%d.]",  "[]b]", "(",  ")",  "()", "%1", "%2",
                                 "%b()", "%bab", "%f[%w]", "%f[^a]", "%.",   "%%", "x",  " ",  "1",  "%"};
    const char* const quantifiers[] = {"", "", "", "*", "+", "-", "?"};
    const char alphabet[] = "aab b(a)x1. %";
    pb::Rng rng(20260406);
    for (int i = 0; i < 400; ++i) {
        std::string p = rng.below(6) == 0 ? "^" : "";
        const int atoms_n = 1 + static_cast<int>(rng.below(5));
        for (int k = 0; k < atoms_n; ++k) {
            p += atoms[rng.below(std::size(atoms))];
            p += quantifiers[rng.below(std::size(quantifiers))];
        }
        if (rng.below(6) == 0) p += "$";
        std::string s;
        const int len = static_cast<int>(rng.below(12));
        for (int k = 0; k < len; ++k) s += alphabet[rng.below(sizeof alphabet - 1)];
        add_calls(calls, s, p, static_cast<long long>(rng.below(14)) - 5);
    }

    Reference ref;
    Sandboxed box;
    int same = 0, errors = 0, matched = 0;
    for (const Call& c : calls) {
        const std::string want = ref.run(c), got = box.run(c);
        if (want != got) {
            CAPTURE(c.f);
            CAPTURE(c.s);
            CAPTURE(c.p);
            CAPTURE(c.init);
            CAPTURE(c.extra);
            CHECK(got == want);
        } else {
            ++same;
        }
        errors += want.rfind("error", 0) == 0;
        matched += want.rfind("ok|number", 0) == 0 || want.rfind("ok|string", 0) == 0;
    }
    MESSAGE(calls.size() << " calls, " << errors << " errors, " << matched << " matches");
    CHECK(same == static_cast<int>(calls.size()));
    CHECK(calls.size() > 6000);
    CHECK(errors > 300);   // the malformed patterns were exercised, not only matches
    CHECK(matched > 1500);
}

namespace {

struct Budget {
    Vm vm{64u << 20};
    std::string code;
    Budget() {
        std::string error;
        REQUIRE(vm.protected_call(&pb::podball::lua::open_sandbox, nullptr, 1'000'000, error));
    }
    static int entry(lua_State* L) {
        const auto* self = static_cast<const Budget*>(lua_touserdata(L, 1));
        if (luaL_loadbuffer(L, self->code.data(), self->code.size(), "=t.lua") != LUA_OK) return lua_error(L);
        lua_call(L, 0, 0);
        return 0;
    }
    bool run(std::int64_t instructions, std::string& error) {
        return vm.protected_call(&entry, this, instructions, error);
    }
    // The fewest instructions the code runs in (it must run in `most`).
    std::int64_t least(std::int64_t most) {
        std::string error;
        REQUIRE(run(most, error));
        std::int64_t lo = 1, hi = most;   // runs in hi; not known for lo
        while (lo < hi) {
            const std::int64_t mid = lo + (hi - lo) / 2;
            if (run(mid, error))
                hi = mid;
            else
                lo = mid + 1;
        }
        return hi;
    }
};

int charge_entry(lua_State* L) {
    Vm::charge(L, *static_cast<const std::int64_t*>(lua_touserdata(L, 1)));
    return 0;
}

}   // namespace

TEST_CASE("lua patterns: C work is charged exactly, the same in every state, and ends the call at the budget") {
    Vm vm(1u << 20);
    std::string error;
    std::int64_t n = 9999;
    CHECK(vm.protected_call(&charge_entry, &n, 10000, error));
    n = 10000;
    CHECK_FALSE(vm.protected_call(&charge_entry, &n, 10000, error));
    CHECK(error == "used its budget of 10000 Lua instructions for this call (podball.script.instructions)");

    // A pattern's cost is its steps: the same in two states, and more steps for a longer subject.
    Budget a, b;
    a.code = b.code = "local s = string.rep('a', 300) .. 'b'\nlocal i = string.find(s, 'a-c')";
    const std::int64_t cost = a.least(10'000'000);
    CHECK(cost == b.least(10'000'000));
    b.code = "local s = string.rep('a', 600) .. 'b'\nlocal i = string.find(s, 'a-c')";
    CHECK(b.least(10'000'000) > 3 * cost);   // quadratic in the subject
    CHECK(cost > 40000);                     // ~300 * 300 / 2 steps, not the handful of Lua instructions
    CHECK_FALSE(a.run(cost - 1, error));
    CHECK(error == "t.lua:2: used its budget of " + std::to_string(cost - 1) +
                       " Lua instructions for this call (podball.script.instructions)");

    // Linear work: string.rep's result, 8 bytes an instruction.
    a.code = "local s = string.rep('x', 800000)";
    const std::int64_t rep = a.least(10'000'000);
    CHECK(rep >= 100000);
    CHECK(rep < 100010);
}

namespace {

PodballWorld world_with(const std::string& code) {
    PodballSetup s;
    s.teams[0] = TeamInfo{"Lua", "lua:test.lua", 2};
    s.teams[1] = TeamInfo{"Red", "chaser", 2};
    s.lua_scripts[0] = std::make_shared<LuaScript>(LuaScript{"test.lua", code});
    s.start_mode = Mode::Running;
    return PodballWorld(params_with(), s, 5);
}

}   // namespace

TEST_CASE("lua patterns: catastrophic patterns and long C work fault with the budget message; the match goes on") {
    const char* const budget = "used its budget of 1000000 Lua instructions";
    struct Case {
        const char* what;
        std::string code;
        std::string expected;
    };
    const Case cases[] = {
        {"find backtracking", "function play()\n  string.find(string.rep('a', 5000), '.-.-.-.-.-b')\nend", budget},
        {"match backtracking, as a method",
         "function play()\n  local s = ('a'):rep(5000)\n  s:match('(.*)(.*)(.*)(.*)b')\nend", budget},
        {"gmatch backtracking",
         "function play()\n  for x in string.gmatch(string.rep('a', 4000), 'a*a*a*a*b') do end\nend", budget},
        {"gsub backtracking", "function play()\n  local s = string.gsub(string.rep('a', 3000), '.-.-.-b', '')\nend",
         budget},
        {"nested %b", "function play()\n  local s = string.rep('(', 20000)\n  s:find('%b()%b()')\nend", budget},
        {"31 captures", "function play()\n  string.find(string.rep('a', 5000), string.rep('(.-)', 31) .. 'b')\nend",
         budget},
        {"200 captures (Lua's limit is 32)",
         "function play()\n  string.find(string.rep('a', 5000), string.rep('(.-)', 200) .. 'b')\nend",
         "test.lua:2: too many captures"},
        {"a pcall around it",
         "function play()\n  pcall(string.find, string.rep('a', 5000), '.-.-.-.-b')\n  local x = 1\nend", budget},
        {"a plain find",
         "function play()\n  local s = string.rep('a', 400000)\n  for i = 1, 10 do s:find('aaab', 1, true) end\nend",
         budget},
        {"string.rep", "function play()\n  for i = 1, 200 do local s = string.rep('x', 100000) end\nend", budget},
        {"table.concat",
         "local t = {}\nfor i = 1, 10000 do t[i] = 'abcdefgh' end\nfunction play()\n  for i = 1, 100 do "
         "table.concat(t) end\nend",
         budget},
        {"table.move over nothing", "function play()\n  table.move({}, 1, 1e12, 1)\nend", budget},
        {"table.unpack",
         "local t = {}\nfor i = 1, 100000 do t[i] = i end\nfunction play()\n  for i = 1, 20 do "
         "select('#', table.unpack(t)) end\nend",
         budget},
        {"string.byte", "local s = string.rep('x', 100000)\nfunction play()\n  for i = 1, 20 do s:byte(1, -1) end\nend",
         budget},
        {"utf8.len", "local s = string.rep('x', 1000000)\nfunction play()\n  for i = 1, 20 do utf8.len(s) end\nend",
         budget},
        {"string.upper", "local s = string.rep('x', 1000000)\nfunction play()\n  for i = 1, 20 do s:upper() end\nend",
         budget},
        {"table.sort",
         "function play()\n  local t = {}\n  for i = 1, 30000 do t[i] = -i end\n  for k = 1, 3 do "
         "table.sort(t) end\nend",
         budget},
        {"string.format",
         "local s = string.rep('x', 1000000)\nfunction play()\n  for i = 1, 20 do string.format('%s', s) "
         "end\nend",
         budget},
    };
    for (const Case& c : cases) {
        CAPTURE(c.what);
        PodballWorld w = world_with(c.code);
        REQUIRE(w.module_health(0).load_error == "");
        for (int i = 0; i < 11; ++i) w.step();   // 3 calls
        const ModuleHealth& h = w.module_health(0);
        INFO(h.last_fault);
        CHECK(h.faults == 3);
        CHECK(h.last_fault.find(c.expected) != std::string::npos);
        CHECK(h.last_fault.find("play failed: test.lua:") == 0);   // at the line of the script
        CHECK(w.tick() == 11);
    }
}

TEST_CASE(
    "lua patterns: the examples and the fuzz seed using patterns play without a fault under the charged library") {
    for (const char* name : {"examples/lua/chaser.lua", "examples/lua/formation.lua", "examples/lua/passer.lua",
                             "fuzz/corpus/lua_script/patterns.lua"}) {
        CAPTURE(name);
        const std::string path = std::string(PLAYBENCH_SOURCE_DIR) + "/" + name;
        std::FILE* f = std::fopen(path.c_str(), "rb");
        REQUIRE(f);
        std::string code;
        char buf[4096];
        for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) code.append(buf, n);
        std::fclose(f);
        PodballWorld w = world_with(code);
        REQUIRE(w.module_health(0).load_error == "");
        for (int i = 0; i < 2000; ++i) w.step();
        CHECK(w.module_health(0).faults == 0);
    }
}
