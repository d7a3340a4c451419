// The generated reference pages (docs/reference/): `playbench params --markdown` and
// `playbench help --markdown` print every parameter and every verb from the program's own tables
// and declarations, and the committed pages must be exactly what this build prints, so a
// parameter or an option changed without `make docs-reference` fails here (the message says so).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app_support.hpp"
#include "engine/core/lab.hpp"

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// Empty when `committed` equals `generated`, else where they first differ and how to fix it.
std::string difference(const std::string& page, const std::string& command, const std::string& committed,
                       const std::string& generated) {
    if (committed == generated) return {};
    const std::vector<std::string> a = lines_of(committed), b = lines_of(generated);
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    std::ostringstream why;
    why << page << " differs from what `" << command << "` prints (" << a.size() << " lines committed, " << b.size()
        << " generated); first difference at line " << i + 1
        << ":\n  committed: " << (i < a.size() ? a[i] : "(end of file)")
        << "\n  generated: " << (i < b.size() ? b[i] : "(end of output)")
        << "\nThe page is generated, never edited by hand: run `make docs-reference` (or `" << command << " > " << page
        << "` with this build) and commit the result.";
    return why.str();
}

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// Runs `playbench ARGS` and checks that the committed `page` is what it prints.
void check_generated_page(const std::string& page, const std::string& args) {
    const auto r = run_playbench(args);
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    const std::string why = difference(page, "playbench " + args, read_text(source_path(page)), r.out);
    CHECK_MESSAGE(why.empty(), why);
}

}   // namespace

TEST_CASE("docs reference: docs/reference/params.md is what `playbench params --markdown` prints") {
    check_generated_page("docs/reference/params.md", "params --markdown");
}

TEST_CASE("docs reference: docs/reference/verbs.md is what `playbench help --markdown` prints") {
    check_generated_page("docs/reference/verbs.md", "help --markdown");
}

TEST_CASE("params --markdown: every lab and section, every parameter's row from its table") {
    const auto r = run_playbench("params --markdown");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    const std::string& md = r.out;
    std::size_t rows = 0;
    for (const pb::LabInfo* lab : pb::all_labs()) {
        CAPTURE(lab->name);
        CHECK(contains(md, "\n## " + lab->name + "\n"));
        for (const std::string& section : lab->params->sections()) CHECK(contains(md, "\n### " + section + "\n"));
        for (const pb::ParamDef& d : lab->params->defs()) {
            CAPTURE(d.key);
            CHECK(contains(md, "| `" + d.key + "` | "));
            ++rows;
        }
    }
    // One table row per parameter, no more (the header rows name "key").
    std::size_t table_rows = 0;
    for (const std::string& line : lines_of(md))
        if (line.rfind("| `", 0) == 0) ++table_rows;
    CHECK(table_rows == rows);
    CHECK(rows > 50);
    // A real number with its range, unit and log slider; a switch; an enumerated parameter by name.
    CHECK(contains(md,
                   "| `podball.ball.friction` | Ball friction | 0.02 | 0.0005 .. 0.05 (log slider) | "
                   "pod masses/tick | "));
    CHECK(contains(md, "| `logistics.distance.true_paths` | True path lengths | false | true or false |  | "));
    CHECK(contains(md,
                   "| `logistics.matching.policy` | Matching policy | 0 (`stable_transporters`) | "
                   "`stable_transporters` (0): Stable (transporters propose)<br>`stable_requests` (1): "));
    CHECK(contains(md, "`optimal` (3): Optimal (max total rate)"));
    // Markdown in descriptions is escaped outside code: "mass*widths" is not emphasis.
    CHECK(contains(md, "pod mass\\*widths/tick^2"));

    SUBCASE("one lab") {
        const auto rgs = run_playbench("params rgs --markdown");
        REQUIRE_MESSAGE(rgs.exit_code == 0, rgs.err);
        CHECK(contains(rgs.out, "\n## rgs\n"));
        CHECK(contains(rgs.out, "| `rgs.economy.half_life` | "));
        CHECK_FALSE(contains(rgs.out, "## podball"));
        CHECK_FALSE(contains(rgs.out, "podball.ball.friction"));
    }
    SUBCASE("an unknown lab is refused with the allowed names") {
        const auto bad = run_playbench("params rgss --markdown");
        CHECK(bad.exit_code == 2);
        CHECK(contains(bad.err, "unknown lab 'rgss' (did you mean rgs?)"));
        CHECK(bad.out.empty());
    }
}

