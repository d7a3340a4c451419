#include "app/cli.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <iostream>
#include <optional>

#include "app/compare_cli.hpp"
#include "app/data_paths.hpp"
#include "app/headless.hpp"
#include "app/icon.hpp"
#include "app/offscreen.hpp"
#include "app/reference_markdown.hpp"
#include "app/replay_cli.hpp"
#include "app/sweep_cli.hpp"
#include "app/sweep_report.hpp"
#include "app/window.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/simulation.hpp"
#include "engine/sweep/sweep_table.hpp"
#include "ui/shell/shell.hpp"

namespace pb::app {

// A missing file that is one of Playbench's own examples (installed under share/playbench, or in
// the source tree) gets its full path in the message: `playbench run scenarios/rgs-two-at-800.toml`
// from another folder.
std::string check_scenario_file(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_directory(path, ec)) return "File is actually a directory: " + path;
    // What exists goes on to the loader, which says what a device or a FIFO is (hostile inputs).
    if (fs::exists(path, ec)) return {};
    std::string message = "File does not exist: " + path;
    if (fs::path(path).is_relative()) {
        for (const fs::path& example : {data_dir() / path, data_dir() / "scenarios" / fs::path(path).filename()}) {
            if (fs::is_regular_file(example, ec)) {
                message += " (Playbench's example of that name is " + example.lexically_normal().string() + ")";
                break;
            }
        }
    }
    return message;
}

static const CLI::Validator kScenarioFile(check_scenario_file, "FILE", "SCENARIO_FILE");

static bool parse_size(const std::string& text, int& w, int& h) {
    auto x = text.find('x');
    if (x == std::string::npos) return false;
    try {
        std::size_t used = 0;
        w = std::stoi(text.substr(0, x), &used);
        if (used != x) return false;
        h = std::stoi(text.substr(x + 1), &used);
        if (used != text.size() - x - 1) return false;
    } catch (const std::exception&) {
        return false;
    }
    return w >= 64 && h >= 64 && w <= 8192 && h <= 8192;
}

// With no display, the window verb still does something useful: run the scenario headless,
// write a screenshot, say where.
static int headless_fallback(const WindowOptions& o) {
    if (!o.scenario_path.empty() && ui::is_replay_file(o.scenario_path)) {
        std::cerr << "playbench: no display available (DISPLAY / WAYLAND_DISPLAY unset or unreachable) to review "
                  << o.scenario_path
                  << ".\nplaybench: without one, `playbench replay info FILE` lists it, `playbench "
                     "replay verify FILE` checks it and `playbench replay export FILE --out DIR` writes its frames.\n";
        return 1;
    }
    if (!o.scenario_path.empty() && looks_like_sweep(o.scenario_path)) {
        std::cerr
            << "playbench: no display available (DISPLAY / WAYLAND_DISPLAY unset or unreachable) to show the sweep "
            << o.scenario_path
            << ".\nplaybench: without one, `playbench sweep report DIR --out REPORT` draws its plots.\n";
        return 1;
    }
    std::string path = o.scenario_path.empty() ? default_scenario_path() : o.scenario_path;
    // Nothing to show: said in one line, as the verbs say it.
    if (std::string why = check_scenario_file(path); !why.empty()) {
        std::cerr << "playbench: " << why << "\n";
        return 2;
    }
    std::string stem = std::filesystem::path(path).stem().string();
    std::string png = "playbench-" + stem + ".png";
    std::cerr << "playbench: no display available (DISPLAY / WAYLAND_DISPLAY unset or unreachable).\n"
              << "playbench: running " << path << " headless for 600 ticks and writing a screenshot instead.\n";
    RenderOptions r;
    r.scenario = path;
    r.ticks = 600;
    r.sets = o.sets;
    r.out = png;
    int rc = render_scenario(r, std::cout, std::cerr);
    if (rc == 0) std::cout << "playbench: screenshot written to " << std::filesystem::absolute(png).string() << "\n";
    return rc;
}

