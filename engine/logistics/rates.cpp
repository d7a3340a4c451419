#include "engine/logistics/rates.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace pb::logistics {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// Overmind's floor on trip time: a transporter already there still "takes" a tenth of a tick, so
// a score stays finite.
constexpr double kMinTripTicks = 0.1;

bool present(const std::vector<Target>& targets, int id) {
    return id >= 0 && id < static_cast<int>(targets.size()) && !targets[id].removed;
}

}   // namespace

double travel_distance(const Colony& c, Tile from, Tile to) {
    if (!c.map.connected(from, to)) return kInfinity;
    if (c.config.paths()) return c.map.path_length(from, to);
    return c.config.estimate_factor * chebyshev(from, to);
}

Availability next_availability(const Colony& c, const Transporter& t) {
    Availability a{0.0, t.pos};
    for (const Task& task : t.tasks) {
        if (task.interruptible || !present(c.targets, task.target)) continue;
        const Tile at = c.targets[task.target].pos;
        const double d = travel_distance(c, a.pos, at);
        if (std::isfinite(d)) a.busy += d / t.speed;
        a.pos = at;
    }
    return a;
}

Store predicted_carry(const Colony& c, const Transporter& t) {
    Store carry = t.carry;   // a copy: Overmind's version changed the transporter's real carry
    for (const Task& task : t.tasks) {
        if (task.interruptible || !present(c.targets, task.target)) continue;
        if (task.kind == TaskKind::Withdraw || task.kind == TaskKind::Pickup)
            at(carry, task.resource) += std::clamp(task.amount, 0.0, std::max(0.0, t.capacity - total(carry)));
        else if (task.kind == TaskKind::Transfer)
            at(carry, task.resource) -= std::clamp(task.amount, 0.0, at(carry, task.resource));
    }
    return carry;
}

void add_chain_flows(const Transporter& t, Flows& flows, double sign) {
    for (const Task& task : t.tasks) {
        if (task.interruptible || task.target < 0 || task.target >= static_cast<int>(flows.in.size())) continue;
        if (task.kind == TaskKind::Transfer)
            at(flows.in[task.target], task.resource) += sign * task.amount;
        else if (task.kind != TaskKind::Park)
            at(flows.out[task.target], task.resource) += sign * task.amount;
    }
}

Flows planned_flows(const Colony& c) {
    Flows f;
    f.in.assign(c.targets.size(), Store{0.0, 0.0});
    f.out.assign(c.targets.size(), Store{0.0, 0.0});
    for (const Transporter& t : c.transporters)
        if (!t.removed) add_chain_flows(t, f, 1.0);
    return f;
}

std::vector<Request> current_requests(const Colony& c) {
    std::vector<Request> out;
    for (const Target& t : c.targets) {
        if (t.removed || t.is_buffer() || t.capacity <= 0.0) continue;
        Request r;
        r.id = t.id;
        r.target = t.id;
        r.resource = t.resource;
        r.multiplier = c.config.multiplier_of(t);
        if (t.role() == Role::Sink) {
            r.amount = std::max(0.0, t.free_space());
            r.dAmountdt = t.rate * c.config.demand_scale;
        } else {
            r.amount = -at(t.store, t.resource);
            r.dAmountdt = -t.rate * c.config.supply_scale;
        }
        if (r.amount == 0.0 && r.dAmountdt == 0.0) continue;   // nothing to move, now or later
        out.push_back(r);
    }
    return out;
}

