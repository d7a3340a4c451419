// The one table of tunable parameters (docs/architecture.md#one-table-of-parameters).
// Each ParamDef is declared once, by its lab; sliders, scenario keys, --set and replayed
// parameter edits are all driven from it. Keys read `lab.section.name`.
#pragma once
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb {

enum class ParamType { Real, Integer, Boolean };

// One named value of an enumerated (Integer) parameter: value min+i is choices[i].
// `name` is what --set and scenario files accept besides the number ("optimal"); `label` is what
// the drop-down and `playbench params` show ("Optimal (max total rate)").
struct ParamChoice {
    std::string name;
    std::string label;
};

// How a slider maps its travel to the value. Auto: logarithmic for a real parameter whose range
// is above 0 and spans two decades or more (frictions, masses, ranges), else linear.
enum class ParamScale { Auto, Linear, Log };

struct ParamDef {
    std::string key;     // podball.ball.friction
    std::string label;   // "Ball friction"
    std::string unit;    // "force per (length/tick)"
    double min = 0.0;
    double max = 1.0;
    double default_value = 0.0;
    std::string description;   // one line, shown as tooltip and in `playbench params`
    ParamType type = ParamType::Real;
    // Non-empty: an enumerated parameter (type Integer, min 0): value i is choices[i]. Shown as a
    // drop-down of labels; the number stays what files store.
    std::vector<ParamChoice> choices = {};

    bool is_choice() const { return !choices.empty(); }
    // The choice a value names, or nullptr when the value names none.
    const ParamChoice* choice_at(double value) const;
    // The value a typed name means: a choice's name or label (case-insensitive), or nullopt.
    std::optional<double> value_of_choice(std::string_view typed) const;

    ParamScale scale = ParamScale::Auto;

    // False for a limit on how the simulation is run rather than on what it computes (a team
    // module's memory limit): a world's hash leaves it out, so that adding one keeps every hash and
    // replay as it was.
    bool in_state_hash = true;

    // True when the slider is logarithmic (equal travel multiplies the value by the same factor).
    bool log_scale() const {
        if (scale != ParamScale::Auto) return scale == ParamScale::Log && type == ParamType::Real && min > 0.0;
        return type == ParamType::Real && min > 0.0 && max >= min * 100.0;
    }

    std::string_view lab() const;       // "podball"
    std::string_view section() const;   // "podball.ball"
    std::string_view name() const;      // "friction"
};

// Why a value is refused, as a sentence that names the key and the allowed range;
// std::nullopt when the value is allowed.
std::optional<std::string> check_param_value(const ParamDef& def, double value);

// Shortest decimal text that reads back as the same double ("0.0005", "1e-09").
std::string format_number(double v);

// Formats a value as a designer would write it in a scenario (integers without ".0").
std::string format_param_value(const ParamDef& def, double value);
// A value as a designer reads it: the number with its choice's name ("3 (optimal)") for an
// enumerated parameter, else format_param_value with the unit ("200 ticks").
std::string describe_param_value(const ParamDef& def, double value);
// "stable_transporters, stable_requests, ..." for an enumerated parameter, "" otherwise.
std::string choice_names(const ParamDef& def);

class ParamTable {
public:
    // Throws std::logic_error on a malformed table (duplicate key, default out of range):
    // that is a programming error in a lab, caught by the first test that touches the lab.
    explicit ParamTable(std::vector<ParamDef> defs);
    // A scenario's own table: `base`'s rows, then `extra` (rows a scenario's set-up adds, e.g.
    // Podball's script tunables: LabSetup::params). `base` must outlive it (labs' tables are static).
    ParamTable(const ParamTable& base, std::vector<ParamDef> extra);

    // The lab's table this one extends (its first base()->size() rows are base's), or nullptr.
    const ParamTable* base() const { return base_; }
    // This table is `t`, or extends it.
    bool starts_with(const ParamTable& t) const { return this == &t || base_ == &t; }

    std::size_t size() const { return defs_.size(); }
    const ParamDef& operator[](std::size_t i) const { return defs_[i]; }
    const std::vector<ParamDef>& defs() const { return defs_; }
    std::optional<std::size_t> find(std::string_view key) const;
    // Sections in declaration order ("podball.ball", "podball.pod", ...).
    std::vector<std::string> sections() const;
    // Every key, in declaration order (for suggestions).
    std::vector<std::string> keys() const;
    // "unknown parameter 'x' (did you mean 'podball.pod.thrust'?); `playbench params` lists every key"
    std::string unknown_key_message(std::string_view key) const;

private:
    std::vector<ParamDef> defs_;
    const ParamTable* base_ = nullptr;
};

// The current values for one table. Plain values (copyable) so worlds can snapshot them.
class ParamSet {
public:
    ParamSet() = default;
    explicit ParamSet(const ParamTable& table);

    // These values with `extra` rows after them (at their defaults), in a table of their own that
    // the copies of the set share; no extra rows: the set as it is.
    ParamSet with_rows(std::vector<ParamDef> extra) const;

    const ParamTable& table() const { return *table_; }
    std::size_t size() const { return values_.size(); }
    double operator[](std::size_t i) const { return values_[i]; }
    double get(std::string_view key) const;   // throws std::out_of_range for an unknown key
    bool is_default(std::size_t i) const;
    // Sets a value; returns the reason when refused (unknown key or out of range), leaving it as it was.
    std::optional<std::string> set(std::size_t i, double value);
    std::optional<std::string> set(std::string_view key, double value);
    void reset(std::size_t i);
    bool operator==(const ParamSet& o) const { return values_ == o.values_; }

private:
    const ParamTable* table_ = nullptr;
    std::shared_ptr<const ParamTable> owned_;   // table_ when it is a scenario's own (with_rows)
    std::vector<double> values_;
};

// A typed value for one parameter (--set text, a scenario's string value): a number, true/false/on/off,
// or for an enumerated parameter the name or label of a choice. Returns the reason when refused.
std::optional<std::string> parse_param_value(const ParamDef& def, std::string_view text, double& out);

// Parses "key=value" as given to --set; value may be a number, true/false, or a choice's name.
// Returns the reason when the text is malformed, the key unknown or the value out of range.
struct ParamAssignment {
    std::size_t index = 0;
    double value = 0.0;
};
std::optional<std::string> parse_param_assignment(const ParamTable& table, std::string_view text, ParamAssignment& out);

}   // namespace pb
