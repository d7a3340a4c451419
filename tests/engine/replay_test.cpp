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

#include "engine/core/crc32.hpp"
#include "engine/core/hash.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/replay.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/scenario.hpp"
#include "engine/podball/commands.hpp"
#include "engine/rgs/commands.hpp"

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

Scenario podball_scenario() {
    return load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/podball-default.toml");
}

// The header a recorder writes for the default Podball scenario (for files written by hand).
ReplayHeader podball_header() {
    ReplayHeader h;
    const Scenario s = podball_scenario();
    h.lab = "podball";
    h.seed = s.seed;
    h.scenario_text = scenario_to_toml(s);
    return h;
}

// A parameter edit a lab's first parameter allows: half way between its default and its maximum.
Command first_param_edit(const LabInfo& lab) {
    const ParamDef& d = (*lab.params)[0];
    double v = d.default_value + 0.5 * (d.max - d.default_value);
    if (d.type != ParamType::Real)
        v = d.default_value < d.max ? d.default_value + 1.0 : d.default_value - 1.0;   // whole steps
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
    std::size_t next_command = 0;
    std::size_t next_snapshot = 0;
    auto snapshots_at = [&](std::int64_t tick, bool after) {
        for (; next_snapshot < data.snapshots.size() && data.snapshots[next_snapshot].tick == tick &&
               data.snapshots[next_snapshot].after_commands == after;
             ++next_snapshot)
            w.add_snapshot(tick, after, unpack_snapshot(data.snapshots[next_snapshot]).value());
    };
    // As a recorder writes them: a command after the hashes of the ticks before it, a snapshot
    // before the commands of its tick (the last one after them).
    for (std::int64_t t = 1; t <= data.length() + 1; ++t) {
        snapshots_at(t - 1, false);
        for (; next_command < data.commands.size() && data.commands[next_command].tick < t; ++next_command)
            w.add_command(data.commands[next_command]);
        if (t > data.length()) break;
        std::optional<std::uint64_t> full;
        if (next_full < data.full_hashes.size() && data.full_hashes[next_full].first == t)
            full = data.full_hashes[next_full++].second;
        w.add_hash(t, *data.hashes.at(t), full);
    }
    for (; next_command < data.commands.size(); ++next_command) w.add_command(data.commands[next_command]);
    snapshots_at(data.length(), true);
    w.close();
}

}   // namespace

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
            for (std::size_t i = 0; i < len; ++i)
                bytewise = crc32_detail::by_table(data.data() + offset + i, 1, bytewise);
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
        const ParamTable& table = *lab->params;
        const ParamDef& def = table[*table.find(edit.text("key"))];
        CHECK(player.timeline()[0].text.find(def.label + ": ") == 0);   // the label, not the key
        CHECK(player.timeline()[0].text.find(edit.text("key")) == std::string::npos);
        CHECK(player.timeline()[0].text.find(" -> ") != std::string::npos);
        fs::remove(path);
    }
}

