// The exact comparison: the union of a cluster's spheres beside the sum of approximated
// efficiencies. Exact for pairs (where Unvanquished's resource post, "the post",
// docs/labs/rgs.md#sources, says the approximation is exact too), and for
// larger clusters an estimate whose stated bound holds and stays under 0.5%.
#include <cmath>

#include "engine/core/rng.hpp"
#include "engine/rgs/cluster.hpp"
#include "engine/rgs/interference.hpp"
#include "engine/rgs/union_volume.hpp"
#include "rgs_testing.hpp"

using namespace rgs_testing;

namespace {

// The estimate's bounds hold the exact value, and its stated error is under 0.5%.
void check_estimate(const UnionVolume& u, double exact) {
    CAPTURE(exact);
    CAPTURE(u.lower);
    CAPTURE(u.upper);
    CHECK(u.lower <= exact * (1.0 + 1e-12));
    CHECK(u.upper >= exact * (1.0 - 1e-12));
    CHECK(u.relative_error_bound() < 0.005);
    CHECK(std::fabs(u.volume - exact) <= u.relative_error_bound() * u.volume * (1.0 + 1e-9));
}

// Forces the general estimator on spheres whose union is known exactly: a tiny far-away sphere
// (exact volume, no overlap) makes three, so no closed form is used.
UnionVolume estimate(std::vector<Sphere> s) {
    s.push_back({{1e6, 1e6, 1e6}, 1.0});
    return union_volume(s);
}

}   // namespace

TEST_CASE("rgs: the union of two spheres equals the pair approximation, as the post says") {
    const double R = 800.0, V = sphere_volume(R);
    for (double d : {0.0, 200.0, 800.0, 1200.0, 1599.0, 1600.0, 2500.0}) {
        CAPTURE(d);
        RgsWorld w(params_with(), setup_of({at(0, {3000, 3000, 500}), at(1, {3000 + d, 3000, 500})}), 1);
        const auto members = cluster_of(w, 0);
        const ClusterComparison c = compare_cluster(w, members);
        if (d >= 2 * R) {
            CHECK(members.size() == 1);   // touching spheres do not interfere: two clusters
            CHECK(c.approximation == 1.0);
            CHECK(c.union_spheres == 1.0);
            continue;
        }
        REQUIRE(members.size() == 2);
        CHECK(c.union_volume.exact);
        // "2 x (27/32) = 54/32 which is exactly the volume of the union of their AOEs divided by
        // the volume of a single AOE."
        CHECK(c.union_spheres == doctest::Approx(c.approximation).epsilon(1e-13));
        if (d == 800.0) {
            CHECK(c.approximation == 54.0 / 32.0);
            CHECK(c.union_spheres == doctest::Approx(54.0 / 32.0).epsilon(1e-14));
        }
        // The general estimator agrees within its bound.
        check_estimate(estimate({{{0, 0, 0}, R}, {{d, 0, 0}, R}}), 2 * V - lens_volume(d, R, R) + sphere_volume(1.0));
    }
    // Unequal ranges: efficiency-weighted volumes add up to the union exactly too.
    RgsWorld mixed(params_with(), setup_of({at(0, {3000, 3000, 500}, 500.0), at(0, {3700, 3000, 500}, 1100.0)}), 1);
    const ClusterComparison c = compare_cluster(mixed, cluster_of(mixed, 0));
    CHECK(c.union_spheres == doctest::Approx(c.approximation).epsilon(1e-13));
}

