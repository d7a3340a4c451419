// Replays: record then verify for every lab, tampering caught at the right tick, files cut off at
// every byte of their last records, a recorder killed with SIGKILL, seeking equal to playing
// straight there, branching, notes, and every kind of bad file with its message.
#include <doctest/doctest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/core/hash.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/replay.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/scenario.hpp"

using namespace pb;
namespace fs = std::filesystem;

namespace {

std::string temp_file(const std::string& name) {
    return (fs::temp_directory_path() / ("playbench-replay-" + std::to_string(::getpid()) + "-" + name)).string();
}

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}


Scenario podball_scenario() { return load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/podball-default.toml"); }

// A parameter edit a lab's first parameter allows: half way between its default and its maximum.
Command first_param_edit(const LabInfo& lab) {
    const ParamDef& d = (*lab.params)[0];
    double v = d.default_value + 0.5 * (d.max - d.default_value);
    if (d.type != ParamType::Real) v = d.default_value < d.max ? d.default_value + 1.0 : d.default_value - 1.0;   // whole steps
    return make_param_set(0, d.key, v);
}

// Records `ticks` ticks of `s` with `edits` submitted at their ticks; returns the file.
std::string record(const Scenario& s, std::int64_t ticks, const std::vector<Command>& edits, const std::string& name) {
    const std::string path = temp_file(name);
    Simulation sim(s);
    SessionRecorder rec;
    rec.start(sim, path);
    std::size_t next = 0;
    for (std::int64_t t = 0; t < ticks; ++t) {
        for (; next < edits.size() && edits[next].tick == t; ++next) REQUIRE_FALSE(sim.submit(edits[next]));
        sim.step();
    }
    rec.stop();
    return path;
}

ReplayData load_ok(const std::string& path) {
    ReplayLoad load = read_replay_file(path);
    REQUIRE_MESSAGE(load.data, load.error);
    return *load.data;
}

// Writes `data` back as a file (to tamper with it through the writer, keeping checksums right).
void rewrite(const ReplayData& data, const std::string& path) {
    ReplayWriter w;
    w.open(path, data.header);
    std::size_t next_full = 0;
    for (const Command& c : data.commands) w.add_command(c);
    for (std::int64_t t = 1; t <= data.length(); ++t) {
        std::optional<std::uint64_t> full;
        if (next_full < data.full_hashes.size() && data.full_hashes[next_full].first == t) full = data.full_hashes[next_full++].second;
        w.add_hash(t, data.hashes[static_cast<std::size_t>(t - 1)], full);
    }
    w.close();
}

}  // namespace

TEST_CASE("replay: CRC-32 is the zip/PNG one, by folding, by eight bytes or by one") {
    const std::string check = "123456789";
    CHECK(crc32(check.data(), check.size()) == 0xCBF43926u);
    CHECK(crc32_detail::by_table(check.data(), check.size(), 0) == 0xCBF43926u);
    // Byte by byte (the tail loop only) against the eight-byte steps and the folding (which takes
    // 64 bytes and more, then 16-byte steps, then a tail), at every length and alignment.
    Rng rng(3);
    std::string data(300 + 16, '\0');
    for (char& c : data) c = static_cast<char>(rng.below(256));
    int folded = 0;
    for (std::size_t offset = 0; offset < 16; ++offset) {
        for (std::size_t len = 0; len <= 300; ++len) {
            std::uint32_t bytewise = 0;
            for (std::size_t i = 0; i < len; ++i) bytewise = crc32_detail::by_table(data.data() + offset + i, 1, bytewise);
            CHECK(crc32_detail::by_table(data.data() + offset, len, 0) == bytewise);
            CHECK(crc32(data.data() + offset, len) == bytewise);
            // Continuing a CRC: the starting register reaches the folded blocks too.
            const std::size_t cut = len / 3;
            CHECK(crc32(data.data() + offset + cut, len - cut, crc32(data.data() + offset, cut)) == bytewise);
            folded += len >= 64 ? 1 : 0;
        }
    }
    CHECK(folded == 16 * 237);
    // A hash block's size, and zeros (the folding must not lose a register of all zeros).
    std::string block(16384 + 9, '\0');
    for (std::size_t i = 0; i < block.size(); i += 3) block[i] = static_cast<char>(rng.below(256));
    CHECK(crc32(block.data(), block.size()) == crc32_detail::by_table(block.data(), block.size(), 0));
    const std::string zeros(1000, '\0');
    CHECK(crc32(zeros.data(), zeros.size()) == crc32_detail::by_table(zeros.data(), zeros.size(), 0));
    const std::string folding = crc32_detail::folds_with_clmul() ? "yes" : "no";
    MESSAGE("carry-less folding on this machine: " << folding);
}

