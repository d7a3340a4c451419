// What the view and `run --json` show beside the simulation: the matching each policy would make
// now, and one transporter's ranked preferences. Read-only: nothing here changes the world.
#include <algorithm>

#include "engine/logistics/world.hpp"

namespace pb::logistics {

MatchingReport LogisticsWorld::analyse(Policy policy, bool everyone) const {
    MatchingReport rep;
    if (everyone) {
        for (const Transporter& t : transporters_)
            if (!t.removed) rep.transporters.push_back(t.id);
    } else {
        rep.transporters = idle_transporters();
    }
    rep.requests = requests();
    const Colony col = colony();
    RateModel model(col, rep.requests, rep.transporters);
    rep.rates = rate_matrix(model);
    rep.matching = match(policy, model, rep.rates);
    rep.blocking = blocking_pairs(rep.rates, rep.matching);
    return rep;
}

std::vector<LogisticsWorld::Preference> LogisticsWorld::preferences(int transporter_id) const {
    std::vector<Preference> out;
    if (!find_transporter(transporter_id)) return out;
    const std::vector<Request> reqs = requests();
    const Colony col = colony();
    const RateModel model(col, reqs, {transporter_id});
    for (int c = 0; c < model.request_count(); ++c) {
        Preference p;
        p.request = reqs[c];
        p.amount = model.predicted_amount(0, c);
        p.best = model.best(0, c, &p.choices);
        out.push_back(std::move(p));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Preference& a, const Preference& b) { return a.best.score > b.best.score; });
    return out;
}

}   // namespace pb::logistics
