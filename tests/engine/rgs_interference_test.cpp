// The numbers of Unvanquished's resource post (docs/labs/rgs.md#sources), exactly: interference of
// two RGS at 0, R and 2R; n RGS on one spot; the base rate's half life; and the lens formula for
// unequal ranges against the game's formula.
#include <cmath>

#include "engine/rgs/interference.hpp"
#include "engine/rgs/mine_rate.hpp"
#include "rgs_testing.hpp"

using namespace rgs_testing;

TEST_CASE("rgs: two RGS of range 800 at 1600, 800 and 0 qu mine at 1, 27/32 and 1/2 (the post's example)") {
    const double R = 800.0;
    CHECK(intersection_quota(R, R, R) == 5.0 / 16.0);
    CHECK(interference_modifier(R, R, R) == 27.0 / 32.0);
    CHECK(interference_modifier(0.0, R, R) == 0.5);
    CHECK(interference_modifier(2.0 * R, R, R) == 1.0);
    CHECK(interference_modifier(2.5 * R, R, R) == 1.0);
    CHECK(interference_modifier(1e9, R, R) == 1.0);
    // The modifier falls steadily from 1 at 2R to 1/2 at 0.
    double last = 0.5;
    for (int i = 1; i <= 160; ++i) {
        const double m = interference_modifier(i * 10.0, R, R);
        CHECK(m > last);
        last = m;
    }

    for (double d : {1600.0, 800.0, 0.0}) {
        CAPTURE(d);
        RgsWorld w(params_with(),
                   setup_of({at(0, {4000.0 - d / 2, 4000.0, 500.0}), at(1, {4000.0 + d / 2, 4000.0, 500.0})}), 1);
        const double expected = d == 1600.0 ? 1.0 : d == 800.0 ? 27.0 / 32.0 : 0.5;
        CHECK(w.structures()[0].efficiency == expected);
        CHECK(w.structures()[1].efficiency == expected);
        // "Both RGS together would now mine at a total efficiency of 2 x (27/32) = 54/32."
        CHECK(w.team_efficiency(0) + w.team_efficiency(1) == 2.0 * expected);
    }
}

TEST_CASE("rgs: n RGS on one spot mine n / 2^(n-1) together; ten mine under 2%") {
    for (int n = 1; n <= 12; ++n) {
        CAPTURE(n);
        RgsSetup s;
        for (int i = 0; i < n; ++i) s.rgs.push_back(at(0, {1234.0, 5678.0, 250.0}));
        RgsWorld w(params_with({{"rgs.economy.min_efficiency", 0.0}}), s, 1);
        for (const Rgs& r : w.structures()) CHECK(r.efficiency == std::ldexp(1.0, -(n - 1)));
        CHECK(w.team_efficiency(0) == n * std::ldexp(1.0, -(n - 1)));
    }
    RgsSetup ten;
    for (int i = 0; i < 10; ++i) ten.rgs.push_back(at(i % 2, {100.0, 100.0, 0.0}));
    RgsWorld w(params_with(), ten, 1);
    const double total = w.team_efficiency(0) + w.team_efficiency(1);
    CHECK(total == 10.0 / 512.0);
    CHECK(total < 0.02);
    // "Three RGS will only generate at 3/4 of the speed of a single RGS."
    RgsWorld three(params_with(), setup_of({at(0, {10, 10, 10}), at(0, {10, 10, 10}), at(0, {10, 10, 10})}), 1);
    CHECK(three.team_efficiency(0) == 0.75);
}

TEST_CASE("rgs: only mining RGS interfere; the product runs over every mining neighbour of either team") {
    const double R = 800.0;
    // Three in a row, R apart: the middle one has two neighbours, the ends one each (2R is out of reach).
    RgsWorld w(params_with(),
               setup_of({at(0, {1000, 1000, 500}), at(1, {1000 + R, 1000, 500}), at(0, {1000 + 2 * R, 1000, 500})}), 1);
    CHECK(w.structures()[0].efficiency == 27.0 / 32.0);
    CHECK(w.structures()[1].efficiency == (27.0 / 32.0) * (27.0 / 32.0));
    CHECK(w.structures()[2].efficiency == 27.0 / 32.0);
    CHECK(w.interferers(1).size() == 2);

    // Building and destroyed RGS count for nothing, on themselves or on others.
    RgsWorld quiet(
        params_with(),
        setup_of({at(0, {1000, 1000, 500}), at(1, {1000, 1000, 500}, 0, State::Building),
                  at(1, {1000, 1000, 500}, 0, State::Destroyed), at(0, {1000, 1000, 500}, 0, State::Marked)}),
        1);
    CHECK(quiet.structures()[0].efficiency == 0.5);   // only the marked one interferes: it still mines
    CHECK(quiet.structures()[1].efficiency == 0.0);
    CHECK(quiet.structures()[2].efficiency == 0.0);
    CHECK(quiet.structures()[3].efficiency == 0.5);
}

