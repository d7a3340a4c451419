// fuzz/command.dict keeps up with the commands: every lab's name (the input's first line), every
// command each lab registers (command_specs, undo's own included) and every argument name, as
// `"name="`, so the command fuzzer splices real commands instead of guessing them byte by byte.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <string>

#include "engine/core/lab.hpp"

using namespace pb;

TEST_CASE("fuzz/command.dict lists every lab, every registered command and every argument name") {
    std::ifstream in(std::string(PLAYBENCH_SOURCE_DIR) + "/fuzz/command.dict");
    REQUIRE(in);
    std::set<std::string> entries;
    for (std::string line; std::getline(in, line);)
        if (line.size() >= 2 && line.front() == '"' && line.back() == '"')
            entries.insert(line.substr(1, line.size() - 2));
    const auto listed = [&](const std::string& entry) {
        CAPTURE(entry);
        CHECK_MESSAGE(entries.count(entry) == 1, "add \"" << entry << "\" to fuzz/command.dict");
    };
    std::size_t commands = 0;
    for (const LabInfo* lab : all_labs()) {
        listed(lab->name);
        for (const CommandSpec& spec : command_specs(*lab)) {
            ++commands;
            listed(spec.type);
            for (const ArgSpec& arg : spec.args) listed(arg.name + "=");
        }
    }
    CHECK(commands > 40);
    // Undo's commands among them (the dictionary once knew none).
    for (const char* undo :
         {"rgs.unplace", "rgs.restore", "tower.unplace", "tower.restore", "target.unplace", "target.restore",
          "transporter.unplace", "transporter.restore", "player.insert", "equipment.insert", "room.unadd",
          "mode.restore", "pod.restore", "ball.restore", "effect.undefine", "interaction.restore", "corridor.insert"})
        CHECK(entries.count(undo) == 1);
}
