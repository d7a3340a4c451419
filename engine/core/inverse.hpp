// Undo as commands: the inverse of a designer's edit, computed from the world BEFORE the edit is
// applied (param.set -> the old value; a move -> the move back; a place -> the removal of the
// new id; ...). The shell's edit history (ui/edit_history.hpp) submits the inverse as ordinary
// commands stamped at the tick of the undo, so a recording with undos replays and verifies like
// any other. Each lab computes the inverses of its own commands (engine/<lab>/inverse.cpp,
// registered as LabInfo::inverse); inverse_of() (engine/core/inverse.cpp) asks the world's lab.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/core/command.hpp"
#include "engine/core/world.hpp"

namespace pb {

struct Inverse {
    std::string name;                   // what the edit did, for menus: "move RGS 3"
    std::vector<Command> commands;      // applied in this order, they undo the edit
    std::vector<std::string> changes;   // what it changes, old -> new: "x 120 -> 340"
    // Why this edit cannot be undone by commands (ids that would not come back, ...): the
    // history then keeps it without an undo and says so.
    std::optional<std::string> refused;
};

// The inverse of `c` applied to `before` (the world as it is before `c`). Never throws; a
// command whose lab has no inverse for it comes back refused with the reason.
Inverse inverse_of(const World& before, const Command& c);

// The core's part: param.set (every lab), and the fallback for a kind without an inverse.
Inverse param_set_inverse(const World& before, const Command& c);
Inverse no_inverse(const Command& c, std::string why);

// "x 1.5 -> 2" for a number that changes.
std::string change_text(std::string_view what, double from, double to);

}   // namespace pb
