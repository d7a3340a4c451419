#include "ui/podball/memory_tree.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include <imgui.h>

#include "ui/widgets/palette.hpp"

namespace pb::ui {
namespace {

// A reader for the JSON the engine writes (engine/core/json.hpp): objects, arrays, strings with
// the usual escapes, numbers, true, false, null.
class Reader {
public:
    explicit Reader(const std::string& s) : s_(s) {}

    bool value(MemoryNode& n) {
        space();
        if (i_ >= s_.size()) return fail("the text ends where a value should be");
        const char c = s_[i_];
        if (c == '{') return object(n);
        if (c == '[') return array(n);
        if (c == '"') {
            n.kind = MemoryNode::Kind::String;
            return string(n.text);
        }
        for (const char* word : {"true", "false", "null"}) {
            const std::size_t len = std::char_traits<char>::length(word);
            if (s_.compare(i_, len, word) == 0) {
                i_ += len;
                n.kind = word[0] == 'n' ? MemoryNode::Kind::Null : MemoryNode::Kind::Boolean;
                n.text = word;
                return true;
            }
        }
        const char* begin = s_.c_str() + i_;
        char* end = nullptr;
        n.number = std::strtod(begin, &end);
        if (end == begin) return fail("unexpected character '" + std::string(1, c) + "'");
        n.kind = MemoryNode::Kind::Number;
        n.text.assign(begin, static_cast<std::size_t>(end - begin));
        i_ += static_cast<std::size_t>(end - begin);
        return true;
    }

    bool done() {
        space();
        return i_ == s_.size() || fail("text after the value");
    }
    const std::string& error() const { return error_; }

private:
    bool fail(std::string why) {
        if (error_.empty()) error_ = "memory JSON, byte " + std::to_string(i_) + ": " + why;
        return false;
    }
    void space() {
        while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    bool expect(char c) {
        space();
        if (i_ < s_.size() && s_[i_] == c) {
            ++i_;
            return true;
        }
        return fail(std::string("expected '") + c + "'");
    }
    bool string(std::string& out) {
        ++i_;   // the opening quote
        while (i_ < s_.size() && s_[i_] != '"') {
            char c = s_[i_++];
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i_ >= s_.size()) break;
            c = s_[i_++];
            switch (c) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'u': {
                    if (i_ + 4 > s_.size()) return fail("a \\u escape cut short");
                    const unsigned long cp = std::strtoul(s_.substr(i_, 4).c_str(), nullptr, 16);
                    i_ += 4;
                    if (cp < 0x80) {
                        out += static_cast<char>(cp);
                    } else if (cp < 0x800) {
                        out += static_cast<char>(0xC0 | (cp >> 6));
                        out += static_cast<char>(0x80 | (cp & 0x3F));
                    } else {
                        out += static_cast<char>(0xE0 | (cp >> 12));
                        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
                        out += static_cast<char>(0x80 | (cp & 0x3F));
                    }
                    break;
                }
                default: out += c;   // \" \\ \/
            }
        }
        if (i_ >= s_.size()) return fail("a string is not closed");
        ++i_;
        return true;
    }
    // An array or an object: its children, each read by `key` (which names it) and value().
    template <class Key>
    bool children(MemoryNode& n, MemoryNode::Kind kind, char close, Key key) {
        n.kind = kind;
        ++i_;
        space();
        if (i_ < s_.size() && s_[i_] == close) return ++i_, true;
        for (;;) {
            MemoryNode child;
            if (!key(child) || !value(child)) return false;
            n.children.push_back(std::move(child));
            space();
            if (i_ < s_.size() && s_[i_] == ',') {
                ++i_;
                continue;
            }
            return expect(close);
        }
    }
    bool array(MemoryNode& n) {
        return children(n, MemoryNode::Kind::Array, ']', [&](MemoryNode& child) {
            child.key = "[" + std::to_string(n.children.size() + 1) + "]";
            return true;
        });
    }
    bool object(MemoryNode& n) {
        return children(n, MemoryNode::Kind::Object, '}', [&](MemoryNode& child) {
            space();
            if (i_ >= s_.size() || s_[i_] != '"') return fail("expected a key");
            return string(child.key) && expect(':');
        });
    }

