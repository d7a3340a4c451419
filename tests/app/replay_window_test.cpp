// Reviewing a replay in the real window under Xvfb, driven by a --script: the replay given on the
// command line opens in review mode, Play plays it, a note typed in the side panel goes into the
// file, and "Take over here" continues live while recording a branch that verifies.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app_support.hpp"

namespace {

std::string field(const std::string& json, const std::string& key) { return json_field(json, key); }

}   // namespace

TEST_CASE("window: review a replay from the command line, play it, add a note, take over") {
    if (!have_xvfb()) return;
    // The process runs in its own folder: the branch's default file name lands there.
    const std::string dir = temp_path("replay-window");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir + "/config");
    const std::string replay = dir + "/session.pbreplay";
    ProcessResult rec = run_playbench("replay record '" + source_path("scenarios/podball-default.toml") +
                                      "' --ticks 900 --set podball.ball.friction=0.005 --out '" + replay + "'");
    INFO("record stderr: " << rec.err);
    REQUIRE(rec.exit_code == 0);

    const std::string before = dir + "/before.json", playing = dir + "/playing.json", noted = dir + "/noted.json",
                      branched = dir + "/branched.json", shot = dir + "/review.png";
    // Editing attempts first: a parameter slider and a pod dragged on the canvas change nothing.
    // It opens on the side panel's Review tab; the parameters are one tab over.
    const std::string script =
        "frame 6 click @side.tab.params\n"
        "frame 10 click @params.filter\n"
        "frame 12 text ball.friction\n"
        "frame 16 drag @param.podball.ball.friction 90 0\n"
        "frame 24 drag @podball.pod.0.1 60 40\n"
        "frame 34 dump " +
        before +
        "\n"
        "frame 35 click @side.tab.review\n"
        "frame 38 click @transport.play\n"
        // A note added while playing: the button's label shows the tick,
        // which changes every frame, and the click must still land.
        "frame 41 click @review.note_text\n"
        "frame 45 text while it plays\n"
        "frame 49 click @review.add_note\n"
        "frame 70 dump " +
        playing +
        "\n"
        "frame 72 click @transport.play\n"
        "frame 76 screenshot " +
        shot +
        "\n"
        "frame 80 click @review.note_text\n"
        "frame 85 text the ball slows here\n"
        "frame 90 click @review.add_note\n"
        "frame 95 dump " +
        noted +
        "\n"
        "frame 100 click @transport.take_over\n"
        "frame 130 dump " +
        branched +
        "\n"
        "frame 135 quit\n";
    std::ofstream(dir + "/script.txt") << script;
    const std::string env = "cd '" + dir + "' && XDG_CONFIG_HOME='" + dir + "/config'" +
                            " PLAYBENCH_UI_SCALE=1 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0"
                            " timeout 180 xvfb-run -a -s '-screen 0 1600x1000x24 -nolisten tcp -noreset'";
    ProcessResult r = run_playbench("--script '" + dir + "/script.txt' '" + replay + "'", env);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);

    const std::string b = read_text(before), p = read_text(playing), n = read_text(noted), t = read_text(branched);
    REQUIRE_FALSE(b.empty());
    REQUIRE_FALSE(t.empty());
    // Opened for review, paused at its start, the whole length known, nothing diverging.
    CHECK(field(b, "reviewing") == "true");
    CHECK(field(b, "replay") == "\"" + replay + "\"");
    CHECK(field(b, "replay_length") == "900");
    CHECK(field(b, "replay_tick") == "0");
    CHECK(field(b, "paused") == "true");
    CHECK(field(b, "recording") == "false");
    CHECK(field(b, "live_commands") == "0");
    auto friction_at = b.find("\"key\": \"podball.ball.friction\"");
    REQUIRE(friction_at != std::string::npos);
    CHECK(std::stod(field(b.substr(friction_at), "value")) == doctest::Approx(0.005));
    // Play plays the replay (the friction it was recorded with shows in the panel).
    CHECK(field(p, "paused") == "false");
    CHECK(std::stol(field(p, "replay_tick")) > 0);   // how far depends on the load: that it moved
    CHECK(field(p, "live_commands") == "0");
    CHECK(field(p, "divergence") == "null");
    CHECK(field(p, "replay_notes") == "1");
    CHECK(std::filesystem::exists(shot));
    // The notes went into the file.
    CHECK(field(n, "replay_notes") == "2");
    ProcessResult info = run_playbench("replay info '" + replay + "'");
    CHECK(info.out.find("the ball slows here") != std::string::npos);
    CHECK(info.out.find("while it plays") != std::string::npos);
    // Taken over: live again at the tick it was taken over at or later, recording the branch.
    CHECK(field(t, "reviewing") == "false");
    CHECK(field(t, "recording") == "true");
    CHECK(std::stol(field(t, "tick")) >= std::stol(field(n, "replay_tick")));
    std::string branch = field(t, "recording_path");
    REQUIRE(branch.size() > 2);
    branch = branch.substr(1, branch.size() - 2);
    CHECK(branch.rfind(dir, 0) == 0);
    // Quitting closed the branch cleanly, and it replays exactly.
    ProcessResult verify = run_playbench("replay verify '" + branch + "'");
    INFO("verify: " << verify.out << verify.err);
    CHECK(verify.exit_code == 0);
    ProcessResult branch_info = run_playbench("replay info '" + branch + "'");
    CHECK(branch_info.out.find("session.pbreplay") != std::string::npos);
}

TEST_CASE("window: the Record button records the live session; Ctrl+Shift+R stops it; the file verifies") {
    if (!have_xvfb()) return;
    const std::string dir = temp_path("record-window");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir + "/config");
    const std::string recording = dir + "/recording.json", stopped = dir + "/stopped.json";
    std::ofstream(dir + "/script.txt") << "frame 10 click @transport.record\n"
                                          "frame 20 click @transport.play\n"
                                          "frame 60 dump " +
                                              recording +
                                              "\n"
                                              "frame 64 key ctrl+shift+r\n"
                                              "frame 70 dump " +
                                              stopped +
                                              "\n"
                                              "frame 75 quit\n";
    const std::string env = "cd '" + dir + "' && XDG_CONFIG_HOME='" + dir + "/config'" +
                            " PLAYBENCH_UI_SCALE=1 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0"
                            " timeout 180 xvfb-run -a -s '-screen 0 1600x1000x24 -nolisten tcp -noreset'";
    ProcessResult r =
        run_playbench("--script '" + dir + "/script.txt' '" + source_path("scenarios/podball-default.toml") + "'", env);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    const std::string a = read_text(recording), s = read_text(stopped);
    CHECK(field(a, "recording") == "true");
    CHECK(std::stol(field(a, "recording_ticks")) > 0);   // how many depends on the load
    CHECK(field(s, "recording") == "false");
    CHECK(field(s, "status").find("Recording stopped") != std::string::npos);
    std::string path = field(a, "recording_path");
    REQUIRE(path.size() > 2);
    path = path.substr(1, path.size() - 2);
    CHECK(path.rfind(dir + "/playbench-podball-default-", 0) == 0);
    ProcessResult verify = run_playbench("replay verify '" + path + "'");
    INFO("verify: " << verify.out << verify.err);
    CHECK(verify.exit_code == 0);
}
