// A team module cannot get out of its host process
// (docs/team-modules.md#library-modules-run-isolated-the-default), on the real binary: a module
// that forks, kills Playbench or its process group, runs a program, opens a file or a socket,
// closes the host's descriptors, prints, answers an action kind the ABI does not have or leaks
// memory (tests/modules/podball_escape_module.c) gets a fault with the reason, `run` and `match`
// finish every tick with exit 0, `run --json` stays valid JSON with the module's output under
// module_logs, and no process of the module is left once Playbench ends.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "../modules/process_scan.hpp"
#include "app_support.hpp"

namespace fs = std::filesystem;

#ifdef PB_MODULE_DIR

namespace {

// The escape module's `variant`, copied to a path of its own, so that the processes that loaded it
// (and their forks) can be told from every other by their memory maps.
std::string escape_module(const std::string& variant) {
    const fs::path copy = fs::path(temp_path("sandbox")) / ("escape-" + variant + ".so");
    fs::create_directories(copy.parent_path());
    fs::copy_file(std::string(PB_MODULE_DIR) + "/libpb_escape_module_" + variant + ".so", copy,
                  fs::copy_options::overwrite_existing);
    return copy.string();
}

// Team 0 (Lib) plays the library, team 1 (Red) the chaser.
std::string write_scenario(const std::string& name, const std::string& library) {
    const fs::path file = fs::path(temp_path("sandbox")) / (name + ".toml");
    std::ofstream(file) << "lab = \"podball\"\nseed = 4\n[params]\npodball.match.period_ticks = 1200\n"
                           "[team0]\nname = \"Lib\"\nmodule = \"lib:"
                        << library
                        << "\"\npods = 3\n"
                           "[team1]\nname = \"Red\"\nmodule = \"chaser\"\npods = 3\n";
    return file.string();
}

// The string value of the first `"key": "..."` from `from` on, still escaped (json_field stops at
// the first comma).
std::string json_string(const std::string& json, const std::string& key, std::size_t from = 0) {
    const std::string anchor = "\"" + key + "\": \"";
    std::size_t at = json.find(anchor, from);
    if (at == std::string::npos) return {};
    at += anchor.size();
    std::size_t end = at;
    while (end < json.size() && json[end] != '"') end += json[end] == '\\' ? 2 : 1;
    return json.substr(at, end - at);
}

// A strict JSON reader that only says whether the text is one JSON value (RFC 8259: UTF-8, the
// escapes, numbers, literals) and where it is not.
class JsonCheck {
public:
    explicit JsonCheck(const std::string& text) : s_(text) {}
    std::string problem() {
        ws();
        if (!value()) return why_ + " at byte " + std::to_string(i_);
        ws();
        if (i_ != s_.size()) return "text after the value at byte " + std::to_string(i_);
        return "";
    }

private:
    bool fail(const char* why) {
        why_ = why;
        return false;
    }
    void ws() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r')) ++i_;
    }
    bool eat(char c) {
        ws();
        if (i_ < s_.size() && s_[i_] == c) {
            ++i_;
            return true;
        }
        return false;
    }
    bool value() {
        ws();
        if (i_ >= s_.size()) return fail("no value");
        const char c = s_[i_];
        if (c == '{') return container('}', true);
        if (c == '[') return container(']', false);
        if (c == '"') return string();
        for (const char* word : {"true", "false", "null"})
            if (s_.compare(i_, std::char_traits<char>::length(word), word) == 0) {
                i_ += std::char_traits<char>::length(word);
                return true;
            }
        return number();
    }
    bool container(char close, bool object) {
        ++i_;
        if (eat(close)) return true;
        do {
            if (object) {
                ws();
                if (!string()) return false;
                if (!eat(':')) return fail("no ':' after a key");
            }
            if (!value()) return false;
        } while (eat(','));
        return eat(close) ? true : fail("an unclosed object or array");
    }
    bool number() {
        const std::size_t start = i_;
        if (i_ < s_.size() && s_[i_] == '-') ++i_;
        auto digits = [&] {
            const std::size_t from = i_;
            while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
            return i_ > from;
        };
        if (!digits()) return fail("not a value");
        if (i_ < s_.size() && s_[i_] == '.' && (++i_, !digits())) return fail("a bad number");
        if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
            ++i_;
            if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
            if (!digits()) return fail("a bad exponent");
        }
        return i_ > start;
    }
    bool string() {
        if (i_ >= s_.size() || s_[i_] != '"') return fail("not a string");
        for (++i_; i_ < s_.size();) {
            const auto c = static_cast<unsigned char>(s_[i_]);
            if (c == '"') {
                ++i_;
                return true;
            }
            if (c < 0x20) return fail("a control character in a string");
            if (c == '\\') {
                if (i_ + 1 >= s_.size()) return fail("a cut escape");
                const char e = s_[i_ + 1];
                if (e == 'u') {
                    if (i_ + 6 > s_.size() || s_.find_first_not_of("0123456789abcdefABCDEF", i_ + 2) < i_ + 6)
                        return fail("a bad \\u escape");
                    i_ += 6;
                } else if (std::string("\"\\/bfnrt").find(e) != std::string::npos) {
                    i_ += 2;
                } else {
                    return fail("a bad escape");
                }
                continue;
            }
            // UTF-8: the length the lead byte says, continuation bytes after it.
            const std::size_t len = c < 0x80                ? 1
                                    : c >= 0xc2 && c < 0xe0 ? 2
                                    : c >= 0xe0 && c < 0xf0 ? 3
                                    : c >= 0xf0 && c < 0xf5 ? 4
                                                            : 0;
            if (len == 0 || i_ + len > s_.size()) return fail("invalid UTF-8");
            for (std::size_t k = 1; k < len; ++k)
                if ((static_cast<unsigned char>(s_[i_ + k]) & 0xc0) != 0x80) return fail("invalid UTF-8");
            i_ += len;
        }
        return fail("an unterminated string");
    }

    const std::string& s_;
    std::size_t i_ = 0;
    std::string why_;
};

