// Lua teams through the real binary (docs/lua-teams.md): separate processes (each with its own
// address layout, so Lua seeds its string hashing differently) play a Lua team's scenario to the
// same hash and JSON; run --json shows the script, its faults and its memory.
#include <doctest/doctest.h>

#include <fstream>

#include "app_support.hpp"

TEST_CASE("lua teams: two processes play a Lua team's match to the same state; run --json shows its script") {
    const std::string args = "run " + source_path("scenarios/podball-lua-passer.toml") + " --ticks 3000 --json";
    const ProcessResult a = run_playbench(args), b = run_playbench(args);
    REQUIRE(a.exit_code == 0);
    REQUIRE(b.exit_code == 0);
    CHECK(a.out == b.out);
    INFO(a.out);
    CHECK(a.out.find("\"script\"") != std::string::npos);
    CHECK(a.out.find("\"file\": \"../examples/lua/passer.lua\"") != std::string::npos);
    CHECK(a.out.find("\"passes\"") != std::string::npos);   // its memory

    // A fault with the script's file and line, counted, while the match goes on.
    const std::string dir = temp_path("lua-cli");
    std::ofstream(dir + "-team.lua") << "function play(world, memory, actions)\n  actions[1] = world.nothing.x\nend\n";
    std::ofstream(dir + ".toml") << "lab = \"podball\"\n[team0]\nmodule = \"lua:" << dir
                                 << "-team.lua\"\npods = 2\n[team1]\nmodule = \"chaser\"\npods = 2\n";
    const ProcessResult c = run_playbench("run " + dir + ".toml --ticks 500 --json");
    CHECK(c.exit_code == 0);
    INFO(c.out);
    CHECK(c.out.find("-team.lua:2: attempt to index a nil value (field 'nothing')") != std::string::npos);
    CHECK(c.out.find("\"first_tick\": 0") != std::string::npos);   // from the first call on
}
