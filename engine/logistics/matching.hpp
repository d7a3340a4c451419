// Matchings of transporters (rows) to requests (columns) by the rate matrix. Both sides rank by
// the same score, as in Overmind: a transporter prefers the request with the higher rate (then
// the lower column), a request the transporter with the higher rate (then the lower row). A rate
// of 0 is not acceptable: such a pair is never matched. Rows are sorted by transporter id and
// columns by request id, so the tie-breaks are by id.
#pragma once
#include <vector>

#include "engine/logistics/config.hpp"
#include "engine/logistics/rates.hpp"

namespace pb::logistics {

struct RateMatrix {
    int rows = 0, cols = 0;
    std::vector<double> rate;   // row-major
    std::vector<int> via;       // the buffer of the best choice, -1 direct
    double at(int r, int c) const { return rate[static_cast<std::size_t>(r) * cols + c]; }
    int via_at(int r, int c) const { return via[static_cast<std::size_t>(r) * cols + c]; }
};
RateMatrix rate_matrix(const RateModel& model);
// The same into a matrix kept from an earlier call: no new allocation when the size is the same.
void fill_rate_matrix(const RateModel& model, RateMatrix& out);

struct Matching {
    std::vector<int> request_of;   // per row: the column, -1 unmatched
    std::vector<double> rate_of;   // per row: the rate of its pair when it was made (0 unmatched)
    std::vector<int> via_of;       // per row: the buffer detour, -1 direct
    // Per row: the units its choice moves, when the policy knew them at the pick (the sequential
    // greedy); empty otherwise: the model's best choice for the pair then gives them.
    std::vector<double> dq_of;
    int pairs() const;
    double total_rate() const;
};

// Gale-Shapley, transporters propose (transporter-optimal stable matching). Preference lists are
// heaps popped lazily: a proposal costs log(columns), and nobody sorts a whole row.
Matching stable_transporters_propose(const RateMatrix& m);
// Gale-Shapley, requests propose (request-optimal stable matching).
Matching stable_requests_propose(const RateMatrix& m);
// Take the best remaining pair until none is left. With one shared, strictly ordered score this
// is the (unique) stable matching.
Matching global_greedy(const RateMatrix& m);
// The same stable matching, computed from the pair order instead of by proposals: both sides
// rank by one score with consistent tie-breaks (rate, then row, then column), so the stable
// matching is unique and is the greedy one. On 1,000 x 1,000 with correlated rates Gale-Shapley
// makes ~400,000 proposals; this bucket-sorts the pairs by rate and takes them in order.
Matching stable_matching(const RateMatrix& m);
// The assignment with the largest total rate (Hungarian method, O(n^2 m)).
Matching optimal_assignment(const RateMatrix& m);
// Each transporter in row order takes its best request, the rates recomputed after every pick
// (the request's predicted amount drops by what is now on its way): what Overmind's live code
// does. A big request can so take two transporters in one tick, a small one never does.
Matching sequential_greedy(RateModel& model);

// The matching a policy makes. `m` must be rate_matrix(model) before any commit.
Matching match(Policy policy, RateModel& model, const RateMatrix& m);

// Pairs (t, r) with positive rate that both prefer each other to what they have (a request
// holding several transporters compares with the worst of them). 0 for a stable matching.
int blocking_pairs(const RateMatrix& m, const Matching& matching);

}   // namespace pb::logistics