TEST_CASE("replay: every lab records and verifies, parameter edits included") {
    for (const LabInfo* lab : all_labs()) {
        CAPTURE(lab->name);
        Command edit = first_param_edit(*lab);
        edit.tick = 40;
        const std::string path = record(default_scenario(*lab), 300, {edit}, lab->name + ".pbreplay");
        const ReplayData data = load_ok(path);
        CHECK(data.header.lab == lab->name);
        CHECK(data.length() == 300);
        CHECK(data.closed);
        REQUIRE(data.commands.size() == 1);
        CHECK(data.commands[0].tick == 40);
        const VerifyResult r = verify_replay(data, path);
        CHECK(r.ok());
        CHECK(r.ticks == 300);
        // The timeline says what the edit changed, old value to new.
        ReplayPlayer player(data, path);
        REQUIRE(player.timeline().size() == 1);
        CHECK(player.timeline()[0].text.find(edit.text("key") + " ") == 0);
        CHECK(player.timeline()[0].text.find(" -> ") != std::string::npos);
        fs::remove(path);
    }
}

TEST_CASE("replay: a tampered command or hash is caught at the right tick") {
    Command edit = make_param_set(100, "podball.ball.friction", 0.006);
    const std::string path = record(podball_scenario(), kFullHashEvery + 76, {edit}, "tamper.pbreplay");
    ReplayData data = load_ok(path);
    REQUIRE(verify_replay(data, path).ok());

    SUBCASE("command") {
        ReplayData bad = data;
        bad.commands[0].set("value", 0.007);
        rewrite(bad, path);
        const VerifyResult r = verify_replay(load_ok(path), path);
        REQUIRE(r.divergence.has_value());
        CHECK(*r.divergence == 101);   // applied before the step to 101: the first hash that differs
    }
    SUBCASE("hash") {
        ReplayData bad = data;
        bad.hashes[449] ^= 1u;   // tick 450
        rewrite(bad, path);
        const VerifyResult r = verify_replay(load_ok(path), path);
        REQUIRE(r.divergence.has_value());
        CHECK(*r.divergence == 450);
    }
    SUBCASE("a full hash") {
        // Full hashes: at the first tick after the edit, then every kFullHashEvery ticks.
        ReplayData bad = data;
        REQUIRE(bad.full_hashes.size() == 2);
        CHECK(bad.full_hashes[0].first == 101);
        CHECK(bad.full_hashes[1].first == kFullHashEvery);
        bad.full_hashes[1].second ^= 1u << 20;
        rewrite(bad, path);
        const VerifyResult r = verify_replay(load_ok(path), path);
        REQUIRE(r.divergence.has_value());
        CHECK(*r.divergence == kFullHashEvery);
    }
    fs::remove(path);
}

TEST_CASE("replay: an edit the tick hash does not see is caught by the full hash at the tick after it") {
    // Damage that leaves an RGS standing changes its health, which ticks never touch (its mining
    // does not depend on it), so the RGS tick hash leaves health out; the recorder pins every
    // command with a full hash at the first tick after it.
    const Scenario s = load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/rgs-two-at-800.toml");
    Command hit;
    hit.tick = 50;
    hit.type = "rgs.damage";
    hit.set("id", std::int64_t{1}).set("amount", 20.0);
    const std::string path = record(s, 200, {hit}, "rgs-damage.pbreplay");
    ReplayData data = load_ok(path);
    REQUIRE(verify_replay(data, path).ok());
    REQUIRE(data.full_hashes.size() == 1);
    CHECK(data.full_hashes[0].first == 51);

    ReplayData bad = data;
    bad.commands[0].set("amount", 25.0);
    rewrite(bad, path);
    const VerifyResult r = verify_replay(load_ok(path), path);
    REQUIRE(r.divergence.has_value());
    CHECK(*r.divergence == 51);
    // The tick hash alone would not have seen it: every tick's short hash still matches.
    ReplayPlayer player(load_ok(path), path);
    std::int64_t short_mismatches = 0;
    while (player.step())
        if (short_hash(player.simulation().world().tick_hash()) != data.hashes[static_cast<std::size_t>(player.tick() - 1)]) ++short_mismatches;
    CHECK(short_mismatches == 0);
    fs::remove(path);
}

