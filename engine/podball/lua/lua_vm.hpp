// One Lua state with Playbench's budgets and sandbox (docs/lua-teams.md#budgets-and-the-sandbox):
// internal to engine/podball/lua/.
//
// Lua is C: an error inside a call is a longjmp. Every function here that Lua calls, and every
// use of the Lua API that can raise an error (any that may allocate), runs inside lua_pcall, with
// no C++ object that has a destructor alive on the frames an error would jump over.
#pragma once
#include <lua.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "engine/core/rng.hpp"

namespace pb {
class JsonWriter;
}

namespace pb::podball::lua {

// A table key in the order pairs() visits keys (sandbox.cpp's key_less): numbers, then strings
// bytewise, then booleans. `s` points into the table's own key, valid while the table keeps it.
struct KeyEntry {
    int rank;   // 0 number, 1 string, 2 boolean
    int is_int;
    lua_Integer i;
    double d;
    const char* s;
    std::size_t len;
};

class Vm {
public:
    // A fresh state whose allocations stop at `memory_cap` bytes; nullptr state when even the
    // base libraries do not fit (state() then returns nullptr).
    explicit Vm(std::size_t memory_cap);
    ~Vm();
    Vm(const Vm&) = delete;
    Vm& operator=(const Vm&) = delete;

    lua_State* state() const { return L_; }
    static Vm& of(lua_State* L) { return **static_cast<Vm**>(lua_getextraspace(L)); }

    // Runs `fn` (a C function, given `arg` as a light userdata) under lua_pcall with an
    // instruction budget. On failure returns false and `error` says why, with PATH:LINE where Lua
    // knows it (an error object that is not a string is described, not converted).
    bool protected_call(lua_CFunction fn, void* arg, std::int64_t instructions, std::string& error);

    // Charges `n` instructions for work done in C (docs/lua-teams.md#budgets-and-the-sandbox):
    // raises the overrun error, at the line of the Lua code that called the C function, when the
    // call's budget is used up. Outside a protected call it does nothing.
    static void charge(lua_State* L, std::int64_t n);
    // Charges `bytes` of C work at kBytesPerInstruction; nothing when the bytes cannot fit in the
    // memory left, as the C function's allocation will be refused first (a memory fault).
    static void charge_bytes(lua_State* L, std::int64_t bytes);
    static constexpr std::int64_t kBytesPerInstruction = 8;
    // Lua instructions are counted at checkpoints this far apart (and at the budget exactly), so
    // C work is weighed against the instructions counted at the last checkpoint.
    static constexpr std::int64_t kCheckpoint = 10000;

    // Instructions the last (or current) protected call used as counted so far: the Lua
    // instructions at its checkpoints (kCheckpoint apart, so up to kCheckpoint - 1 fewer than ran
    // since the last one) plus the charged C work. An overrun counts its whole budget.
    std::int64_t instructions_counted() const { return counted_ + charged_; }

    std::size_t memory_used() const { return used_; }
    std::size_t memory_cap() const { return cap_; }

    Rng rng;           // math.random's generator (state of the team)
    std::string log;   // what print() wrote: the first kLogBytes
    std::uint64_t log_dropped = 0;
    static constexpr std::size_t kLogBytes = 64 * 1024;

    // Pushes the string `literal` (a string literal: known by its address), made once per state
    // and kept in the registry, so that filling the world's tables compares no strings.
    void push_key(lua_State* L, const char* literal);

    // Scratch for serialising `memory` (memory.cpp): grown with malloc, kept between calls.
    char* buf = nullptr;
    std::size_t buf_len = 0, buf_cap = 0;
    // Appends inside a Lua call: raises a Lua memory error rather than throwing.
    void buf_append(lua_State* L, const void* data, std::size_t n);

    // Scratch for ordering keys (sandbox.cpp's sorted_keys): a stack of entries that nested
    // tables push onto and pop back (keys_len), grown with malloc, kept between calls.
    KeyEntry* keys = nullptr;
    std::size_t keys_len = 0, keys_cap = 0;
    void keys_append(lua_State* L, const KeyEntry& e);
    // The tables serialising memory has reached (memory.cpp): a set of addresses, open addressing,
    // emptied before each serialisation. Returns false when `p` was there already.
    bool seen_insert(lua_State* L, const void* p);
    void seen_clear();

private:
    static void* alloc(void* ud, void* ptr, std::size_t osize, std::size_t nsize);
    static void count_hook(lua_State* L, lua_Debug* ar);
    static int message_handler(lua_State* L);
    // Marks the overrun and raises it at the line of the function `level` up the stack.
    static void raise_overrun(lua_State* L, int level);
    void arm(lua_State* L);

