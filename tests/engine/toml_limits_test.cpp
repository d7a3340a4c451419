// Hostile TOML: keys of thousands of parts, nesting thousands deep, lists of millions of elements
// and text values of megabytes are refused by the bounded scan (engine/core/toml_limits.hpp) with
// file:line: key and the limit, before the TOML reader recurses or allocates; every text within
// the limits reads as before.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/core/node.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/suggest.hpp"
#include "engine/core/toml_limits.hpp"
#include "engine/core/toml_text.hpp"

using namespace pb;
namespace fs = std::filesystem;

namespace {

std::string refused(const std::string& text) {
    try {
        load_scenario_text(text, "hostile.toml");
    } catch (const ScenarioError& e) {
        return e.what();
    }
    FAIL("scenario loaded but should have been refused");
    return "";
}

std::string repeated(const std::string& part, std::size_t n, const std::string& separator) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) out += (i ? separator : "") + part;
    return out;
}

// A key of `parts` parts: a.a.a...
std::string dotted(std::size_t parts) { return repeated("a", parts, "."); }

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// What parse_toml (the one entry every TOML text goes through) says of `text`; "" when it reads.
std::string parse_error(const std::string& text) {
    Node root;
    Diagnostics diag("t.toml");
    return parse_toml(text, root, diag) ? std::string() : diag.to_string();
}

}  // namespace

TEST_CASE("a key of 20,000 dot-separated parts is refused with file:line, not a stack overflow") {
    const std::string why = refused("lab = \"podball\"\n" + dotted(20000) + " = 1\n");
    CAPTURE(why.substr(0, 300));
    CHECK(has(why, "hostile.toml:2: key 'a.a.a.a"));
    CHECK(has(why, "a key of 20000 dot-separated parts, more than the limit of 32 parts in one key (kMaxTomlKeyParts)"));
    CHECK(why.size() < 400);   // the key is shown cut, not 40 KB of it

    // The same as a table header, and as a key in an inline table.
    CHECK(has(refused("lab = \"podball\"\n\n[" + dotted(20000) + "]\nx = 1\n"), "hostile.toml:3: key 'a.a.a"));
    CHECK(has(refused("lab = \"podball\"\nx = { " + dotted(20000) + " = 1 }\n"), "20000 dot-separated parts"));
    CHECK(has(refused("lab = \"podball\"\n[[" + dotted(20000) + "]]\n"), "kMaxTomlKeyParts"));
}

TEST_CASE("TOML limits: 32 key parts and 64 levels read, one more is refused naming the limit") {
    CHECK(parse_error(dotted(32) + " = 1\n").empty());
    CHECK(has(parse_error(dotted(33) + " = 1\n"), "t.toml:1: key 'a.a.a"));
    CHECK(has(parse_error(dotted(33) + " = 1\n"), "a key of 33 dot-separated parts"));
    CHECK(parse_error("[" + dotted(32) + "]\n").empty());
    CHECK(has(parse_error("[" + dotted(33) + "]\n"), "kMaxTomlKeyParts"));

    // Depth: lists in lists (x is 1 deep, its innermost element 1 + n).
    const auto lists = [](std::size_t n) { return "x = " + std::string(n, '[') + "1" + std::string(n, ']') + "\n"; };
    CHECK(parse_error(lists(63)).empty());
    CHECK(has(parse_error(lists(64)), "t.toml:1: key 'x"));
    CHECK(has(parse_error(lists(64)), "nested 65 deep"));
    CHECK(has(parse_error(lists(64)), "more than the limit of 64 (kMaxTomlDepth)"));
    // Inline tables: x = {a = {a = ... 1}} is 1 + n deep.
    const auto tables = [](std::size_t n) { return "x = " + repeated("{a = ", n, "") + "1" + std::string(n, '}') + "\n"; };
    CHECK(parse_error(tables(63)).empty());
    CHECK(has(parse_error(tables(64)), "nested 65 deep"));
    // Headers, dotted keys, inline tables and lists add up: header 30 + x 1 + key 30 (its value
    // the outer list) + 3 more lists + the element = 65 levels.
    CHECK(parse_error("[" + dotted(30) + "]\nx = { " + dotted(30) + " = [[[1]]] }\n").empty());
    const std::string deep = parse_error("[" + dotted(30) + "]\nx = { " + dotted(30) + " = [[[[1]]]] }\n");
    CHECK(has(deep, "t.toml:2: key 'a.a.a"));
    CHECK(has(deep, "nested 65 deep"));
    // The reader's own bound on nesting (256) is never what a designer meets.
    CHECK(has(parse_error(lists(300)), "kMaxTomlDepth"));
    CHECK(has(parse_error(tables(300)), "kMaxTomlDepth"));
}

