#include "engine/core/suggest.hpp"

#include <algorithm>
#include <cctype>

namespace pb {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

std::string_view last_part(std::string_view key) {
    auto dot = key.rfind('.');
    return dot == std::string_view::npos ? key : key.substr(dot + 1);
}

}   // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t up = row[j];
            std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + cost});
            diag = up;
        }
    }
    return row[b.size()];
}

std::optional<std::string> closest_name(std::string_view typed, const std::vector<std::string>& known) {
    if (typed.empty() || known.empty() || typed.size() > kMaxSuggestTypedBytes) return std::nullopt;
    const std::size_t limit = std::clamp<std::size_t>(typed.size() / 3, 1, 3);
    const std::string* best = nullptr;
    std::size_t best_d = limit + 1;
    for (const std::string& k : known) {
        // The distance is at least the difference in length: skip a name that cannot be close.
        if ((k.size() > typed.size() ? k.size() - typed.size() : typed.size() - k.size()) > limit) continue;
        std::size_t d = edit_distance(typed, k);
        if (d < best_d) {
            best_d = d;
            best = &k;
        }
    }
    if (best && best_d > 0) return *best;
    if (best) return std::nullopt;   // an exact match is not a suggestion
    // A dotted key whose last part is right but whose section is wrong (podball.ball.thrust).
    if (typed.find('.') != std::string_view::npos) {
        std::string_view tail = last_part(typed);
        const std::string* by_tail = nullptr;
        std::size_t by_tail_d = 0;
        for (const std::string& k : known) {
            if (last_part(k) != tail) continue;
            std::size_t d = edit_distance(typed, k);
            if (!by_tail || d < by_tail_d) {
                by_tail = &k;
                by_tail_d = d;
            }
        }
        if (by_tail) return *by_tail;
    }
    return std::nullopt;
}

std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known) {
    auto s = closest_name(typed, known);
    return s ? " (did you mean " + *s + "?)" : std::string();
}

}   // namespace pb