TEST_CASE("help --markdown: every verb and option --help shows, nothing hidden; help alone is --help") {
    const auto r = run_playbench("help --markdown");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    const std::string& md = r.out;
    for (const char* verb :
         {"## playbench\n", "## playbench run\n", "## playbench match\n", "## playbench render\n",
          "## playbench solve\n", "## playbench params\n", "## playbench replay\n", "## playbench replay record\n",
          "## playbench replay verify\n", "## playbench replay info\n", "## playbench replay export\n",
          "## playbench compare\n", "## playbench sweep\n", "## playbench sweep run\n", "## playbench sweep merge\n",
          "## playbench sweep status\n", "## playbench sweep report\n", "## playbench bench\n", "## playbench help\n"})
        CHECK_MESSAGE(contains(md, verb), verb);
    // Options with what they take, as CLI11 declares them, and required ones marked.
    CHECK(contains(md, "| `--ticks` | `INT:INT in [0 - 1000000000]` | Ticks to simulate (default 3600) |"));
    CHECK(contains(md, "| `SCENARIO` (required) | `TEXT:FILE` | Scenario file (.toml) |"));
    CHECK(contains(md, "| `--out` (required) | `TEXT` | "));
    CHECK(contains(md, "| `--allow-modules` |  | "));
    CHECK(contains(md, "    playbench replay verify REPLAY [OPTIONS]\n"));
    CHECK(contains(md, "    playbench sweep VERB\n"));
    // Hidden from --help, hidden here: the icon verb and the tests' sweep cap.
    CHECK_FALSE(contains(md, "## playbench icon"));
    CHECK_FALSE(contains(md, "--test-cap-ticks"));
    // The per-verb -h/--help is said once, not listed in every table.
    CHECK_FALSE(contains(md, "| `-h,--help` |"));

    const auto plain = run_playbench("help");
    const auto dashed = run_playbench("--help");
    CHECK(plain.exit_code == 0);
    CHECK(plain.out == dashed.out);
    CHECK(contains(plain.out, "playbench help [--markdown]"));
}

TEST_CASE("out of memory names the docs' Limits section, and that section exists") {
#ifdef PLAYBENCH_SANITIZED
    MESSAGE("skipped under the sanitizers: ASan cannot start under ulimit -v");
    return;
#endif
    // 250 transporters serving 1,000 targets on a 256 x 256 map, whose distance fields take 256 KB
    // each: within every limit (about 90 MB by tick 3), so under a 60 MB address-space limit an
    // allocation fails and main reports it.
    const std::string path = temp_path("docs-oom.toml");
    {
        std::ofstream f(path);
        f << "lab = \"logistics\"\n[map]\nsize = [256, 256]\n"
             "[generate]\ntransporters = 250\nextensions = 500\nmining = 500\n";
    }
    const ProcessResult r = run_playbench("run '" + path + "' --ticks 5", "ulimit -v 60000; timeout 60");
    CHECK(r.exit_code == 1);
    CHECK_MESSAGE(contains(r.err, "docs/scenario-files.md#limits gives the memory each limit allows"), r.err);
    // The page has the heading the anchor names, and its table gives the memory per limit.
    const std::string page = read_text(source_path("docs/scenario-files.md"));
    CHECK(contains(page, "\n## Limits\n"));
    CHECK(contains(page, "under 400 MB in all"));
}