TEST_CASE("a list of a million elements is refused naming kMaxTomlArrayLength; 100,000 read") {
    const std::string million = "lab = \"podball\"\n[podball]\nx = [" + repeated("1", 1000000, ",") + "]\n";
    const std::string why = refused(million);
    CHECK(has(why, "hostile.toml:3: key 'podball.x': a list of more than 100000 elements, the limit for one list "
                   "(kMaxTomlArrayLength)"));
    CHECK(parse_error("x = [" + repeated("1", kMaxTomlArrayLength, ",") + "]\n").empty());
    CHECK(has(parse_error("x = [" + repeated("1", kMaxTomlArrayLength + 1, ",") + "]\n"), "kMaxTomlArrayLength"));
    // A list in a list names its place; entries of a [[list of tables]] are counted too.
    CHECK(has(parse_error("x = [[1], [" + repeated("1", kMaxTomlArrayLength + 1, ",") + "]]\n"), "key 'x[1]'"));
    CHECK(has(parse_error(repeated("[[commands]]", kMaxTomlArrayLength + 1, "\n")),
              "t.toml:100001: key 'commands': [[commands]] has more than 100000 entries"));
    // Keys in one table: the count of values bounds them.
    std::string keys;
    for (std::size_t i = 0; i < kMaxTomlValues; ++i) keys += "k" + std::to_string(i) + "=1\n";
    CHECK(parse_error(keys).empty());
    CHECK(has(parse_error(keys + "z=1\n"), "t.toml:250001: key 'z': the text holds more than 250000 values"));
    CHECK(has(parse_error("a = [" + repeated("1", 90000, ",") + "]\nb = [" + repeated("1", 90000, ",") + "]\nc = [" +
                          repeated("1", 90000, ",") + "]\n"),
              "t.toml:3: key 'c[69997]': the text holds more than 250000 values"));
}

TEST_CASE("a 12.5 MB text value is refused with its beginning and its size, not echoed whole") {
    const std::string why = refused("lab = \"" + std::string(12500000, 'a') + "\"\n");
    CAPTURE(why.substr(0, 300));
    CHECK(has(why, "hostile.toml:1: key 'lab': the text \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\u2026\" (11.9 MB) "
                   "is longer than the limit of 64 KB for one text value (kMaxTomlStringBytes)"));
    CHECK(why.size() < 300);
    // At the limit it reads; the size counts the text as written, in every kind of quotes.
    CHECK(parse_error("x = \"" + std::string(kMaxTomlStringBytes, 'b') + "\"\n").empty());
    for (const std::string q : {"\"", "'", "\"\"\"", "'''"})
        CHECK(has(parse_error("\n\nx = [1, " + q + std::string(kMaxTomlStringBytes + 1, 'b') + q + "]\n"),
                  "t.toml:3: key 'x[1]': the text \"bbbb"));
    // A quoted key of megabytes is a key too long.
    CHECK(has(parse_error("\"" + std::string(1 << 20, 'k') + "\" = 1\n"), "a key of 1 MB, more than the limit of 1 KB"));
}

TEST_CASE("an unknown lab under the text limit is echoed cut, with its size, and gets no suggestion") {
    const std::string why = refused("lab = \"" + std::string(60000, 'p') + "odball\"\n");
    CHECK(has(why, "hostile.toml:1: key 'lab': unknown lab \"pppppppppppppppppppppppppppppppppppppppp\u2026\" (58.6 KB) (allowed: "));
    CHECK(why.size() < 400);
    CHECK(has(refused("lab = \"podbal\"\n"), "unknown lab \"podbal\" (did you mean podball?)"));
}

TEST_CASE("did-you-mean compares a bounded length: a name longer than kMaxSuggestTypedBytes gets no suggestion") {
    const std::string name(200, 'n');
    CHECK(closest_name(name + "x", {name}) == name);
    const std::string long_name(kMaxSuggestTypedBytes, 'n');
    CHECK(closest_name(long_name + "x", {long_name}) == std::nullopt);
    // A typo is still found among names of other lengths (the length filter keeps every candidate
    // within reach) and the first of a tie still wins.
    CHECK(closest_name("podball.ball.fricton", {"podball.ball.shoot_force", "podball.ball.friction"}) ==
          "podball.ball.friction");
    CHECK(closest_name("tsks", {"rgs", "tasks", "task"}) == "tasks");
}