RateModel::RateModel(const Colony& c, const std::vector<Request>& requests, const std::vector<int>& couriers)
    : colony_(c), paths_(c.config.paths()), factor_(c.config.estimate_factor), requests_(requests) {
    const Flows flows = planned_flows(c);
    for (const Target& t : c.targets) {
        if (t.removed || !t.is_buffer()) continue;
        Stop s{t.id, t.pos, c.map.component(t.pos), t.store, 0.0};
        for (int r = 0; r < kResources; ++r) s.stock[r] = std::max(0.0, s.stock[r] - flows.out[t.id][r]);
        s.free = std::max(0.0, t.free_space() - total(flows.in[t.id]));
        stops_.push_back(s);
    }
    demands_.reserve(requests.size());
    from_stop_.reserve(requests.size() * stops_.size());
    for (const Request& r : requests) {
        const Target& t = c.targets[r.target];
        Demand d;
        d.pos = t.pos;
        d.component = c.map.component(t.pos);
        d.resource = static_cast<int>(r.resource);
        d.provide = r.amount < 0.0 || (r.amount == 0.0 && r.dAmountdt < 0.0);
        d.amount = r.amount;
        d.dAmountdt = r.dAmountdt;
        d.multiplier = r.multiplier;
        const Resource other = r.resource == Resource::Energy ? Resource::Mineral : Resource::Energy;
        d.limit = std::max(0.0, t.capacity - at(t.store, other));
        d.influx = at(flows.in[r.target], r.resource);
        d.outflux = at(flows.out[r.target], r.resource);
        // Buffer -> target is always a path length (Overmind too). The map is undirected with
        // uniform steps, so the buffer's own field serves every target: B fields, not one per target.
        for (const Stop& s : stops_)
            from_stop_.push_back(c.map.connected(s.pos, t.pos) ? c.map.field(s.pos)[c.map.index(t.pos)] : kInfinity);
        demands_.push_back(d);
    }
    couriers_.reserve(couriers.size());
    for (int id : couriers) {
        const Transporter& t = c.transporters[id];
        Courier k;
        k.id = id;
        const Availability a = next_availability(c, t);
        k.busy = a.busy;
        k.pos = a.pos;
        k.component = c.map.component(a.pos);
        k.speed = std::max(t.speed, 1e-9);
        k.per_tile = 1.0 / k.speed;
        k.carry = predicted_carry(c, t);
        k.free = std::max(0.0, t.capacity - total(k.carry));
        for (const Stop& s : stops_) k.to_stop.push_back(k.busy + travel_distance(c, k.pos, s.pos) * k.per_tile);
        for (const Task& task : t.tasks) {
            if (task.interruptible || task.kind == TaskKind::Park) continue;
            auto it =
                std::find_if(k.own.begin(), k.own.end(), [&](const OwnFlow& f) { return f.target == task.target; });
            if (it == k.own.end()) it = k.own.insert(k.own.end(), OwnFlow{task.target, 0.0, 0.0});
            (task.kind == TaskKind::Transfer ? it->in : it->out) += task.amount;
        }
        couriers_.push_back(std::move(k));
    }
    build_lanes();
}

void RateModel::build_lanes() {
    Lanes& l = lanes_;
    const int n = request_count();
    const std::size_t stops = stops_.size();
    l.lane_of.assign(n, -1);
    std::vector<int> order;
    order.reserve(n);
    for (int g = 0; g < 3; ++g) {
        l.group[g] = static_cast<int>(order.size());
        for (int c = 0; c < n; ++c) {
            const Demand& d = demands_[c];
            const int group = d.provide ? 0 : 1 + d.resource;
            if (group == g) order.push_back(c);
        }
    }
    l.group[3] = static_cast<int>(order.size());
    const std::size_t size = order.size();
    for (auto* v : {&l.col, &l.x, &l.y, &l.component}) v->resize(size);
    for (auto* v : {&l.amount, &l.growth, &l.limit, &l.flux, &l.multiplier}) v->resize(size);
    l.from.resize(stops * size);
    for (std::size_t i = 0; i < size; ++i) {
        const int c = order[i];
        const Demand& d = demands_[c];
        l.lane_of[c] = static_cast<int>(i);
        l.col[i] = c;
        l.x[i] = d.pos.x;
        l.y[i] = d.pos.y;
        l.component[i] = d.component;
        l.amount[i] = d.provide ? -d.amount : d.amount;
        l.growth[i] = d.provide ? -d.dAmountdt : d.dAmountdt;
        l.limit[i] = d.limit;
        l.flux[i] = d.provide ? d.outflux : d.influx;
        l.multiplier[i] = d.multiplier;
        for (std::size_t b = 0; b < stops; ++b) l.from[b * size + i] = from_stop_[c * stops + b];
    }
}

