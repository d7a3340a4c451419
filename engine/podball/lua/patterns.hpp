// Lua 5.4's string pattern functions (the reference manual, section 6.4.1) with every matcher
// step charged to the call's instruction budget (lua_vm.hpp, Vm::charge): a pattern that
// backtracks without end on a long string overruns like a loop in Lua code
// (docs/lua-teams.md#budgets-and-the-sandbox). Internal to engine/podball/lua/; the functions run
// inside a protected call, as every Lua C function.
#pragma once
#include <lua.hpp>

namespace pb::podball::lua {

// string.find(s, pattern [, init [, plain]])
int pattern_find(lua_State* L);
// string.match(s, pattern [, init])
int pattern_match(lua_State* L);
// string.gmatch(s, pattern [, init])
int pattern_gmatch(lua_State* L);
// string.gsub(s, pattern, repl [, n])
int pattern_gsub(lua_State* L);

// Matcher steps charged as one instruction each, in batches of this many (and the rest when the
// call ends), so the check costs nothing per step.
constexpr int kPatternStepsPerCharge = 256;

}   // namespace pb::podball::lua
