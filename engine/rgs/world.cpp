// RgsWorld: construction, the interference bookkeeping (grid + efficiencies), and the economy of
// one tick. Commands live in world_commands.cpp; hash and JSON in world_io.cpp; predictions in
// prediction.cpp.
#include "engine/rgs/world.hpp"

#include <algorithm>
#include <cmath>

#include <glm/common.hpp>

#include "engine/rgs/mine_rate.hpp"

namespace pb::rgs {
namespace {

// The chart keeps at most this many samples: when full, every other one goes and the interval
// doubles, so a long batch run costs bounded memory and the chart still spans the whole match.
constexpr std::size_t kMaxHistory = 2048;

Vec3 clamp_into(Vec3 p, Vec3 size) {
    return {std::clamp(p.x, 0.0, size.x), std::clamp(p.y, 0.0, size.y), std::clamp(p.z, 0.0, size.z)};
}

}   // namespace

RgsWorld::RgsWorld(const ParamSet& params, const RgsSetup& setup, std::uint64_t /*seed: nothing is random here*/)
    : WorldBase(params), config_(config_from(params)) {
    for (int t = 0; t < 2; ++t) {
        teams_[t].name = setup.teams[t].name;
        teams_[t].bp = std::max(0.0, setup.teams[t].bp.value_or(config_.initial_bp));
        teams_[t].main_structure = setup.teams[t].main_structure;
    }
    // Positions were checked against the scenario's map; tuned parameters (a restart after the
    // map shrank) pull them inside rather than refusing to start.
    for (const RgsPlacement& p : setup.rgs) {
        const int team = std::clamp(p.team, 0, 1);
        const double full = config_.max_health(p.kind);
        const double health = p.state == State::Destroyed ? 0.0 : std::clamp(p.health.value_or(full), 1e-9, full);
        create_rgs(team, p.kind, clamp_into(p.pos, config_.map_size()), p.range, p.state, health,
                   config_.price(p.kind));
    }
    rebuild_interference();
}

const Rgs* RgsWorld::find(int id) const {
    if (id < 0 || id >= static_cast<int>(rgs_.size()) || rgs_[id].removed) return nullptr;
    return &rgs_[id];
}

std::size_t RgsWorld::count_present() const {
    return static_cast<std::size_t>(std::count_if(rgs_.begin(), rgs_.end(), [](const Rgs& r) { return !r.removed; }));
}

std::optional<std::string> RgsWorld::check_inside_map(Vec3 p) const {
    const Vec3 s = config_.map_size();
    if (p.x >= 0.0 && p.x <= s.x && p.y >= 0.0 && p.y <= s.y && p.z >= 0.0 && p.z <= s.z) return std::nullopt;
    auto n = [](double v) { return format_number(v); };
    return "position (" + n(p.x) + ", " + n(p.y) + ", " + n(p.z) + ") is outside the map: x 0 .. " + n(s.x) +
           ", y 0 .. " + n(s.y) + ", z 0 .. " + n(s.z);
}

// ---------------------------------------------------------------- interference

double RgsWorld::efficiency_at(Vec3 p, double range, int skip_id) const {
    double e = 1.0;
    for_each_batch_within_reach(
        p, range, skip_id,
        [&](const NeighbourBatch& b) {
            for (std::size_t k = 0; k < b.size; ++k) e *= b.modifier[k];
        },
        false);
    return e;
}

void RgsWorld::refresh_ranges() {
    max_range_ = std::max(config_.drill_range, config_.leech_range);
    for (Rgs& r : rgs_) {
        r.range = range_for(r.kind, r.range_override);
        if (!r.removed) max_range_ = std::max(max_range_, r.range);
    }
}

void RgsWorld::rebuild_interference() {
    refresh_ranges();
    grid_.reset(config_.map_size(), 2.0 * max_range_);   // the farthest two RGS can interfere
    std::vector<SpatialGrid::Entry> mining;
    for (const Rgs& r : rgs_)
        if (!r.removed && is_mining(r.state)) mining.push_back({r.pos, r.range, r.id});
    grid_.assign(mining);
    recompute_all();
}

void RgsWorld::recompute_all() {
    // Each pair once: walking the RGS in canonical order (the grid's slots), every one multiplies
    // in the modifiers of its neighbours later in that order and hands each of them its own
    // modifier. An RGS so collects its earlier neighbours' factors first, in order, then its later
    // ones: the very product efficiency_at() forms, at half the work.
    for (Rgs& r : rgs_) r.efficiency = 0.0;
    partial_.assign(grid_.size(), 1.0);
    const double* xs = grid_.xs();
    const double* ys = grid_.ys();
    const double* zs = grid_.zs();
    const double* ranges = grid_.ranges();
    const int* ids = grid_.ids();
    for (std::size_t c = 0; c < grid_.cell_count(); ++c) {
        const std::size_t first = grid_.cell_begin(c), last = grid_.cell_end(c);
        if (first == last) continue;
        // The runs of slots any of the cell's RGS can reach, found once for all of them: the
        // cell's box grown by its largest range plus the largest range of all. Only slots after
        // the cell's first matter (the earlier ones have handed their modifiers on already).
        Vec3 lo{xs[first], ys[first], zs[first]}, hi = lo;
        double widest = 0.0;
        for (std::size_t a = first; a < last; ++a) {
            lo = glm::min(lo, Vec3{xs[a], ys[a], zs[a]});
            hi = glm::max(hi, Vec3{xs[a], ys[a], zs[a]});
            widest = std::max(widest, ranges[a]);
        }
        runs_.clear();
        grid_.visit_runs_near(lo, hi, widest + max_range_, [&](std::size_t begin, std::size_t end) {
            if (end > first + 1) runs_.emplace_back(std::max(begin, first + 1), end);
        });
        for (std::size_t a = first; a < last; ++a) {
            const double range = ranges[a];
            double e = partial_[a];
            const auto take = [&](const NeighbourBatch& b) {
                for (std::size_t k = 0; k < b.size; ++k) {
                    e *= b.modifier[k];
                    partial_[b.slot[k]] *= b.range_of(k) == range
                                               ? b.modifier[k]
                                               : interference_modifier(b.distance[k], b.range[k], range);
                }
            };
            // Slots after this one: every id is at least 0, so -1 skips nothing.
            NeighbourScan scan(grid_, {xs[a], ys[a], zs[a]}, range, -1, false);
            for (const auto& [begin, end] : runs_)
                if (end > a + 1) scan.run(std::max(begin, a + 1), end, take);
            scan.finish(take);
            rgs_[ids[a]].efficiency = e;
        }
    }
}

void RgsWorld::update_interference(int id, bool was_mining, Vec3 old_pos, double old_range) {
    Rgs& r = rgs_[id];
    const bool mining = !r.removed && is_mining(r.state);
    if (mining && r.range > max_range_) {
        // A range beyond the grid's cell: lay the grid out anew (this recomputes everything).
        rebuild_interference();
        return;
    }
    // The grid first, then the neighbours as grid slots (valid from here on). Where it was, its
    // neighbours are the same with it gone: it is left out of its own scans either way.
    if (was_mining) {
        if (mining)
            grid_.update(old_pos, {r.pos, r.range, id});
        else
            grid_.erase(id, old_pos);
    } else if (mining) {
        grid_.insert({r.pos, r.range, id});
    }
    affected_.clear();
    const auto collect = [&](const NeighbourBatch& b) { affected_.insert(affected_.end(), b.slot, b.slot + b.size); };
    if (was_mining) for_each_batch_within_reach(old_pos, old_range, id, collect, false);
    r.efficiency = 0.0;
    if (mining) {
        // Its own efficiency comes with its new neighbours: the same product efficiency_at() forms.
        double e = 1.0;
        for_each_batch_within_reach(
            r.pos, r.range, id,
            [&](const NeighbourBatch& b) {
                collect(b);
                for (std::size_t k = 0; k < b.size; ++k) e *= b.modifier[k];
            },
            false);
        r.efficiency = e;
    }
    std::sort(affected_.begin(), affected_.end());
    affected_.erase(std::unique(affected_.begin(), affected_.end()), affected_.end());
    // Position and range from the grid's columns, in slot order: memory read in sequence rather
    // than every neighbour's whole record.
    for (std::uint32_t s : affected_) {
        const int n = grid_.ids()[s];
        rgs_[n].efficiency = efficiency_at({grid_.xs()[s], grid_.ys()[s], grid_.zs()[s]}, grid_.ranges()[s], n);
    }
}

std::vector<Interferer> RgsWorld::interferers_at(Vec3 p, double range, int skip_id) const {
    std::vector<Interferer> out;
    for_each_within_reach(p, range, skip_id, [&](const Neighbour& n) { out.push_back({n.id, n.modifier}); });
    return out;
}

std::vector<Interferer> RgsWorld::interferers(int id) const {
    const Rgs* r = find(id);
    if (!r) return {};
    return interferers_at(r->pos, r->range, id);
}

int RgsWorld::create_rgs(int team, Kind kind, Vec3 pos, double range_override, State state, double health,
                         double price) {
    Rgs r;
    r.id = static_cast<int>(rgs_.size());
    r.team = team;
    r.kind = kind;
    r.pos = pos;
    r.range_override = range_override;
    r.range = range_for(kind, range_override);
    r.state = state;
    r.health = health;
    r.build_left = state == State::Building ? std::max(1, config_.build_time(kind)) : 0;
    r.price_paid = price;
    r.marked_tick = state == State::Marked ? tick_ : -1;
    rgs_.push_back(r);
    return r.id;
}

void RgsWorld::deconstruct(int id) {
    Rgs& r = rgs_[id];
    if (r.state != State::Destroyed) {
        // "If a structure at n% health gets deconstructed, you will get n% of its price back."
        const double share = std::clamp(r.health / config_.max_health(r.kind), 0.0, 1.0);
        const double refund = r.price_paid * share;
        teams_[r.team].bp += refund;
        teams_[r.team].refunded += refund;
    }
    take_out_of_interference(id);
}

void RgsWorld::take_out_of_interference(int id) {
    Rgs& r = rgs_[id];
    const bool was_mining = is_mining(r.state);
    r.removed = true;
    r.efficiency = 0.0;
    // The grid's cell is the largest range present: when the RGS that set it goes, lay the grid
    // out anew so the layout (and with it every product's order) depends on the state alone.
    if (r.range >= max_range_ && r.range > std::max(config_.drill_range, config_.leech_range))
        rebuild_interference();
    else if (was_mining)
        update_interference(id, true, r.pos, r.range);
}

// ---------------------------------------------------------------- economy

double RgsWorld::match_minutes() const { return minutes_at(tick_); }

double RgsWorld::base_rate() const {
    return base_mine_rate(config_.initial_mine_rate, config_.half_life, match_minutes());
}

double RgsWorld::team_efficiency(int team) const {
    double sum = 0.0;   // in id order: the same bits every run
    for (const Rgs& r : rgs_)
        if (r.team == team && !r.removed) sum += r.efficiency;
    return sum;
}

double RgsWorld::effective_efficiency(int team) const {
    const double sum = team_efficiency(team);
    const double floor = config_.min_efficiency / 100.0;
    return teams_[team].main_structure && sum < floor ? floor : sum;
}

double RgsWorld::mine_rate(int team) const { return base_rate() * effective_efficiency(team); }

void RgsWorld::credit_build_points() {
    // Once per second (one tick): rate/60 * the team's summed efficiency (spec).
    const double per_second = base_rate() / 60.0;
    for (int t = 0; t < 2; ++t) {
        const double gain = per_second * effective_efficiency(t);
        teams_[t].bp = std::max(0.0, teams_[t].bp + gain);
        teams_[t].mined += gain;
    }
}

void RgsWorld::advance_construction() {
    for (Rgs& r : rgs_) {
        if (r.removed || r.state != State::Building) continue;
        if (--r.build_left > 0) continue;
        r.state = State::Active;
        update_interference(r.id, false, r.pos, r.range);
    }
}

void RgsWorld::record_history() {
    if (tick_ % history_interval_ != 0) return;
    if (history_.size() >= kMaxHistory) {
        std::vector<EconomySample> kept;
        for (std::size_t i = 0; i < history_.size(); i += 2) kept.push_back(history_[i]);
        history_ = std::move(kept);
        history_interval_ *= 2;
        if (tick_ % history_interval_ != 0) return;
    }
    EconomySample s;
    s.tick = tick_;
    for (int t = 0; t < 2; ++t) {
        s.bp[t] = teams_[t].bp;
        s.efficiency[t] = effective_efficiency(t);
    }
    s.base_rate = base_rate();
    history_.push_back(s);
}

void RgsWorld::step() {
    // The state at the start of second `tick_` earns that second's BP; construction finishing
    // during the second mines from the next one on.
    record_history();
    credit_build_points();
    advance_construction();
    ++tick_;
}

void RgsWorld::on_params_changed() {
    config_ = config_from(params_);
    rebuild_interference();
}

}   // namespace pb::rgs