namespace {

// One group of lanes for one courier, with S stops (a compile-time count, so the stop loop
// unrolls) into contiguous lane-ordered outputs: no branches and no scattered stores, so the
// compiler vectorises it.
struct GroupInput {
    const int* x;
    const int* y;
    const double *amount, *growth, *limit, *flux, *multiplier, *from;
    std::size_t stride;   // lanes per stop in `from`
    int kx, ky;
    double factor, busy, per_tile, direct_cap;
    double stop_cap[4], stop_time[4];
    bool stop_reachable[4];
};

template <int S>
void rate_group(const GroupInput& in, int begin, int end, double* score, int* choice) {
    for (int i = begin; i < end; ++i) {
        const int dx = in.kx > in.x[i] ? in.kx - in.x[i] : in.x[i] - in.kx;
        const int dy = in.ky > in.y[i] ? in.ky - in.y[i] : in.y[i] - in.ky;
        const double dist = in.factor * static_cast<double>(dx > dy ? dx : dy);
        const double eta = in.busy + dist * in.per_tile;
        const double grown = std::min(in.amount[i] + in.growth[i] * eta, in.limit[i]) - in.flux[i];
        const double amount = grown > 0.0 ? grown : 0.0;
        double best_dq = std::min(amount, in.direct_cap);
        best_dq = best_dq > 0.0 ? best_dq : 0.0;
        double best_trip = eta > kMinTripTicks ? eta : kMinTripTicks;
        bool found = best_dq > 0.0;
        int best = -1;
        for (int b = 0; b < S; ++b) {
            const double from = in.from[static_cast<std::size_t>(b) * in.stride + static_cast<std::size_t>(i)];
            const double dt = in.stop_time[b] + from * in.per_tile;
            double dq = std::min(amount, in.stop_cap[b]);
            dq = dq > 0.0 ? dq : 0.0;
            const double trip = dt > kMinTripTicks ? dt : kMinTripTicks;
            const bool take =
                in.stop_reachable[b] && from < kInfinity && dq > 0.0 && (!found || dq * best_trip > best_dq * trip);
            best_dq = take ? dq : best_dq;
            best_trip = take ? trip : best_trip;
            best = take ? b : best;
            found = found || take;
        }
        score[i] = found ? in.multiplier[i] * best_dq / best_trip : 0.0;
        choice[i] = found ? best : -2;   // -2: no choice; -1: direct; b: stop b
    }
}

}   // namespace

// evaluate<false> for an idle courier with estimated distances, one group of requests at a time
// (what the courier can take directly and through each stop is the same for the whole group).
// Same operations in the same order as evaluate(), so the same bits.
void RateModel::fast_row(const Courier& k, double* rate, int* via) const {
    const Lanes& l = lanes_;
    const std::size_t size = l.col.size(), stops = stops_.size();
    const double carried = total(k.carry);
    thread_local std::vector<double> score;
    thread_local std::vector<int> choice;
    score.resize(size);
    choice.resize(size);
    GroupInput in{l.x.data(),
                  l.y.data(),
                  l.amount.data(),
                  l.growth.data(),
                  l.limit.data(),
                  l.flux.data(),
                  l.multiplier.data(),
                  l.from.data(),
                  size,
                  k.pos.x,
                  k.pos.y,
                  factor_,
                  k.busy,
                  k.per_tile,
                  0.0,
                  {},
                  {},
                  {}};
    for (int g = 0; g < 3; ++g) {
        const bool provide = g == 0;
        in.direct_cap = provide ? k.free : k.carry[g - 1];
        for (std::size_t b = 0; b < stops; ++b) {
            // A provide's detour drops off first (pointless with nothing carried: capacity 0, no
            // choice); a request's withdraws first.
            in.stop_cap[b] = provide ? (carried <= 0.0 ? 0.0 : k.free + std::min(carried, stops_[b].free))
                                     : k.carry[g - 1] + std::min(k.free, stops_[b].stock[g - 1]);
            in.stop_time[b] = k.to_stop[b];
            in.stop_reachable[b] = std::isfinite(k.to_stop[b]);
        }
        const int begin = l.group[g], end = l.group[g + 1];
        switch (stops) {
            case 0: rate_group<0>(in, begin, end, score.data(), choice.data()); break;
            case 1: rate_group<1>(in, begin, end, score.data(), choice.data()); break;
            case 2: rate_group<2>(in, begin, end, score.data(), choice.data()); break;
            case 3: rate_group<3>(in, begin, end, score.data(), choice.data()); break;
            case 4: rate_group<4>(in, begin, end, score.data(), choice.data()); break;
            default: break;   // row() sends more stops to evaluate()
        }
    }
    for (std::size_t i = 0; i < size; ++i) {
        const int c = l.col[i];
        const bool ok = l.component[i] == k.component && choice[i] != -2;
        rate[c] = ok ? score[i] : 0.0;
        via[c] = ok && choice[i] >= 0 ? stops_[choice[i]].id : -1;
    }
}

double RateModel::amount_for(const Courier& k, const Demand& d, double eta) const {
    double in = d.influx, out = d.outflux;
    for (const OwnFlow& f : k.own)
        if (f.target == requests_[&d - demands_.data()].target) {
            in -= f.in;
            out -= f.out;
        }
    const double grown = d.amount + d.dAmountdt * eta;
    if (!d.provide) return std::max(0.0, std::min(grown, d.limit) - in);
    return std::min(0.0, std::max(grown, -d.limit) + out);
}