TEST_CASE("rgs: the lens-volume quota reduces to the game's equal-range formula") {
    for (double r : {1.0, 800.0, 1234.5}) {
        for (int i = 0; i <= 200; ++i) {
            const double d = 2.0 * r * i / 200.0;
            CAPTURE(r);
            CAPTURE(d);
            const double lens = d > 0.0 ? lens_volume(d, r, r) / sphere_volume(r) : 1.0;
            CHECK(lens == doctest::Approx(equal_range_quota(d, r)).epsilon(1e-13));
        }
    }
    // Unequal ranges: the lens is the same volume seen from either sphere, so q1 V1 = q2 V2;
    // a sphere inside a bigger one is all shared (q = 1, modifier 1/2), the big one loses (r/R)^3.
    const double r1 = 600.0, r2 = 1000.0;
    for (double d : {450.0, 700.0, 1200.0, 1500.0}) {
        CAPTURE(d);
        const double q1 = intersection_quota(d, r1, r2), q2 = intersection_quota(d, r2, r1);
        CHECK(q1 * sphere_volume(r1) == doctest::Approx(q2 * sphere_volume(r2)).epsilon(1e-12));
        CHECK(q1 * sphere_volume(r1) == doctest::Approx(lens_volume(d, r1, r2)).epsilon(1e-12));
    }
    CHECK(intersection_quota(300.0, r1, r2) == 1.0);
    CHECK(interference_modifier(300.0, r1, r2) == 0.5);
    CHECK(intersection_quota(300.0, r2, r1) == doctest::Approx(0.216).epsilon(1e-12));
    CHECK(intersection_quota(r1 + r2, r1, r2) == 0.0);
    // Continuity at the inner edge d = r2 - r1.
    CHECK(intersection_quota(400.0 + 1e-7, r1, r2) == doctest::Approx(1.0).epsilon(1e-9));
    CHECK(intersection_quota(400.0 + 1e-7, r2, r1) == doctest::Approx(0.216).epsilon(1e-9));

    // A drill with its own range beside a default one: the world uses the lens quota.
    RgsWorld w(params_with(), setup_of({at(0, {2000, 2000, 500}, r1), at(0, {2000 + 700, 2000, 500}, r2)}), 1);
    CHECK(w.structures()[0].efficiency == 1.0 - 0.5 * intersection_quota(700.0, r1, r2));
    CHECK(w.structures()[1].efficiency == 1.0 - 0.5 * intersection_quota(700.0, r2, r1));
}

TEST_CASE("rgs: the base rate halves every half life: r(T) = R0/2, r(2T) = R0/4") {
    CHECK(base_mine_rate(15.0, 15.0, 0.0) == 15.0);
    CHECK(base_mine_rate(15.0, 15.0, 15.0) == 7.5);
    CHECK(base_mine_rate(15.0, 15.0, 30.0) == 3.75);
    CHECK(base_mine_rate(12.0, 7.0, 7.0) == 6.0);
    CHECK(base_mine_rate(12.0, 7.0, 14.0) == 3.0);
    // Between whole half lives: 2^x to a few ulp of the C library's (which we do not call,
    // because it may differ between machines).
    for (int i = -4000; i <= 4000; ++i) {
        const double x = i / 137.0;
        CAPTURE(x);
        CHECK(det_exp2(x) == doctest::Approx(std::exp2(x)).epsilon(1e-15));
    }
    // In the world: a tick is a second, so r(T) is reached after T * 60 ticks.
    RgsWorld w(params_with({{"rgs.economy.half_life", 15.0}, {"rgs.economy.initial_mine_rate", 15.0}}), RgsSetup{}, 1);
    CHECK(w.base_rate() == 15.0);
    for (int t = 0; t < 15 * 60; ++t) w.step();
    CHECK(w.base_rate() == 7.5);
    for (int t = 0; t < 15 * 60; ++t) w.step();
    CHECK(w.base_rate() == 3.75);
}
