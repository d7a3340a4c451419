#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <set>

#include "engine/core/command.hpp"
#include "engine/core/hash.hpp"
#include "engine/core/json.hpp"
#include "engine/core/rng.hpp"

using namespace pb;

static std::vector<CommandSpec> specs() {
    CommandSpec place{"pod.place", "move a pod", {}};
    place.args.push_back({"team", ArgKind::Integer, true, 0, 1, {}, "team 0 or 1"});
    place.args.push_back({"x", ArgKind::Number, true, -0.5, 0.5, {}, "x"});
    place.args.push_back({"kind", ArgKind::String, false, 0, 0, {"move", "shoot"}, "action"});
    return {place};
}

TEST_CASE("commands are validated against their spec") {
    Command c;
    c.tick = 10;
    c.type = "pod.place";
    c.set("team", std::int64_t{1}).set("x", 0.25);
    CHECK_FALSE(validate_command(specs(), c));
    CHECK(describe(c) == "t=10 pod.place team=1 x=0.25");

    Command unknown = c;
    unknown.type = "pod.teleport";
    auto e1 = validate_command(specs(), unknown);
    REQUIRE(e1);
    CHECK(e1->find("allowed: pod.place") != std::string::npos);

    Command missing = c;
    missing.args.pop_back();
    auto e2 = validate_command(specs(), missing);
    REQUIRE(e2);
    CHECK(e2->find("missing argument 'x'") != std::string::npos);

    Command range = c;
    range.set("x", 0.9);
    auto e3 = validate_command(specs(), range);
    REQUIRE(e3);
    CHECK(e3->find("-0.5 .. 0.5") != std::string::npos);

    Command frac = c;
    frac.set("team", 0.5);
    CHECK(validate_command(specs(), frac));

    Command extra = c;
    extra.set("speed", 3.0);
    auto e4 = validate_command(specs(), extra);
    REQUIRE(e4);
    CHECK(e4->find("unknown argument 'speed'") != std::string::npos);

    Command choice = c;
    choice.set("kind", std::string("dance"));
    auto e5 = validate_command(specs(), choice);
    REQUIRE(e5);
    CHECK(e5->find("allowed: move, shoot") != std::string::npos);

    Command negative = c;
    negative.tick = -1;
    CHECK(validate_command(specs(), negative));
}

TEST_CASE("the generator is seeded, repeatable and portable") {
    Rng a(42), b(42), c(43);
    for (int i = 0; i < 100; ++i) {
        auto x = a.next_u64();
        CHECK(x == b.next_u64());
        (void)c;
    }
    Rng d(42), e(43);
    CHECK(d.next_u64() != e.next_u64());
    // A known value pins the algorithm (xoshiro256** seeded by splitmix64), so a replay recorded
    // today still plays after a refactor.
    Rng pin(0);
    CHECK(pin.next_u64() == 0x99ec5f36cb75f2b4ull);
    Rng u(7);
    std::set<std::uint64_t> seen;
    for (int i = 0; i < 10000; ++i) {
        double v = u.uniform();
        CHECK((v >= 0.0 && v < 1.0));
        auto k = u.below(6);
        CHECK(k < 6);
        seen.insert(k);
    }
    CHECK(seen.size() == 6);
}

TEST_CASE("state hash folds negative zero and separates values") {
    StateHasher a, b, c;
    a.add(0.0);
    b.add(-0.0);
    c.add(1e-300);
    CHECK(a.value() == b.value());
    CHECK(a.value() != c.value());
    StateHasher empty;
    CHECK(empty.value() == 0xcbf29ce484222325ull);
}

TEST_CASE("state hash: whole words, order matters, strings of any length") {
    StateHasher a, b;
    a.add(1);
    a.add(2);
    b.add(2);
    b.add(1);
    CHECK(a.value() != b.value());
    // A high bit of a word reaches the value (a plain multiply would carry it nowhere).
    StateHasher hi, lo;
    hi.add_u64(1ull << 63);
    lo.add_u64(0);
    CHECK(static_cast<std::uint32_t>(hi.value()) != static_cast<std::uint32_t>(lo.value()));
    // Strings are taken eight bytes at a time with the tail zero-padded and the length first,
    // so "ab" and "ab\0" differ.
    StateHasher s1, s2, s3;
    s1.add(std::string_view("ab"));
    s2.add(std::string_view("ab\0", 3));
    s3.add(std::string_view("ab"));
    CHECK(s1.value() != s2.value());
    CHECK(s1.value() == s3.value());
}

