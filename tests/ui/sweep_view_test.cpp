// The sweep in the window (ui/shell/sweep_view.hpp, ui/shell/sweep_session.hpp): a real sweep (the Podball
// scoring example, its runs capped at 300 ticks) run and merged in a temp folder, opened through
// the shell as File > Open does, drawn by the offscreen renderer and clicked.
#include <doctest/doctest.h>

#include <cmath>

#include <sqlite3.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "engine/core/json.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/result_label.hpp"
#include "engine/core/scenario.hpp"
#include "engine/sweep/sweep.hpp"
#include "engine/sweep/sweep_store.hpp"
#include "engine/sweep/sweep_table.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui/shell/sweep_view.hpp"
#include "ui_test_support.hpp"

using namespace pb;
namespace fs = std::filesystem;

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Runs every run of `spec` into DIR (one shard log), as `sweep run` does; merges when asked.
void run_sweep_into(const SweepSpec& spec, const std::string& dir, bool merge) {
    prepare_sweep_dir(spec, dir);
    {
        SweepLogWriter log((fs::path(dir) / shard_log_name(0, 1)).string());
        for (std::uint64_t k = 0; k < spec.run_count(); ++k) log.append(run_sweep_run(spec, k));
    }
    if (merge) REQUIRE(merge_sweep_dir(dir).missing.empty());
}

// The scoring question on a grid of its own (the example in sweeps/ may change its values): 5 shot
// forces x 5 log-spaced frictions x 8 seeds, each run capped.
SweepSpec scoring_spec() {
    const std::string text = R"(scenario = "../scenarios/podball-default.toml"
seeds = 8
until = "match_end"
max_ticks = 60000
results = ["metrics.score[0]", "metrics.score[1]", "metrics.teams[0].shots", "metrics.teams[1].shots",
           "metrics.teams[0].shots_on_goal", "metrics.teams[1].shots_on_goal"]
[[vary]]
key = "podball.ball.shoot_force"
values = [0.0008, 0.0016, 0.0024, 0.0032, 0.0048]
[[vary]]
key = "podball.ball.friction"
from = 0.002
to = 0.032
steps = 5
scale = "log"
)";
    SweepSpec spec = parse_sweep_text(text, "scoring-grid.toml", std::string(PLAYBENCH_SOURCE_DIR) + "/sweeps");
    cap_sweep_ticks(spec, 300);
    return spec;
}

// The scoring sweep, merged once for every test here (5 x 5 points x 8 seeds = 200 runs).
const std::string& merged_sweep() {
    static test::ScratchDir scratch;
    static const std::string dir = [] {
        const std::string d = scratch.file("scoring");
        run_sweep_into(scoring_spec(), d, true);
        return d;
    }();
    return dir;
}

void click(ui::OffscreenRenderer& r, ui::Shell& shell, const std::string& widget) {
    const ui::WidgetRect* w = shell.widgets().find(widget);
    REQUIRE_MESSAGE(w, widget);
    r.set_mouse(std::make_pair(w->center_x(), w->center_y()));
    r.render_frame(shell);
    r.set_mouse_down(true);
    r.render_frame(shell);
    r.set_mouse_down(false);
    r.render_frame(shell);
}

// The number `path` names in what `run --json` prints for this world.
double number_at(const World& w, const std::string& path) {
    const double v = world_values(w, {path}).front();
    if (std::isnan(v)) FAIL("no number at " << path);
    return v;
}

std::uint32_t png_u32(const std::string& bytes, std::size_t at) {
    return (static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at])) << 24) |
           (static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + 1])) << 16) |
           (static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + 2])) << 8) |
           static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + 3]));
}

}   // namespace