double RateModel::predicted_amount(int row, int col) const {
    const Courier& k = couriers_[row];
    const Demand& d = demands_[col];
    const double dist = travel_distance(colony_, k.pos, d.pos);
    if (!std::isfinite(dist)) return amount_for(k, d, k.busy);
    return amount_for(k, d, k.busy + dist * k.per_tile);
}

// The one place a choice is scored: best() (with every choice collected) and row() (the matrix)
// run the same arithmetic, so the matrix and the chains built from it agree to the bit.
template <bool Collect>
Choice RateModel::evaluate(const Courier& k, int col, std::vector<Choice>* all) const {
    const Demand& d = demands_[col];
    Choice best;
    if (k.component < 0 || d.component != k.component) return best;   // unreachable: no choice at all
    const double dist = paths_ ? colony_.map.path_length(k.pos, d.pos) : factor_ * chebyshev(k.pos, d.pos);
    const double eta = k.busy + dist * k.per_tile;
    double amount;
    if (k.own.empty()) {   // the matching's case (idle transporters): amount_for without the lookup
        const double grown = d.amount + d.dAmountdt * eta;
        amount = d.provide ? std::min(0.0, std::max(grown, -d.limit) + d.outflux)
                           : std::max(0.0, std::min(grown, d.limit) - d.influx);
    } else {
        amount = amount_for(k, d, eta);
    }
    // Choices are compared by cross-multiplication (dq_a * dt_b > dq_b * dt_a): one division per
    // pair instead of one per choice, which is most of the matrix's cost.
    double best_dq = 0.0, best_trip = 1.0;
    bool found = false;
    const auto consider = [&](int via, double dq, double dt) {
        dq = std::max(0.0, dq);
        const double trip = std::max(dt, kMinTripTicks);
        if constexpr (Collect) all->push_back(Choice{via, dq, dt, dq > 0.0 ? d.multiplier * dq / trip : 0.0});
        if (dq > 0.0 && (!found || dq * best_trip > best_dq * trip)) {
            found = true;
            best_dq = dq;
            best_trip = trip;
            best.via = via;
            best.dt = dt;
        }
    };
    const double carried = total(k.carry);
    const double mine = k.carry[d.resource];
    consider(-1, d.provide ? std::min(-amount, k.free) : std::min(amount, mine), eta);
    const double* from = from_stop_.data() + static_cast<std::size_t>(col) * stops_.size();
    for (std::size_t b = 0; b < stops_.size(); ++b) {
        if (!std::isfinite(k.to_stop[b]) || !std::isfinite(from[b])) continue;   // unreachable buffer
        if (d.provide && carried <= 0.0) continue;   // nothing to drop off: the detour only costs time
        const double dt = k.to_stop[b] + from[b] * k.per_tile;
        const double dq = d.provide ? std::min(-amount, k.free + std::min(carried, stops_[b].free))
                                    : std::min(amount, mine + std::min(k.free, stops_[b].stock[d.resource]));
        consider(stops_[b].id, dq, dt);
    }
    if (found) {
        best.dq = best_dq;
        best.score = d.multiplier * best_dq / best_trip;
    }
    return best;
}

Choice RateModel::best(int row, int col, std::vector<Choice>* all) const {
    if (all) {
        all->clear();
        return evaluate<true>(couriers_[row], col, all);
    }
    return evaluate<false>(couriers_[row], col, nullptr);
}

void RateModel::row(int r, double* rate, int* via) const {
    const Courier& k = couriers_[r];
    if (!paths_ && k.own.empty() && k.component >= 0 && stops_.size() <= 4) {
        fast_row(k, rate, via);
        return;
    }
    for (int col = 0; col < request_count(); ++col) {
        const Choice ch = evaluate<false>(k, col, nullptr);
        rate[col] = ch.score;
        via[col] = ch.via;
    }
}

void RateModel::commit(int r, int col, const Choice& choice) {
    Courier& k = couriers_[r];
    Demand& d = demands_[col];
    const Resource res = requests_[col].resource;
    if (d.provide)
        d.outflux += choice.dq;
    else
        d.influx += choice.dq;
    lanes_.flux[lanes_.lane_of[col]] = d.provide ? d.outflux : d.influx;
    if (choice.via < 0) return;
    for (Stop& s : stops_) {
        if (s.id != choice.via) continue;
        if (d.provide)
            s.free = std::max(0.0, s.free - total(k.carry));
        else
            at(s.stock, res) = std::max(0.0, at(s.stock, res) - std::max(0.0, choice.dq - at(k.carry, res)));
    }
}

}   // namespace pb::logistics
