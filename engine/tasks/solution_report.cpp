#include "engine/tasks/solution_report.hpp"

#include <iomanip>
#include <ostream>

namespace pb::tasks {
namespace {

void write_rooms(JsonWriter& out, std::span<const int> rooms) {
    out.begin_array();
    for (int r : rooms) out.value(r);
    out.end_array();
}

std::string route_text(const std::vector<int>& rooms) {
    std::string out;
    for (std::size_t i = 0; i < rooms.size(); ++i) out += (i ? ", " : "") + std::to_string(rooms[i]);
    return out;
}

std::string players_word(int k) { return std::to_string(k) + (k == 1 ? " player" : " players"); }

}   // namespace

void write_solution_json(JsonWriter& out, const TaskSolution& s) {
    out.begin_object();
    out.key("pairs").begin_array();
    for (const PairFront& pair : s.pairs) {
        out.begin_object().field("player", pair.player + 1).field("equipment", pair.equipment + 1);
        out.key("options").begin_array();
        for (const PairOption& o : s.pair_options(pair.player, pair.equipment)) {
            out.begin_object().field("time", o.time).field("damage", o.damage);
            out.key("route_to_equipment");
            write_rooms(out, s.route(o.to_equipment));
            out.key("route_to_event");
            write_rooms(out, s.route(o.to_event));
            out.end_object();
        }
        out.end_array().end_object();
    }
    out.end_array();
    out.key("per_k").begin_array();
    for (int k = 1; k <= s.k_max; ++k) {
        out.begin_object().field("k", k).key("solutions").begin_array();
        for (const TeamPoint& point : s.teams.points) {
            if (point.k != k) continue;
            // One entry per team, as Table 3 of the Toward the Stars paper
            // (docs/labs/tasks.md#sources) lists (a) and (b) for one point.
            for (int i = 0; i < point.assignment_count; ++i) {
                out.begin_object().field("time", point.time).field("damage", point.damage);
                if (point.more_ties) out.field("more_tied_teams", true);
                out.key("assignment").begin_array();
                for (const Pick& pick : s.assignment(point, i)) {
                    const PairOption& o = s.pair_options(pick.player, pick.equipment)[pick.option];
                    out.begin_object().field("player", pick.player + 1).field("equipment", pick.equipment + 1);
                    out.field("time", pick.time).field("damage", pick.damage);
                    out.key("route");
                    const std::vector<int> route = s.full_route(o);
                    write_rooms(out, route);
                    out.end_object();
                }
                out.end_array().end_object();
            }
        }
        out.end_array().end_object();
    }
    out.end_array();
    out.key("efficient").begin_array();
    for (int i : s.efficient) {
        const TeamPoint& p = s.teams.points[i];
        out.begin_object().field("k", p.k).field("time", p.time).field("damage", p.damage).end_object();
    }
    out.end_array();
    out.end_object();
}

void write_solution_text(std::ostream& out, const TaskSolution& s, const std::vector<std::string>& notes) {
    for (const std::string& n : notes) out << "note: " << n << "\n";
    out << "Pair options (travel only: time, damage, route player -> equipment -> event)\n";
    for (const PairFront& pair : s.pairs) {
        out << "  player " << pair.player + 1 << ", tool " << pair.equipment + 1 << ":";
        const auto options = s.pair_options(pair.player, pair.equipment);
        if (options.empty()) out << " no option within T and D";
        out << "\n";
        for (const PairOption& o : options)
            out << "    " << std::setw(5) << o.time << " " << std::setw(4) << o.damage << "   "
                << route_text(s.full_route(o)) << "\n";
    }
    for (int k = 1; k <= s.k_max; ++k) {
        out << "\nW^" << k << " (" << players_word(k) << ")";
        bool any = false;
        for (const TeamPoint& point : s.teams.points) {
            if (point.k != k) continue;
            any = true;
            for (int i = 0; i < point.assignment_count; ++i) {
                out << "\n  Time = " << point.time << ", Damage = " << point.damage << "\n";
                out << "    Player  Tool   Time  Damage  Route\n";
                for (const Pick& pick : s.assignment(point, i)) {
                    const PairOption& o = s.pair_options(pick.player, pick.equipment)[pick.option];
                    out << "    " << std::setw(6) << pick.player + 1 << std::setw(6) << pick.equipment + 1
                        << std::setw(7) << pick.time << std::setw(8) << pick.damage << "  "
                        << route_text(s.full_route(o)) << "\n";
                }
            }
            if (point.more_ties) out << "  (more teams tie at this point; raise tasks.report.max_ties to list them)\n";
        }
        if (!any) out << ": no team within T and D\n";
    }
    out << "\nEfficient across k:\n";
    if (s.efficient.empty()) out << "  none\n";
    for (int i : s.efficient) {
        const TeamPoint& p = s.teams.points[i];
        out << "  " << players_word(p.k) << ": time " << p.time << ", damage " << p.damage << "\n";
    }
}

std::string solution_summary(const TaskSolution& s) {
    std::string out = "K=" + std::to_string(s.k_max) + "  efficient:";
    if (s.efficient.empty()) return out + " none within T and D";
    for (std::size_t i = 0; i < s.efficient.size(); ++i) {
        const TeamPoint& p = s.teams.points[s.efficient[i]];
        out += (i ? ", " : " ") + players_word(p.k) + " " + std::to_string(p.time) + " t / " +
               std::to_string(p.damage) + " dmg";
    }
    return out;
}

}   // namespace pb::tasks