TEST_CASE("sweep view: the shared table gives the report's figures") {
    const SweepTable t = read_sweep_table(merged_sweep());
    REQUIRE(t.rows.size() == 200);
    CHECK(t.missing == 0);
    REQUIRE(t.varied.size() == 2);
    CHECK(t.values[0].size() == 5);
    CHECK(t.values[1].size() == 5);
    CHECK_FALSE(t.log[0]);   // shoot_force: explicit values
    CHECK(t.log[1]);         // friction: scale = "log"
    // Shots of team 0 against shoot force: for a value, each seed's mean over the 5 frictions,
    // then min / mean / max over the 8 seeds; computed here from the rows by hand.
    const std::size_t k = 2, p = 0;
    const SweepLine line = sweep_line(t, k, p);
    REQUIRE(line.x.size() == 5);
    for (std::size_t v = 0; v < 5; ++v) {
        std::vector<double> per_seed;
        for (std::uint64_t seed : t.manifest.seeds) {
            double sum = 0;
            int n = 0;
            for (const SweepTableRow& r : t.rows)
                if (r.seed == seed && t.manifest.points[r.point][p] == t.values[p][v]) sum += r.results[k], ++n;
            REQUIRE(n == 5);
            per_seed.push_back(sum / n);
        }
        CHECK(line.min[v] == *std::min_element(per_seed.begin(), per_seed.end()));
        CHECK(line.max[v] == *std::max_element(per_seed.begin(), per_seed.end()));
        CHECK(line.mean[v] == doctest::Approx(sweep_stats(per_seed).mean));
        CHECK(line.runs[v] == 40);
    }
    const SweepHeat heat = sweep_heat(t, k, 1, 0);
    CHECK(heat.filled == 25);
    for (int r : heat.runs) CHECK(r == 8);
}

