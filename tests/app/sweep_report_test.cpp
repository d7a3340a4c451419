// `playbench sweep report DIR --out REPORT` on a real (shortened) example sweep: refused before
// merge (exit 2, naming the merge command); after it, one PNG per (result, parameter) and per
// (result, pair of parameters) of the picture's size with a real picture in it, and summary.txt
// whose highest point per result is the one the CSV gives; a half-run sweep reports what is
// there and exits 1, saying what is missing, and one whose logs are ahead of the CSV says so.
#include <doctest/doctest.h>

#include <stb_image.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

#include "app_support.hpp"

namespace fs = std::filesystem;

namespace {

struct Png {
    int w = 0, h = 0;
    std::size_t colours = 0;
};

Png load(const std::string& path) {
    Png img;
    int n = 0;
    unsigned char* data = stbi_load(path.c_str(), &img.w, &img.h, &n, 4);
    if (!data) return img;
    std::set<unsigned> seen;
    for (int i = 0; i < img.w * img.h; i += 7)
        seen.insert(static_cast<unsigned>(data[4 * i]) << 16 | static_cast<unsigned>(data[4 * i + 1]) << 8 |
                    data[4 * i + 2]);
    img.colours = seen.size();
    stbi_image_free(data);
    return img;
}

// The point (run list order) with the highest mean of CSV column `col` over its seeds.
std::size_t best_point(const std::string& csv, std::size_t col) {
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    std::vector<double> sum, cnt;
    while (std::getline(in, line)) {
        std::vector<std::string> c;
        std::istringstream cells(line);
        std::string cell;
        while (std::getline(cells, cell, ',')) c.push_back(cell);
        const std::size_t p = std::stoul(c[1]);
        if (sum.size() <= p) sum.resize(p + 1, 0.0), cnt.resize(p + 1, 0.0);
        sum[p] += std::stod(c[col]);
        cnt[p] += 1.0;
    }
    std::size_t best = 0;
    for (std::size_t p = 1; p < sum.size(); ++p)
        if (sum[p] / cnt[p] > sum[best] / cnt[best]) best = p;
    return best;
}

}   // namespace

TEST_CASE("sweep report: the scoring example's line plots, heat maps and summary; refused before merge") {
    const std::string dir = temp_path("sweep-report"), out = temp_path("sweep-report-out");
    fs::remove_all(dir);
    fs::remove_all(out);
    ProcessResult r = run_playbench("sweep run '" + source_path("sweeps/podball-scoring.toml") + "' --out '" + dir +
                                    "' --threads 2 --shard 0/1 --test-cap-ticks 400");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);

    r = run_playbench("sweep report '" + dir + "' --out '" + out + "'");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("was not merged") != std::string::npos);
    CHECK(r.err.find("playbench sweep merge " + dir) != std::string::npos);

    REQUIRE(run_playbench("sweep merge '" + dir + "'").exit_code == 0);
    r = run_playbench("sweep report '" + dir + "' --out '" + out + "'");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.out.find("wrote 18 pictures") != std::string::npos);   // 6 results x (2 parameters + 1 pair)

    std::size_t lines = 0, heats = 0;
    for (const auto& e : fs::directory_iterator(out)) {
        const std::string name = e.path().filename().string();
        if (e.path().extension() != ".png") continue;
        lines += name.rfind("line-", 0) == 0;
        heats += name.rfind("heat-", 0) == 0;
        const Png img = load(e.path().string());
        CHECK_MESSAGE(img.w == 1000, name);
        CHECK_MESSAGE(img.h == 640, name);
        CHECK_MESSAGE(img.colours > 20, name);   // text, lines, cells: not one flat colour
    }
    CHECK(lines == 12);
    CHECK(heats == 6);
    CHECK(fs::exists(out + "/line-metrics.score_0--podball.ball.friction.png"));
    CHECK(fs::exists(out + "/heat-metrics.score_0--podball.ball.shoot_force--podball.ball.friction.png"));
    // The heat map has more colours than a line plot: its cells run through the colour scale.
    CHECK(load(out + "/heat-metrics.teams_0_.shots--podball.ball.shoot_force--podball.ball.friction.png").colours > 40);

    const std::string summary = read_text(out + "/summary.txt");
    const std::string csv = read_text(dir + "/results.csv");
    // Columns: run, point, seed, ticks, shoot_force, friction, score[0], score[1], shots[0], ...
    const std::vector<std::pair<std::string, std::size_t>> results = {{"metrics.score[0]", 6},
                                                                      {"metrics.teams[0].shots", 8}};
    for (const auto& result : results) {
        // Not a structured binding: Clang 14 cannot capture one in doctest's message lambdas.
        const std::string& name = result.first;
        const std::size_t col = result.second;
        // A result's heading is its label and unit, with the CSV column's key in brackets.
        const std::size_t at = summary.find(" (" + name + ")\n");
        REQUIRE_MESSAGE(at != std::string::npos, name);
        const std::size_t best = best_point(csv, col);
        CHECK_MESSAGE(
            summary.find("highest mean: point " + std::to_string(best) + " (", at) == summary.find("highest mean", at),
            name);
    }
    // Parameters in the lab's words and units, not as keys.
    CHECK(summary.find("Ball friction = ") != std::string::npos);
    CHECK(summary.find(" pod masses/tick") != std::string::npos);
    CHECK(summary.find("podball.ball.friction =") == std::string::npos);
}

