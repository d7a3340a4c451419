// LogisticsSetup as scenario text: written with comments a designer can follow, read back with the
// line, key and allowed values of every problem.
#include "engine/logistics/setup.hpp"

#include <algorithm>
#include <cmath>

#include "engine/core/toml_text.hpp"

namespace pb::logistics {
namespace {

constexpr double kMaxAmount = 1e9;

std::string list_of(const std::vector<std::string>& keys) {
    std::string out;
    for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k;
    return out;
}

bool in_wall(const LogisticsSetup& setup, Tile t) {
    for (const WallRect& w : setup.walls)
        if (t.x >= std::min(w.from.x, w.to.x) && t.x <= std::max(w.from.x, w.to.x) &&
            t.y >= std::min(w.from.y, w.to.y) && t.y <= std::max(w.from.y, w.to.y))
            return true;
    return false;
}

std::string tile_text(Tile t) { return "[" + std::to_string(t.x) + ", " + std::to_string(t.y) + "]"; }

// [x, y] of whole tiles inside the map.
bool read_tile(TableReader& r, std::string_view key, Tile& out, Tile size) {
    const Node* n = r.node(key);
    if (!n) return false;
    const std::string expect = "expected [x, y] in whole tiles inside the map: x 0 .. " + std::to_string(size.x - 1) +
                               ", y 0 .. " + std::to_string(size.y - 1);
    if (n->kind != Node::Kind::Array || n->array.size() != 2 || !n->array[0].is_number() || !n->array[1].is_number()) {
        r.diagnostics().error(*n, expect);
        return false;
    }
    const double x = n->array[0].as_number(), y = n->array[1].as_number();
    if (x != std::floor(x) || y != std::floor(y) || x < 0 || y < 0 || x >= size.x || y >= size.y) {
        r.diagnostics().error(*n, expect + ", got [" + format_number(x) + ", " + format_number(y) + "]");
        return false;
    }
    out = {static_cast<int>(x), static_cast<int>(y)};
    return true;
}

void read_store(TableReader& r, Store& store) {
    store[0] = r.number("energy", 0.0, 0.0, kMaxAmount);
    store[1] = r.number("mineral", 0.0, 0.0, kMaxAmount);
}

void read_map(const Node& node, LogisticsSetup& setup, Diagnostics& diag) {
    TableReader m(node, diag);
    if (const Node* n = m.node("size")) {
        if (n->kind != Node::Kind::Array || n->array.size() != 2 || n->array[0].kind != Node::Kind::Integer ||
            n->array[1].kind != Node::Kind::Integer || n->array[0].integer < 5 || n->array[1].integer < 5 ||
            n->array[0].integer > kMaxMapSide || n->array[1].integer > kMaxMapSide)
            diag.error(*n, "expected [width, height] in tiles, each 5 .. " + std::to_string(kMaxMapSide));
        else
            setup.size = {static_cast<int>(n->array[0].integer), static_cast<int>(n->array[1].integer)};
    }
    if (const Node* list = m.array("walls"))
        for (const Node& w : list->array) {
            const bool ok = w.kind == Node::Kind::Array && w.array.size() == 4 &&
                            std::all_of(w.array.begin(), w.array.end(), [&](const Node& v) {
                                return v.kind == Node::Kind::Integer && v.integer >= 0 &&
                                       v.integer < std::max(setup.size.x, setup.size.y);
                            });
            if (!ok) {
                diag.error(w,
                           "each wall is [x0, y0, x1, y1]: a rectangle of whole tiles (inclusive corners) inside the " +
                               std::to_string(setup.size.x) + " x " + std::to_string(setup.size.y) + " map");
                continue;
            }
            WallRect rect{{static_cast<int>(w.array[0].integer), static_cast<int>(w.array[1].integer)},
                          {static_cast<int>(w.array[2].integer), static_cast<int>(w.array[3].integer)}};
            if (rect.from.x >= setup.size.x || rect.to.x >= setup.size.x || rect.from.y >= setup.size.y ||
                rect.to.y >= setup.size.y) {
                diag.error(w, "wall corner outside the " + std::to_string(setup.size.x) + " x " +
                                  std::to_string(setup.size.y) + " map");
                continue;
            }
            setup.walls.push_back(rect);
        }
    m.finish();
}

void read_target(const Node& entry, LogisticsSetup& setup, Diagnostics& diag) {
    if (entry.kind != Node::Kind::Table) {
        diag.error(entry, "each [[target]] must be a table with kind and position");
        return;
    }
    TableReader r(entry, diag);
    TargetPlacement p;
    if (!r.has("kind")) diag.error(entry, "each [[target]] needs kind = one of " + list_of(kind_keys()));
    const std::string kind = r.text("kind", "spawn", kind_keys());
    parse_kind(kind, p.kind);
    if (!r.has("position")) diag.error(entry, "each [[target]] needs position = [x, y]");
    const bool placed = read_tile(r, "position", p.pos, setup.size);
    if (r.has("resource")) {
        Resource res = Resource::Energy;
        parse_resource(r.text("resource", "energy", resource_keys()), res);
        p.resource = res;
    }
    if (r.has("capacity")) p.capacity = r.number("capacity", 0.0, 0.0, kMaxAmount);
    if (r.has("rate")) p.rate = r.number("rate", 0.0, 0.0, 1e6);
    p.multiplier = r.number("multiplier", 0.0, 0.0, 100.0);
    read_store(r, p.store);
    r.finish();
    const double capacity = p.capacity.value_or(kind_info(p.kind).capacity);
    if (total(p.store) > capacity) {
        diag.error(entry, "the target holds " + format_number(total(p.store)) + " units but its capacity is " +
                              format_number(capacity));
        return;
    }
    if (!placed) return;
    if (in_wall(setup, p.pos)) {
        diag.error(*entry.get("position"), "position " + tile_text(p.pos) + " is inside a wall of [map] walls");
        return;
    }
    for (const TargetPlacement& other : setup.targets)
        if (other.pos == p.pos) {
            diag.error(*entry.get("position"),
                       "another target already stands at " + tile_text(p.pos) + ": one target a tile");
            return;
        }
    setup.targets.push_back(p);
}

void read_transporter(const Node& entry, LogisticsSetup& setup, Diagnostics& diag) {
    if (entry.kind != Node::Kind::Table) {
        diag.error(entry, "each [[transporter]] must be a table with a position");
        return;
    }
    TableReader r(entry, diag);
    TransporterPlacement p;
    if (!r.has("position")) diag.error(entry, "each [[transporter]] needs position = [x, y]");
    const bool placed = read_tile(r, "position", p.pos, setup.size);
    p.capacity = r.number("capacity", 0.0, 1.0, 5000.0);
    p.speed = r.number("speed", 0.0, 0.05, 4.0);
    read_store(r, p.carry);
    r.finish();
    if (p.capacity > 0.0 && total(p.carry) > p.capacity) {
        diag.error(entry, "the transporter carries " + format_number(total(p.carry)) + " units but its capacity is " +
                              format_number(p.capacity));
        return;
    }
    if (!placed) return;
    if (in_wall(setup, p.pos)) {
        diag.error(*entry.get("position"), "position " + tile_text(p.pos) + " is inside a wall of [map] walls");
        return;
    }
    setup.transporters.push_back(p);
}

void read_generator(const Node& node, Generator& g, Diagnostics& diag) {
    TableReader r(node, diag);
    const auto count = [&](const char* key, int& out) {
        out = static_cast<int>(r.count(key, 0, 0, static_cast<std::int64_t>(kMaxTargets), "targets (kMaxTargets)"));
    };
    g.transporters = static_cast<int>(
        r.count("transporters", 0, 0, static_cast<std::int64_t>(kMaxTransporters), "transporters (kMaxTransporters)"));
    count("spawns", g.spawns);
    count("extensions", g.extensions);
    count("towers", g.towers);
    count("upgrade_sites", g.upgrade_sites);
    count("labs", g.labs);
    count("mining", g.mining);
    count("piles", g.piles);
    count("extractors", g.extractors);
    count("storages", g.storages);
    count("terminals", g.terminals);
    g.fill = r.number("fill", 0.5, 0.0, 1.0);
    r.finish();
}

void write_store(std::ostream& out, const Store& s) {
    if (s[0] > 0.0) out << "energy = " << toml_float(s[0]) << "\n";
    if (s[1] > 0.0) out << "mineral = " << toml_float(s[1]) << "\n";
}

}   // namespace

void LogisticsSetup::write_toml(std::ostream& out) const {
    out << "# The colony map: size in tiles; walls as [x0, y0, x1, y1] rectangles (inclusive corners).\n"
           "[map]\nsize = ["
        << size.x << ", " << size.y << "]\nwalls = [";
    for (std::size_t i = 0; i < walls.size(); ++i)
        out << (i ? ", " : "") << "[" << walls[i].from.x << ", " << walls[i].from.y << ", " << walls[i].to.x << ", "
            << walls[i].to.y << "]";
    out << "]\n\n";
    if (generate.any()) {
        const Generator& g = generate;
        out << "# A random colony on free tiles, placed by the scenario's seed; fill: share of capacity stocked.\n"
               "[generate]\n";
        const std::pair<const char*, int> counts[] = {{"transporters", g.transporters},
                                                      {"spawns", g.spawns},
                                                      {"extensions", g.extensions},
                                                      {"towers", g.towers},
                                                      {"upgrade_sites", g.upgrade_sites},
                                                      {"labs", g.labs},
                                                      {"mining", g.mining},
                                                      {"piles", g.piles},
                                                      {"extractors", g.extractors},
                                                      {"storages", g.storages},
                                                      {"terminals", g.terminals}};
        for (const auto& [key, n] : counts)
            if (n > 0) out << key << " = " << n << "\n";
        out << "fill = " << toml_float(g.fill) << "\n\n";
    }
    if (!targets.empty())
        out << "# Targets: kind (" << list_of(kind_keys())
            << "), position = [x, y];\n# optional: resource (energy, mineral), capacity, rate (units/tick consumed or "
               "produced), multiplier,\n# energy and mineral (stock at tick 0).\n";
    for (const TargetPlacement& t : targets) {
        out << "[[target]]\nkind = " << toml_string(kind_info(t.kind).key) << "\nposition = [" << t.pos.x << ", "
            << t.pos.y << "]\n";
        if (t.resource) out << "resource = " << toml_string(resource_key(*t.resource)) << "\n";
        if (t.capacity) out << "capacity = " << toml_float(*t.capacity) << "\n";
        if (t.rate) out << "rate = " << toml_float(*t.rate) << "\n";
        if (t.multiplier > 0.0) out << "multiplier = " << toml_float(t.multiplier) << "\n";
        write_store(out, t.store);
        out << "\n";
    }
    if (!transporters.empty())
        out << "# Transporters: position = [x, y]; optional: capacity, speed (tiles/tick), energy and mineral "
               "carried.\n";
    for (const TransporterPlacement& t : transporters) {
        out << "[[transporter]]\nposition = [" << t.pos.x << ", " << t.pos.y << "]\n";
        if (t.capacity > 0.0) out << "capacity = " << toml_float(t.capacity) << "\n";
        if (t.speed > 0.0) out << "speed = " << toml_float(t.speed) << "\n";
        write_store(out, t.carry);
        out << "\n";
    }
}

std::shared_ptr<const LogisticsSetup> read_logistics_setup(const Node& root, TableReader& reader, Diagnostics& diag) {
    auto setup = std::make_shared<LogisticsSetup>();
    if (const Node* map = reader.table("map")) read_map(*map, *setup, diag);
    if (const Node* list = reader.array("target"))
        for (const Node& entry : list->array) read_target(entry, *setup, diag);
    if (const Node* list = reader.array("transporter"))
        for (const Node& entry : list->array) read_transporter(entry, *setup, diag);
    const Node* g = reader.table("generate");
    if (g) read_generator(*g, setup->generate, diag);
    // The sizes in all, estimated before anything is generated or allocated.
    const Generator& gen = setup->generate;
    const std::size_t targets =
        setup->targets.size() +
        static_cast<std::size_t>(gen.spawns + gen.extensions + gen.towers + gen.upgrade_sites + gen.labs + gen.mining +
                                 gen.piles + gen.extractors + gen.storages + gen.terminals);
    const std::size_t transporters = setup->transporters.size() + static_cast<std::size_t>(gen.transporters);
    const Node& at = g ? *g : root;
    const std::string counted = " (" + std::to_string(setup->targets.size()) + " [[target]] + " +
                                std::to_string(targets - setup->targets.size()) + " generated)";
    if (targets > kMaxTargets)
        diag.error(at, "the colony has " + std::to_string(targets) + " targets" + counted +
                           ", more than the limit of " + std::to_string(kMaxTargets) + " targets (kMaxTargets)");
    if (transporters > kMaxTransporters)
        diag.error(at, "the colony has " + std::to_string(transporters) + " transporters, more than the limit of " +
                           std::to_string(kMaxTransporters) + " transporters (kMaxTransporters)");
    if (targets <= kMaxTargets && transporters <= kMaxTransporters &&
        targets * transporters > kMaxTransporterTargetPairs)
        diag.error(at, std::to_string(transporters) + " transporters x " + std::to_string(targets) +
                           " targets = " + std::to_string(targets * transporters) +
                           " pairs to match each tick, more than the limit of " +
                           std::to_string(kMaxTransporterTargetPairs) + " (kMaxTransporterTargetPairs)");
    return setup;
}

}   // namespace pb::logistics