TEST_CASE("the limit scan reads TOML's strings, comments and keys as TOML does: every shipped file passes") {
    // Brackets, dots, quotes and '#' inside strings and comments are text, not structure.
    const std::string nested_in_text = std::string(100, '[') + std::string(100, '{') + dotted(100);
    CHECK(parse_error("a = \"" + nested_in_text + "\\\"" + nested_in_text + "\"\n").empty());
    CHECK(parse_error("a = '" + nested_in_text + "\\'\n").empty());   // a literal string: '\' is no escape
    CHECK(parse_error("a = \"\"\"\n" + nested_in_text + "\n\"\"" + nested_in_text + "\"\"\"\n").empty());
    CHECK(parse_error("a = '''\n" + nested_in_text + "''''\nb = 1\n").empty());
    CHECK(parse_error("# " + nested_in_text + "\na = 1 # " + nested_in_text + "\n").empty());
    CHECK(parse_error("\"" + dotted(40) + "\" = 1\n").empty());   // one quoted part
    CHECK(parse_error("a . b . \"c.d\" . 'e' = { x = [1, 2.5, 1979-05-27 07:32:00, inf], y = {} }\n").empty());
    // Lines are counted through multi-line strings, arrays over lines and escaped line ends.
    CHECK(has(parse_error("a = \"\"\"x\\\n\ny\"\"\"\nb = [\n 1,\n 2,\n]\n" + dotted(33) + " = 1\n"), "t.toml:8:"));

    // Every shipped scenario, test sweep and fuzz seed within the limits reads as it did.
    std::size_t files = 0;
    for (const char* dir : {"scenarios", "tests/sweeps", "fuzz/corpus/scenario"}) {
        const fs::path root = fs::path(PLAYBENCH_SOURCE_DIR) / dir;
        if (!fs::exists(root)) continue;
        for (const auto& entry : fs::recursive_directory_iterator(root)) {
            if (!entry.is_regular_file() || entry.path().extension() != ".toml") continue;
            std::ifstream in(entry.path());
            std::stringstream text;
            text << in.rdbuf();
            CAPTURE(entry.path().string());
            if (entry.path().filename().string().rfind("hostile-", 0) == 0) continue;   // the seeds past a limit
            CHECK_FALSE(check_toml_limits(text.str()).has_value());
            ++files;
        }
    }
    CHECK(files > 20);
}

TEST_CASE("fuzz: the scenario seeds hold keys and nesting past the TOML limits, and the dictionary their pieces") {
    // So the fuzzer starts beside each limit and splices across it, as it would have to find a
    // key of thousands of parts.
    std::string found;
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(PLAYBENCH_SOURCE_DIR) / "fuzz/corpus/scenario")) {
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        if (auto over = check_toml_limits(text.str())) found += over->message + "\n";
    }
    CHECK(has(found, "kMaxTomlKeyParts"));
    CHECK(has(found, "kMaxTomlDepth"));
    std::ifstream dict(std::string(PLAYBENCH_SOURCE_DIR) + "/fuzz/scenario.dict");
    std::stringstream d;
    d << dict.rdbuf();
    for (const char* token : {"\".a.a.a.a.a.a.a.a\"", "\"[[[[[[[[\"", "\"{a={a={a={a=\""}) CHECK(has(d.str(), token));
}

TEST_CASE("short_size_text and echo_text") {
    CHECK(short_size_text(1) == "1 byte");
    CHECK(short_size_text(1023) == "1023 bytes");
    CHECK(short_size_text(65536) == "64 KB");
    CHECK(short_size_text(12500000) == "11.9 MB");
    CHECK(echo_text("red") == "\"red\"");
    CHECK(echo_text("a\"b\nc") == "\"a\\\"b\\nc\"");
    // A cut never splits a character: "é" is two bytes, the cut at 3 keeps one "é" whole.
    CHECK(echo_text("\xc3\xa9\xc3\xa9\xc3\xa9", 3) == "\"\xc3\xa9\u2026\" (6 bytes)");
}