TEST_CASE("sweep view: File > Open of sweep.sqlite shows it; pick, hover, click a cell and a row to watch that run") {
    const std::string dir = merged_sweep();
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    ui::OffscreenRenderer r(1280, 800);
    REQUIRE(r.ok());

    shell.request_open((fs::path(dir) / "sweep.sqlite").string());   // what the File dialog's Open does
    REQUIRE_MESSAGE(shell.sweep().visible(), shell.error());
    ui::SweepView* view = shell.sweep().view();
    REQUIRE(view);
    r.render(shell, 3);
    for (const char* w : {"sweep.view", "sweep.plot", "sweep.table", "sweep.result", "sweep.x", "sweep.y",
                          "sweep.export_png", "sweep.export_csv", "sweep.row.0", "menu.sweep"})
        CHECK_MESSAGE(shell.widgets().find(w), w);
    CHECK_FALSE(shell.widgets().find("canvas"));   // the view is where the canvas was
    CHECK(shell.window_title().find("scoring-grid.toml") != std::string::npos);
    // Two grid parameters: the heat map first, shoot force across, friction up.
    CHECK(view->x_param() == 0);
    REQUIRE(view->y_param() == std::optional<std::size_t>(1));
    CHECK(shell.widgets().find("sweep.cell.4.4"));
    CHECK_FALSE(shell.widgets().find("sweep.cell.5.0"));

    // The sim waits behind the view.
    shell.set_paused(false);
    shell.update(0.5);
    CHECK(sim.tick() == 0);

    // A click on a column's name sorts by it: team 0's shots (column 4 + 2 params + result 2), up, then down.
    const ui::SweepView& v = *view;
    auto shots = [&](std::size_t i) { return v.table().rows[i].results[2]; };
    click(r, shell, "sweep.header.8");
    std::vector<std::size_t> order = view->shown_rows();
    REQUIRE(order.size() == 200);
    CHECK(
        std::is_sorted(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return shots(a) < shots(b); }));
    CHECK(shots(order.front()) < shots(order.back()));
    click(r, shell, "sweep.header.8");
    order = view->shown_rows();
    CHECK(
        std::is_sorted(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return shots(a) > shots(b); }));
    click(r, shell, "sweep.header.0");   // back to run order
    order = view->shown_rows();
    CHECK(std::is_sorted(order.begin(), order.end()));
    CHECK(shell.preferences().recent_files.front() == fs::absolute(fs::path(dir) / "sweep.sqlite").string());

    // Pick the result and the axes: friction across, shots of team 0, no second parameter.
    view->select_result(2);
    view->select_x(1);
    CHECK_FALSE(view->y_param());   // friction was the heat map's rows: now the line plot
    r.render(shell, 2);
    for (int i = 0; i < 5; ++i) CHECK(shell.widgets().find("sweep.point." + std::to_string(i)));
    CHECK_FALSE(shell.widgets().find("sweep.cell.0.0"));
    // Points left to right in the friction's order, evenly spaced (a log axis over log-spaced values).
    const float x0 = shell.widgets().find("sweep.point.0")->center_x(),
                x1 = shell.widgets().find("sweep.point.1")->center_x(),
                x4 = shell.widgets().find("sweep.point.4")->center_x();
    CHECK(x1 > x0);
    CHECK((x4 - x0) == doctest::Approx(4 * (x1 - x0)).epsilon(0.02));

    // Clicking point 3 lists its runs: the 5 shoot forces x 8 seeds at friction values[1][3].
    const SweepTable& t = view->table();
    click(r, shell, "sweep.point.3");
    REQUIRE(view->filter().size() == 1);
    CHECK(view->filter()[0].first == 1);
    CHECK(view->filter()[0].second == t.values[1][3]);
    CHECK(view->shown_rows().size() == 40);

    // Back to the heat map; click cell (shoot force 2, friction 0): its 8 seeds.
    view->select_x(0);
    view->select_y(1);
    r.render(shell, 2);
    click(r, shell, "sweep.cell.2.0");
    REQUIRE(view->filter().size() == 2);
    CHECK(view->filter()[0] == std::make_pair(std::size_t{0}, t.values[0][2]));
    CHECK(view->filter()[1] == std::make_pair(std::size_t{1}, t.values[1][0]));
    const std::vector<std::size_t> shown = view->shown_rows();
    REQUIRE(shown.size() == 8);
    r.render(shell, 2);

    // Click the fourth of those rows: that run opens in its lab.
    const SweepTableRow row = t.rows[shown[3]];
    CHECK(row.seed == t.manifest.seeds[3]);
    click(r, shell, "sweep.row." + std::to_string(row.run));
    CHECK_FALSE(shell.sweep().visible());
    CHECK(shell.error().empty());
    const World& w = shell.simulation().world();
    CHECK(w.params().get("podball.ball.shoot_force") == t.values[0][2]);
    CHECK(w.params().get("podball.ball.friction") == t.values[1][0]);
    CHECK(shell.simulation().scenario().seed == row.seed);
    CHECK(shell.simulation().tick() == 0);
    CHECK(shell.current_path().empty());   // untitled: Save never writes over the base scenario
    CHECK(shell.sweep().run().find("run " + std::to_string(row.run)) != std::string::npos);
    CHECK(shell.window_title().find("seed " + std::to_string(row.seed)) != std::string::npos);
    CHECK(shell.widgets().find("menu.sweep"));
    // It is the run the sweep ran: the same results after its ticks.
    shell.simulation().advance(row.ticks);
    for (std::size_t k = 0; k < t.manifest.results.size(); ++k)
        CHECK_MESSAGE(number_at(shell.simulation().world(), t.manifest.results[k]) == row.results[k],
                      t.manifest.results[k]);

    // Sweep > Show the sweep view comes back to it, as it was.
    r.render(shell, 1);
    shell.sweep().show(true);
    r.render(shell, 2);
    CHECK(shell.sweep().visible());
    CHECK(shell.widgets().find("sweep.cell.2.0"));
    CHECK(view->filter().size() == 2);
    // Export buttons open the file dialog at a name in the sweep's folder.
    click(r, shell, "sweep.export_csv");
    CHECK(shell.modal_open());
}

