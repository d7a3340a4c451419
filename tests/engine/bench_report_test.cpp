// The one way every lab's benchmark prints a measurement (engine/core/bench_timing.hpp): median,
// best, target and whether it is met, in the unit asked for, lab names in one column.
#include <doctest/doctest.h>

#include <sstream>

#include "engine/core/bench_timing.hpp"

using namespace pb;

TEST_CASE("bench report: a time against its target, in the unit asked for") {
    std::ostringstream out;
    report_time(out, "rgs", "heat map", Timing{0.0045, 0.004}, kMilliseconds, 8e-3);
    report_time(out, "rgs", "heat map", Timing{0.0095, 0.009}, kMilliseconds, 8e-3, "a note");
    report_time(out, "effects", "one hit", Timing{46.5e-9, 46e-9}, kNanoseconds);
    std::istringstream lines(out.str());
    std::string met, missed, none;
    std::getline(lines, met);
    std::getline(lines, missed);
    std::getline(lines, none);
    CHECK(met.rfind("rgs        heat map ", 0) == 0);   // the lab in a column of 9, then two spaces
    CHECK(met.find("    4.500 ms (best 4.000)  target < 8 ms: met") != std::string::npos);
    CHECK(missed.find("    9.500 ms (best 9.000)  target < 8 ms: NOT MET  a note") != std::string::npos);
    CHECK(none.rfind("effects    one hit", 0) == 0);
    CHECK(none.find("   46.500 ns (best 46.000)  (no target)") != std::string::npos);
    // The numbers start in the same column whatever the lab and the text.
    CHECK(met.find("4.500") == none.find("46.500") + 1);
}

TEST_CASE("bench report: a rate (higher is better) and a line of context") {
    std::ostringstream out;
    report_rate(out, "podball", "5v5", 2.5e6, 2.6e6, "ticks/s", 2e6);
    report_rate(out, "logistics", "colony", 4000.0, 4100.0, "ticks/s", 5000.0);
    report_line(out, "tasks", "context");
    const std::string text = out.str();
    CHECK(text.find("  2500000 ticks/s (best 2600000)  target >= 2000000 ticks/s: met\n") != std::string::npos);
    CHECK(text.find("     4000 ticks/s (best 4100)  target >= 5000 ticks/s: NOT MET\n") != std::string::npos);
    CHECK(text.find("\ntasks      context\n") != std::string::npos);
}
