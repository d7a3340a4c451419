// LogisticsWorld: construction, and one tick (production and consumption, the matching of idle
// transporters, walking and acting). Commands live in world_commands.cpp; hash and JSON in
// world_io.cpp; analysis for the view in world_analysis.cpp.
#include "engine/logistics/world.hpp"

#include <algorithm>
#include <cmath>

namespace pb::logistics {
namespace {

// The charts keep at most this many samples: when full, every other one goes and the interval
// doubles, so a long run costs bounded memory and the chart still spans all of it.
constexpr std::size_t kMaxHistory = 1024;

}   // namespace

LogisticsWorld::LogisticsWorld(const ParamSet& params, const LogisticsSetup& setup, std::uint64_t seed)
    : WorldBase(params), config_(config_from(params)), map_(setup.size.x, setup.size.y), rng_(seed) {
    for (const WallRect& w : setup.walls) map_.set_walls(w.from, w.to, true);
    for (const TargetPlacement& p : setup.targets)
        if (map_.inside(p.pos) && !map_.wall(p.pos)) add_target(p);
    for (const TransporterPlacement& p : setup.transporters)
        if (map_.inside(p.pos) && !map_.wall(p.pos)) add_transporter(p);
    generate_colony(setup.generate);
    refresh_transporters();
    totals_.initial = held();
}

const Target* LogisticsWorld::find_target(int id) const {
    if (id < 0 || id >= static_cast<int>(targets_.size()) || targets_[id].removed) return nullptr;
    return &targets_[id];
}

const Transporter* LogisticsWorld::find_transporter(int id) const {
    if (id < 0 || id >= static_cast<int>(transporters_.size()) || transporters_[id].removed) return nullptr;
    return &transporters_[id];
}

int LogisticsWorld::add_target(const TargetPlacement& p) {
    const KindInfo& info = kind_info(p.kind);
    Target t;
    t.id = static_cast<int>(targets_.size());
    t.kind = p.kind;
    t.pos = p.pos;
    t.resource = p.resource.value_or(info.resource);
    t.capacity = p.capacity.value_or(info.capacity);
    t.rate = p.rate.value_or(info.rate);
    t.multiplier = p.multiplier;
    t.store = p.store;
    targets_.push_back(t);
    return t.id;
}

int LogisticsWorld::add_transporter(const TransporterPlacement& p) {
    Transporter t;
    t.id = static_cast<int>(transporters_.size());
    t.pos = p.pos;
    t.capacity_override = p.capacity;
    t.speed_override = p.speed;
    t.carry = p.carry;
    transporters_.push_back(t);
    refresh_transporters();
    return t.id;
}

void LogisticsWorld::generate_colony(const Generator& g) {
    if (!g.any()) return;
    // Only tiles of the largest open area, so every generated thing can reach every other.
    std::vector<int> size_of;
    for (int i = 0; i < map_.width() * map_.height(); ++i) {
        const int c = map_.component({i % map_.width(), i / map_.width()});
        if (c < 0) continue;
        if (c >= static_cast<int>(size_of.size())) size_of.resize(c + 1, 0);
        ++size_of[c];
    }
    if (size_of.empty()) return;
    const int main = static_cast<int>(std::max_element(size_of.begin(), size_of.end()) - size_of.begin());
    std::vector<char> taken(static_cast<std::size_t>(map_.width() * map_.height()), 0);
    for (const Target& t : targets_) taken[map_.index(t.pos)] = 1;
    const auto free_tile = [&](Tile& out) {
        for (int attempt = 0; attempt < 10000; ++attempt) {
            const Tile t{static_cast<int>(rng_.below(static_cast<std::uint64_t>(map_.width()))),
                         static_cast<int>(rng_.below(static_cast<std::uint64_t>(map_.height())))};
            if (map_.component(t) != main || taken[map_.index(t)]) continue;
            out = t;
            return true;
        }
        return false;
    };
    const std::pair<TargetKind, int> counts[] = {
        {TargetKind::Storage, g.storages}, {TargetKind::Terminal, g.terminals},
        {TargetKind::Spawn, g.spawns},     {TargetKind::Extension, g.extensions},
        {TargetKind::Tower, g.towers},     {TargetKind::Upgrade, g.upgrade_sites},
        {TargetKind::Lab, g.labs},         {TargetKind::Mining, g.mining},
        {TargetKind::Pile, g.piles},       {TargetKind::Extractor, g.extractors}};
    for (const auto& [kind, n] : counts)
        for (int i = 0; i < n; ++i) {
            TargetPlacement p;
            p.kind = kind;
            if (!free_tile(p.pos)) return;   // the map is full: what fitted stays
            taken[map_.index(p.pos)] = 1;
            const KindInfo& info = kind_info(kind);
            if (info.role == Role::Buffer) {
                // Storages start with a working stock, not half a million units.
                p.store = {std::round(g.fill * 20000.0), std::round(g.fill * 5000.0)};
            } else {
                at(p.store, info.resource) = std::round(g.fill * info.capacity);
            }
            add_target(p);
        }
    for (int i = 0; i < g.transporters; ++i) {
        TransporterPlacement p;
        if (!free_tile(p.pos)) return;
        add_transporter(p);
    }
}

void LogisticsWorld::refresh_transporters() {
    for (Transporter& t : transporters_) {
        t.capacity = t.capacity_override > 0.0 ? t.capacity_override : config_.transporter_capacity;
        t.speed = t.speed_override > 0.0 ? t.speed_override : config_.transporter_speed;
    }
}

void LogisticsWorld::on_params_changed() {
    config_ = config_from(params_);
    refresh_transporters();
}

double LogisticsWorld::held() const {
    double sum = 0.0;
    for (const Target& t : targets_)
        if (!t.removed) sum += total(t.store);
    for (const Transporter& t : transporters_)
        if (!t.removed) sum += total(t.carry);
    return sum;
}

double LogisticsWorld::unmet_demand() const {
    // The positive request amounts (current_requests' rule for sinks), without building the list:
    // this runs every tick for the chart.
    double sum = 0.0;
    for (const Target& t : targets_)
        if (!t.removed && t.role() == Role::Sink && t.capacity > 0.0) sum += std::max(0.0, t.free_space());
    return sum;
}

std::vector<int> LogisticsWorld::idle_transporters() const {
    std::vector<int> ids;
    for (const Transporter& t : transporters_)
        if (!t.removed && t.idle()) ids.push_back(t.id);
    return ids;
}

// ---------------------------------------------------------------- one tick

void LogisticsWorld::step() {
    produce_and_consume();
    assign_idle();
    const double delivered_before = totals_.delivered, to_sinks_before = totals_.delivered_to_sinks;
    const double travelled_before = totals_.travelled;
    for (Transporter& t : transporters_)
        if (!t.removed) move_and_act(t);
    record(totals_.delivered - delivered_before, totals_.delivered_to_sinks - to_sinks_before,
           totals_.travelled - travelled_before);
    ++tick_;
}

void LogisticsWorld::produce_and_consume() {
    for (Target& t : targets_) {
        if (t.removed) continue;
        double& stock = at(t.store, t.resource);
        if (t.role() == Role::Source) {
            const double add = std::min(t.rate * config_.supply_scale, std::max(0.0, t.free_space()));
            stock += add;
            totals_.produced += add;
        } else if (t.role() == Role::Sink) {
            const double want = t.rate * config_.demand_scale;
            const double use = std::min(want, stock);
            stock -= use;
            totals_.consumed += use;
            totals_.starved += want - use;
        }
    }
}

void LogisticsWorld::assign_idle() {
    const std::vector<int> idle = idle_transporters();
    int still_idle = static_cast<int>(idle.size());
    if (!idle.empty()) {
        const std::vector<Request> reqs = requests();
        const Colony col = colony();
        RateModel model(col, reqs, idle);
        Matching m;
        if (config_.matching_policy() == Policy::SequentialGreedy) {
            m = sequential_greedy(model);   // recomputes its rows itself: no matrix needed
        } else {
            m = match(config_.matching_policy(), model, rate_matrix(model));
        }
        for (std::size_t row = 0; row < idle.size(); ++row) {
            Transporter& t = transporters_[idle[row]];
            const int col_index = m.request_of[row];
            if (col_index < 0) {
                if (t.tasks.empty()) plan_fallback(t);
                continue;
            }
            Choice choice = m.dq_of.empty() ? model.best(static_cast<int>(row), col_index)
                                            : Choice{m.via_of[row], m.dq_of[row], 0.0, m.rate_of[row]};
            plan_chain(t, reqs[col_index], choice);
            ++totals_.matches;
            --still_idle;
        }
    }
    const int count = static_cast<int>(
        std::count_if(transporters_.begin(), transporters_.end(), [](const Transporter& t) { return !t.removed; }));
    last_idle_fraction_ = count > 0 ? static_cast<double>(still_idle) / count : 0.0;
    totals_.idle_ticks += still_idle;
    totals_.transporter_ticks += count;
}

void LogisticsWorld::plan_chain(Transporter& t, const Request& r, const Choice& choice) {
    t.tasks.clear();
    const Target& target = targets_[r.target];
    const Resource res = r.resource;
    const bool provide = r.amount < 0.0 || (r.amount == 0.0 && r.dAmountdt < 0.0);
    if (!provide) {
        if (choice.via >= 0) {
            const double want = std::max(0.0, choice.dq - at(t.carry, res));
            const double w = std::min({std::max(0.0, t.free_space()), at(targets_[choice.via].store, res), want});
            if (w > 0.0) t.tasks.push_back(Task{TaskKind::Withdraw, choice.via, res, w, false});
        }
        t.tasks.push_back(Task{TaskKind::Transfer, target.id, res, choice.dq, false});
    } else {
        if (choice.via >= 0)
            for (int k = 0; k < kResources; ++k)
                if (t.carry[k] > 0.0)
                    t.tasks.push_back(
                        Task{TaskKind::Transfer, choice.via, static_cast<Resource>(k), t.carry[k], false});
        const TaskKind take = target.kind == TargetKind::Pile ? TaskKind::Pickup : TaskKind::Withdraw;
        t.tasks.push_back(Task{take, target.id, res, choice.dq, false});
    }
    t.request = r.id;
    t.via = choice.via;
    t.assigned_rate = choice.score;
}

void LogisticsWorld::plan_fallback(Transporter& t) {
    // Unmatched: carry what it holds to the nearest buffer with room, or wait beside the nearest
    // buffer. Both stay interruptible: the next matching may take it.
    const Colony col = colony();
    const bool carrying = total(t.carry) > 0.0;
    int best = -1;
    double best_d = 0.0;
    for (const Target& b : targets_) {
        if (b.removed || !b.is_buffer() || (carrying && b.free_space() <= 0.0)) continue;
        const double d = travel_distance(col, t.pos, b.pos);
        if (!std::isfinite(d)) continue;
        if (best < 0 || d < best_d) {
            best = b.id;
            best_d = d;
        }
    }
    t.request = -1;
    t.via = -1;
    t.assigned_rate = 0.0;
    if (best < 0) return;
    if (carrying) {
        for (int k = 0; k < kResources; ++k)
            if (t.carry[k] > 0.0)
                t.tasks.push_back(Task{TaskKind::Transfer, best, static_cast<Resource>(k), t.carry[k], true});
    } else if (chebyshev(t.pos, targets_[best].pos) > 1) {
        t.tasks.push_back(Task{TaskKind::Park, best, Resource::Energy, 0.0, true});
    }
}

void LogisticsWorld::move_and_act(Transporter& t) {
    const auto finish_chain = [&] {
        t.tasks.clear();
        t.request = -1;
        t.via = -1;
        t.progress = 0.0;
    };
    while (!t.tasks.empty() && !find_target(t.tasks.front().target)) t.tasks.erase(t.tasks.begin());
    if (t.tasks.empty()) {
        finish_chain();
        return;
    }
    const Task task = t.tasks.front();
    const Tile goal = targets_[task.target].pos;
    if (chebyshev(t.pos, goal) > 1) {
        t.progress += t.speed;
        while (t.progress >= 1.0 && chebyshev(t.pos, goal) > 1) {
            const Tile next = map_.step_towards(t.pos, goal);
            if (next == t.pos) {   // no way there (a wall was built): give the chain up
                finish_chain();
                return;
            }
            t.pos = next;
            t.progress -= 1.0;
            t.travelled += 1.0;
            totals_.travelled += 1.0;
        }
        if (chebyshev(t.pos, goal) > 1) return;
        t.progress = 0.0;
    }
    act(t, task);
    t.tasks.erase(t.tasks.begin());
    if (t.tasks.empty()) finish_chain();
}

void LogisticsWorld::act(Transporter& t, const Task& task) {
    Target& g = targets_[task.target];
    double& held_here = at(g.store, task.resource);
    double& carried = at(t.carry, task.resource);
    const double room = std::max(0.0, t.free_space());
    switch (task.kind) {
        case TaskKind::Withdraw:
        case TaskKind::Pickup: {
            // From a buffer only what the chain planned (the rest stays for others); from a
            // source all that fits: emptying it is the point of a provide.
            const double take = g.is_buffer() ? std::min({task.amount, held_here, room}) : std::min(held_here, room);
            if (take <= 0.0) return;
            held_here -= take;
            carried += take;
            totals_.withdrawn += take;
            return;
        }
        case TaskKind::Transfer: {
            const double give = std::min(carried, std::max(0.0, g.free_space()));
            if (give <= 0.0) return;
            carried -= give;
            held_here += give;
            totals_.delivered += give;
            if (!g.is_buffer()) totals_.delivered_to_sinks += give;
            return;
        }
        case TaskKind::Park: return;
    }
}

void LogisticsWorld::record(double delivered, double to_sinks, double travelled) {
    last_delivered_ = delivered;
    pending_.delivered += delivered;
    pending_.to_sinks += to_sinks;
    pending_.travelled += travelled;
    pending_.idle_fraction += last_idle_fraction_;
    pending_.unmet += unmet_demand();
    if (++pending_ticks_ < history_interval_) return;
    const double n = static_cast<double>(pending_ticks_);
    history_.push_back(Sample{tick_ + 1, pending_.delivered / n, pending_.to_sinks / n, pending_.unmet / n,
                              pending_.idle_fraction / n, pending_.travelled / n});
    pending_ = Sample{};
    pending_ticks_ = 0;
    if (history_.size() < kMaxHistory) return;
    // Merge neighbours pairwise: averages of averages over equal spans.
    std::vector<Sample> merged;
    for (std::size_t i = 0; i + 1 < history_.size(); i += 2) {
        const Sample& a = history_[i];
        const Sample& b = history_[i + 1];
        merged.push_back(Sample{b.tick, (a.delivered + b.delivered) / 2, (a.to_sinks + b.to_sinks) / 2,
                                (a.unmet + b.unmet) / 2, (a.idle_fraction + b.idle_fraction) / 2,
                                (a.travelled + b.travelled) / 2});
    }
    history_ = std::move(merged);
    history_interval_ *= 2;
}

}   // namespace pb::logistics
