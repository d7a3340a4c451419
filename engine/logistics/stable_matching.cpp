// Gale-Shapley in both directions, the global greedy, and the blocking-pair count.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>

#include "engine/logistics/matching.hpp"

namespace pb::logistics {
namespace {

Matching empty_matching(int rows) {
    Matching out;
    out.request_of.assign(rows, -1);
    out.rate_of.assign(rows, 0.0);
    out.via_of.assign(rows, -1);
    return out;
}

void set_pair(Matching& out, const RateMatrix& m, int r, int c) {
    out.request_of[r] = c;
    out.rate_of[r] = m.at(r, c);
    out.via_of[r] = m.via_at(r, c);
}

// Gale-Shapley with `proposers` proposing to `receivers`; score(p, q) is the shared rate. Returns
// the receiver each proposer ends with (-1 none).
template <class Score>
std::vector<int> gale_shapley(int proposers, int receivers, Score score) {
    // Each proposer's acceptable receivers as a max-heap of (score, receiver) by score, then the
    // lower receiver, in one flat array: comparisons read the heap, not the matrix.
    struct Entry {
        double score;
        int receiver;
    };
    const auto ranks_below = [](const Entry& a, const Entry& b) {
        return a.score != b.score ? a.score < b.score : a.receiver > b.receiver;
    };
    std::vector<int> start(proposers + 1, 0), end(proposers, 0);
    std::vector<Entry> prefs;
    prefs.reserve(static_cast<std::size_t>(proposers) * 8);
    for (int p = 0; p < proposers; ++p) {
        start[p] = static_cast<int>(prefs.size());
        for (int q = 0; q < receivers; ++q)
            if (const double s = score(p, q); s > 0.0) prefs.push_back({s, q});
        end[p] = static_cast<int>(prefs.size());
        std::make_heap(prefs.begin() + start[p], prefs.end(), ranks_below);
    }
    start[proposers] = static_cast<int>(prefs.size());
    std::vector<int> held_by(receivers, -1), partner(proposers, -1);
    std::vector<double> held_score(receivers, 0.0);
    std::vector<int> free_list(proposers);
    for (int p = 0; p < proposers; ++p) free_list[p] = proposers - 1 - p;   // pop from the back: proposer 0 first
    while (!free_list.empty()) {
        const int p = free_list.back();
        free_list.pop_back();
        if (end[p] == start[p]) continue;   // nobody left to ask: stays unmatched
        std::pop_heap(prefs.begin() + start[p], prefs.begin() + end[p], ranks_below);
        const Entry e = prefs[--end[p]];
        const int q = e.receiver, current = held_by[q];
        // The receiver ranks by the same score, then the lower proposer.
        const bool accept = current < 0 || e.score > held_score[q] || (e.score == held_score[q] && p < current);
        if (!accept) {
            free_list.push_back(p);
            continue;
        }
        if (current >= 0) {
            partner[current] = -1;
            free_list.push_back(current);
        }
        held_by[q] = p;
        held_score[q] = e.score;
        partner[p] = q;
    }
    return partner;
}

}   // namespace

int Matching::pairs() const {
    return static_cast<int>(std::count_if(request_of.begin(), request_of.end(), [](int c) { return c >= 0; }));
}

double Matching::total_rate() const { return std::accumulate(rate_of.begin(), rate_of.end(), 0.0); }

void fill_rate_matrix(const RateModel& model, RateMatrix& m) {
    m.rows = model.courier_count();
    m.cols = model.request_count();
    m.rate.resize(static_cast<std::size_t>(m.rows) * m.cols);
    m.via.resize(m.rate.size());
    for (int r = 0; r < m.rows; ++r) {
        const std::size_t at = static_cast<std::size_t>(r) * m.cols;
        model.row(r, m.rate.data() + at, m.via.data() + at);
    }
}

RateMatrix rate_matrix(const RateModel& model) {
    RateMatrix m;
    fill_rate_matrix(model, m);
    return m;
}

Matching stable_transporters_propose(const RateMatrix& m) {
    const auto partner = gale_shapley(m.rows, m.cols, [&](int r, int c) { return m.at(r, c); });
    Matching out = empty_matching(m.rows);
    for (int r = 0; r < m.rows; ++r)
        if (partner[r] >= 0) set_pair(out, m, r, partner[r]);
    return out;
}

Matching stable_requests_propose(const RateMatrix& m) {
    const auto partner = gale_shapley(m.cols, m.rows, [&](int c, int r) { return m.at(r, c); });
    Matching out = empty_matching(m.rows);
    for (int c = 0; c < m.cols; ++c)
        if (partner[c] >= 0) set_pair(out, m, partner[c], c);
    return out;
}

Matching global_greedy(const RateMatrix& m) {
    struct Pair {
        double rate;
        int r, c;
    };
    std::vector<Pair> pairs;
    for (int r = 0; r < m.rows; ++r)
        for (int c = 0; c < m.cols; ++c)
            if (m.at(r, c) > 0.0) pairs.push_back({m.at(r, c), r, c});
    std::sort(pairs.begin(), pairs.end(), [](const Pair& a, const Pair& b) {
        if (a.rate != b.rate) return a.rate > b.rate;
        return a.r != b.r ? a.r < b.r : a.c < b.c;
    });
    Matching out = empty_matching(m.rows);
    std::vector<char> taken(m.cols, 0);
    for (const Pair& p : pairs) {
        if (out.request_of[p.r] >= 0 || taken[p.c]) continue;
        taken[p.c] = 1;
        set_pair(out, m, p.r, p.c);
    }
    return out;
}

Matching stable_matching(const RateMatrix& m) {
    // Pairs in the shared order (rate descending, then row, then column), taken greedily. The
    // order comes from a bucket sort: every acceptable pair goes to a bucket by its
    // rate (1,024 to each doubling), buckets are visited from the top, and
    // only the pairs within one bucket are sorted exactly. Three passes over the matrix and small
    // sorts, instead of Gale-Shapley's ~400,000 proposals on correlated 1,000 x 1,000 rates.
    Matching out = empty_matching(m.rows);
    double lo = 0.0, hi = 0.0;
    bool any = false;
    for (double r : m.rate)
        if (r > 0.0) {
            lo = any ? std::min(lo, r) : r;
            hi = any ? std::max(hi, r) : r;
            any = true;
        }
    if (!any) return out;
    // Buckets by the rate's bit pattern (positive doubles order like their bits): 1,024 buckets
    // per doubling, so the spread stays even when a rate is 10,000 times the others (a transporter
    // standing next to its target divides by the 0.1 tick floor).
    const auto key = [](double r) {
        std::uint64_t bits;
        std::memcpy(&bits, &r, sizeof bits);
        return bits >> 42;
    };
    const std::uint64_t base = key(lo);
    const int kBuckets = static_cast<int>(key(hi) - base) + 1;
    const auto bucket_of = [&](double r) { return static_cast<int>(key(r) - base); };
    std::vector<int> first(kBuckets + 1, 0);
    for (double r : m.rate)
        if (r > 0.0) ++first[bucket_of(r) + 1];
    for (int b = 0; b < kBuckets; ++b) first[b + 1] += first[b];
    std::vector<int> fill(first.begin(), first.end() - 1);
    std::vector<std::uint32_t> pairs(static_cast<std::size_t>(first[kBuckets]));   // row-major index
    for (std::size_t i = 0; i < m.rate.size(); ++i)
        if (m.rate[i] > 0.0) pairs[fill[bucket_of(m.rate[i])]++] = static_cast<std::uint32_t>(i);
    std::vector<char> row_done(m.rows, 0), col_done(m.cols, 0);
    int left = std::min(m.rows, m.cols);
    struct Entry {
        double rate;
        std::uint32_t index;
    };
    std::vector<Entry> live;
    for (int b = kBuckets - 1; b >= 0 && left > 0; --b) {
        // Pairs whose row or column is already matched can never be taken: drop them before the
        // sort (the big buckets of small rates come last, when most are gone).
        live.clear();
        for (int i = first[b]; i < first[b + 1]; ++i) {
            const std::uint32_t x = pairs[i];
            const std::uint32_t r = x / static_cast<std::uint32_t>(m.cols), c = x % static_cast<std::uint32_t>(m.cols);
            if (!row_done[r] && !col_done[c]) live.push_back({m.rate[x], x});
        }
        // Row-major indices order by row, then column: ties in rate fall into the pair order.
        std::sort(live.begin(), live.end(), [](const Entry& x, const Entry& y) {
            return x.rate != y.rate ? x.rate > y.rate : x.index < y.index;
        });
        for (const Entry& e : live) {
            const int r = static_cast<int>(e.index / static_cast<std::uint32_t>(m.cols));
            const int c = static_cast<int>(e.index % static_cast<std::uint32_t>(m.cols));
            if (row_done[r] || col_done[c]) continue;
            row_done[r] = col_done[c] = 1;
            set_pair(out, m, r, c);
            if (--left == 0) break;
        }
    }
    return out;
}

int blocking_pairs(const RateMatrix& m, const Matching& matching) {
    // Each request's least preferred holder: (rate, row) with the lowest rank.
    std::vector<int> worst(m.cols, -1);
    for (int r = 0; r < m.rows; ++r) {
        const int c = matching.request_of[r];
        if (c < 0) continue;
        const int w = worst[c];
        if (w < 0 || m.at(r, c) < m.at(w, c) || (m.at(r, c) == m.at(w, c) && r > w)) worst[c] = r;
    }
    int count = 0;
    for (int r = 0; r < m.rows; ++r) {
        const int mine = matching.request_of[r];
        for (int c = 0; c < m.cols; ++c) {
            const double s = m.at(r, c);
            if (s <= 0.0 || c == mine) continue;
            // The transporter prefers c to its own request (or has none)...
            if (mine >= 0) {
                const double own = m.at(r, mine);
                if (!(s > own || (s == own && c < mine))) continue;
            }
            // ...and the request prefers the transporter to its worst holder (or has none).
            const int w = worst[c];
            if (w >= 0 && !(s > m.at(w, c) || (s == m.at(w, c) && r < w))) continue;
            ++count;
        }
    }
    return count;
}

Matching sequential_greedy(RateModel& model) {
    const int rows = model.courier_count(), cols = model.request_count();
    Matching out = empty_matching(rows);
    out.dq_of.assign(rows, 0.0);
    for (int r = 0; r < rows; ++r) {
        Choice best;
        int best_col = -1;
        for (int c = 0; c < cols; ++c) {
            const Choice ch = model.best(r, c);
            if (ch.score > best.score) {
                best = ch;
                best_col = c;
            }
        }
        if (best_col < 0) continue;
        out.request_of[r] = best_col;
        out.rate_of[r] = best.score;
        out.via_of[r] = best.via;
        out.dq_of[r] = best.dq;
        model.commit(r, best_col, best);
    }
    return out;
}

Matching match(Policy policy, RateModel& model, const RateMatrix& m) {
    switch (policy) {
        case Policy::StableTransporters: return stable_transporters_propose(m);
        case Policy::StableRequests: return stable_requests_propose(m);
        case Policy::SequentialGreedy: return sequential_greedy(model);
        case Policy::Optimal: return optimal_assignment(m);
    }
    return stable_transporters_propose(m);
}

}   // namespace pb::logistics