    lua_State* L_ = nullptr;
    std::size_t used_ = 0, cap_ = 0;
    std::int64_t budget_ = 0;
    std::int64_t counted_ = 0;    // Lua instructions counted at the checkpoints so far
    std::int64_t charged_ = 0;    // instructions charged for C work
    std::int64_t interval_ = 0;   // instructions until the next checkpoint
    bool in_call_ = false;
    bool overrun_ = false;
    bool refused_ = false;        // an allocation was refused during the current call
    char refused_at_[128] = {};   // PATH:LINE of the Lua code that asked for it
    struct Key {
        const char* literal = nullptr;
        int ref = LUA_NOREF;
    };
    Key keys_[128];   // open addressing on the literal's address
    const void** seen_ = nullptr;
    std::size_t seen_len_ = 0, seen_cap_ = 0;   // seen_cap_: 0 or a power of two
};

// The sandbox (sandbox.cpp): opens base, math, string, table and utf8 and replaces or removes what
// a script may not use; adds vec. Runs inside a protected call.
int open_sandbox(lua_State* L);
// Makes the globals read only (sandbox.cpp): after the script's chunk. Protected.
int freeze_globals(lua_State* L);

// Pushes a sequence of the keys of the table at `t` in the order pairs() visits them: the array
// part 1..n in order, then numbers, strings (bytewise) and booleans (false first). A key of any
// other type raises an error naming `what` (a Lua error; protected calls only).
int push_sorted_keys(lua_State* L, int t, const char* what);
// The same order without a Lua table: returns n, the array part 1..n, and appends the other keys,
// sorted, to vm.keys from keys_len on (the caller sets keys_len back when done). Protected.
lua_Integer sorted_keys(lua_State* L, Vm& vm, int t, const char* what);
void push_key_entry(lua_State* L, const KeyEntry& e);
// Sets the metatable on top of the stack (popped) on the table at `t`, marked read only: rawset
// refuses the table, getmetatable and setmetatable cannot reach the metatable.
void lock_metatable(lua_State* L, int t);
// Whether the table at `t` was made read only (lock_metatable). May allocate: protected calls only.
bool is_readonly(lua_State* L, int t);
// The table holding the contents of a read-only table (sandbox.cpp), or `t` itself.
int contents_index(lua_State* L, int t);

// Memory as plain data (memory.cpp): the table at `t` serialised into vm.buf (deterministic: keys
// in pairs order, integers and floats apart); an error naming the path of anything that is not
// plain data (a function, a userdata, a table with a metatable, a table reached twice). Protected.
void serialise_memory(lua_State* L, Vm& vm, int t, const char* name);
// Pushes a new table built from serialised bytes. Protected.
void deserialise_memory(lua_State* L, const char* data, std::size_t n);
// Serialised bytes as JSON (tables with keys 1..n as arrays, others as objects); outside Lua.
// Throws std::runtime_error on bytes cut short or damaged.
void write_memory_json(JsonWriter& out, const char* data, std::size_t n);

// What a copy could not carry (script_state.cpp): how many places, and the first one as text
// ("local 'cache': holds a function made while the match ran ...").
struct CopyProblems {
    int count = 0;
    char first[256] = {};
};
// Copies what the script in `from` keeps outside memory into `to`, a state that ran the same chunk
// and holds the same world tables (`shared_refs`, registry references alike in both) and memory
// (`memory_ref`): the values of the chunk's locals its functions captured and the tables reachable
// from them and the globals (docs/lua-teams.md#memory). `from` is only read. False, with `error`,
// when `to` ran out of memory or instructions; what cannot be copied is counted in `problems`.
bool copy_script_state(lua_State* from, Vm& to, const int* shared_refs, std::size_t shared_count, int memory_ref,
                       std::int64_t instructions, CopyProblems& problems, std::string& error);

}   // namespace pb::podball::lua
