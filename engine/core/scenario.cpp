#include "engine/core/scenario.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/lab.hpp"
#include "engine/core/read_file.hpp"
#include "engine/core/suggest.hpp"
#include "engine/core/toml_text.hpp"

namespace pb {

std::string read_text_file(const std::string& path, std::uint64_t max_bytes) {
    return read_regular_file(path, max_bytes, "a scenario, settings or script text file");
}

namespace {

// Every byte of `content` to `fd`, or the errno of the failure (a write that makes no progress
// is a full device).
int write_fully(int fd, const std::string& content) {
    const char* p = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (n == 0) return ENOSPC;
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    return 0;
}

[[noreturn]] void write_failed(const std::string& path, int e) {
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(e));
}

}   // namespace

void write_file_atomically(const std::string& path, const std::string& content) {
    // A device or a pipe (/dev/full, /dev/stdout, a FIFO) cannot be replaced by renaming a file
    // over it: it is written directly, every write and the close checked.
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) write_failed(path, EISDIR);
        const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0) write_failed(path, errno);
        int e = write_fully(fd, content);
        if (e == 0 && ::fsync(fd) != 0 && errno != EINVAL && errno != EROFS && errno != ENOTSUP) e = errno;
        if (::close(fd) != 0 && e == 0 && errno != EINTR) e = errno;
        if (e != 0) write_failed(path, e);
        return;
    }
    // Write a sibling temp file, fsync it, rename over the target, fsync the directory:
    // at every instant the path holds either the old complete file or the new complete one.
    // Any failure removes the temp file and leaves the target as it was.
    const std::string tmp = path + ".tmp-" + std::to_string(::getpid());
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) write_failed(path, errno);
    int e = write_fully(fd, content);
    if (e == 0 && ::fsync(fd) != 0) e = errno;
    if (::close(fd) != 0 && e == 0) e = errno;
    if (e != 0) {
        ::unlink(tmp.c_str());
        write_failed(path, e);
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        e = errno;
        ::unlink(tmp.c_str());
        throw std::runtime_error("cannot replace " + path + ": " + std::strerror(e));
    }
    std::string dir = path.find('/') == std::string::npos ? "." : path.substr(0, path.rfind('/'));
    if (dir.empty()) dir = "/";
    int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
}

// ---------------------------------------------------------------- loading

// A key the set's table does not know goes to `later` when given (the set-up may add it:
// LabSetup::params), else it is an error.
static void read_params(const Node& params, ParamSet& out, Diagnostics& diag, const std::string& prefix,
                        std::vector<std::pair<std::string, const Node*>>* later) {
    const ParamTable& table = out.table();
    for (const auto& [k, v] : params.table) {
        std::string key = prefix.empty() ? k : prefix + "." + k;
        if (v.kind == Node::Kind::Table) {
            read_params(v, out, diag, key, later);
            continue;
        }
        auto idx = table.find(key);
        if (!idx && later) {
            later->emplace_back(key, &v);
            continue;
        }
        if (!idx) {
            diag.error(v, table.unknown_key_message(key));
            continue;
        }
        const ParamDef& def = table[*idx];
        double value = 0.0;
        if (def.type == ParamType::Boolean) {
            if (v.kind != Node::Kind::Boolean) {
                diag.error(v, "parameter '" + key + "' is a switch: expected true or false");
                continue;
            }
            value = v.boolean ? 1.0 : 0.0;
        } else if (v.is_number()) {
            value = v.as_number();
        } else if (def.is_choice() && v.kind == Node::Kind::String) {
            // An enumerated parameter by name: policy = "optimal".
            if (auto why = parse_param_value(def, v.text, value)) {
                diag.error(v, *why);
                continue;
            }
        } else if (def.is_choice()) {
            diag.error(v, "parameter '" + key + "' expects one of " + choice_names(def) + " (or its number " +
                              format_param_value(def, def.min) + " .. " + format_param_value(def, def.max) + ")");
            continue;
        } else {
            diag.error(v, "parameter '" + key + "' expects a number between " + format_param_value(def, def.min) +
                              " and " + format_param_value(def, def.max) + (def.unit.empty() ? "" : " " + def.unit));
            continue;
        }
        if (auto err = out.set(*idx, value)) diag.error(v, *err);
    }
}

static bool to_command_value(const Node& n, CommandValue& out) {
    switch (n.kind) {
        case Node::Kind::Boolean: out = n.boolean; return true;
        case Node::Kind::Integer: out = n.integer; return true;
        case Node::Kind::Float: out = n.number; return true;
        case Node::Kind::String: out = n.text; return true;
        default: return false;
    }
}