TEST_CASE("sweep view: the plot exports as a PNG, the table as the merged CSV (rows = runs)") {
    const std::string dir = merged_sweep();
    std::unique_ptr<ui::SweepView> view = ui::SweepView::open(dir);   // the folder opens too
    test::ScratchDir out;
    std::string error;

    const std::string csv = out.file("runs.csv");
    REQUIRE_MESSAGE(view->export_csv(csv, error), error);
    CHECK(slurp(csv) == slurp((fs::path(dir) / "results.csv").string()));
    view->set_filter({{1, view->table().values[1][4]}});
    REQUIRE(view->export_csv(csv, error));
    const std::string part = slurp(csv);
    CHECK(std::count(part.begin(), part.end(), '\n') == 1 + 40);   // header + 5 forces x 8 seeds
    CHECK(part.rfind("run,point,seed,ticks,podball.ball.shoot_force,podball.ball.friction,metrics.score[0]", 0) == 0);

    for (bool heat : {true, false}) {
        view->select_y(heat ? std::optional<std::size_t>(1) : std::nullopt);
        const std::string png = out.file(heat ? "heat.png" : "line.png");
        REQUIRE_MESSAGE(view->export_png(png, error), error);
        const std::string bytes = slurp(png);
        REQUIRE(bytes.size() > 5000);   // a picture, not an empty frame
        CHECK(bytes.compare(1, 3, "PNG") == 0);
        CHECK(png_u32(bytes, 16) == 1000);
        CHECK(png_u32(bytes, 20) == 640);
        CHECK_FALSE(fs::exists(png + ".tmp"));
    }
    // An unwritable place: false with the reason, nothing left behind.
    CHECK_FALSE(view->export_png(out.file("no/such/folder/x.png"), error));
    CHECK_FALSE(error.empty());
    CHECK_FALSE(view->export_csv(out.file("no/such/folder/x.csv"), error));
    CHECK(error.find("no/such/folder") != std::string::npos);
}

TEST_CASE("sweep view: clear errors (not a sweep database, unmerged folder, base scenario missing)") {
    test::ScratchDir scratch;
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});

    // A SQLite database that is not a sweep: said, nothing else changes.
    const std::string other = scratch.file("other.sqlite");
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(other.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1);", nullptr, nullptr, nullptr) ==
            SQLITE_OK);
    sqlite3_close(db);
    shell.request_open(other);
    CHECK_FALSE(shell.sweep().visible());
    CHECK(shell.error().find("not a merged Playbench sweep database") != std::string::npos);
    CHECK(shell.error().find(other) != std::string::npos);

    // A sweep run but not merged: the folder names the command that merges it.
    const std::string unmerged = scratch.file("unmerged");
    SweepSpec spec = scoring_spec();
    cap_sweep_ticks(spec, 20);
    run_sweep_into(spec, unmerged, false);
    shell.request_open(unmerged);
    CHECK_FALSE(shell.sweep().visible());
    CHECK(shell.error().find("playbench sweep merge " + unmerged) != std::string::npos);

    // Its base scenario gone (a copy of the sweep whose manifest points at a missing file): the
    // view opens and says so; a row clicked names the path and the world stays.
    merge_sweep_dir(unmerged);
    const std::string moved = scratch.file("moved.toml");
    fs::copy_file(spec.scenario_path, moved);
    std::string manifest = slurp((fs::path(unmerged) / "manifest.txt").string());
    const std::size_t at = manifest.find("scenario " + spec.scenario_path);
    REQUIRE(at != std::string::npos);
    manifest.replace(at, 9 + spec.scenario_path.size(), "scenario " + moved);
    write_file_atomically((fs::path(unmerged) / "manifest.txt").string(), manifest);
    fs::remove(moved);
    ui::OffscreenRenderer r(1280, 800);
    shell.request_open((fs::path(unmerged) / "sweep.sqlite").string());
    REQUIRE_MESSAGE(shell.sweep().visible(), shell.error());
    CHECK(shell.sweep().view()->scenario_problem().find(moved) != std::string::npos);
    r.render(shell, 3);
    const double friction = sim.world().params().get("podball.ball.friction");
    click(r, shell, "sweep.row.0");
    CHECK(shell.error().find(moved + " is missing") != std::string::npos);
    CHECK(shell.sweep().visible());
    CHECK(shell.sweep().run().empty());
    CHECK(sim.world().params().get("podball.ball.friction") == friction);
}