TEST_CASE("replay: a lab's tick hash sees what its ticks change, from the first tick it differs") {
    // Two runs of a scenario that differ in one thing the ticks carry forward: a creep's health
    // (Effects), a transporter's starting tile (Logistics). Their tick hashes must differ from
    // the first tick on, as a divergence in these would.
    struct Case {
        const char* file;
        const char* from;
        const char* to;
    };
    for (const Case& c : {Case{"effects-three-waves", "hp = 35.0", "hp = 35.5"}, Case{"logistics-colony", "position = [24, 24]", "position = [24, 25]"}}) {
        CAPTURE(c.file);
        const std::string path = std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + c.file + ".toml";
        std::string text = read_bytes(path);
        const auto at = text.find(c.from);
        REQUIRE(at != std::string::npos);
        Simulation a(load_scenario_text(text, path));
        text.replace(at, std::string(c.from).size(), c.to);
        Simulation b(load_scenario_text(text, path));
        for (int t = 1; t <= 50; ++t) {
            a.step();
            b.step();
            CAPTURE(t);
            CHECK(a.world().tick_hash() != b.world().tick_hash());
        }
    }
}

TEST_CASE("replay: a file cut at any byte of its last records loads up to the last complete one") {
    Command edit = make_param_set(30, "podball.ball.friction", 0.005);
    // Small blocks so the tail holds several hash records: flush after every 50 ticks.
    const std::string path = temp_file("cut.pbreplay");
    Simulation sim(podball_scenario());
    SessionRecorder rec;
    rec.start(sim, path);
    for (int t = 0; t < 400; ++t) {
        if (t == 30) REQUIRE_FALSE(sim.submit(edit));
        sim.step();
        if (sim.tick() % 50 == 0) rec.flush();
    }
    rec.stop();
    const std::string whole = read_bytes(path);
    const ReplayData full = load_ok(path);
    REQUIRE(full.length() == 400);
    std::int64_t previous_length = 0;
    int cuts = 0;
    // The last 600 bytes: the last hash blocks, the end record.
    for (std::size_t cut = whole.size() - 600; cut < whole.size(); ++cut) {
        ReplayLoad load = read_replay_bytes(whole.substr(0, cut), "cut");
        REQUIRE_MESSAGE(load.data, load.error);
        const ReplayData& d = *load.data;
        CHECK_FALSE(load.warnings.empty());   // cut off, or at least not closed
        CHECK(d.length() % 50 == 0);          // whole blocks only
        CHECK(d.length() >= previous_length);
        CHECK(d.length() <= 400);
        if (cut < whole.size() - 9) CHECK(d.length() < 400);   // 9 bytes: the empty end record
        CHECK(d.commands.size() == 1);
        previous_length = d.length();
        ++cuts;
    }
    CHECK(cuts == 600);
    // What was kept of a cut file still verifies.
    ReplayLoad half = read_replay_bytes(whole.substr(0, whole.size() - 250), "cut");
    REQUIRE(half.data);
    CHECK(half.data->length() > 0);
    CHECK(verify_replay(*half.data, "cut").ok());
    fs::remove(path);
}

TEST_CASE("replay: a recorder killed with SIGKILL leaves a file that loads and verifies") {
    const std::string path = temp_file("killed.pbreplay");
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        // Record for ever, flushing now and then as the window does every second.
        Simulation sim(podball_scenario());
        SessionRecorder rec;
        rec.start(sim, path);
        for (std::int64_t t = 0;; ++t) {
            sim.step();
            if (t % 500 == 0) rec.flush();
        }
    }
    // Wait until some blocks reached the file, then kill it mid-recording.
    for (int i = 0; i < 400; ++i) {
        std::error_code ec;
        if (fs::exists(path, ec) && fs::file_size(path, ec) > 20000) break;
        ::usleep(10000);
    }
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    CHECK(WIFSIGNALED(status));
    ReplayLoad load = read_replay_file(path);
    REQUIRE_MESSAGE(load.data, load.error);
    CHECK_FALSE(load.data->closed);
    CHECK_FALSE(load.warnings.empty());
    CHECK(load.data->length() >= 500);
    CHECK(verify_replay(*load.data, path).ok());
    fs::remove(path);
}

