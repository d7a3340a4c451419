// Lua 5.4's pattern matching (patterns.hpp), written from the reference manual's section 6.4.1:
// a backtracking matcher over the pattern text, one recursion per alternative it may have to come
// back to, with every step charged to the call's instruction budget
// (docs/lua-teams.md#budgets-and-the-sandbox). Errors are Lua errors (longjmp): nothing here has a
// destructor, and the matcher's state is plain data.
#include "engine/podball/lua/patterns.hpp"

#include <cstddef>
#include <cstring>

#include "engine/podball/lua/lua_vm.hpp"

namespace pb::podball::lua {
namespace {

constexpr int kMaxCaptures = 32;           // Lua's own limit (LUA_MAXCAPTURES)
constexpr int kMaxPatternDepth = 200;      // nested alternatives before "pattern too complex", as Lua
constexpr std::ptrdiff_t kOpen = -1;       // a capture whose ')' is not reached yet
constexpr std::ptrdiff_t kPosition = -2;   // a position capture "()"

struct Capture {
    const char* init;
    std::ptrdiff_t len;   // kOpen, kPosition or the length
};

struct Matcher {
    lua_State* L;
    const char* src;
    const char* src_end;
    const char* pat_end;
    int level;     // captures opened so far
    int depth;     // recursions left
    int pending;   // steps not charged yet
    Capture cap[kMaxCaptures];
};

unsigned char uc(char c) { return static_cast<unsigned char>(c); }

// The pattern's byte at p, or 0 past its end (no quantifier, ')' or '[' is 0).
char at(const Matcher& m, const char* p) { return p < m.pat_end ? *p : '\0'; }

void work(Matcher& m, int n) {
    m.pending += n;
    if (m.pending >= kPatternStepsPerCharge) {
        const int due = m.pending;
        m.pending = 0;
        Vm::charge(m.L, due);
    }
}
void settle(Matcher& m) {
    const int due = m.pending;
    m.pending = 0;
    Vm::charge(m.L, due);
}

void start(Matcher& m) {
    m.level = 0;
    m.depth = kMaxPatternDepth;
}

void init_matcher(Matcher& m, lua_State* L, const char* s, std::size_t ls, const char* p, std::size_t lp) {
    m.L = L;
    m.src = s;
    m.src_end = s + ls;
    m.pat_end = p + lp;
    m.pending = 0;
    start(m);
}

// The character classes in the C locale, by table rather than <cctype> so that a process locale
// cannot change what a script matches.
bool in_class(int c, int cls) {
    const bool upper = cls >= 'A' && cls <= 'Z';
    const bool lower_c = c >= 'a' && c <= 'z', upper_c = c >= 'A' && c <= 'Z', digit = c >= '0' && c <= '9';
    bool r;
    switch (upper ? cls - 'A' + 'a' : cls) {
        case 'a': r = lower_c || upper_c; break;
        case 'c': r = c < 32 || c == 127; break;
        case 'd': r = digit; break;
        case 'g': r = c > 32 && c < 127; break;
        case 'l': r = lower_c; break;
        case 'p': r = c > 32 && c < 127 && !lower_c && !upper_c && !digit; break;
        case 's': r = c == ' ' || (c >= '\t' && c <= '\r'); break;
        case 'u': r = upper_c; break;
        case 'w': r = lower_c || upper_c || digit; break;
        case 'x': r = digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); break;
        default: return cls == c;   // %x for a non-alphanumeric x is x itself
    }
    return upper ? !r : r;
}

// One past the single character class starting at p: "x", "%x", "." or a set "[...]".
const char* class_end(Matcher& m, const char* p) {
    const char c = *p++;
    if (c == '%') {
        if (p == m.pat_end) luaL_error(m.L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (at(m, p) == '^') ++p;
        // The first character of a set is itself even when it is ']'.
        do {
            if (p == m.pat_end) luaL_error(m.L, "malformed pattern (missing ']')");
            const char x = *p++;
            if (x == '%' && p < m.pat_end) ++p;
        } while (p == m.pat_end || *p != ']');
        return p + 1;
    }
    return p;
}

// Is c in the set [ ... ] from p (its '[') to last (its ']')?
bool in_set(int c, const char* p, const char* last) {
    bool yes = true;
    if (p[1] == '^') {
        yes = false;
        ++p;
    }
    while (++p < last) {
        if (*p == '%') {
            ++p;
            if (in_class(c, uc(*p))) return yes;
        } else if (p[1] == '-' && p + 2 < last) {
            p += 2;
            if (uc(p[-2]) <= c && c <= uc(*p)) return yes;
        } else if (uc(*p) == c) {
            return yes;
        }
    }
    return !yes;
}

// Does the subject's character at s match the single class p..ep?
bool single(Matcher& m, const char* s, const char* p, const char* ep) {
    if (s >= m.src_end) return false;
    work(m, 1);
    const int c = uc(*s);
    switch (*p) {
        case '.': return true;
        case '%': return in_class(c, uc(p[1]));
        case '[': return in_set(c, p, ep - 1);
        default: return uc(*p) == c;
    }
}

const char* match(Matcher& m, const char* s, const char* p);

// %bxy at s: x, then the shortest text where the count of x and y balances.
const char* balanced(Matcher& m, const char* s, const char* p) {
    if (p + 1 >= m.pat_end) luaL_error(m.L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m.src_end || *s != *p) return nullptr;
    const char open = p[0], close = p[1];
    int depth = 1;
    while (++s < m.src_end) {
        work(m, 1);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            ++depth;
        }
    }
    return nullptr;
}

// %1-%9 at s: the text of that (closed) capture again.
const char* back_reference(Matcher& m, const char* s, int digit) {
    const int l = digit - '1';
    if (l < 0 || l >= m.level || m.cap[l].len == kOpen) luaL_error(m.L, "invalid capture index %%%d", l + 1);
    const std::ptrdiff_t len = m.cap[l].len;
    if (len == kPosition) return nullptr;   // a position is not text: it never matches
    work(m, static_cast<int>(len < kPatternStepsPerCharge ? len : kPatternStepsPerCharge) + 1);
    if (m.src_end - s >= len && std::memcmp(m.cap[l].init, s, static_cast<std::size_t>(len)) == 0) return s + len;
    return nullptr;
}

const char* open_capture(Matcher& m, const char* s, const char* p, std::ptrdiff_t what) {
    if (m.level >= kMaxCaptures) luaL_error(m.L, "too many captures");
    m.cap[m.level].init = s;
    m.cap[m.level].len = what;
    ++m.level;
    const char* r = match(m, s, p);
    if (!r) --m.level;
    return r;
}

const char* close_capture(Matcher& m, const char* s, const char* p) {
    int l = m.level - 1;
    while (l >= 0 && m.cap[l].len != kOpen) --l;
    if (l < 0) luaL_error(m.L, "invalid pattern capture");
    m.cap[l].len = s - m.cap[l].init;
    const char* r = match(m, s, p);
    if (!r) m.cap[l].len = kOpen;
    return r;
}

// x* (and x+ after its first x): as many as match, then back off one at a time.
const char* longest(Matcher& m, const char* s, const char* p, const char* ep) {
    std::ptrdiff_t n = 0;
    while (single(m, s + n, p, ep)) ++n;
    for (; n >= 0; --n)
        if (const char* r = match(m, s + n, ep + 1)) return r;
    return nullptr;
}

// x-: as few as let the rest match.
const char* shortest(Matcher& m, const char* s, const char* p, const char* ep) {
    for (;;) {
        if (const char* r = match(m, s, ep + 1)) return r;
        if (!single(m, s, p, ep)) return nullptr;
        ++s;
    }
}

// Matches the pattern from p at s: the end of the match, or nullptr.
const char* match(Matcher& m, const char* s, const char* p) {
    if (m.depth-- == 0) luaL_error(m.L, "pattern too complex");
    work(m, 1);
    while (p != m.pat_end) {
        const char c = *p;
        if (c == '(') {
            s = at(m, p + 1) == ')' ? open_capture(m, s, p + 2, kPosition) : open_capture(m, s, p + 1, kOpen);
            break;
        }
        if (c == ')') {
            s = close_capture(m, s, p + 1);
            break;
        }
        if (c == '$' && p + 1 == m.pat_end) {   // '$' anchors only at the very end
            if (s != m.src_end) s = nullptr;
            break;
        }
        if (c == '%') {
            const char e = at(m, p + 1);
            if (e == 'b') {
                s = balanced(m, s, p + 2);
                if (!s) break;
                p += 4;
                continue;
            }
            if (e == 'f') {
                p += 2;
                if (at(m, p) != '[') luaL_error(m.L, "missing '[' after '%%f' in pattern");
                const char* ep = class_end(m, p);
                const int before = s == m.src ? 0 : uc(s[-1]);
                const int here = s < m.src_end ? uc(*s) : 0;
                work(m, 1);
                if (in_set(before, p, ep - 1) || !in_set(here, p, ep - 1)) {
                    s = nullptr;
                    break;
                }
                p = ep;
                continue;
            }
            if (e >= '0' && e <= '9') {
                s = back_reference(m, s, uc(e));
                if (!s) break;
                p += 2;
                continue;
            }
        }
        // A single class, maybe with a quantifier after it.
        const char* ep = class_end(m, p);
        const char q = at(m, ep);
        if (!single(m, s, p, ep)) {
            if (q == '*' || q == '?' || q == '-') {   // zero of it is a match
                p = ep + 1;
                continue;
            }
            s = nullptr;
            break;
        }
        if (q == '?') {
            if (const char* r = match(m, s + 1, ep + 1)) {
                s = r;
                break;
            }
            p = ep + 1;
            continue;
        }
        if (q == '+') {
            s = longest(m, s + 1, p, ep);
            break;
        }
        if (q == '*') {
            s = longest(m, s, p, ep);
            break;
        }
        if (q == '-') {
            s = shortest(m, s, p, ep);
            break;
        }
        ++s;
        p = ep;
    }
    ++m.depth;
    return s;
}

// Capture i of the match s..e; with no captures, capture 0 is the whole match.
void push_capture(Matcher& m, int i, const char* s, const char* e) {
    if (i >= m.level) {
        if (i != 0) luaL_error(m.L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m.L, s, static_cast<std::size_t>(e - s));
        return;
    }
    const Capture& c = m.cap[i];
    if (c.len == kOpen) luaL_error(m.L, "unfinished capture");
    if (c.len == kPosition)
        lua_pushinteger(m.L, static_cast<lua_Integer>(c.init - m.src) + 1);
    else
        lua_pushlstring(m.L, c.init, static_cast<std::size_t>(c.len));
}

// All captures (or the whole match when there are none and s is given); their count.
int push_captures(Matcher& m, const char* s, const char* e) {
    const int n = (m.level == 0 && s) ? 1 : m.level;
    luaL_checkstack(m.L, n, "too many captures");
    for (int i = 0; i < n; ++i) push_capture(m, i, s, e);
    return n;
}

// The manual's position rule for init: negative counts from the end, 0 and below -len are 1.
std::size_t start_position(lua_Integer pos, std::size_t len) {
    if (pos > 0) return static_cast<std::size_t>(pos);
    if (pos == 0 || pos < -static_cast<lua_Integer>(len)) return 1;
    return len + static_cast<std::size_t>(pos) + 1;
}

bool has_specials(const char* p, std::size_t lp) {
    for (std::size_t i = 0; i < lp; ++i)
        if (std::strchr("^$*+?.([%-", p[i]) && p[i] != '\0') return true;
    return false;
}

// Plain search, charged one step per place tried and per byte compared beyond the first.
const char* plain_search(Matcher& m, const char* s, std::size_t ls, const char* p, std::size_t lp) {
    if (lp == 0) return s;
    if (lp > ls) return nullptr;
    for (std::size_t i = 0; i + lp <= ls; ++i) {
        work(m, 1);
        if (s[i] != p[0]) continue;
        work(m, static_cast<int>(lp - 1 < kPatternStepsPerCharge ? lp - 1 : kPatternStepsPerCharge));
        if (std::memcmp(s + i + 1, p + 1, lp - 1) == 0) return s + i;
    }
    return nullptr;
}

int find_or_match(lua_State* L, bool find) {
    std::size_t ls = 0, lp = 0;
    const char* s = luaL_checklstring(L, 1, &ls);
    const char* p = luaL_checklstring(L, 2, &lp);
    const std::size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    Matcher m;
    init_matcher(m, L, s, ls, p, lp);
    if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
        const char* r = plain_search(m, s + init, ls - init, p, lp);
        settle(m);
        if (r) {
            lua_pushinteger(L, static_cast<lua_Integer>(r - s) + 1);
            lua_pushinteger(L, static_cast<lua_Integer>(r - s + static_cast<std::ptrdiff_t>(lp)));
            return 2;
        }
        luaL_pushfail(L);
        return 1;
    }
    const bool anchor = lp > 0 && *p == '^';
    if (anchor) ++p;
    const char* from = s + init;
    for (;;) {
        start(m);
        if (const char* e = match(m, from, p)) {
            settle(m);
            if (!find) return push_captures(m, from, e);
            lua_pushinteger(L, static_cast<lua_Integer>(from - s) + 1);
            lua_pushinteger(L, static_cast<lua_Integer>(e - s));
            return push_captures(m, nullptr, nullptr) + 2;
        }
        if (anchor || from >= m.src_end) break;
        ++from;
    }
    settle(m);
    luaL_pushfail(L);
    return 1;
}