// `run SCENARIO --json ARGS`: it ends with exit 0, and what it prints is one JSON value.
ProcessResult run_json(const std::string& scenario, const std::string& args) {
    ProcessResult run = run_playbench("run '" + scenario + "' --json " + args);
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    CHECK(JsonCheck(run.out).problem() == "");
    return run;
}

}   // namespace

TEST_CASE("module sandbox cli: every way out of the host is a fault with its reason, Playbench runs on") {
    struct Case {
        const char* variant;
        const char* reason;   // in the fault
    };
    const Case cases[] = {
        {"killparent", "kill (SIGKILL to Playbench)"},
        {"killgroup", "kill (SIGTERM to its process group)"},
        {"fork", "clone (fork: a new process)"},
        {"clone", "clone (fork: a new process)"},
        {"thread", "clone (a thread)"},
        {"exec", "execve"},
        {"open", "openat"},
        {"socket", "socket"},
        {"sigsys", "rt_sigaction"},
        {"closefds", "close"},
        {"badkind", "action has kind 99"},
    };
    for (const Case& c : cases) {
        const std::string variant = c.variant;
        CAPTURE(variant);
        const std::string library = escape_module(variant);
        const std::string scenario = write_scenario(c.variant, library);
        ProcessResult run = run_json(scenario, "--ticks 900");
        CHECK(run.out.find("\"tick\": 900") != std::string::npos);
        CHECK(json_field(run.out, "faults") == "1");
        CHECK(json_field(run.out, "last_fault_tick") == "10");
        CHECK(json_string(run.out, "last_fault").find(c.reason) != std::string::npos);
        CHECK(json_string(run.out, "last_fault").find("its pods idle for this call") != std::string::npos);
        // The module's own output is under module_logs, not in Playbench's.
        CHECK(json_string(run.out, "text", run.out.find("\"module_logs\"")).rfind("pid ", 0) == 0);

        ProcessResult match = run_playbench("match '" + scenario + "' --games 1");
        INFO(match.err);
        REQUIRE(match.exit_code == 0);
        CHECK(match.out.find("1 match") != std::string::npos);
        CHECK(match.out.find(c.reason) != std::string::npos);

        // Playbench has ended: nothing that loaded the module is left.
        const auto left = process_scan::left_after([&] { return process_scan::mapping(library); });
        CHECK_MESSAGE(left.empty(), "left running: " << process_scan::describe(left));
    }
}

TEST_CASE("module sandbox cli: a module's output is its log, bounded, never Playbench's") {
    const std::string scenario = write_scenario("print", escape_module("print"));
    ProcessResult run = run_json(scenario, "--ticks 400");
    CHECK(run.err.find("call 3") == std::string::npos);
    CHECK(json_field(run.out, "faults") == "0");
    const std::size_t logs = run.out.find("\"module_logs\"");
    REQUIRE(logs != std::string::npos);
    const std::string text = json_string(run.out, "text", logs);
    CHECK(text.find("call 3\\nwarning at call 3\\ncall 4\\n") != std::string::npos);
    // From the 20th call on, 1 MB a call: the log keeps its first 64 KiB and counts the rest.
    CHECK(text.size() <= 2 * 64 * 1024);
    CHECK(std::stoll(json_field(run.out, "dropped_bytes", logs)) >= (1 << 20));
    // Team 1 (the chaser) has no log.
    CHECK(json_field(run.out, "text", run.out.find("\"team\": 1", logs)) == "\"\"");

    ProcessResult text_run = run_playbench("run '" + scenario + "' --ticks 400");
    REQUIRE(text_run.exit_code == 0);
    CHECK(text_run.out.find("call 3") == std::string::npos);
    CHECK(text_run.out.find("team 0's module printed ") != std::string::npos);
}

TEST_CASE("module sandbox cli: the memory limit is a parameter; a leaking module is stopped at it") {
    const std::string scenario = write_scenario("leak", escape_module("leak"));
    ProcessResult params = run_playbench("params podball");
    CHECK(params.out.find("podball.modules.memory_limit") != std::string::npos);
    CHECK(params.out.find("default 1024") != std::string::npos);
    ProcessResult run = run_json(scenario, "--ticks 1200 --set podball.modules.memory_limit=256");
    CHECK(run.out.find("\"tick\": 1200") != std::string::npos);
    CHECK(json_field(run.out, "faults") == "1");
    const std::string fault = json_string(run.out, "last_fault");
    CHECK(fault.find("crashed (SIGSEGV") != std::string::npos);
    CHECK(fault.find("of its memory limit of 256 MiB (podball.modules.memory_limit)") != std::string::npos);
    // 4 MB a call, a call every 5 ticks: stopped well before 256 MB would have taken 320 ticks more.
    const long long at = std::stoll(json_field(run.out, "last_fault_tick"));
    CHECK(at > 100);
    CHECK(at < 400);
}

#endif   // PB_MODULE_DIR