TEST_CASE("replay: a write that fails on the recorder's disk thread is reported, and what was written still loads") {
    // A child process whose files may not grow past 40 KB: the header and the first hash blocks
    // fit, a later block does not. The writing thread meets the error; the next record a step
    // sends ends the recording with the reason (the simulation goes on), or a flush or the close
    // throws it.
    const std::string path = temp_file("full.pbreplay");
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::signal(SIGXFSZ, SIG_IGN);   // write() then fails with EFBIG instead of killing us
        rlimit limit{40000, 40000};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        int code = 3;   // 3: nothing reported the failure
        try {
            Simulation sim(podball_scenario());
            SessionRecorder rec;
            rec.start(sim, path);
            for (int t = 0; t < 100000 && rec.recording(); ++t) {
                sim.step();
                if (t % 1000 == 0) rec.flush();
            }
            const std::string why = rec.end_reason();
            if (!why.empty()) code = why.find("cannot write the replay") != std::string::npos && why.find(path) != std::string::npos ? 0 : 5;
            rec.stop();
        } catch (const std::exception& e) {
            const std::string what = e.what();
            code = what.find("cannot write the replay") != std::string::npos && what.find(path) != std::string::npos ? 0 : 4;
        }
        ::_exit(code);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    // Every block that did reach the file loads and verifies; the file says it was not closed.
    ReplayLoad load = read_replay_file(path);
    REQUIRE_MESSAGE(load.data, load.error);
    CHECK_FALSE(load.data->closed);
    CHECK(load.data->length() >= 4000);
    CHECK(load.data->length() < 10000);
    CHECK(verify_replay(*load.data, path).ok());
    fs::remove(path);
}

TEST_CASE("replay: seeking to random ticks equals playing straight there") {
    std::vector<Command> edits{make_param_set(200, "podball.ball.friction", 0.007), make_param_set(900, "podball.ball.friction", 0.003)};
    const std::string path = record(podball_scenario(), 2000, edits, "seek.pbreplay");
    const ReplayData data = load_ok(path);
    std::vector<std::uint64_t> straight{0};
    {
        ReplayPlayer p(data, path);
        straight[0] = p.simulation().world().hash();
        while (p.step()) straight.push_back(p.simulation().world().hash());
        CHECK_FALSE(p.divergence());
    }
    REQUIRE(straight.size() == 2001);
    // A small memory budget forces the keyframe spacing to double.
    ReplayPlayer p(data, path, 40 * 1024 * 1024 / 100);
    Rng rng(7);
    for (int i = 0; i < 60; ++i) {
        const auto t = static_cast<std::int64_t>(rng.next_u64() % 2001);
        p.seek(t);
        REQUIRE(p.tick() == t);
        CHECK(p.simulation().world().hash() == straight[static_cast<std::size_t>(t)]);
    }
    CHECK(p.keyframe_spacing() > ReplayPlayer::kFirstSpacing);
    CHECK(p.keyframe_bytes() <= 40 * 1024 * 1024 / 100);
    CHECK_FALSE(p.divergence());
    fs::remove(path);
}

TEST_CASE("replay: taking over at a tick branches into a new replay that verifies") {
    const std::string path = record(podball_scenario(), 800, {make_param_set(100, "podball.ball.friction", 0.006)}, "orig.pbreplay");
    ReplayPlayer player(load_ok(path), path);
    player.seek(500);
    Simulation branch = player.simulation().fork();
    REQUIRE(branch.tick() == 500);
    const std::string branch_path = temp_file("branch.pbreplay");
    SessionRecorder rec;
    rec.start(branch, branch_path, {}, path, 500);
    REQUIRE_FALSE(branch.submit(make_param_set(0, "podball.ball.friction", 0.002)));
    for (int i = 0; i < 300; ++i) {
        branch.step();
    }
    rec.stop();
    const ReplayData b = load_ok(branch_path);
    CHECK(b.header.branch_of == path);
    CHECK(b.header.branch_tick == 500);
    CHECK(b.length() == 800);
    REQUIRE(b.commands.size() == 2);   // the original's edit before 500, then the new one
    CHECK(b.commands[1].tick == 500);
    CHECK(verify_replay(b, branch_path).ok());
    // Up to the branch both replays agree; after it they differ.
    const ReplayData a = load_ok(path);
    CHECK(std::equal(a.hashes.begin(), a.hashes.begin() + 500, b.hashes.begin()));
    CHECK_FALSE(std::equal(a.hashes.begin() + 500, a.hashes.end(), b.hashes.begin() + 500));
    fs::remove(path);
    fs::remove(branch_path);
}