static void read_commands(const Node& array, const LabInfo& lab, Scenario& s, std::vector<int>& lines,
                          Diagnostics& diag) {
    for (const Node& entry : array.array) {
        if (entry.kind != Node::Kind::Table) {
            diag.error(entry, "each [[commands]] entry must be a table with tick, type and arguments");
            continue;
        }
        Command c;
        const Node* tick = entry.get("tick");
        const Node* type = entry.get("type");
        if (!tick || tick->kind != Node::Kind::Integer || tick->integer < 0) {
            diag.error(tick ? *tick : entry, "each command needs 'tick', a whole number >= 0");
            continue;
        }
        if (!type || type->kind != Node::Kind::String) {
            std::string allowed;
            for (const auto& spec : command_specs(lab)) allowed += (allowed.empty() ? "" : ", ") + spec.type;
            diag.error(type ? *type : entry, "each command needs 'type', one of: " + allowed);
            continue;
        }
        c.tick = tick->integer;
        c.type = type->text;
        bool ok = true;
        for (const auto& [k, v] : entry.table) {
            if (k == "tick" || k == "type") continue;
            CommandValue value;
            if (!to_command_value(v, value)) {
                diag.error(v, "command arguments are numbers, strings or true/false");
                ok = false;
                continue;
            }
            c.args.emplace_back(k, std::move(value));
        }
        if (!ok) continue;
        if (auto err = validate_lab_command(lab, c, &s.params.table())) {
            diag.error(entry.line, entry.path, *err);
            continue;
        }
        s.commands.push_back(std::move(c));
        lines.push_back(entry.line);
    }
}

Scenario load_scenario_text(const std::string& text, const std::string& name, const ScenarioLoadOptions& options) {
    Diagnostics diag(name);
    diag.load_options = &options;
    Node root;
    if (!parse_toml(text, root, diag)) throw ScenarioError(diag);

    Scenario s;
    s.path = name;
    TableReader reader(root, diag);
    const Node* lab_node = reader.node("lab");
    if (!lab_node || lab_node->kind != Node::Kind::String) {
        if (lab_node)
            diag.error(*lab_node, "expected the lab's name as a string, one of: " + lab_names());
        else
            diag.error(1, "lab", "missing: every scenario starts with lab = \"NAME\", one of: " + lab_names());
        throw ScenarioError(diag);
    }
    s.lab = find_lab(lab_node->text);
    if (!s.lab) {
        diag.error(*lab_node, "unknown lab " + echo_text(lab_node->text) + did_you_mean_lab(lab_node->text) +
                                  " (allowed: " + lab_names() + ")");
        throw ScenarioError(diag);
    }
    const LabInfo& lab = *s.lab;
    s.title = reader.text("title", lab.title);
    s.description = reader.text("description", "");
    s.seed = static_cast<std::uint64_t>(reader.integer("seed", 1, 0, INT64_MAX));
    s.params = ParamSet(*lab.params);
    std::vector<std::pair<std::string, const Node*>> later;
    const Node* params = reader.table("params");
    if (params) read_params(*params, s.params, diag, "", &later);
    // Values given by number (a sweep's point): the lab's rows before the set-up reads them, the
    // set-up's own rows once they exist.
    auto set_values = [&](std::size_t from, std::size_t to) {
        for (const auto& [index, value] : options.param_values)
            if (index < from || index >= to)
                continue;
            else if (auto why = s.params.set(index, value))
                diag.error(1, "params", *why);
    };
    set_values(0, s.params.size());
    const std::size_t lab_rows = s.params.size();
    s.setup = lab.parse_setup(root, s.params, reader, diag);
    // The set-up's own parameters (Podball's script tunables) are rows of this scenario's table:
    // [params] may set them, and so may everything that sets a parameter (--set, sweeps, edits).
    s.params = s.params.with_rows(s.setup->params());
    if (!later.empty()) {
        Node rest = *params;
        rest.table.clear();
        for (const auto& [key, node] : later) rest.table.emplace_back(key, *node);
        read_params(rest, s.params, diag, "", nullptr);
    }
    set_values(lab_rows, s.params.size());
    for (const auto& [index, value] : options.param_values)
        if (index >= s.params.size())
            diag.error(1, "params", "parameter number " + std::to_string(index) + " does not exist");
    std::vector<int> lines;
    if (const Node* commands = reader.array("commands")) read_commands(*commands, lab, s, lines, diag);
    reader.finish();
    if (!diag.empty()) throw ScenarioError(diag);
    s.modules_not_loaded = diag.modules_not_loaded;

    std::vector<std::size_t> order(s.commands.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return s.commands[a].tick < s.commands[b].tick; });
    std::vector<Command> sorted;
    std::vector<int> sorted_lines;
    for (std::size_t i : order) {
        sorted.push_back(s.commands[i]);
        sorted_lines.push_back(lines[i]);
    }
    s.commands = std::move(sorted);

    // Commands the lab's world refuses (a pod that does not exist, a spot outside the arena or
    // across the kick-off line) are load errors too: play the schedule on a trial world up to
    // the last command (capped, so a command scheduled an hour in does not stall loading).
    constexpr std::int64_t kTrialTicks = 200000;
    auto world = lab.create_world(s);
    for (std::size_t i = 0; i < s.commands.size(); ++i) {
        const Command& c = s.commands[i];
        if (c.tick > kTrialTicks) break;
        while (world->tick() < c.tick) world->step();
        if (auto err = world->apply(c))
            diag.error(sorted_lines[i], "commands",
                       "command '" + c.type + "' at tick " + std::to_string(c.tick) + " is refused: " + *err);
    }
    if (!diag.empty()) throw ScenarioError(diag);
    return s;
}