struct GmatchState {
    std::size_t next;      // where the next search starts
    std::ptrdiff_t last;   // end of the last match (-1: none), which an empty match may not repeat
    Matcher m;
};

int gmatch_next(lua_State* L) {
    std::size_t ls = 0, lp = 0;
    const char* s = lua_tolstring(L, lua_upvalueindex(1), &ls);
    const char* p = lua_tolstring(L, lua_upvalueindex(2), &lp);
    auto* g = static_cast<GmatchState*>(lua_touserdata(L, lua_upvalueindex(3)));
    Matcher& m = g->m;
    init_matcher(m, L, s, ls, p, lp);
    for (std::size_t at_pos = g->next; at_pos <= ls; ++at_pos) {
        start(m);
        const char* e = match(m, s + at_pos, p);
        if (e && e - s != g->last) {
            g->next = static_cast<std::size_t>(e - s);
            g->last = e - s;
            settle(m);
            return push_captures(m, s + at_pos, e);
        }
    }
    settle(m);
    return 0;
}

// gsub's replacement string: %0-%9 are captures, %% a percent sign.
void add_replacement(Matcher& m, luaL_Buffer* b, const char* s, const char* e) {
    lua_State* L = m.L;
    std::size_t l = 0;
    const char* r = lua_tolstring(L, 3, &l);
    const char* end = r + l;
    work(m, static_cast<int>(l / Vm::kBytesPerInstruction) + 1);
    while (r < end) {
        const char* pct = static_cast<const char*>(std::memchr(r, '%', static_cast<std::size_t>(end - r)));
        if (!pct) {
            luaL_addlstring(b, r, static_cast<std::size_t>(end - r));
            return;
        }
        luaL_addlstring(b, r, static_cast<std::size_t>(pct - r));
        const char d = pct + 1 < end ? pct[1] : '\0';
        if (d == '%') {
            luaL_addchar(b, '%');
        } else if (d == '0') {
            luaL_addlstring(b, s, static_cast<std::size_t>(e - s));
        } else if (d >= '1' && d <= '9') {
            push_capture(m, d - '1', s, e);
            luaL_tolstring(L, -1, nullptr);   // a position capture becomes its number's text
            lua_remove(L, -2);
            luaL_addvalue(b);
        } else {
            luaL_error(L, "invalid use of '%%' in replacement string");
        }
        r = pct + 2;
    }
}