TEST_CASE("sweep report: half a sweep is reported, exit 1 naming what is missing") {
    const std::string dir = temp_path("sweep-report-half"), out = temp_path("sweep-report-half-out");
    fs::remove_all(dir);
    fs::remove_all(out);
    ProcessResult r = run_playbench("sweep run '" + source_path("sweeps/podball-scoring.toml") + "' --out '" + dir +
                                    "' --threads 2 --shard 0/2 --test-cap-ticks 300");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(run_playbench("sweep merge '" + dir + "'").exit_code == 1);
    r = run_playbench("sweep report '" + dir + "' --out '" + out + "'");
    CHECK(r.exit_code == 1);
    // The scoring example: 5 x 7 points x 20 seeds = 700 runs; shard 0/2 runs the even run keys.
    CHECK(r.err.find("350 of 700 runs missing") != std::string::npos);
    CHECK(r.err.find("(10 of 20 seeds)") != std::string::npos);
    CHECK(fs::exists(out + "/heat-metrics.score_0--podball.ball.shoot_force--podball.ball.friction.png"));
    CHECK(read_text(out + "/summary.txt").find("INCOMPLETE: 350 runs missing") != std::string::npos);

    // The other half run but not merged: the report says the CSV is behind the logs.
    r = run_playbench("sweep run '" + source_path("sweeps/podball-scoring.toml") + "' --out '" + dir +
                      "' --threads 2 --shard 1/2 --test-cap-ticks 300");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    r = run_playbench("sweep report '" + dir + "' --out '" + out + "'");
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("350 runs finished after") != std::string::npos);
    REQUIRE(run_playbench("sweep merge '" + dir + "'").exit_code == 0);
    r = run_playbench("sweep report '" + dir + "' --out '" + out + "'");
    CHECK_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.err.empty());
    CHECK(read_text(out + "/summary.txt").find("INCOMPLETE") == std::string::npos);
}

TEST_CASE(
    "sweep report: a hand-edited results.csv: bad keys refused with file:line and column, unplottable values left "
    "out") {
    const std::string dir = temp_path("sweep-report-edited"), out = temp_path("sweep-report-edited-out");
    fs::remove_all(dir);
    fs::remove_all(out);
    const std::string sweep = temp_path("sweep-report-edited.toml");
    {
        std::ofstream f(sweep);
        f << "scenario = \"" << source_path("scenarios/podball-default.toml") << "\"\nseeds = 2\nticks = 300\n"
          << "results = [\"metrics.score[0]\", \"state.ball.pos[0]\"]\n"
          << "[[vary]]\nkey = \"podball.ball.friction\"\nvalues = [0.01, 0.02]\n"
          << "[[vary]]\nkey = \"podball.ball.shoot_force\"\nvalues = [0.002, 0.004]\n";
    }
    REQUIRE(run_playbench("sweep run '" + sweep + "' --out '" + dir + "' --threads 2").exit_code == 0);
    REQUIRE(run_playbench("sweep merge '" + dir + "'").exit_code == 0);
    const std::string csv_path = dir + "/results.csv";
    const std::string csv = read_text(csv_path);
    // Lines: 1 the header, then runs 0..7; column 8 is state.ball.pos[0].
    std::vector<std::string> rows;
    {
        std::istringstream in(csv);
        for (std::string line; std::getline(in, line);) rows.push_back(line);
    }
    REQUIRE(rows.size() == 9);
    auto write_rows = [&](const std::vector<std::string>& r) {
        std::ofstream f(csv_path, std::ios::trunc);
        for (const std::string& line : r) f << line << "\n";
    };
    auto with_last_cell = [](std::string row, const std::string& cell) {
        return row.substr(0, row.rfind(',') + 1) + cell;
    };

    std::vector<std::string> bad = rows;
    bad[3] = "-" + bad[3];   // run -2
    bad[5] = "4.5" + bad[5].substr(1);
    write_rows(bad);
    ProcessResult r = run_playbench("sweep report '" + dir + "' --out '" + out + "'");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(csv_path + ":4: column 1 'run': '-2' is not a run key of this sweep (a whole number 0 .. 7)") !=
          std::string::npos);
    CHECK(r.err.find(csv_path + ":6: column 1 'run': '4.5' is not a run key") != std::string::npos);
    CHECK(r.err.find("2 cells refused; `playbench sweep merge " + dir + "` writes it again from the logs") !=
          std::string::npos);
    CHECK_FALSE(fs::exists(out + "/summary.txt"));

    bad = rows;
    bad[2] = with_last_cell(bad[2], "1e308");
    bad[4] = with_last_cell(bad[4], "-1e308");
    bad[6] = with_last_cell(bad[6], "inf");
    write_rows(bad);
    r = run_playbench("sweep report '" + dir + "' --out '" + out + "'");
    CHECK(r.exit_code == 1);
    CHECK(r.err.find(
              "3 result values left out of the pictures and the summary: infinite or beyond +-1e+100 (kMaxDrawnValue), "
              "which no lab gives; the first: " +
              csv_path + ":3: column 8 'state.ball.pos[0]': '1e308'") != std::string::npos);
    const std::string summary = read_text(out + "/summary.txt");
    CHECK(summary.find("LEFT OUT: 3 result values") != std::string::npos);
    CHECK(summary.find("e+307") == std::string::npos);   // no mean of 1e308 and a real value
    CHECK(summary.find("e+308") == std::string::npos);
    CHECK(summary.find("mean inf") == std::string::npos);
    CHECK(load(out + "/line-state.ball.pos_0--podball.ball.friction.png").colours > 20);
    fs::remove_all(dir);
    fs::remove_all(out);
    fs::remove(sweep);
}