namespace {

const char* const kInProcessHelp =
    "Podball library modules: run the library's code inside Playbench instead of an isolated host "
    "process (faster; only for modules you trust: a crash or a loop in it takes Playbench down)";

// A subcommand's words after "playbench": "run", "replay record".
std::string verb_path(const CLI::App& cmd) {
    std::string path = cmd.get_name();
    for (const CLI::App* up = cmd.get_parent(); up && up->get_parent(); up = up->get_parent())
        path = up->get_name() + " " + path;
    return path;
}

// The usage: the verbs in the order --help lists them, each lab's verbs (LabInfo::verbs) after
// the verb they name.
std::string usage_text() {
    const std::pair<std::string, std::string> lines[] = {
        {"",
         "Playbench - a sandbox for game designers: open a scenario, watch a game mechanic run,\n"
         "tune its parameters while it runs, screenshot it.\n\n"
         "  playbench [SCENARIO|REPLAY]  open the window (default: the last scenario, else\n"
         "                               scenarios/podball-default.toml); with no display, runs it\n"
         "                               headless and writes playbench-NAME.png instead; a replay\n"
         "                               (.pbreplay, told by its content) opens for review\n"},
        {"run", "  playbench run SCENARIO       run headless and print the result (--json for all state)\n"},
        {"render", "  playbench render SCENARIO    write the window as it would look to a PNG (no display needed)\n"},
        {"params",
         "  playbench params [LAB]       list every parameter: key, default, range, unit, description\n"
         "  playbench params SCENARIO    a scenario's parameters, its scripts' tunables too\n"},
        {"replay", "  playbench replay ...         record, verify, inspect and export replays (see replay --help)\n"},
        {"compare",
         "  playbench compare SCENARIO --b KEY=VALUE  A against B (A with --b) over paired seeds:\n"
         "                               means, B - A and its 95 % interval per key result\n"},
        {"sweep",
         "  playbench sweep ...          run a scenario over parameter values and seeds, on threads or\n"
         "                               cluster shards, into SQLite and CSV (see sweep --help)\n"},
        {"bench", "  playbench bench [LAB]        run the benchmarks (labs: " + lab_names() +
                      ", render, replay, sweep, compare)\n"},
        {"help", "  playbench help [--markdown]  this usage; --markdown: every verb and option as Markdown\n"},
    };
    std::string out;
    for (const auto& [verb, text] : lines) {
        out += text;
        for (const LabInfo* lab : all_labs())
            for (const LabVerb& v : lab->verbs)
                if (!verb.empty() && v.after == verb) out += "  playbench " + v.usage + "\n";
    }
    for (const LabInfo* lab : all_labs())
        for (const LabVerb& v : lab->verbs)
            if (std::none_of(std::begin(lines), std::end(lines),
                             [&](const auto& l) { return !l.first.empty() && l.first == v.after; }))
                out += "  playbench " + v.usage + "\n";
    return out;
}

// Every verb's options as parsed, and the (sub)command each belongs to. A verb's declaration
// (add_*) and its dispatch (run_verb) are the two places to touch for a new verb.
struct CommandLine {
    CLI::App app{usage_text(), "playbench"};

    // Code that scenarios name (Podball's library modules) runs isolated in a host process by
    // default; this runs it inside Playbench instead (batch runs with modules you trust: faster,
    // but a module that crashes or loops takes Playbench with it). LabInfo::run_code_in_process.
    bool in_process_modules = false;

    // A lab's verb (LabInfo::verbs): its declaration, its subcommand and what was parsed.
    struct LabVerbCommand {
        const LabVerb* verb = nullptr;
        CLI::App* cmd = nullptr;
        LabVerbArgs args;
        std::string seed;   // parsed by parse_seed: CLI11 would clamp 2^64 silently
        CLI::Option* seed_opt = nullptr;
    };
    std::deque<LabVerbCommand> lab_verbs;   // a deque: CLI11 keeps pointers into each entry