TEST_CASE("quick hash: the SSE2 and the plain-integer arithmetic agree, and every bit counts") {
    Rng rng(7);
    for (int round = 0; round < 200; ++round) {
        QuickHasher fast;
        PortableQuickHasher portable;
        const int pods = 1 + static_cast<int>(rng.below(22));
        for (int i = 0; i < pods; ++i) {
            double v[4];
            for (double& x : v) x = (rng.uniform() - 0.5) * 2000.0;
            fast.add4(v[0], v[1], v[2], v[3]);
            portable.add4(v[0], v[1], v[2], v[3]);
        }
        const std::uint64_t w1 = rng.next_u64(), w2 = rng.next_u64();
        fast.add_words(w1, w2);
        portable.add_words(w1, w2);
        fast.add2(-0.0, 1.5);
        portable.add2(-0.0, 1.5);
        fast.add_u64(w2);
        portable.add_u64(w2);
        CHECK(fast.value() == portable.value());
    }
    // One bit of one value in any of four places changes the 32 bits a replay keeps.
    const double base[4] = {312.25, -87.5, 1.0 / 3.0, -0.015625};
    auto short_of = [](const double(&v)[4], int pods_before) {
        QuickHasher h;
        for (int i = 0; i < pods_before; ++i) h.add4(1.0, 2.0, 3.0, 4.0);
        h.add4(v[0], v[1], v[2], v[3]);
        return static_cast<std::uint32_t>(h.value());
    };
    int changed = 0, tried = 0;
    for (int which = 0; which < 4; ++which) {
        for (int bit = 0; bit < 64; ++bit) {
            double v[4] = {base[0], base[1], base[2], base[3]};
            std::uint64_t b;
            std::memcpy(&b, &v[which], 8);
            b ^= 1ull << bit;
            std::memcpy(&v[which], &b, 8);
            ++tried;
            changed += short_of(v, 3) != short_of(base, 3) ? 1 : 0;
        }
    }
    CHECK(changed == tried);
    // Swapping two pods' states changes it: each block has its own key.
    QuickHasher ab, ba;
    ab.add4(1.0, 2.0, 3.0, 4.0);
    ab.add4(5.0, 6.0, 7.0, 8.0);
    ba.add4(5.0, 6.0, 7.0, 8.0);
    ba.add4(1.0, 2.0, 3.0, 4.0);
    CHECK(ab.value() != ba.value());
    // A position and its velocity (added for the cost of one block): a divergence that moves
    // both at once, each by its own last bit or by a rounding step of its own size, still
    // changes the hash.
    const double pos = 312.25, vel = -0.731;
    QuickHasher same;
    same.add4(pos, 1.0, vel, 2.0);
    for (int steps = 1; steps <= 64; ++steps) {
        QuickHasher moved;
        moved.add4(std::nextafter(pos, 1e9), 1.0, vel - steps * 1e-12, 2.0);
        CHECK(moved.value() != same.value());
    }
    // ... and so does one moving both by the same amount: a ball kicked off the centre spot
    // (position and velocity 0 -> v at once), or two totals that grow by one together.
    for (double v : {1.0, -0.5, 3.75, 1e-9}) {
        QuickHasher rest, kicked, grown;
        rest.add4(0.0, 0.0, 0.0, 0.0);
        kicked.add4(v, 0.0, v, 0.0);
        grown.add4(0.0, v, 0.0, v);
        CHECK(kicked.value() != rest.value());
        CHECK(grown.value() != rest.value());
        PortableQuickHasher portable;
        portable.add4(v, 0.0, v, 0.0);
        CHECK(portable.value() == kicked.value());
    }
}

TEST_CASE("JSON writer output") {
    JsonWriter j(false);
    j.begin_object();
    j.field("name", "a\"b\n");
    j.field("n", 3);
    j.field("x", 0.1);
    j.key("nan").value(std::numeric_limits<double>::quiet_NaN());
    j.key("list").begin_array().value(1).value(true).null().end_array();
    j.key("empty").begin_object().end_object();
    j.end_object();
    CHECK(j.str() == R"({"name":"a\"b\n","n":3,"x":0.1,"nan":null,"list":[1,true,null],"empty":{}})");
}
