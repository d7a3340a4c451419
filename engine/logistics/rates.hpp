// The transport rate dq/dt of Overmind's logistics system, per transporter and request:
//   nextAvailability  when a transporter finishes its chain, and where it will be;
//   predictedCarry    what it will carry then (computed on a copy; the real carry is never touched);
//   predictedAmount   the request's amount at its arrival: amount + dAmountdt * eta, clamped to the
//                     target's capacity (request) or stock limit (provide), less what the other
//                     transporters already heading there will bring or take; never past zero;
//   choices           go direct, or via each buffer (withdraw first for a request, drop off first
//                     for a provide); score = multiplier * dq / max(dt, 0.1); the best is the rate.
// Unreachable targets or buffers give no choice (Overmind's NaN), and a detour registers its
// final target as well as its buffer, so a second transporter sees the first one coming.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "engine/logistics/config.hpp"
#include "engine/logistics/tile_map.hpp"
#include "engine/logistics/types.hpp"

namespace pb::logistics {

// What a colony is, for the rate model: read-only references into a world (or a test's hand-built case).
struct Colony {
    const TileMap& map;
    const LogisticsConfig& config;
    const std::vector<Target>& targets;             // indexed by id
    const std::vector<Transporter>& transporters;   // indexed by id
};

// Tiles between two points for a transporter: Overmind's estimate (factor x Chebyshev), or the
// path length with true paths on. +infinity when the two are not connected on the map.
double travel_distance(const Colony& c, Tile from, Tile to);

struct Availability {
    double busy = 0.0;   // ticks until its chain is done
    Tile pos;            // where it will be then
};
Availability next_availability(const Colony& c, const Transporter& t);
Store predicted_carry(const Colony& c, const Transporter& t);

// Planned flows into and out of every target (indexed by target id) from transporters' chains.
struct Flows {
    std::vector<Store> in, out;
};
Flows planned_flows(const Colony& c);
// Adds one transporter's planned chain (its remaining non-interruptible tasks) with `sign`.
void add_chain_flows(const Transporter& t, Flows& flows, double sign);

// The requests of the colony now: one per sink or source target that wants something moved.
std::vector<Request> current_requests(const Colony& c);

struct Choice {
    int via = -1;         // buffer id, -1 for going direct
    double dq = 0.0;      // units moved (with the multiplier not applied)
    double dt = 0.0;      // ticks for the whole trip
    double score = 0.0;   // multiplier * dq / max(dt, 0.1); 0 when the choice moves nothing
};

// Everything the rate of one (transporter, request) pair needs, prepared once per matching so
// a 1,000 x 1,000 rate matrix costs a few nanoseconds a pair.
class RateModel {
public:
    // `couriers`: the transporter ids to rate (the idle ones for a matching).
    RateModel(const Colony& c, const std::vector<Request>& requests, const std::vector<int>& couriers);

    int courier_count() const { return static_cast<int>(couriers_.size()); }
    int request_count() const { return static_cast<int>(demands_.size()); }
    int courier_id(int row) const { return couriers_[row].id; }
    const Request& request(int col) const { return requests_[col]; }
    Availability availability(int row) const { return {couriers_[row].busy, couriers_[row].pos}; }
    const Store& carry(int row) const { return couriers_[row].carry; }
    // The request's amount when this courier would get there.
    double predicted_amount(int row, int col) const;

    // The best choice, and every choice (direct first, then each reachable buffer) when asked.
    Choice best(int row, int col, std::vector<Choice>* all = nullptr) const;
    // One courier's rates against every request: rate[col] and via[col] (-1 direct).
    void row(int row, double* rate, int* via) const;

    // The sequential greedy's bookkeeping: `row` took `col` with `choice`; later predictions see it.
    void commit(int row, int col, const Choice& choice);

private:
    struct Stop {   // a buffer as a stop on the way
        int id;
        Tile pos;
        int component;
        Store stock;   // what it holds less what others will withdraw
        double free;   // its free space less what others will drop off
    };
    // The hot part of a request, compact so a row of 1,000 stays in cache.
    struct Demand {
        Tile pos;
        int component;
        int resource;
        bool provide;
        double amount, dAmountdt, multiplier;
        double limit;    // largest |amount| the target can have: capacity left for this resource
        double influx;   // planned by other transporters (this resource)
        double outflux;
    };
    struct OwnFlow {
        int target;
        double in, out;
    };
    struct Courier {
        int id;
        double busy;
        Tile pos;
        int component;
        double speed;
        double per_tile;   // 1 / speed: ticks per tile
        Store carry;
        double free;
        std::vector<double> to_stop;   // busy + ticks to each stop (+inf: unreachable)
        std::vector<OwnFlow> own;      // its own chain's flows (not "others")
    };
    double amount_for(const Courier& k, const Demand& d, double eta) const;
    template <bool Collect>
    Choice evaluate(const Courier& k, int col, std::vector<Choice>* all) const;

    const Colony& colony_;
    bool paths_ = false;
    double factor_ = 1.1;
    std::vector<Stop> stops_;
    std::vector<Request> requests_;
    std::vector<Demand> demands_;
    std::vector<double> from_stop_;   // [col * stops + b]: path from stop b to the target (+inf: unreachable)

    // The matrix's fast path (an idle courier, estimated distances): the requests regrouped as
    // plain arrays — provides, energy requests, mineral requests — so a row is three branch-free
    // loops the compiler vectorises. Amounts are sign-normalised: a provide's |amount| grows by
    // -dAmountdt, which is the same arithmetic as evaluate() (negation is exact).
    struct Lanes {
        std::vector<int> col, x, y, component;
        std::vector<double> amount, growth, limit, flux, multiplier;
        std::vector<double> from;     // [b * size + i]
        std::array<int, 4> group{};   // group g holds lanes group[g] .. group[g + 1] - 1
        std::vector<int> lane_of;     // column -> lane
    };
    void build_lanes();
    void fast_row(const Courier& k, double* rate, int* via) const;
    Lanes lanes_;
    std::vector<Courier> couriers_;
};

}   // namespace pb::logistics