    WindowOptions win;
    RunOptions run;
    CLI::App* run_cmd = nullptr;
    RenderOptions render;
    std::string render_size = "1280x720";
    CLI::App* render_cmd = nullptr;
    std::string params_lab;
    bool params_markdown_out = false;
    CLI::App* params_cmd = nullptr;
    CLI::App* replay_cmd = nullptr;
    ReplayRecordOptions rec;
    CLI::App* rec_cmd = nullptr;
    std::string replay_file;
    bool verify_allow_modules = false;
    CLI::App* verify_cmd = nullptr;
    CLI::App* info_cmd = nullptr;
    ReplayExportOptions exp;
    std::string exp_size = "1280x720";
    CLI::App* export_cmd = nullptr;
    CompareCliOptions compare;
    std::string compare_seed;
    std::int64_t compare_ticks = 0;
    CLI::App* compare_cmd = nullptr;
    CLI::Option* compare_seed_opt = nullptr;
    CLI::Option* compare_ticks_opt = nullptr;
    CLI::App* sweep_cmd = nullptr;
    SweepRunOptions sweep_run_opts;
    CLI::App* sweep_run_cmd = nullptr;
    std::string sweep_dir;
    CLI::App* sweep_merge_cmd = nullptr;
    CLI::App* sweep_status_cmd = nullptr;
    SweepReportOptions sweep_report_opts;
    CLI::App* sweep_report_cmd = nullptr;
    std::string bench_what;
    CLI::App* bench_cmd = nullptr;
    bool help_markdown = false;
    CLI::App* help_cmd = nullptr;
    int icon_size = 256;
    std::string icon_out;
    CLI::App* icon_cmd = nullptr;

    CommandLine() {
        app.set_version_flag("--version", std::string("playbench ") + PLAYBENCH_VERSION);
        app.require_subcommand(0, 1);
        add_window();
        // Each verb, then the labs' verbs that follow it; a lab's verb that names no verb to
        // follow comes last.
        const std::pair<std::string, void (CommandLine::*)()> verbs[] = {
            {"run", &CommandLine::add_run},         {"render", &CommandLine::add_render},
            {"params", &CommandLine::add_params},   {"replay", &CommandLine::add_replay},
            {"compare", &CommandLine::add_compare}, {"sweep", &CommandLine::add_sweep},
            {"bench", &CommandLine::add_bench},     {"help", &CommandLine::add_help}};
        for (const auto& [verb, add] : verbs) {
            (this->*add)();
            for (const LabInfo* lab : all_labs())
                for (const LabVerb& v : lab->verbs)
                    if (v.after == verb) add_lab_verb(v);
        }
        for (const LabInfo* lab : all_labs())
            for (const LabVerb& v : lab->verbs)
                if (std::none_of(std::begin(verbs), std::end(verbs), [&](const auto& b) { return b.first == v.after; }))
                    add_lab_verb(v);
        add_icon();
    }
    CommandLine(const CommandLine&) = delete;
    CommandLine& operator=(const CommandLine&) = delete;

    void add_window() {
        // Not checked here: a file that is missing opens the start page with the reason, as a
        // broken one does (app/window.cpp, initial_scenario).
        app.add_option("scenario", win.scenario_path,
                       "Scenario (.toml) to open in the window, a replay to review, or a merged sweep "
                       "(DIR/sweep.sqlite) to explore")
            ->type_name("FILE");
        app.add_option("--set", win.sets, "Override a parameter, KEY=VALUE (repeatable)");
        app.add_option("--script", win.script_path,
                       "UI automation: a file of timed input events played into the window (used by tests; see "
                       "docs/testing.md)")
            ->check(CLI::ExistingFile);
    }

    void add_run() {
        run_cmd = app.add_subcommand("run", "Run a scenario headless and print the result");
        run_cmd->add_option("scenario", run.scenario, "Scenario file (.toml)")->required()->check(kScenarioFile);
        run_cmd->add_option("--ticks", run.ticks, "Ticks to simulate (default 3600)")
            ->check(CLI::Range(std::int64_t{0}, std::int64_t{1000000000}));
        run_cmd->add_option("--set", run.sets, "Override a parameter, KEY=VALUE (repeatable); see `playbench params`");
        run_cmd->add_flag("--json", run.json, "Print {lab, tick, hash, state, metrics} as JSON");
        run_cmd->add_flag("--in-process-modules", in_process_modules, kInProcessHelp);
    }