TEST_CASE("rgs: union estimates hold their bound on clusters with a known union") {
    const double R = 800.0, V = sphere_volume(R), lens = lens_volume(R, R, R);
    // A chain R apart: only neighbours overlap (the ends of three are 2R apart), so the union is
    // n V - (n - 1) lens. Along x, and along z (the integration axis) where the columns differ.
    for (int n : {3, 4, 6}) {
        CAPTURE(n);
        std::vector<Sphere> along_x, along_z, slanted;
        for (int i = 0; i < n; ++i) {
            along_x.push_back({{i * R, 0.0, 0.0}, R});
            along_z.push_back({{0.0, 0.0, i * R}, R});
            slanted.push_back({{i * R * 0.6, i * R * 0.48, i * R * 0.64}, R});   // a unit direction
        }
        const double exact = n * V - (n - 1) * lens;
        check_estimate(union_volume(along_x), exact);
        check_estimate(union_volume(along_z), exact);
        check_estimate(union_volume(slanted), exact);
    }
    // Disjoint spheres of different sizes: the sum of their volumes.
    check_estimate(union_volume({{{0, 0, 0}, 300.0}, {{2000, 0, 0}, 700.0}, {{0, 3000, 100}, 1000.0}}),
                   sphere_volume(300.0) + sphere_volume(700.0) + sphere_volume(1000.0));
    // Spheres inside others are dropped; ten on one spot are one sphere: exact.
    std::vector<Sphere> ten(10, Sphere{{5, 5, 5}, R});
    const UnionVolume one = union_volume(ten);
    CHECK(one.exact);
    CHECK(one.volume == V);
    const UnionVolume nested = union_volume({{{0, 0, 0}, 1000.0}, {{100, 0, 0}, 500.0}, {{0, 200, 0}, 300.0}});
    CHECK(nested.exact);
    CHECK(nested.volume == sphere_volume(1000.0));
}

TEST_CASE("rgs: on tight random clusters the pairwise rule pays less than the union (the post's clutter penalty)") {
    Rng rng(31);
    for (int round = 0; round < 12; ++round) {
        CAPTURE(round);
        RgsSetup s;
        const int n = 3 + static_cast<int>(rng.below(6));
        for (int i = 0; i < n; ++i)
            s.rgs.push_back(
                at(0, {4000 + rng.uniform(-300, 300), 4000 + rng.uniform(-300, 300), 500 + rng.uniform(-300, 300)}));
        RgsWorld w(params_with(), s, 1);
        const auto members = cluster_of(w, 0);
        REQUIRE(members.size() == static_cast<std::size_t>(n));
        const ClusterComparison c = compare_cluster(w, members);
        REQUIRE(c.has_union);
        CHECK(c.union_volume.lower <= c.union_volume.upper);
        CHECK(c.union_volume.relative_error_bound() < 0.005);
        CHECK(c.union_spheres <= n * (1.0 + 0.005));
        CHECK(c.union_spheres >= 1.0 - 0.005);
        CHECK(c.approximation < c.union_spheres - c.union_error);
    }
    // Ten on one spot: the union is one sphere, the approximation 10/512.
    RgsSetup ten;
    for (int i = 0; i < 10; ++i) ten.rgs.push_back(at(i % 2, {100, 100, 0}));
    RgsWorld w(params_with(), ten, 1);
    const ClusterComparison c = compare_cluster(w, cluster_of(w, 3));
    CHECK(c.members.size() == 10);
    CHECK(c.approximation == 10.0 / 512.0);
    CHECK(c.union_spheres == 1.0);
    CHECK(c.union_error == 0.0);
}

TEST_CASE("rgs: a chain, whose overlaps are disjoint, is paid slightly MORE than its union") {
    // Not every cluster is penalised: the middle of three RGS R apart loses (1 - q/2)^2 = 1 - q + q^2/4,
    // less than the 1 - q its two disjoint lenses take, so the chain mines 3 - 2q + q^2/4 against a
    // union of 3 - 2q spheres (q = 5/16). The comparison panel makes this visible.
    const double R = 800.0, q = 5.0 / 16.0;
    RgsWorld w(params_with(),
               setup_of({at(0, {1000, 1000, 500}), at(0, {1000 + R, 1000, 500}), at(1, {1000 + 2 * R, 1000, 500})}), 1);
    const ClusterComparison c = compare_cluster(w, cluster_of(w, 0));
    REQUIRE(c.members.size() == 3);
    CHECK(c.approximation == 3.0 - 2.0 * q + q * q / 4.0);
    CHECK(c.union_spheres == doctest::Approx(3.0 - 2.0 * q).epsilon(0.005));
    CHECK(c.approximation > c.union_spheres + c.union_error);
}