TEST_CASE("sweep view: one seed a point: clicking a point of the line plot opens its run at once") {
    test::ScratchDir scratch;
    const std::string dir = scratch.file("rgs");
    SweepSpec spec = load_sweep_file(std::string(PLAYBENCH_SOURCE_DIR) + "/sweeps/rgs-half-life.toml");
    cap_sweep_ticks(spec, 200);
    run_sweep_into(spec, dir, true);
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    ui::OffscreenRenderer r(1280, 800);
    shell.request_open(dir);   // the folder, as the File dialog allows
    REQUIRE_MESSAGE(shell.sweep().visible(), shell.error());
    const SweepTable& t = shell.sweep().view()->table();
    REQUIRE(t.varied.size() == 1);
    CHECK_FALSE(shell.sweep().view()->y_param());   // one parameter: the line plot
    r.render(shell, 3);
    for (int i = 0; i < 9; ++i) CHECK(shell.widgets().find("sweep.point." + std::to_string(i)));
    click(r, shell, "sweep.point.4");
    CHECK_FALSE(shell.sweep().visible());
    CHECK(sim.world().lab().name == "rgs");
    CHECK(sim.world().params().get("rgs.economy.half_life") == t.values[0][4]);
    CHECK(sim.scenario().seed == t.manifest.seeds[0]);
    CHECK(shell.sweep().run().find("run 4: point 4") == 0);
}

namespace {

// The Logistics matching example, its runs capped: 4 policies x 6 capacities, one seed.
std::string merged_logistics(const test::ScratchDir& scratch) {
    const std::string dir = scratch.file("logistics");
    SweepSpec spec = load_sweep_file(std::string(PLAYBENCH_SOURCE_DIR) + "/sweeps/logistics-matching.toml");
    cap_sweep_ticks(spec, 150);
    run_sweep_into(spec, dir, true);
    return dir;
}

std::string report_field(const ui::Shell& shell, const std::string& key) {
    JsonWriter out;
    out.begin_object();
    shell.write_report(out);
    out.end_object();
    const std::string& s = out.str();
    const std::string at = "\"" + key + "\": \"";
    const std::size_t from = s.find(at);
    REQUIRE_MESSAGE(from != std::string::npos, key);
    return s.substr(from + at.size(), s.find('"', from + at.size()) - from - at.size());
}

}   // namespace