    void add_render() {
        render_cmd = app.add_subcommand("render", "Render the window offscreen at a tick and write a PNG");
        render_cmd->add_option("scenario", render.scenario, "Scenario file (.toml)")->required()->check(kScenarioFile);
        render_cmd->add_option("--ticks", render.ticks, "Ticks to simulate before rendering (default 0)")
            ->check(CLI::Range(std::int64_t{0}, std::int64_t{1000000000}));
        render_cmd->add_option("--size", render_size, "Image size WxH (default 1280x720, 64..8192 each)");
        render_cmd->add_option("--set", render.sets, "Override a parameter, KEY=VALUE (repeatable)");
        render_cmd
            ->add_option("--out", render.out,
                         "Output PNG file (written whole or not at all: a failed write exits 1 with the reason)")
            ->required();
        render_cmd->add_option("--tab", render.tab, "The side panel's tab on show: tools, params (default) or analysis")
            ->check(CLI::IsMember({"tools", "params", "analysis"}));
    }

    void add_lab_verb(const LabVerb& v) {
        LabVerbCommand& c = lab_verbs.emplace_back();
        c.verb = &v;
        c.cmd = app.add_subcommand(v.name, v.description);
        c.cmd->add_option("scenario", c.args.scenario, v.scenario_help)->required()->check(kScenarioFile);
        for (const LabVerbOption& o : v.options) {
            switch (o.kind) {
                case LabVerbOption::Kind::Flag: c.cmd->add_flag(o.name, c.args.flags[o.name], o.help); break;
                case LabVerbOption::Kind::Integer:
                    c.args.integers[o.name] = o.value;
                    c.cmd->add_option(o.name, c.args.integers[o.name], o.help)->check(CLI::Range(o.min, o.max));
                    break;
                case LabVerbOption::Kind::Seed: c.seed_opt = c.cmd->add_option(o.name, c.seed, o.help); break;
                case LabVerbOption::Kind::Texts: c.cmd->add_option(o.name, c.args.texts[o.name], o.help); break;
                case LabVerbOption::Kind::CodeInProcess:
                    c.cmd->add_flag(o.name, in_process_modules, kInProcessHelp);
                    break;
            }
        }
    }

    void add_params() {
        params_cmd =
            app.add_subcommand("params", "List every parameter with key, default, range, unit and description");
        params_cmd->add_option("lab", params_lab,
                               "Only this lab (" + lab_names() +
                                   "), or a scenario file: its own table, with its scripts' tunables "
                                   "(podball.teamN.script.NAME) and the values it sets");
        params_cmd->add_flag("--markdown", params_markdown_out,
                             "Print the tables as Markdown, grouped by lab and section (docs/reference/params.md is "
                             "this output)");
    }

