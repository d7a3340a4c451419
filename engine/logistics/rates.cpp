#include "engine/logistics/rates.hpp"

#include <algorithm>
#include <cmath>
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

}  // namespace

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
        if (task.kind == TaskKind::Transfer) at(flows.in[task.target], task.resource) += sign * task.amount;
        else if (task.kind != TaskKind::Park) at(flows.out[task.target], task.resource) += sign * task.amount;
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
            auto it = std::find_if(k.own.begin(), k.own.end(), [&](const OwnFlow& f) { return f.target == task.target; });
            if (it == k.own.end()) it = k.own.insert(k.own.end(), OwnFlow{task.target, 0.0, 0.0});
            (task.kind == TaskKind::Transfer ? it->in : it->out) += task.amount;
        }
        couriers_.push_back(std::move(k));
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
    if (d.provide) d.outflux += choice.dq;
    else d.influx += choice.dq;
    if (choice.via < 0) return;
    for (Stop& s : stops_) {
        if (s.id != choice.via) continue;
        if (d.provide) s.free = std::max(0.0, s.free - total(k.carry));
        else at(s.stock, res) = std::max(0.0, at(s.stock, res) - std::max(0.0, choice.dq - at(k.carry, res)));
    }
}

}  // namespace pb::logistics
