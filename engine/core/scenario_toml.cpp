// The only file that touches the TOML library: text -> our Node tree with line numbers.
#include <toml++/toml.h>

#include "engine/core/scenario.hpp"
#include "engine/core/toml_limits.hpp"
#include "engine/core/toml_text.hpp"

namespace pb {

static int line_of(const toml::node& n) { return static_cast<int>(n.source().begin.line); }

static void convert(const toml::node& in, Node& out, const std::string& path, int fallback_line) {
    out.path = path;
    out.line = line_of(in) > 0 ? line_of(in) : fallback_line;
    if (auto t = in.as_table()) {
        out.kind = Node::Kind::Table;
        for (auto&& [k, v] : *t) {
            std::string key(k.str());
            int key_line = static_cast<int>(k.source().begin.line);
            Node child;
            convert(v, child, path.empty() ? key : path + "." + key, key_line > 0 ? key_line : out.line);
            if (key_line > 0 && child.kind != Node::Kind::Table) child.line = key_line;
            out.table.emplace_back(std::move(key), std::move(child));
        }
    } else if (auto a = in.as_array()) {
        out.kind = Node::Kind::Array;
        std::size_t i = 0;
        for (auto&& v : *a) {
            Node child;
            convert(v, child, path + "[" + std::to_string(i++) + "]", out.line);
            out.array.push_back(std::move(child));
        }
    } else if (auto s = in.as_string()) {
        out.kind = Node::Kind::String;
        out.text = s->get();
    } else if (auto i = in.as_integer()) {
        out.kind = Node::Kind::Integer;
        out.integer = i->get();
    } else if (auto f = in.as_floating_point()) {
        out.kind = Node::Kind::Float;
        out.number = f->get();
    } else if (auto b = in.as_boolean()) {
        out.kind = Node::Kind::Boolean;
        out.boolean = b->get();
    } else {
        // Dates and times have no meaning in a scenario; present them as a string the readers refuse.
        out.kind = Node::Kind::String;
        out.text = "<date/time>";
    }
}

bool parse_toml(const std::string& text, Node& root, Diagnostics& diag) {
    // Before the reader recurses into the text and allocates its tree (engine/core/toml_limits.hpp).
    if (auto over = check_toml_limits(text)) {
        diag.error(over->line, std::move(over->key), std::move(over->message));
        return false;
    }
    try {
        toml::table t = toml::parse(text, diag.file());
        root = Node{};
        convert(t, root, "", 1);
        return true;
    } catch (const toml::parse_error& e) {
        // The reader's words mapped to plain ones; line and column where it stopped reading.
        diag.error_at(static_cast<int>(e.source().begin.line), static_cast<int>(e.source().begin.column),
                      "not valid TOML: " + plain_toml_error(e.description()));
        return false;
    }
}

}   // namespace pb