    void add_replay() {
        replay_cmd = app.add_subcommand("replay",
                                        "Record, verify, inspect and export replays (a session's scenario, "
                                        "commands and per-tick hashes in one file)");
        replay_cmd->require_subcommand(1);
        rec_cmd = replay_cmd->add_subcommand("record", "Run a scenario headless and record it as a replay");
        rec_cmd->add_option("scenario", rec.scenario, "Scenario file (.toml)")->required()->check(kScenarioFile);
        rec_cmd->add_option("--ticks", rec.ticks, "Ticks to record (default 3600)")
            ->check(CLI::Range(std::int64_t{0}, std::int64_t{100000000}));
        rec_cmd->add_option("--set", rec.sets, "Override a parameter, KEY=VALUE (repeatable)");
        rec_cmd
            ->add_option("--out", rec.out,
                         "Replay file to write (.pbreplay); a failed write removes it and exits 1 with the reason. "
                         "Module libraries are pinned (path + SHA-256)")
            ->required();
        rec_cmd->add_flag("--in-process-modules", in_process_modules, kInProcessHelp);

        verify_cmd = replay_cmd->add_subcommand(
            "verify",
            "Re-simulate a replay up to its first divergence and say what the file is worth. Exit codes: 0 intact and "
            "every recorded hash matches; 1 diverged (the first divergent tick, and the values that differ); 2 cannot "
            "be played (also: a module library without --allow-modules or without its pinned bytes); 3 damaged "
            "(where, what was lost; the rest still checked) or contradicts itself; 4 not closed (cut off by a crash: "
            "what it holds matches)");
        verify_cmd->add_option("replay", replay_file, "Replay file")->required()->check(CLI::ExistingFile);
        verify_cmd->add_flag(
            "--allow-modules", verify_allow_modules,
            "Load the Podball module libraries the replay names (code: it runs), only a file whose SHA-256 "
            "matches the one recorded, looked for at the recorded path, then beside the replay");
        verify_cmd->add_flag("--in-process-modules", in_process_modules, kInProcessHelp);

        info_cmd = replay_cmd->add_subcommand("info",
                                              "Print a replay's header, soundness, length, pinned module libraries, "
                                              "commands and notes (text from the file escaped; never loads a module "
                                              "library); exits 0, 3 or 4 as verify would for the file itself");
        info_cmd->add_option("replay", replay_file, "Replay file")->required()->check(CLI::ExistingFile);

        export_cmd = replay_cmd->add_subcommand("export", "Write frames of a replay as numbered PNG pictures");
        export_cmd->add_option("replay", exp.replay, "Replay file")->required()->check(CLI::ExistingFile);
        export_cmd->add_option("--from", exp.from, "First tick (default 0)")->check(CLI::NonNegativeNumber);
        export_cmd->add_option("--to", exp.to, "Last tick (default: the end)")->check(CLI::NonNegativeNumber);
        export_cmd->add_option("--every", exp.every, "Every K-th tick (default 1)")->check(CLI::PositiveNumber);
        export_cmd->add_option("--size", exp_size, "Image size WxH (default 1280x720)");
        export_cmd->add_option("--out", exp.out_dir, "Folder for frame-TTTTTT.png (created if missing)")->required();
        export_cmd->add_flag(
            "--allow-modules", exp.allow_modules,
            "Load the Podball module libraries the replay names (code: it runs), only a file whose SHA-256 "
            "matches the one recorded; without it such a replay is refused (exit 2)");
    }

    void add_compare() {
        compare_cmd = app.add_subcommand(
            "compare",
            "A/B: run the scenario as A (with --set) and as B (A plus every --b) over the same seeds, and print for "
            "each of the lab's key results the mean of A and of B, the mean paired difference B - A with its 95 % "
            "interval (Student's t over the seeds) and whether that interval excludes 0. Exit codes: 0 compared; "
            "1 a run failed; 2 bad input");
        compare_cmd->add_option("scenario", compare.scenario, "Scenario file (.toml): A")
            ->required()
            ->check(kScenarioFile);
        compare_cmd->add_option("--set", compare.sets,
                                "Override a parameter in A and B, KEY=VALUE (repeatable); see `playbench params`");
        compare_cmd->add_option("--b", compare.b_sets,
                                "Override a parameter in B only, KEY=VALUE (repeatable; at least one)");
        compare_cmd
            ->add_option("--b-scenario", compare.b_scenario,
                         "B's scenario file, when B is another scenario of the same lab (another layout, other "
                         "policies); --set applies to both, --b to B")
            ->check(CLI::ExistingFile);
        compare_cmd
            ->add_option("--seeds", compare.seeds, "Paired seeds S, S+1, ... (default 10; at least 2 for an interval)")
            ->check(CLI::Range(1, 100000));
        compare_seed_opt =
            compare_cmd->add_option("--seed", compare_seed, "First seed S (default: the scenario's seed)");
        compare_ticks_opt =
            compare_cmd
                ->add_option("--ticks", compare_ticks, "Ticks per run (default: Podball a full match, other labs 3600)")
                ->check(CLI::Range(std::int64_t{0}, std::int64_t{1000000000}));
        compare_cmd->add_option(
            "--result", compare.results,
            "A result to compare, by its path in `run --json` (repeatable; default: the lab's key results)");
        compare_cmd->add_option("--threads", compare.threads, "Worker threads (default 2); results do not depend on it")
            ->check(CLI::Range(1, 64));
        compare_cmd->add_flag("--json", compare.json, "Print the comparison, with every run's values, as JSON");
        compare_cmd->add_flag("--in-process-modules", in_process_modules, kInProcessHelp);
    }