Scenario load_scenario_file(const std::string& path, const ScenarioLoadOptions& options) {
    ScenarioLoadOptions with_folder = options;
    if (with_folder.base_dir.empty()) {
        std::error_code ec;
        with_folder.base_dir =
            std::filesystem::absolute(std::filesystem::path(path), ec).parent_path().lexically_normal().string();
    }
    std::string text;
    try {
        text = read_text_file(path);
    } catch (const std::exception& e) {
        throw ScenarioError(std::string(e.what()));
    }
    Scenario s = load_scenario_text(text, path, with_folder);
    s.path = path;
    return s;
}

Scenario default_scenario(const LabInfo& lab) {
    Scenario s;
    s.lab = &lab;
    s.title = lab.title;
    s.params = ParamSet(*lab.params);
    s.setup = lab.default_setup();
    return s;
}

// ---------------------------------------------------------------- saving

static std::string command_value_toml(const CommandValue& v) {
    if (auto b = std::get_if<bool>(&v)) return *b ? "true" : "false";
    if (auto i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
    if (auto d = std::get_if<double>(&v)) return toml_float(*d);
    return toml_string(std::get<std::string>(v));
}

std::string scenario_to_toml(const Scenario& s) {
    std::ostringstream out;
    const LabInfo& lab = *s.lab;
    out << "# Playbench scenario (" << lab.title << "). Hand-edit freely: lines starting with # are comments.\n";
    out << "# Keys are described in docs/labs/" << lab.name << ".md#scenario-files; `playbench params " << lab.name
        << "` lists every parameter.\n";
    out << "lab = " << toml_string(lab.name) << "\n";
    out << "title = " << toml_string(s.title) << "\n";
    if (!s.description.empty()) out << "description = " << toml_string(s.description) << "\n";
    out << "seed = " << s.seed << "\n\n";
    if (s.setup) s.setup->write_toml(out);

    out << "\n# Parameters: values that differ from the default are set; the others are listed as\n"
           "# comments with their default and range, ready to be tuned.\n[params]\n";
    const ParamTable& table = s.params.size() ? s.params.table() : *lab.params;
    for (std::size_t i = 0; i < table.size(); ++i) {
        const ParamDef& d = table[i];
        bool changed = !s.params.is_default(i);
        std::string value = d.type == ParamType::Real ? toml_float(changed ? s.params[i] : d.default_value)
                                                      : format_param_value(d, changed ? s.params[i] : d.default_value);
        std::string line = std::string(changed ? "" : "# ") + d.key + " = " + value;
        if (line.size() < 44) line.append(44 - line.size(), ' ');
        out << line << "  # " << d.label << " [" << format_param_value(d, d.min) << " .. "
            << format_param_value(d, d.max) << (d.unit.empty() ? "" : " " + d.unit)
            << (d.is_choice() ? ": " + choice_names(d) + ", by number or name" : std::string()) << "]"
            << (changed ? ", default " + format_param_value(d, d.default_value) : "") << "\n";
    }

    if (!s.commands.empty()) out << "\n# Scheduled commands, applied at the start of their tick.\n";
    for (const Command& c : s.commands) {
        out << "\n[[commands]]\ntick = " << c.tick << "\ntype = " << toml_string(c.type) << "\n";
        for (const auto& [k, v] : c.args) out << k << " = " << command_value_toml(v) << "\n";
    }
    return out.str();
}

void save_scenario_file(const Scenario& s, const std::string& path) {
    write_file_atomically(path, scenario_to_toml(s));
}

}   // namespace pb