// Adds the replacement for the match s..e; whether it changed the text.
bool add_value(Matcher& m, luaL_Buffer* b, const char* s, const char* e, int kind) {
    lua_State* L = m.L;
    if (kind == LUA_TFUNCTION) {
        settle(m);
        lua_pushvalue(L, 3);
        const int n = push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (kind == LUA_TTABLE) {
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_replacement(m, b, s, e);
        return true;
    }
    if (!lua_toboolean(L, -1)) {   // nil or false keeps the match's text
        lua_pop(L, 1);
        luaL_addlstring(b, s, static_cast<std::size_t>(e - s));
        return false;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1)) != 0;
    luaL_addvalue(b);
    return true;
}

}   // namespace

int pattern_find(lua_State* L) { return find_or_match(L, true); }
int pattern_match(lua_State* L) { return find_or_match(L, false); }

int pattern_gmatch(lua_State* L) {
    std::size_t ls = 0;
    luaL_checklstring(L, 1, &ls);
    luaL_checkstring(L, 2);
    std::size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) init = ls + 1;   // past the end: no match
    lua_settop(L, 2);
    auto* g = static_cast<GmatchState*>(lua_newuserdatauv(L, sizeof(GmatchState), 0));
    g->next = init;
    g->last = -1;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

int pattern_gsub(lua_State* L) {
    std::size_t ls = 0, lp = 0;
    const char* s = luaL_checklstring(L, 1, &ls);
    const char* p = luaL_checklstring(L, 2, &lp);
    const int kind = lua_type(L, 3);
    const lua_Integer most = luaL_optinteger(L, 4, static_cast<lua_Integer>(ls) + 1);
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
                     "string/function/table");
    const bool anchor = lp > 0 && *p == '^';
    if (anchor) {
        ++p;
        --lp;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    Matcher m;
    init_matcher(m, L, s, ls, p, lp);
    const char* src = s;
    const char* last = nullptr;
    lua_Integer n = 0;
    bool changed = false;
    while (n < most) {
        start(m);
        const char* e = match(m, src, p);
        if (e && e != last) {
            ++n;
            changed = add_value(m, &b, src, e, kind) || changed;
            src = last = e;
        } else if (src < m.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor) break;
    }
    settle(m);
    if (changed) {
        luaL_addlstring(&b, src, static_cast<std::size_t>(m.src_end - src));
        luaL_pushresult(&b);
    } else {
        lua_pushvalue(L, 1);
    }
    lua_pushinteger(L, n);
    return 2;
}

}   // namespace pb::podball::lua