    void add_sweep() {
        sweep_cmd = app.add_subcommand(
            "sweep",
            "Run one scenario over many parameter values and seeds (a sweep file, docs/sweeps.md), on this "
            "machine's threads or as shards of a cluster job, and gather the results into SQLite and CSV");
        sweep_cmd->require_subcommand(1);
        sweep_run_cmd = sweep_cmd->add_subcommand(
            "run",
            "Run the sweep's runs (or this shard's) and append each finished one to a crash-safe log in DIR: killed at "
            "any "
            "moment, run it again and it finishes only what is missing. Exit codes: 0 done; 1 a run failed (the "
            "finished "
            "ones are kept); 2 the sweep file, the shard or DIR is wrong (DIR holding a different sweep is refused)");
        sweep_run_cmd->add_option("sweep", sweep_run_opts.sweep, "Sweep file (.toml)")
            ->required()
            ->check(CLI::ExistingFile);
        sweep_run_cmd->add_option("--out", sweep_run_opts.out, "Results folder DIR (created if missing)")->required();
        sweep_run_cmd
            ->add_option("--threads", sweep_run_opts.threads,
                         "Worker threads (default: the hardware's); results do not depend on it")
            ->check(CLI::Range(1, 1024));
        sweep_run_cmd->add_option(
            "--shard", sweep_run_opts.shard,
            "I/N: run only runs i with i % N == I, into DIR/runs-I-of-N.log. Default: from Slurm "
            "(SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN of SLURM_ARRAY_TASK_COUNT), else a Kubernetes "
            "Indexed Job (JOB_COMPLETION_INDEX of PLAYBENCH_SHARD_COUNT), else 0/1: every run");
        sweep_run_cmd
            ->add_option("--test-cap-ticks", sweep_run_opts.cap_ticks,
                         "Tests only: every run at most this many ticks (a different sweep identity)")
            ->check(CLI::Range(std::int64_t{1}, std::int64_t{100000000}))
            ->group("");
        sweep_run_cmd->add_flag("--in-process-modules", in_process_modules, kInProcessHelp);
        sweep_merge_cmd = sweep_cmd->add_subcommand(
            "merge",
            "Gather every shard's log in DIR into DIR/sweep.sqlite (tables sweep, params, result_names, runs, "
            "run_params, "
            "results) and DIR/results.csv (sorted by run key, shortest round-trip numbers: the same bytes whatever the "
            "threads, shards or finishing order); lists missing and duplicated runs. Exit codes: 0 complete; 1 runs "
            "missing (listed; what is there is written); 2 DIR is not a sweep folder or cannot be read or written");
        sweep_merge_cmd->add_option("dir", sweep_dir, "Results folder of `sweep run`")
            ->required()
            ->check(CLI::ExistingDirectory);
        sweep_status_cmd =
            sweep_cmd->add_subcommand("status", "Say how far a sweep got: runs done / total, per shard log, missing");
        sweep_status_cmd->add_option("dir", sweep_dir, "Results folder of `sweep run`")
            ->required()
            ->check(CLI::ExistingDirectory);
        sweep_report_cmd = sweep_cmd->add_subcommand(
            "report",
            "Plot a merged sweep into REPORT (PNG, drawn by Playbench's renderer): each result against each varied "
            "parameter (mean and min-max over seeds), a heat map for each pair of parameters, and summary.txt (each "
            "result's highest and lowest points). Exit codes: 0 done; 1 runs missing (reported on what is there); 2 "
            "DIR "
            "not merged or a file cannot be read or written");
        sweep_report_cmd->add_option("dir", sweep_report_opts.dir, "Results folder, merged by `sweep merge`")
            ->required()
            ->check(CLI::ExistingDirectory);
        sweep_report_cmd->add_option("--out", sweep_report_opts.out, "Report folder (created if missing)")->required();
    }

