// What `playbench run` adds for a Podball world (LabInfo::run_json, run_text): each team module's
// log and, in text, the modules that failed (docs/team-modules.md).
#include <ostream>
#include <string>

#include "engine/core/json.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {

// What each team's module printed (an isolated library module's stdout and stderr, never
// Playbench's own output).
void write_run_json(const World& world, JsonWriter& j) {
    const auto& w = dynamic_cast<const PodballWorld&>(world);
    j.key("module_logs").begin_array();
    for (int t = 0; t < 2; ++t) {
        const ModuleLog log = w.team_module(t).log();
        j.begin_object()
            .field("team", t)
            .field("text", log.text)
            .field("dropped_bytes", log.dropped_bytes)
            .end_object();
    }
    j.end_array();
}

// Team modules that failed: the whole reason, as `match` prints it.
void write_run_text(const World& world, std::ostream& out) {
    const auto& w = dynamic_cast<const PodballWorld&>(world);
    for (int t = 0; t < 2; ++t) {
        const ModuleHealth& h = w.module_health(t);
        if (!h.load_error.empty()) out << "team " << t << "'s module did not start: " << h.load_error << "\n";
        if (h.faults > 0)
            out << "team " << t << "'s module: " << h.faults << (h.faults == 1 ? " fault" : " faults")
                << ", last at tick " << h.last_fault_tick << ": " << h.last_fault << "\n";
        if (const ModuleLog log = w.team_module(t).log(); !log.text.empty() || log.dropped_bytes > 0)
            out << "team " << t << "'s module printed " << log.text.size() << " bytes to its log"
                << (log.dropped_bytes > 0 ? " (" + std::to_string(log.dropped_bytes) + " more dropped)" : "")
                << ": run --json shows it (module_logs)\n";
    }
}

}   // namespace pb::podball