TEST_CASE("replay: notes survive saving and loading, added while recording or afterwards") {
    const std::string path = temp_file("notes.pbreplay");
    {
        Simulation sim(podball_scenario());
        SessionRecorder rec;
        rec.start(sim, path);
        for (int i = 0; i < 100; ++i) {
            sim.step();
        }
        rec.add_note(ReplayNote{0, 100, "the keeper wanders off", true, 0.25, -0.1});
        rec.stop();
    }
    append_replay_notes(path, {ReplayNote{7, 42, "nice pass here", false, 0, 0}, ReplayNote{8, 60, "remove me", false, 0, 0}}, {});
    append_replay_notes(path, {}, {8});
    const ReplayData d = load_ok(path);
    REQUIRE(d.notes.size() == 2);
    CHECK(d.notes[0].id == 1);
    CHECK(d.notes[0].tick == 100);
    CHECK(d.notes[0].text == "the keeper wanders off");
    CHECK(d.notes[0].has_point);
    CHECK(d.notes[0].x == doctest::Approx(0.25));
    CHECK(d.notes[1].text == "nice pass here");
    CHECK(d.notes[1].tick == 42);
    CHECK(verify_replay(d, path).ok());   // notes change nothing in the world
    fs::remove(path);
}

TEST_CASE("replay: bad files get clear messages and load what can be trusted") {
    const std::string path = record(podball_scenario(), 200, {make_param_set(50, "podball.ball.friction", 0.006)}, "bad.pbreplay");
    const std::string whole = read_bytes(path);

    SUBCASE("not a replay") {
        ReplayLoad l = read_replay_bytes("lab = \"podball\"\n", "x.toml");
        CHECK_FALSE(l.data);
        CHECK(l.error.find("x.toml: not a Playbench replay") == 0);
    }
    SUBCASE("empty") {
        ReplayLoad l = read_replay_bytes("", "empty.pbreplay");
        CHECK_FALSE(l.data);
        CHECK(l.error.find("not a Playbench replay") != std::string::npos);
    }
    SUBCASE("newer format version") {
        ReplayData d = load_ok(path);
        d.header.format_version = kReplayFormatVersion + 1;
        rewrite(d, path);
        ReplayLoad l = read_replay_file(path);
        CHECK_FALSE(l.data);
        CHECK(l.error.find("newer Playbench") != std::string::npos);
        CHECK(l.error.find("update Playbench") != std::string::npos);
    }
    SUBCASE("a corrupted record in the middle") {
        // Flip a byte inside the command record (it follows the header): loading stops there.
        std::string damaged = whole;
        const std::size_t at = damaged.rfind("podball.ball.friction");
        REQUIRE(at != std::string::npos);
        damaged[at + 3] ^= 0x20;
        ReplayLoad l = read_replay_bytes(damaged, "damaged.pbreplay");
        REQUIRE(l.data);
        CHECK(l.data->commands.empty());
        REQUIRE_FALSE(l.warnings.empty());
        CHECK(l.warnings[0].find("corrupted (checksum mismatch)") != std::string::npos);
        CHECK(l.warnings[0].find("loaded what came before") != std::string::npos);
    }
    SUBCASE("an embedded scenario this Playbench refuses") {
        ReplayData d = load_ok(path);
        d.header.scenario_text = "lab = \"podball\"\n[params]\npodball.ball.friction = 7.0\n";
        rewrite(d, path);
        const ReplayData again = load_ok(path);   // the file itself reads
        CHECK(again.commands.size() == 1);
        try {
            verify_replay(again, path);
            FAIL("an invalid embedded scenario must not play");
        } catch (const std::exception& e) {
            const std::string why = e.what();
            CHECK(why.find("podball.ball.friction") != std::string::npos);
            CHECK(why.find("no longer accepts") != std::string::npos);
        }
    }
    fs::remove(path);
}