TEST_CASE("replay: the timeline names a command that is not a parameter edit in words, not its syntax") {
    const Command place = to_command(podball::BallPlace{.x = 0.05, .y = -0.24}, 40);
    const std::string path = record(podball_scenario(), 100, {place}, "timeline-words.pbreplay");
    ReplayPlayer player(load_ok(path), path);
    REQUIRE(player.timeline().size() == 1);
    CHECK(player.timeline()[0].tick == 40);
    CHECK(player.timeline()[0].text == "Move the ball");
    fs::remove(path);
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
        bad.hashes.set(450, *bad.hashes.at(450) ^ 1u);
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
    const Command hit = to_command(rgs::RgsDamage{.id = 1, .amount = 20.0}, 50);
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
        if (short_hash(player.simulation().world().tick_hash()) != *data.hashes.at(player.tick())) ++short_mismatches;
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
    for (const Case& c : {Case{"effects-three-waves", "hp = 35.0", "hp = 35.5"},
                          Case{"logistics-colony", "position = [24, 24]", "position = [24, 25]"}}) {
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
    // The last records: the state at the end, then the end record.
    const std::vector<std::size_t> records = replay_record_starts(whole);
    const std::size_t final_snapshot = records[records.size() - 2];
    std::int64_t previous_length = 0;
    int cuts = 0;
    // The last 600 bytes before the final snapshot, the snapshot, the end record.
    for (std::size_t cut = final_snapshot - 600; cut < whole.size(); ++cut) {
        ReplayLoad load = read_replay_bytes(whole.substr(0, cut), "cut");
        REQUIRE_MESSAGE(load.data, load.error);
        const ReplayData& d = *load.data;
        CHECK_FALSE(load.warnings.empty());   // cut off, or at least not closed
        CHECK(d.length() % 50 == 0);          // whole blocks only
        CHECK(d.length() >= previous_length);
        CHECK(d.length() <= 400);
        if (cut < final_snapshot) CHECK(d.length() < 400);
        CHECK(d.commands.size() == 1);
        previous_length = d.length();
        ++cuts;
    }
    CHECK(cuts == static_cast<int>(whole.size() - final_snapshot + 600));
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
            if (!why.empty())
                code = why.find("cannot write the replay") != std::string::npos && why.find(path) != std::string::npos
                           ? 0
                           : 5;
            rec.stop();
        } catch (const std::exception& e) {
            const std::string what = e.what();
            code = what.find("cannot write the replay") != std::string::npos && what.find(path) != std::string::npos
                       ? 0
                       : 4;
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
    std::vector<Command> edits{make_param_set(200, "podball.ball.friction", 0.007),
                               make_param_set(900, "podball.ball.friction", 0.003)};
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
    const std::string path =
        record(podball_scenario(), 800, {make_param_set(100, "podball.ball.friction", 0.006)}, "orig.pbreplay");
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
    std::int64_t same_before = 0, same_after = 0;
    for (std::int64_t t = 1; t <= 500; ++t) same_before += a.hashes.at(t) == b.hashes.at(t);
    for (std::int64_t t = 501; t <= std::min(a.length(), b.length()); ++t)
        same_after += a.hashes.at(t) == b.hashes.at(t);
    CHECK(same_before == 500);
    CHECK(same_after < std::min(a.length(), b.length()) - 500);
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
    append_replay_notes(
        path, {ReplayNote{7, 42, "nice pass here", false, 0, 0}, ReplayNote{8, 60, "remove me", false, 0, 0}}, {});
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
    const std::string path =
        record(podball_scenario(), 200, {make_param_set(50, "podball.ball.friction", 0.006)}, "bad.pbreplay");
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
        // Flip a byte inside the command record (after the header and tick 1..50's hashes): the
        // command is lost, said with its place; reading goes on past it.
        std::string damaged = whole;
        const std::size_t at = damaged.rfind("podball.ball.friction");
        REQUIRE(at != std::string::npos);
        damaged[at + 3] ^= 0x20;
        ReplayLoad l = read_replay_bytes(damaged, "damaged.pbreplay");
        REQUIRE(l.data);
        CHECK(l.data->commands.empty());
        CHECK(l.data->integrity == ReplayIntegrity::Damaged);
        CHECK(l.data->closed);
        CHECK(l.data->length() == 200);   // the hashes after the damage survive
        REQUIRE(l.data->damage.size() == 1);
        const ReplayDamage& d = l.data->damage[0];
        CHECK(d.offset < at);
        CHECK(d.offset + d.bytes > at);
        CHECK(d.what == "checksum mismatch in a command");
        CHECK(d.may_hold_command);
        CHECK(d.lost_last < d.lost_first);   // no tick's hash lost
        REQUIRE(l.warnings.size() == 2);
        CHECK(l.warnings[0].find("damaged.pbreplay: DAMAGED: ") == 0);
        CHECK(l.warnings[0].find("at byte " + std::to_string(d.offset)) != std::string::npos);
        CHECK(l.warnings[1].find("read on past the damage: tick 200, 0 commands") != std::string::npos);
        // Verify re-simulates it all: without the command the world differs from tick 51.
        const VerifyResult r = verify_replay(*l.data, "damaged.pbreplay");
        CHECK(r.divergence == std::optional<std::int64_t>(51));
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
        // The reader takes quiet stretches from exactly these labs' replays.
        CHECK(replay_lab_writes_quiet_ticks(lab->name) == sim.world().clock_only_base().has_value());
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
    Command scheduled = make_param_set(
        0, d.key,
        d.type == ParamType::Real ? d.default_value + 0.25 * (d.max - d.default_value) : d.default_value + 1.0);
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
    for (std::int64_t t = 1; t <= kTicks; ++t)
        differ += *data.hashes.at(t) != expected[static_cast<std::size_t>(t - 1)];
    CHECK(differ == 0);
    REQUIRE(data.commands.size() == command_ticks.size());
    for (std::size_t i = 0; i < command_ticks.size(); ++i) CHECK(data.commands[i].tick == command_ticks[i]);
    // The tick hash covers a clock-only world's whole state: no full hashes are needed.
    CHECK(data.full_hashes.empty());
    // The stretches are records of their own: the file holds a few dozen bytes a stretch, not
    // four bytes a tick.
    std::size_t snapshot_bytes = 0;
    for (const StateSnapshot& snap : data.snapshots) snapshot_bytes += snap.packed.size() + 22;
    CHECK(data.snapshots.size() == 2);   // the start and the end
    CHECK(fs::file_size(path) < 4 * 1024 + data.header.scenario_text.size() + snapshot_bytes);
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
    CHECK(*load.data->hashes.at(42) == short_hash(clock_tick_hash(7, 42)));
    CHECK(load.data->integrity == ReplayIntegrity::Damaged);
    REQUIRE_FALSE(load.warnings.empty());
    CHECK(load.warnings[0].find("a stretch of quiet ticks that does not fit where it stands") != std::string::npos);
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

// --- damage: every byte flipped, every length cut, crafted files -----------------------------

namespace {

ReplayVerdict verdict_of(const std::string& bytes, std::vector<std::string>* lines = nullptr) {
    ReplayLoad load = read_replay_bytes(bytes, "x.pbreplay");
    if (!load.data) return ReplayVerdict::Unplayable;
    ReplayCheck c = check_replay(*load.data, "x.pbreplay");
    if (lines) *lines = c.lines;
    return c.verdict;
}

}   // namespace

TEST_CASE("replay damage: every byte flipped and every cut of a short replay of each lab is caught, never OK") {
    for (const LabInfo* lab : all_labs()) {
        CAPTURE(lab->name);
        const Scenario s = default_scenario(*lab);
        Command edit = first_param_edit(*lab);
        edit.tick = 12;
        const std::string path = record(s, 30, {edit}, std::string(lab->name) + "-flip.pbreplay");
        {
            // A reviewer's note too: every kind of record is in the file.
            ReplayNote note;
            note.tick = 20;
            note.text = "look here";
            append_replay_notes(path, {note}, {});
        }
        const std::string whole = read_bytes(path);
        fs::remove(path);
        REQUIRE(verdict_of(whole) == ReplayVerdict::Ok);
        const std::vector<std::size_t> records = replay_record_starts(whole);
        REQUIRE(records.size() >= 5);   // header, hashes, command, hashes, end, note
        const std::size_t header_end = records[1];
        const std::size_t last_record = records.back();
        int damaged = 0, not_closed = 0, unplayable = 0;
        for (std::size_t i = 0; i < whole.size(); ++i) {
            std::string bad = whole;
            bad[i] = static_cast<char>(bad[i] ^ 0xff);
            std::vector<std::string> lines;
            const ReplayVerdict v = verdict_of(bad, &lines);
            CAPTURE(i);
            REQUIRE(v != ReplayVerdict::Ok);
            if (i < header_end) {
                CHECK(v == ReplayVerdict::Unplayable);
            } else if (i < last_record) {
                // Damage inside the file: the damage code, with the damaged record's place.
                REQUIRE(v == ReplayVerdict::Damaged);
                const std::size_t record_start = *std::prev(std::upper_bound(records.begin(), records.end(), i));
                REQUIRE_FALSE(lines.empty());
                CHECK(lines[0].find("at byte " + std::to_string(record_start)) != std::string::npos);
            } else {
                // The end record is whole (9 bytes, nothing cut): a flip there is damage, never a
                // cut, whichever of its bytes it hits (its length included).
                REQUIRE(v == ReplayVerdict::Damaged);
                REQUIRE_FALSE(lines.empty());
                CHECK(lines[0].find("at byte " + std::to_string(last_record)) != std::string::npos);
            }
            damaged += v == ReplayVerdict::Damaged;
            not_closed += v == ReplayVerdict::NotClosed;
            unplayable += v == ReplayVerdict::Unplayable;
        }
        CHECK(unplayable == static_cast<int>(header_end));
        CHECK(damaged == static_cast<int>(whole.size() - header_end));
        CHECK(not_closed == 0);
        // Every single bit of the end record too.
        for (std::size_t i = last_record; i < whole.size(); ++i)
            for (int bit = 0; bit < 8; ++bit) {
                std::string bad = whole;
                bad[i] = static_cast<char>(bad[i] ^ (1 << bit));
                CAPTURE(i);
                CAPTURE(bit);
                CHECK(verdict_of(bad) == ReplayVerdict::Damaged);
            }
        for (std::size_t n = 0; n < whole.size(); ++n) {
            CAPTURE(n);
            const ReplayVerdict v = verdict_of(whole.substr(0, n));
            // A cut file is a recording that never closed: what it holds still verifies.
            REQUIRE(v == (n < header_end ? ReplayVerdict::Unplayable : ReplayVerdict::NotClosed));
        }
    }
}

TEST_CASE("replay damage: a flip inside a long Podball replay names the record and the ticks, and verify reads on") {
    const std::string path = record(podball_scenario(), 9000, {}, "long-flip.pbreplay");
    const std::string whole = read_bytes(path);
    fs::remove(path);
    const std::vector<std::size_t> records = replay_record_starts(whole);
    // header, the state at tick 0, three blocks of 4096 hashes (the last partial), the state at
    // the end, end
    REQUIRE(records.size() == 7);
    std::string bad = whole;
    bad[records[3] + 100] ^= 0x01;   // inside the second hash block: ticks 4097..8192
    ReplayLoad load = read_replay_bytes(bad, "long.pbreplay");
    REQUIRE(load.data);
    const ReplayData& d = *load.data;
    CHECK(d.integrity == ReplayIntegrity::Damaged);
    CHECK(d.length() == 9000);
    CHECK(d.hashes.lost_count() == 4096);
    REQUIRE(d.damage.size() == 1);
    CHECK(d.damage[0].offset == records[3]);
    CHECK(d.damage[0].lost_first == 4097);
    CHECK(d.damage[0].lost_last == 8192);
    CHECK_FALSE(d.damage[0].may_hold_command);
    CHECK(describe_damage(d.damage[0]) ==
          std::to_string(records[4] - records[3]) + " bytes at byte " + std::to_string(records[3]) +
              " (checksum mismatch in a block of tick hashes): the hashes of ticks 4097..8192 are lost");
    const ReplayCheck c = check_replay(d, "long.pbreplay");
    CHECK(c.verdict == ReplayVerdict::Damaged);
    CHECK(c.result.ticks == 9000);   // read on: the ticks after the damage were checked too
    CHECK_FALSE(c.result.divergence);
    REQUIRE(c.lines.size() == 2);
    CHECK(c.lines[1].find(
              "9000 of 9000 ticks re-simulated (ticks 4097..8192 unchecked: their hashes were lost); every hash "
              "that survived matches") != std::string::npos);
}

namespace {

// One record as the writer frames it: [type][length][payload][CRC-32 of the three].
std::string framed(std::uint8_t type, const std::string& payload) {
    std::string r(1, static_cast<char>(type));
    for (int i = 0; i < 4; ++i) r += static_cast<char>((payload.size() >> (8 * i)) & 0xff);
    r += payload;
    const std::uint32_t crc = crc32(r.data(), r.size());
    for (int i = 0; i < 4; ++i) r += static_cast<char>((crc >> (8 * i)) & 0xff);
    return r;
}
std::string le(std::uint64_t v, int bytes) {
    std::string out;
    for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
    return out;
}
constexpr std::uint8_t kHashesType = 2, kNoteType = 4, kEndType = 6, kQuietType = 7, kPinsType = 8;
// A block of `count` tick hashes from tick `first`, as the writer frames one.
std::string hash_block(std::int64_t first, std::uint32_t count) {
    std::string p = le(static_cast<std::uint64_t>(first), 8) + le(count, 4);
    for (std::uint32_t i = 0; i < count; ++i) p += le(0x9e3779b9u * (i + 1), 4);
    return framed(kHashesType, p + le(0, 4));
}
std::string quiet_stretch(std::int64_t first, std::int64_t count) {
    return framed(kQuietType,
                  le(static_cast<std::uint64_t>(first), 8) + le(static_cast<std::uint64_t>(count), 8) + le(7, 8));
}

// A closed 100-tick Podball replay (header, the hashes of ticks 1..100, end) with `middle`
// spliced in before its end record and `after` after it; every record CRC-sound.
std::string podball_replay_with(const std::string& middle, const std::string& after = {}) {
    const std::string path = temp_file("crafted.pbreplay");
    {
        ReplayWriter w;
        w.open(path, podball_header());
        for (std::int64_t t = 1; t <= 100; ++t) w.add_hash(t, 0x1234 + static_cast<std::uint64_t>(t));
        w.close();
    }
    std::string bytes = read_bytes(path);
    fs::remove(path);
    const std::string end = framed(kEndType, {});
    REQUIRE(bytes.substr(bytes.size() - end.size()) == end);
    return bytes.substr(0, bytes.size() - end.size()) + middle + end + after;
}

}   // namespace

TEST_CASE("replay damage: CRC-sound records a lab never writes, or that claim ticks no bytes hold, are damage") {
    const std::size_t at = podball_replay_with("").size() - 9;   // where the spliced records start
    SUBCASE("quiet stretches in a Podball replay: damage at their byte, not 134 million ticks") {
        const std::string bytes =
            podball_replay_with(quiet_stretch(101, std::int64_t{1} << 26) +
                                quiet_stretch(101 + (std::int64_t{1} << 26), std::int64_t{1} << 26));
        ReplayLoad load = read_replay_bytes(bytes, "quiet.pbreplay");
        REQUIRE(load.data);
        CHECK(load.data->integrity == ReplayIntegrity::Damaged);
        CHECK(load.data->length() == 100);
        REQUIRE(load.data->damage.size() == 2);
        CHECK(load.data->damage[0].offset == at);
        CHECK(load.data->damage[0].what == "a stretch of quiet ticks that does not fit where it stands");
        CHECK(load.data->damage[1].offset == at + 33);
        CHECK(check_replay(*load.data, "quiet.pbreplay").verdict == ReplayVerdict::Damaged);
    }
    SUBCASE("past damage, a block far ahead does not claim the ticks between") {
        // 50 unreadable bytes could hold 12 ticks' hashes, not 2^27.
        const std::string bytes = podball_replay_with(std::string(50, '\xaa') + hash_block(std::int64_t{1} << 27, 10));
        ReplayLoad load = read_replay_bytes(bytes, "far.pbreplay");
        REQUIRE(load.data);
        CHECK(load.data->integrity == ReplayIntegrity::Damaged);
        CHECK(load.data->length() == 100);
        REQUIRE(load.data->damage.size() == 2);
        CHECK(load.data->damage[1].offset == at + 50);
        CHECK(load.data->damage[1].what == "a block of tick hashes that does not fit where it stands");
        // ... while one that damage of that size could have held is read, the ticks between lost.
        const std::string near = podball_replay_with(std::string(50, '\xaa') + hash_block(101 + 12, 10));
        ReplayLoad ok = read_replay_bytes(near, "near.pbreplay");
        REQUIRE(ok.data);
        CHECK(ok.data->length() == 122);
        CHECK(ok.data->hashes.lost_count() == 12);
    }
    SUBCASE("ticks after the end record") {
        ReplayLoad load = read_replay_bytes(podball_replay_with("", hash_block(101, 100)), "after-end.pbreplay");
        REQUIRE(load.data);
        CHECK(load.data->integrity == ReplayIntegrity::Damaged);
        CHECK(load.data->length() == 100);
        REQUIRE(load.data->damage.size() == 1);
        CHECK(load.data->damage[0].offset == at + 9);
    }
    SUBCASE("module pins anywhere but right after the header") {
        ReplayLoad load =
            read_replay_bytes(podball_replay_with(framed(kPinsType, encode_module_pins({}))), "pins.pbreplay");
        REQUIRE(load.data);
        CHECK(load.data->integrity == ReplayIntegrity::Damaged);
        REQUIRE(load.data->damage.size() == 1);
        CHECK(load.data->damage[0].what == "the module libraries' pins that does not fit where it stands");
    }
    SUBCASE("a note at a tick not recorded") {
        ReplayNote far;
        far.id = 1;
        far.tick = std::int64_t{1} << 27;
        far.text = "far";
        ReplayNote near = far;
        near.tick = 100;
        const auto note = [](const ReplayNote& n) {
            return framed(kNoteType, le(n.id, 4) + le(static_cast<std::uint64_t>(n.tick), 8) + le(n.text.size(), 4) +
                                         n.text + std::string(1, '\0') + le(0, 8) + le(0, 8));
        };
        ReplayLoad load = read_replay_bytes(podball_replay_with(note(far)), "note.pbreplay");
        REQUIRE(load.data);
        CHECK(load.data->integrity == ReplayIntegrity::Damaged);
        CHECK(load.data->notes.empty());
        ReplayLoad ok = read_replay_bytes(podball_replay_with(note(near)), "note.pbreplay");
        REQUIRE(ok.data);
        CHECK(ok.data->integrity == ReplayIntegrity::Intact);
        CHECK(ok.data->notes.size() == 1);
    }
    SUBCASE("a header that branched at a negative tick, or from nothing") {
        const std::string path = temp_file("branch.pbreplay");
        ReplayHeader h;
        h.lab = "podball";
        h.scenario_text = scenario_to_toml(podball_scenario());
        h.branch_tick = -7;
        {
            ReplayWriter w;
            w.open(path, h);
            w.close();
        }
        ReplayLoad load = read_replay_file(path);
        fs::remove(path);
        CHECK_FALSE(load.data);
        CHECK(load.error.find("the replay's header is damaged (it says it branched from no replay at tick -7)") !=
              std::string::npos);
    }
}

TEST_CASE("replay damage: crafted files cost what they hold, not what they claim") {
    SUBCASE("four quiet stretches of 2^26 ticks: no tick materialised, verify stops at the first divergence") {
        const std::string path = temp_file("quiet-bomb.pbreplay");
        ReplayHeader h;
        h.lab = "tasks";
        const Scenario s = default_scenario(*find_lab("tasks"));
        h.seed = s.seed;
        h.scenario_text = scenario_to_toml(s);
        {
            ReplayWriter w;
            w.open(path, h);
            for (int i = 1; i <= 4; ++i) w.add_quiet_stretch(std::int64_t{i} << 26, 7);
            w.close();
        }
        CHECK(fs::file_size(path) < 8000);
        const ReplayData d = load_ok(path);
        fs::remove(path);
        CHECK(d.length() == std::int64_t{1} << 28);
        CHECK(d.hashes.stored_count() == 0);
        CHECK(*d.hashes.at((std::int64_t{1} << 28) - 5) == short_hash(clock_tick_hash(7, (std::int64_t{1} << 28) - 5)));
        const ReplayCheck c = check_replay(d, "bomb.pbreplay");
        CHECK(c.verdict == ReplayVerdict::Diverged);
        CHECK(c.result.divergence == std::optional<std::int64_t>(1));
        CHECK(c.result.ticks == 1);
    }
    SUBCASE("100,000 notes load in one pass; edits and deletions keep the last word") {
        const std::string path = temp_file("many-notes.pbreplay");
        {
            ReplayWriter w;
            w.open(path, podball_header());
            for (std::uint32_t id = 1; id <= 100000; ++id) {
                ReplayNote n;
                n.id = id;
                n.text = "note " + std::to_string(id);
                w.add_note(n);
            }
            ReplayNote edited;
            edited.id = 77;
            edited.text = "edited";
            w.add_note(edited);
            w.delete_note(5);
            w.close();
        }
        const ReplayData d = load_ok(path);
        fs::remove(path);
        REQUIRE(d.notes.size() == 99999);
        CHECK(d.notes[3].id == 4);
        CHECK(d.notes[4].id == 6);
        CHECK(d.notes[75].text == "edited");
        CHECK(d.notes.back().text == "note 100000");
    }
    SUBCASE("a header that contradicts its embedded scenario is damage") {
        const std::string path = record(podball_scenario(), 50, {}, "liar.pbreplay");
        ReplayData d = load_ok(path);
        d.header.seed += 1;
        rewrite(d, path);
        const ReplayData liar = load_ok(path);
        fs::remove(path);
        const ReplayCheck c = check_replay(liar, "liar.pbreplay");
        CHECK(c.verdict == ReplayVerdict::Damaged);
        REQUIRE(c.lines.size() == 1);
        CHECK(c.lines[0].find("contradicts itself: its header says lab podball, seed 43, its embedded scenario lab "
                              "podball, seed 42") != std::string::npos);
    }
    SUBCASE("a command written after the last tick's hashes never ran: damage") {
        const std::string path = record(podball_scenario(), 50, {}, "late-command.pbreplay");
        ReplayData d = load_ok(path);
        d.commands.push_back(make_param_set(80, "podball.ball.friction", 0.006));
        rewrite(d, path);   // writes it after the 50 ticks' hashes: tick 80 is not reached
        ReplayLoad load = read_replay_file(path);
        fs::remove(path);
        REQUIRE(load.data);
        CHECK(load.data->integrity == ReplayIntegrity::Damaged);
        CHECK(load.data->commands.empty());
        CHECK(check_replay(*load.data, "late.pbreplay").verdict == ReplayVerdict::Damaged);
    }
    SUBCASE("note text reaches a terminal escaped") {
        CHECK(printable("ok \x1b[2J\x07 done\n") == "ok \\x1b[2J\\x07 done\\n");
        CHECK(printable("\xc2\x9b"
                        "31m") == "\\xc2\\x9b31m");                                   // C1 CSI in UTF-8
        CHECK(printable("caf\xc3\xa9 \xe2\x9c\x93") == "caf\xc3\xa9 \xe2\x9c\x93");   // real UTF-8 passes
        CHECK(printable("\xff\xfe") == "\\xff\\xfe");
        CHECK(printable("a\\b") == "a\\\\b");
    }
}

TEST_CASE("replay divergence: verify names the values that differ, recorded against replayed") {
    SUBCASE("an embedded scenario edited after recording: the first differing fields at tick 0") {
        const std::string path = record(podball_scenario(), 300, {}, "edited.pbreplay");
        ReplayData d = load_ok(path);
        // The default (0.02 since engine 7) is written as a comment under [params]: uncomment it
        // with another value.
        const std::size_t at = d.header.scenario_text.find("# podball.ball.friction = 0.02");
        REQUIRE(at != std::string::npos);
        const std::size_t end = d.header.scenario_text.find('\n', at);
        d.header.scenario_text.replace(at, end - at, "podball.ball.friction = 0.025");
        rewrite(d, path);
        const ReplayData edited = load_ok(path);
        fs::remove(path);
        REQUIRE(edited.snapshots.size() == 2);   // tick 0, and the end
        const ReplayCheck c = check_replay(edited, "edited.pbreplay");
        CHECK(c.verdict == ReplayVerdict::Diverged);
        REQUIRE(c.result.difference);
        CHECK(c.result.difference->tick == 0);
        CHECK(c.result.difference->count == 1);
        REQUIRE(c.result.difference->first.size() == 1);
        CHECK(c.result.difference->first[0] == "params.podball.ball.friction: recorded 0.02, replayed 0.025");
        REQUIRE(c.lines.size() >= 3);
        CHECK(c.lines[1] == "  the state at tick 0 differs in 1 value (recorded, replayed):");
        CHECK(c.lines[2] == "    params.podball.ball.friction: recorded 0.02, replayed 0.025");
    }
    SUBCASE("a tampered hash with the world unchanged: the state after it equals the recorded one, said so") {
        const std::string path = record(podball_scenario(), 600, {}, "hash-only.pbreplay");
        ReplayData d = load_ok(path);
        d.hashes.set(450, *d.hashes.at(450) ^ 1u);
        rewrite(d, path);
        const ReplayData bad = load_ok(path);
        fs::remove(path);
        const VerifyResult r = verify_replay(bad, "hash-only.pbreplay");
        CHECK(r.divergence == std::optional<std::int64_t>(450));
        REQUIRE(r.difference);
        CHECK(r.difference->count == 0);
        CHECK(r.difference->tick == 600);
        CHECK(r.difference->note.find("equals the recorded one") != std::string::npos);
    }
    SUBCASE("a lost command: the pods' positions differ at the next snapshot, named") {
        Command edit = make_param_set(100, "podball.pod.thrust", 0.0);
        const std::string path = record(podball_scenario(), 20000, {edit}, "lost-command.pbreplay");
        ReplayData d = load_ok(path);
        REQUIRE(d.snapshots.size() == 2);   // 0, the end (20000, after its commands)
        CHECK(d.snapshots[1].tick == 20000);
        CHECK(d.snapshots[1].after_commands);
        d.commands.clear();
        rewrite(d, path);
        const ReplayData lost = load_ok(path);
        fs::remove(path);
        const VerifyResult r = verify_replay(lost, "lost.pbreplay");
        REQUIRE(r.divergence);
        CHECK(*r.divergence == 101);
        REQUIRE(r.difference);
        CHECK(r.difference->tick == 20000);
        CHECK(r.difference->count > 10);
        REQUIRE(r.difference->first.size() == 8);
        bool names_a_pod = false;
        for (const std::string& line : r.difference->first) names_a_pod = names_a_pod || line.find("state.pods[") == 0;
        CHECK(names_a_pod);
    }
}

TEST_CASE("replay divergence: state lines diff both ways") {
    const StateDifference d = diff_state_lines("a=1\nb.c[0]=2\nb.c[1]=3\n", "a=1\nb.c[0]=5\nd=\"x\"\n");
    CHECK(d.count == 3);
    REQUIRE(d.first.size() == 3);
    CHECK(d.first[0] == "b.c[0]: recorded 2, replayed 5");
    CHECK(d.first[1] == "b.c[1]: recorded 3, replayed (absent)");
    CHECK(d.first[2] == "d: recorded (absent), replayed \"x\"");
    JsonWriter w = JsonWriter::lines();
    w.begin_object()
        .key("pods")
        .begin_array()
        .begin_object()
        .field("x", 1.5)
        .end_object()
        .value(2)
        .end_array()
        .field("s", "a\nb")
        .end_object();
    CHECK(w.str() == "pods[0].x=1.5\npods[1]=2\ns=\"a\\nb\"\n");
}