TEST_CASE("sweep view: words a designer reads: labels and units, grouped numbers, the sweep in title and status") {
    CHECK(readable_number(16200.0) == "16,200");
    CHECK(readable_number(-1234567.0) == "-1,234,567");
    CHECK(readable_number(0.0016) == "0.0016");
    CHECK(readable_number(12.3456) == "12.35");
    CHECK(readable_number(320.0) == "320");
    CHECK(readable_number(0.42 * 100.0, "%") == "42 %");

    test::ScratchDir scratch;
    const std::string dir = merged_logistics(scratch);
    for (const auto& size : {std::pair{1280, 800}, std::pair{1920, 1080}}) {
        const int w = size.first, h = size.second;   // not a structured binding: CAPTURE's lambda reads w
        CAPTURE(w);
        Simulation sim(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/logistics-colony.toml"));
        const std::string scenario_title = sim.scenario().title;
        REQUIRE_FALSE(scenario_title.empty());
        ui::Shell shell(sim, ui::ShellOptions{});
        ui::OffscreenRenderer r(w, h);
        REQUIRE(r.ok());
        shell.request_open(dir);
        REQUIRE_MESSAGE(shell.sweep().visible(), shell.error());
        ui::SweepView& view = *shell.sweep().view();
        r.render(shell, 3);

        // Labels from the lab (LabInfo::result_label, the parameter table), never the raw keys.
        CHECK(view.result_label(0) == "starved (units)");
        CHECK(view.result_label(3) == "idle transporters, mean (%)");
        CHECK(view.param_label(1) == "Transporter capacity (energy)");
        CHECK(view.param_label(0) == "Matching policy");
        const SweepTableRow& row0 = view.table().rows[0];
        CHECK(view.describe_run(row0).find("Transporter capacity = 50 energy") != std::string::npos);
        // A share 0..1 shows in % with its unit; big numbers grouped.
        CHECK(view.result_text(3, 0.425) == "42.5 %");
        CHECK(view.result_text(1, 16200.0) == "16,200 units");

        // The title and the status line name the sweep, not the scenario behind it.
        CHECK(shell.window_title().find("sweep logistics-matching.toml (Logistics): 24 runs") != std::string::npos);
        CHECK(shell.window_title().find(scenario_title) == std::string::npos);
        CHECK(report_field(shell, "summary") ==
              "Sweep logistics-matching.toml (Logistics): 24 of 24 runs, 24 points x 1 seed");

        // Each drop-down shows its longest choice whole, and every control is inside the window.
        for (const char* id :
             {"sweep.result", "sweep.x", "sweep.y", "sweep.scale", "sweep.export_png", "sweep.close"}) {
            const ui::WidgetRect* c = shell.widgets().find(id);
            REQUIRE_MESSAGE(c, id);
            CHECK_MESSAGE(c->x + c->w <= static_cast<float>(w), id);
        }
        float longest = 0.0f, arrow = 0.0f;
        r.render_frame([&] {   // text is measured in the renderer's ImGui context
            for (std::size_t k = 0; k < view.table().manifest.results.size(); ++k)
                longest = std::max(longest, ImGui::CalcTextSize(view.result_label(k).c_str()).x);
            arrow = ImGui::GetFrameHeight();
        });
        REQUIRE(longest > 100.0f);
        CHECK(shell.widgets().find("sweep.result")->w >= longest + arrow);

        // A run opened from a row: the title names the sweep and the run, and the status shows whole.
        const SweepTableRow& row = view.table().rows[5];
        click(r, shell, "sweep.row." + std::to_string(row.run));
        REQUIRE_FALSE(shell.sweep().visible());
        const std::string title = shell.window_title();
        CHECK(title.find("sweep logistics-matching.toml, run 5: point 5") != std::string::npos);
        CHECK(title.find(scenario_title) == std::string::npos);
        r.render(shell, 2);
        const ui::WidgetRect* msg = shell.widgets().find("status.message");
        REQUIRE(msg);
        const float msg_w = msg->w;
        float whole = 0.0f;
        r.render_frame([&] { whole = ImGui::CalcTextSize(shell.status().c_str()).x; });
        CHECK(msg_w >= whole - 0.5f);
        CHECK(shell.status().find("Sweep run 5") == 0);
    }
}

TEST_CASE("sweep view: one outlier does not paint the other cells one colour (rank or log scale, shown in the key)") {
    // The scoring grid's runs with result 2 (team 0's shots, mostly 0 in these short runs) set to
    // 10 + the point's number, and point 0 (cell 0, 0) to 5000: the other 24 cells then lie
    // within 0.5% of a linear scale's range.
    test::ScratchDir scratch;
    const std::string dir = scratch.file("skewed");
    fs::copy(merged_sweep(), dir);
    const std::string csv_path = (fs::path(dir) / "results.csv").string();
    SweepTable t = read_sweep_table(dir);
    std::vector<SweepRunResult> runs;
    for (const SweepTableRow& r : t.rows) {
        SweepRunResult x{r.run, r.point, r.seed, r.ticks, 0.0, r.results};
        x.values[2] = r.point == 0 ? 5000.0 : 10.0 + static_cast<double>(r.point);
        runs.push_back(x);
    }
    write_file_atomically(csv_path, sweep_csv(t.manifest, runs));

    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    ui::OffscreenRenderer r(1280, 800);
    shell.request_open(dir);
    REQUIRE_MESSAGE(shell.sweep().visible(), shell.error());
    ui::SweepView& view = *shell.sweep().view();
    view.select_result(2);
    REQUIRE(view.y_param());
    r.render(shell, 3);
    CHECK(view.colour_scale() != SweepColourScale::Linear);
    CHECK(shell.widgets().find("sweep.key"));
    CHECK(shell.widgets().find("sweep.scale"));

    // The cells other than the outlier's take many colours, not one.
    auto cell_colours = [&] {
        const std::vector<ui::Rgba> px = r.pixels();
        std::set<std::uint32_t> seen;
        for (std::size_t i = 0; i < 5; ++i)
            for (std::size_t j = 0; j < 5; ++j) {
                if (i == 0 && j == 0) continue;   // point 0: the outlier
                const ui::WidgetRect* c =
                    shell.widgets().find("sweep.cell." + std::to_string(i) + "." + std::to_string(j));
                REQUIRE(c);
                const ui::Rgba p = px[static_cast<std::size_t>(c->y + 2) * 1280 + static_cast<std::size_t>(c->x + 2)];
                seen.insert((p.r / 8u) << 10 | (p.g / 8u) << 5 | (p.b / 8u));
            }
        return seen.size();
    };
    r.rasterise();
    CHECK(cell_colours() >= 12);
    // Chosen linear, they crowd into one or two colours: what the automatic choice avoids.
    view.select_colour_scale(SweepColourScale::Linear);
    r.render(shell, 2);
    r.rasterise();
    CHECK(cell_colours() <= 3);
}

TEST_CASE("sweep view: every lab names its default sweep results; colour scales map and choose") {
    // What a sweep keeps when its file names no results: each in the lab's words, never spelt out
    // from the key.
    for (const LabInfo* lab : all_labs())
        for (const std::string& path : lab->sweep_results) {
            CAPTURE(path);
            REQUIRE(lab->result_label);
            const std::optional<ResultLabel> l = lab->result_label(path);
            REQUIRE(l);
            CHECK(l->label.find("metrics") == std::string::npos);
            CHECK(l->label.find('_') == std::string::npos);
        }
    const LabInfo* tasks = find_lab("tasks");
    CHECK(result_label(tasks, "metrics.solution.per_k[1].solutions[0].time").with_unit() ==
          "2 players, team 1: worst time (time units)");
    CHECK(result_label(find_lab("podball"), "metrics.teams[1].shots_on_goal").label == "team 1 shots on goal");
    CHECK(result_label(find_lab("effects"), "metrics.policies[2].total_damage").with_unit() ==
          "lane 3 damage dealt (HP)");
    // A path the lab does not name: spelt out, never dropped.
    CHECK(result_label(find_lab("logistics"), "metrics.policies[2].blocking_pairs").label ==
          "policies 2 blocking pairs");
    CHECK(result_label(nullptr, "tick").with_unit() == "ticks run (ticks)");

    // Twenty values close together and one far above: linear paints the twenty one colour, log
    // too (they span 2% of its range), rank spreads them.
    std::vector<double> outlier;
    for (int i = 0; i < 20; ++i) outlier.push_back(100.0 + i);
    outlier.push_back(10000.0);
    CHECK(choose_colour_scale(outlier) == SweepColourScale::Rank);
    const SweepColourMap rank = sweep_colour_map(outlier, SweepColourScale::Rank);
    CHECK(rank.at(100.0) == 0.0f);
    CHECK(rank.at(110.0) == doctest::Approx(0.5));
    CHECK(rank.at(10000.0) == 1.0f);
    CHECK(rank.value_at(0.5) == 110.0);
    CHECK(sweep_colour_map(outlier, SweepColourScale::Linear).at(119.0) < 0.002f);
    // Doubling values (1, 2, 4, ... 1024): log centres them.
    std::vector<double> doubling;
    for (int i = 0; i <= 10; ++i) doubling.push_back(std::ldexp(1.0, i));
    CHECK(choose_colour_scale(doubling) == SweepColourScale::Log);
    const SweepColourMap log = sweep_colour_map(doubling, SweepColourScale::Log);
    CHECK(log.at(32.0) == doctest::Approx(0.5));
    CHECK(log.value_at(0.5) == doctest::Approx(32.0));
    // Evenly spread, or two values, or a value at or below 0 for log: linear.
    CHECK(choose_colour_scale({1, 2, 3, 4, 5, 6}) == SweepColourScale::Linear);
    CHECK(choose_colour_scale({0, 0, 0, 7}) == SweepColourScale::Linear);
    CHECK(sweep_colour_map({-1, 5, 10}, SweepColourScale::Log).scale == SweepColourScale::Linear);
    // Everything below the outlier at 0, a few above: rank, since log cannot take 0.
    CHECK(choose_colour_scale({0, 0, 0, 0, 0, 1, 2, 500}) == SweepColourScale::Rank);
}