TEST_CASE("replay: a world whose ticks change only its clock keeps its promise, in every lab that makes it") {
    int quiet_labs = 0;
    for (const LabInfo* lab : all_labs()) {
        CAPTURE(lab->name);
        Simulation sim(default_scenario(*lab));
        if (!sim.world().clock_only_base()) continue;
        ++quiet_labs;
        Command edit = first_param_edit(*lab);
        for (int t = 0; t < 300; ++t) {
            if (t == 120) REQUIRE_FALSE(sim.submit(edit));
            const std::uint64_t base = *sim.world().clock_only_base();
            CHECK(sim.world().tick_hash() == clock_tick_hash(base, sim.tick()));
            sim.step();
            // A tick changes nothing but the clock: the base stays, the tick hash moves on.
            CHECK(*sim.world().clock_only_base() == base);
            CHECK(short_hash(sim.world().tick_hash()) != short_hash(clock_tick_hash(base, sim.tick() - 1)));
        }
    }
    CHECK(quiet_labs >= 1);   // Tasks: a tick only walks the players along the solved plan
}

TEST_CASE("replay: a clock-only world's quiet ticks are written a stretch at a time, with the hashes of every tick") {
    const LabInfo& lab = *find_lab("tasks");
    Scenario s = default_scenario(lab);
    // A scheduled edit too: it changes the state inside a step.
    const ParamDef& d = (*lab.params)[0];
    Command scheduled = make_param_set(0, d.key, d.type == ParamType::Real ? d.default_value + 0.25 * (d.max - d.default_value)
                                                                         : d.default_value + 1.0);
    scheduled.tick = 700;
    s.commands.push_back(scheduled);
    Command edit = first_param_edit(lab);
    const std::string path = temp_file("quiet.pbreplay");
    Simulation sim(s);
    SessionRecorder rec;
    rec.start(sim, path);
    std::vector<std::uint32_t> expected;   // what a recorder hashing every tick would have written
    std::vector<std::int64_t> command_ticks;
    constexpr std::int64_t kTicks = 10000;   // longer than two hash blocks (4096 ticks each)
    for (std::int64_t t = 0; t < kTicks; ++t) {
        // Edits in a quiet stretch, two at one tick, one at a tick a hash block would end.
        if (t == 100 || t == 4096 || t == 5000) {
            // One key; each value differs from the one before, so each edit changes the state.
            const double v = t == 4096 ? d.default_value : (t == 100 ? edit.number("value") : d.max);
            REQUIRE_FALSE(sim.submit(make_param_set(0, d.key, v)));
            command_ticks.push_back(t);
            if (t == 100) {
                REQUIRE_FALSE(sim.submit(make_param_set(0, d.key, d.max)));
                command_ticks.push_back(t);
            }
        }
        sim.step();
        REQUIRE(rec.recording());
        expected.push_back(short_hash(sim.world().tick_hash()));
        if (t == 3000) rec.add_note(ReplayNote{0, sim.tick(), "half way", false, 0, 0});
        if (t == 2500) {
            // Flush sends the quiet ticks so far: a file read a moment later holds all of them.
            rec.flush();
            std::int64_t length = 0;
            for (int tries = 0; tries < 400 && length < sim.tick(); ++tries) {
                ReplayLoad l = read_replay_bytes(read_bytes(path), path);
                length = l.data ? l.data->length() : 0;
                if (length < sim.tick()) ::usleep(5000);
            }
            CHECK(length == sim.tick());
        }
        CHECK(rec.ticks() == sim.tick());
    }
    rec.stop();
    const ReplayData data = load_ok(path);
    REQUIRE(data.length() == kTicks);
    std::int64_t differ = 0;
    for (std::int64_t t = 1; t <= kTicks; ++t) differ += data.hashes[static_cast<std::size_t>(t - 1)] != expected[static_cast<std::size_t>(t - 1)];
    CHECK(differ == 0);
    REQUIRE(data.commands.size() == command_ticks.size());
    for (std::size_t i = 0; i < command_ticks.size(); ++i) CHECK(data.commands[i].tick == command_ticks[i]);
    // The tick hash covers a clock-only world's whole state: no full hashes are needed.
    CHECK(data.full_hashes.empty());
    // The stretches are records of their own: the file holds a few dozen bytes a stretch, not
    // four bytes a tick.
    CHECK(fs::file_size(path) < 4 * 1024 + data.header.scenario_text.size());
    REQUIRE(data.notes.size() == 1);
    CHECK(data.notes[0].tick == 3001);
    const VerifyResult r = verify_replay(data, path);
    CHECK(r.ok());
    CHECK(r.ticks == kTicks);
    // Going back in time ends the recording where it was, with the quiet ticks up to there.
    {
        Simulation again(default_scenario(lab));
        SessionRecorder rec2;
        rec2.start(again, path);
        again.advance(10);
        REQUIRE_FALSE(again.submit(edit));
        again.advance(5);
        again.restart();
        CHECK_FALSE(rec2.recording());
        CHECK(rec2.end_reason() == "the simulation restarted");
        const ReplayData cut = load_ok(path);
        CHECK(cut.length() == 15);
        CHECK(cut.commands.size() == 1);
        CHECK(verify_replay(cut, path).ok());
    }
    fs::remove(path);
}