    const std::string& s_;
    std::size_t i_ = 0;
    std::string error_;
};

bool identifier(const std::string& k) {
    if (k.empty() || std::isdigit(static_cast<unsigned char>(k[0]))) return false;
    return std::all_of(k.begin(), k.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// Paths as a script would write them: memory.target.x, memory.route[2], memory["two words"].
void set_paths(MemoryNode& n, const std::string& parent, bool in_array) {
    if (parent.empty())
        n.path = n.key;
    else if (in_array)
        n.path = parent + n.key;
    else if (identifier(n.key))
        n.path = parent + "." + n.key;
    else
        n.path = parent + "[\"" + n.key + "\"]";
    for (MemoryNode& c : n.children) set_paths(c, n.path, n.kind == MemoryNode::Kind::Array);
}

const MemoryNode* find(const MemoryNode& n, const std::string& path) {
    if (n.path == path) return &n;
    for (const MemoryNode& c : n.children)
        if (path.compare(0, c.path.size(), c.path) == 0)
            if (const MemoryNode* hit = find(c, path)) return hit;
    return nullptr;
}

// A leaf's value on one line: strings quoted, long ones cut (the tooltip has the whole value).
std::string short_value(const MemoryNode& n) {
    std::string v = n.kind == MemoryNode::Kind::String ? "\"" + n.text + "\"" : n.text;
    std::replace(v.begin(), v.end(), '\n', ' ');
    constexpr std::size_t kShown = 48;
    if (v.size() > kShown) v = v.substr(0, kShown) + "...";
    return v;
}

void draw_node(const MemoryNode& n, const std::string& id, const std::set<std::string>& pinned,
               std::optional<std::string>& toggled, std::vector<std::pair<std::string, std::string>>& shown,
               WidgetLocator* widgets) {
    const std::string widget = id + "." + n.path;
    if (!n.leaf()) {
        const char* what = n.kind == MemoryNode::Kind::Array ? "list" : "table";
        const bool open = ImGui::TreeNodeEx(n.path.c_str(), n.path == "memory" ? ImGuiTreeNodeFlags_DefaultOpen : 0,
                                            "%s  (%s of %zu)", n.key.c_str(), what, n.children.size());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", n.path.c_str());
        if (widgets) widgets->record_last_item(widget);
        if (!open) return;
        for (const MemoryNode& c : n.children) draw_node(c, id, pinned, toggled, shown, widgets);
        ImGui::TreePop();
        return;
    }
    ImGui::PushID(n.path.c_str());
    const bool is_pinned = pinned.count(n.path) > 0;
    if (n.kind == MemoryNode::Kind::Number) {
        // A small toggle before the name: pinned values are charted below the tree.
        if (ImGui::SmallButton(is_pinned ? "unpin" : "pin")) toggled = n.path;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(is_pinned ? "Stop charting %s" : "Chart %s every tick, below", n.path.c_str());
        if (widgets) widgets->record_last_item(widget + ".pin");
        ImGui::SameLine();
    } else {
        ImGui::Bullet();
    }
    const std::string value = short_value(n);
    ImGui::TextUnformatted(n.key.c_str());
    ImGui::SameLine();
    ImGui::TextColored(is_pinned ? palette::kChangedMark : ImGui::GetStyleColorVec4(ImGuiCol_Text), "= %s",
                       value.c_str());
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::TextColored(palette::kDimText, "%s", n.path.c_str());
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 35.0f);
        ImGui::TextUnformatted(n.kind == MemoryNode::Kind::String ? ("\"" + n.text + "\"").c_str() : n.text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
    if (widgets) widgets->record_last_item(widget);
    ImGui::PopID();
    shown.emplace_back(n.path, n.text);
}

}   // namespace

std::optional<MemoryNode> parse_memory(const std::string& json, std::string& error) {
    Reader r(json);
    MemoryNode root;
    root.key = "memory";
    if (!r.value(root) || !r.done()) {
        error = r.error();
        return std::nullopt;
    }
    set_paths(root, "", false);
    return root;
}

std::optional<double> memory_number(const MemoryNode& root, const std::string& path) {
    const MemoryNode* n = find(root, path);
    if (!n || n->kind != MemoryNode::Kind::Number) return std::nullopt;
    return n->number;
}

void PinnedValue::observe(std::int64_t tick, std::optional<double> value) {
    if (tick < last_tick_) {
        buckets_.clear();
        ticks_per_bucket_ = 1;
        samples_ = 0;
    }
    if (tick == last_tick_ || !value) {
        last_tick_ = tick;
        return;
    }
    last_tick_ = tick;
    while (!buckets_.empty() &&
           tick / ticks_per_bucket_ - buckets_.front().index >= static_cast<std::int64_t>(kBuckets))
        merge_pairs();
    const std::int64_t index = tick / ticks_per_bucket_;
    if (buckets_.empty() || buckets_.back().index != index) {
        Bucket b;
        b.index = index;
        b.value = Extent{static_cast<float>(*value), static_cast<float>(*value), tick, tick};
        buckets_.push_back(b);
    } else {
        buckets_.back().value.add(static_cast<float>(*value), tick);
    }
    ++samples_;
}

void PinnedValue::merge_pairs() {
    ticks_per_bucket_ *= 2;
    std::vector<Bucket> merged;
    for (const Bucket& b : buckets_) {
        const std::int64_t index = b.index / 2;
        if (!merged.empty() && merged.back().index == index) {
            merged.back().value.merge(b.value);
        } else {
            merged.push_back(b);
            merged.back().index = index;
        }
    }
    buckets_ = std::move(merged);
}

void PinnedValue::points(std::vector<double>& ticks, std::vector<double>& values) const {
    ticks.clear();
    values.clear();
    for (const Bucket& b : buckets_) {
        const Extent& e = b.value;
        const bool lo_first = e.lo_tick <= e.hi_tick;
        const std::int64_t t0 = lo_first ? e.lo_tick : e.hi_tick, t1 = lo_first ? e.hi_tick : e.lo_tick;
        const float v0 = lo_first ? e.lo : e.hi, v1 = lo_first ? e.hi : e.lo;
        ticks.push_back(static_cast<double>(t0));
        values.push_back(v0);
        if (t1 != t0) {
            ticks.push_back(static_cast<double>(t1));
            values.push_back(v1);
        }
    }
}

void draw_memory_tree(const MemoryNode& root, const std::string& id, const std::set<std::string>& pinned,
                      std::optional<std::string>& toggled, std::vector<std::pair<std::string, std::string>>& shown,
                      WidgetLocator* widgets) {
    draw_node(root, id, pinned, toggled, shown, widgets);
}

}   // namespace pb::ui