    void add_bench() {
        bench_cmd = app.add_subcommand("bench", "Run benchmarks and print what they measure against the targets");
        bench_cmd->add_option("lab", bench_what,
                              "Only this benchmark (" + lab_names() + ", render, replay, sweep, compare)");
    }

    // The usage again as a verb, and with --markdown the reference of every verb, built from the
    // declarations above (hidden ones left out), so docs/reference/verbs.md cannot drift from them.
    void add_help() {
        help_cmd = app.add_subcommand("help",
                                      "Print the usage; with --markdown, every verb with its arguments and "
                                      "options as Markdown");
        help_cmd->add_flag("--markdown", help_markdown,
                           "Print the reference of every verb and option as Markdown (docs/reference/verbs.md is this "
                           "output)");
    }

    // Hidden (not in --help): the packaging's icon sizes are rendered with it (app/icon.hpp).
    void add_icon() {
        icon_cmd = app.add_subcommand("icon", "Write Playbench's icon as a PNG (used by cmake --install)");
        icon_cmd->group("");
        icon_cmd->add_option("--size", icon_size, "Width and height in pixels (default 256)")
            ->check(CLI::Range(8, 1024));
        icon_cmd->add_option("--out", icon_out, "PNG file to write")->required();
    }

    // Parses argv; returns the exit code when that is all there is to do (help, version, an error).
    std::optional<int> parse(int argc, char** argv) {
        try {
            app.parse(argc, argv);
        } catch (const CLI::CallForHelp&) {
            std::cout << app.help();
            return 0;
        } catch (const CLI::CallForAllHelp&) {
            std::cout << app.help("", CLI::AppFormatMode::All);
            return 0;
        } catch (const CLI::Success& e) {
            return app.exit(e);
        } catch (const CLI::ParseError& e) {
            // Print the usage of the (sub)command that was being parsed, then the reason; a value
            // its check refused (a missing file, a number out of range) is one line: the usage
            // would bury it.
            CLI::App* failed = &app;
            std::vector<CLI::App*> subs{run_cmd,   render_cmd,    params_cmd,      bench_cmd,        replay_cmd,
                                        rec_cmd,   verify_cmd,    info_cmd,        export_cmd,       compare_cmd,
                                        sweep_cmd, sweep_run_cmd, sweep_merge_cmd, sweep_status_cmd, sweep_report_cmd,
                                        help_cmd,  icon_cmd};
            for (const LabVerbCommand& c : lab_verbs) subs.push_back(c.cmd);
            for (CLI::App* sub : subs)
                if (sub->parsed()) failed = sub;
            if (dynamic_cast<const CLI::ValidationError*>(&e)) {
                std::cerr << (failed == &app ? std::string("playbench") : "playbench " + verb_path(*failed)) << ": "
                          << e.what() << "\n";
                return 2;
            }
            std::cerr << failed->help() << "\nplaybench: " << e.what() << "\n";
            return 2;
        }
        return std::nullopt;
    }