TEST_CASE("replay: a stretch of quiet ticks too long to be true is damage, not data") {
    // 2^27 ticks (a month of play) in one record would cost the reader half a gigabyte: a file
    // saying so is refused from that record on, with the ticks before it kept.
    const std::string path = temp_file("long-stretch.pbreplay");
    ReplayHeader h;
    h.lab = "tasks";
    h.scenario_text = scenario_to_toml(default_scenario(*find_lab("tasks")));
    {
        ReplayWriter w;
        w.open(path, h);
        w.add_quiet_stretch(100, 7);
        w.add_quiet_stretch(100 + (std::int64_t{1} << 27), 7);
        w.close();
    }
    ReplayLoad load = read_replay_file(path);
    REQUIRE_MESSAGE(load.data, load.error);
    CHECK(load.data->length() == 100);
    CHECK(load.data->hashes[41] == short_hash(clock_tick_hash(7, 42)));
    REQUIRE_FALSE(load.warnings.empty());
    CHECK(load.warnings[0].find("does not make sense") != std::string::npos);
    fs::remove(path);
}

TEST_CASE("replay: a simulation reports to its recorder itself; a move follows it, its end ends the recording") {
    const std::string path = temp_file("attached.pbreplay");
    const Command edit = make_param_set(0, "podball.ball.friction", 0.005);
    {
        Simulation a(podball_scenario());
        SessionRecorder rec;
        rec.start(a, path);
        a.advance(20);
        Simulation b = std::move(a);   // the recording goes with the simulation
        b.advance(30);
        REQUIRE_FALSE(b.submit(edit));
        b.advance(10);
        CHECK(rec.ticks() == 60);
        // One recording a simulation: a second recorder is refused, and the first goes on.
        SessionRecorder other;
        CHECK_THROWS_WITH(other.start(b, temp_file("other.pbreplay")), doctest::Contains("already being recorded"));
        fs::remove(temp_file("other.pbreplay"));
        b.advance(5);
        CHECK(rec.ticks() == 65);
        rec.stop();
        b.advance(5);   // no longer recorded
        CHECK(rec.ticks() == 65);
        const ReplayData d = load_ok(path);
        CHECK(d.length() == 65);
        CHECK(d.closed);
        REQUIRE(d.commands.size() == 1);
        CHECK(d.commands[0].tick == 50);
        CHECK(verify_replay(d, path).ok());
    }
    // A simulation closed, or taken back to a snapshot, ends its recording where it was, closed
    // cleanly, and says why once; a clock-only world's quiet ticks up to there are kept.
    for (const char* lab : {"podball", "tasks"}) {
        CAPTURE(lab);
        SessionRecorder rec;
        {
            Simulation c(default_scenario(*find_lab(lab)));
            rec.start(c, path);
            c.advance(15);
        }
        CHECK_FALSE(rec.recording());
        const auto end = rec.take_end();
        REQUIRE(end.has_value());
        CHECK(end->why == "the simulation was closed");
        CHECK_FALSE(end->failed);
        CHECK_FALSE(rec.take_end().has_value());
        const ReplayData d = load_ok(path);
        CHECK(d.length() == 15);
        CHECK(d.closed);

        Simulation e(default_scenario(*find_lab(lab)));
        e.advance(5);
        const Simulation::Snapshot back = e.snapshot();
        rec.start(e, path);
        e.advance(10);
        e.restore(back);
        CHECK_FALSE(rec.recording());
        CHECK(rec.end_reason() == "the simulation went back to an earlier tick");
        CHECK(load_ok(path).length() == 15);
        e.advance(3);   // goes on, unrecorded
        CHECK(load_ok(path).length() == 15);
    }
    fs::remove(path);
}
