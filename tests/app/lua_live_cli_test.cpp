// A Lua team's tunables through the real binary (docs/lua-teams.md#tunables-are-parameters):
// --set podball.team0.script.NAME on run and compare's --b, with the range and did-you-mean
// messages of every other key, and as a sweep's [[vary]] key.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "app_support.hpp"

namespace {

const std::string kStriker = source_path("scenarios/podball-lua-striker.toml");

std::size_t lines_of(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}   // namespace

TEST_CASE(
    "lua tunables: --set podball.team0.script.NAME plays the value; out of range or misspelt is one line, exit 2") {
    const std::string run = "run " + kStriker + " --ticks 4000 --json";
    const ProcessResult plain = run_playbench(run);
    const ProcessResult tuned = run_playbench(run + " --set podball.team0.script.shoot_range=2");
    REQUIRE_MESSAGE(plain.exit_code == 0, plain.err);
    REQUIRE_MESSAGE(tuned.exit_code == 0, tuned.err);
    CHECK(plain.out != tuned.out);   // the striker shoots from anywhere: another match
    const ProcessResult at_default = run_playbench(run + " --set podball.team0.script.shoot_range=0.35");
    CHECK(at_default.out == plain.out);

    const ProcessResult high = run_playbench(run + " --set podball.team0.script.shoot_range=3");
    CHECK(high.exit_code == 2);
    CHECK(lines_of(high.err) == 1);
    CHECK(high.err.find("podball.team0.script.shoot_range") != std::string::npos);
    CHECK(high.err.find("0.02 .. 2") != std::string::npos);

    const ProcessResult misspelt = run_playbench(run + " --set podball.team0.script.shoot_rnage=1");
    CHECK(misspelt.exit_code == 2);
    CHECK(lines_of(misspelt.err) == 1);
    CHECK(misspelt.err.find("unknown parameter 'podball.team0.script.shoot_rnage' (did you mean "
                            "podball.team0.script.shoot_range?)") != std::string::npos);

    // Team 1 plays the built-in chaser: it has no script, so no such key.
    const ProcessResult other = run_playbench(run + " --set podball.team1.script.shoot_range=1");
    CHECK(other.exit_code == 2);
    CHECK(other.err.find("unknown parameter 'podball.team1.script.shoot_range'") != std::string::npos);
}

TEST_CASE("lua tunables: compare's --b and a sweep's [[vary]] take a script's key") {
    const ProcessResult cmp =
        run_playbench("compare " + kStriker + " --b podball.team0.script.pass_after=5000 --seeds 2 --ticks 3000");
    REQUIRE_MESSAGE(cmp.exit_code == 0, cmp.err);
    CHECK(cmp.out.find("podball.team0.script.pass_after: A 60, B 5000") != std::string::npos);

    const std::string out = temp_path("lua-tunable-sweep");
    std::filesystem::remove_all(out);
    const std::string sweep = temp_path("lua-tunable-sweep.toml");
    std::ofstream(sweep) << "scenario = \"" << kStriker << "\"\nseeds = 1\nticks = 2000\n"
                         << "results = [\"metrics.score[0]\", \"state.ball.pos[0]\"]\n"
                         << "[[vary]]\nkey = \"podball.team0.script.shoot_range\"\nvalues = [0.1, 2.0]\n";
    ProcessResult r = run_playbench("sweep run '" + sweep + "' --out '" + out + "' --threads 1");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    r = run_playbench("sweep merge '" + out + "'");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    const std::string csv = read_text(out + "/results.csv");
    INFO(csv);
    CHECK(csv.rfind("run,point,seed,ticks,podball.team0.script.shoot_range,metrics.score[0],state.ball.pos[0]\n", 0) ==
          0);
    // The two points played differently: the ball ends elsewhere.
    const auto first = csv.find("\n0,0,"), second = csv.find("\n1,1,");
    REQUIRE(first != std::string::npos);
    REQUIRE(second != std::string::npos);
    const std::string row0 = csv.substr(csv.find(',', first + 9) + 1);
    const std::string row1 = csv.substr(csv.find(',', second + 9) + 1);
    CHECK(row0.substr(0, row0.find('\n')) != row1.substr(0, row1.find('\n')));

    // A misspelt script key in a sweep is the scenario's did-you-mean.
    std::ofstream(sweep) << "scenario = \"" << kStriker << "\"\nseeds = 1\nticks = 100\n"
                         << "[[vary]]\nkey = \"podball.team0.script.shoot_rang\"\nvalues = [0.1]\n";
    r = run_playbench("sweep run '" + sweep + "' --out '" + out + "-bad' --threads 1");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("did you mean podball.team0.script.shoot_range?") != std::string::npos);
}

TEST_CASE("lua tunables: `params SCENARIO` lists the scenario's table with its scripts' tunables and set values") {
    const ProcessResult r = run_playbench("params " + kStriker);
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    // The lab's rows, then the script's section, each tunable with default, range, unit and label.
    CHECK(r.out.find("podball.ball.friction") != std::string::npos);
    CHECK(r.out.find("[podball.team0.script]") != std::string::npos);
    const auto row = r.out.find("podball.team0.script.shoot_range");
    REQUIRE(row != std::string::npos);
    const std::string line = r.out.substr(row, r.out.find('\n', r.out.find('\n', row) + 1) - row);
    CHECK(line.find("default 0.35") != std::string::npos);
    CHECK(line.find("range 0.02 .. 2") != std::string::npos);
    CHECK(line.find("(arena widths)") != std::string::npos);
    CHECK(line.find("Shoot range: team 0's script ") != std::string::npos);
    CHECK(r.out.find("podball.team0.script.pass_after") != std::string::npos);
    CHECK(r.out.find("from its scripts") != std::string::npos);

    // A value the file sets is shown beside the default.
    const std::string dir = temp_path("params-scenario");
    std::filesystem::create_directories(dir);
    const std::string tuned = dir + "/tuned.toml";
    {
        std::ofstream out(tuned);
        out << "lab = \"podball\"\ntitle = \"Tuned striker\"\n[params]\npodball.team0.script.shoot_range = 1.5\n"
               "[team0]\nmodule = \"lua:"
            << source_path("examples/lua/striker.lua") << "\"\n";
    }
    const ProcessResult t = run_playbench("params " + tuned);
    REQUIRE_MESSAGE(t.exit_code == 0, t.err);
    const auto at = t.out.find("podball.team0.script.shoot_range");
    REQUIRE(at != std::string::npos);
    CHECK(t.out.substr(at, t.out.find('\n', at) - at).find("set to 1.5") != std::string::npos);

    // The lab's table (and its Markdown for the reference) has no script rows; a missing file says so.
    const ProcessResult lab = run_playbench("params podball");
    CHECK(lab.out.find("podball.team0.script") == std::string::npos);
    const ProcessResult missing = run_playbench("params " + dir + "/missing.toml");
    CHECK(missing.exit_code == 2);
    CHECK(missing.err.find("missing.toml") != std::string::npos);
}