    // --seed for compare and the labs' verbs: the same range as a scenario's seed key, 0 .. 2^63-1 (seeds
    // S, S+1, ... stay in it). False, having said why, when it is not.
    static bool parse_seed(const std::string& text, const char* verb, std::uint64_t& seed) {
        const char* end = text.data() + text.size();
        auto res = std::from_chars(text.data(), end, seed);
        if (text.empty() || res.ec != std::errc() || res.ptr != end || seed > static_cast<std::uint64_t>(INT64_MAX)) {
            std::cerr << verb << ": --seed must be a whole number 0 .. " << INT64_MAX << ", got '" << text << "'\n";
            return false;
        }
        return true;
    }
    static bool parse_lab_verb_seed(LabVerbCommand& c) {
        if (!c.seed_opt || !*c.seed_opt) return true;
        std::uint64_t seed = 0;
        if (!parse_seed(c.seed, ("playbench " + c.verb->name).c_str(), seed)) return false;
        c.args.seed = seed;
        return true;
    }
    bool parse_compare_numbers() {
        if (*compare_ticks_opt) compare.ticks = compare_ticks;
        if (!*compare_seed_opt) return true;
        std::uint64_t seed = 0;
        if (!parse_seed(compare_seed, "playbench compare", seed)) return false;
        compare.seed = seed;
        return true;
    }

    // Runs the verb that was parsed (the window when none was); returns the exit code.
    int run_verb() {
        if (*run_cmd) return run_scenario(run, std::cout, std::cerr);
        for (LabVerbCommand& c : lab_verbs)
            if (*c.cmd) return parse_lab_verb_seed(c) ? c.verb->run(c.args, std::cout, std::cerr) : 2;
        if (*render_cmd) {
            if (!parse_size_option(render_size, render.width, render.height, *render_cmd, "playbench render")) return 2;
            return render_scenario(render, std::cout, std::cerr);
        }
        if (*params_cmd)
            return params_markdown_out ? params_markdown(params_lab, std::cout, std::cerr)
                                       : list_params(params_lab, std::cout, std::cerr);
        if (*rec_cmd) return replay_record(rec, std::cout, std::cerr);
        if (*verify_cmd) return replay_verify(replay_file, std::cout, std::cerr, verify_allow_modules);
        if (*info_cmd) return replay_info(replay_file, std::cout, std::cerr);
        if (*export_cmd) {
            if (!parse_size_option(exp_size, exp.width, exp.height, *export_cmd, "playbench replay export")) return 2;
            return replay_export(exp, std::cout, std::cerr);
        }
        if (*compare_cmd) return parse_compare_numbers() ? compare_verb(compare, std::cout, std::cerr) : 2;
        if (*sweep_run_cmd) return sweep_run(sweep_run_opts, std::cout, std::cerr);
        if (*sweep_merge_cmd) return sweep_merge(sweep_dir, std::cout, std::cerr);
        if (*sweep_status_cmd) return sweep_status_verb(sweep_dir, std::cout, std::cerr);
        if (*sweep_report_cmd) return sweep_report(sweep_report_opts, std::cout, std::cerr);
        if (*bench_cmd) return run_benchmarks(bench_what, std::cout, std::cerr);
        if (*help_cmd) {
            // The top level's help, as --help prints it (app.help() would describe the verb parsed).
            if (help_markdown)
                std::cout << verbs_markdown(app);
            else
                std::cout << app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal);
            return 0;
        }
        if (*icon_cmd) {
            std::string error;
            if (write_icon_png(icon_size, icon_out, error)) return 0;
            std::cerr << "playbench icon: " << error << "\n";
            return 1;
        }

        if (!display_available()) return headless_fallback(win);
        return run_window(win);
    }

    // --size WxH for `verb`; false, having printed the verb's usage and why, when it is not.
    static bool parse_size_option(const std::string& text, int& w, int& h, const CLI::App& cmd, const char* verb) {
        if (parse_size(text, w, h)) return true;
        std::cerr << cmd.help() << "\n"
                  << verb << ": --size must be WxH with each side 64..8192, got '" << text << "'\n";
        return false;
    }
};

}   // namespace

int run_command_line(int argc, char** argv) {
    CommandLine cli;
    if (auto rc = cli.parse(argc, argv)) return *rc;
    for (const LabInfo* lab : all_labs())
        if (lab->run_code_in_process) lab->run_code_in_process(cli.in_process_modules);
    return cli.run_verb();
}

}   // namespace pb::app
