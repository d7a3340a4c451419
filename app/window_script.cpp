#include "app/window_script.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>

namespace pb::app {

namespace {

using Kind = ScriptAction::Kind;

bool is_end_of_frame(Kind k) { return k == Kind::Dump || k == Kind::Screenshot || k == Kind::Quit; }

bool parse_number(const std::string& s, float& out) {
    char* end = nullptr;
    out = std::strtof(s.c_str(), &end);
    return !s.empty() && end && *end == '\0';
}

bool parse_button(const std::string& s, std::uint8_t& out) {
    if (s == "left")
        out = SDL_BUTTON_LEFT;
    else if (s == "right")
        out = SDL_BUTTON_RIGHT;
    else if (s == "middle")
        out = SDL_BUTTON_MIDDLE;
    else
        return false;
    return true;
}

bool parse_key(const std::string& spec, ScriptAction& a, std::string& why) {
    std::string rest = spec;
    a.mod = KMOD_NONE;
    for (;;) {
        auto plus = rest.find('+');
        if (plus == std::string::npos || plus + 1 >= rest.size()) break;
        std::string m = rest.substr(0, plus);
        for (char& c : m) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (m == "ctrl")
            a.mod |= KMOD_LCTRL;
        else if (m == "shift")
            a.mod |= KMOD_LSHIFT;
        else if (m == "alt")
            a.mod |= KMOD_LALT;
        else {
            why = "unknown modifier '" + m + "' (ctrl, shift, alt)";
            return false;
        }
        rest = rest.substr(plus + 1);
    }
    static const std::pair<const char*, const char*> aliases[] = {
        {"period", "."}, {"dot", "."},        {"plus", "="},     {"equals", "="},
        {"minus", "-"},  {"enter", "Return"}, {"esc", "Escape"}, {"comma", ","},
    };
    for (const auto& [alias, name] : aliases)
        if (SDL_strcasecmp(rest.c_str(), alias) == 0) rest = name;
    a.key = SDL_GetScancodeFromName(rest.c_str());
    if (a.key == SDL_SCANCODE_UNKNOWN) {
        why = "unknown key '" + rest + "' (SDL key names: space, ., f12, return, escape, s, ...)";
        return false;
    }
    return true;
}

// A point: "@widget" or "X Y". Consumes tokens from `i`.
bool parse_point(const std::vector<std::string>& t, std::size_t& i, ScriptAction& a, std::string& why) {
    if (i < t.size() && !t[i].empty() && t[i][0] == '@') {
        a.widget = t[i].substr(1);
        ++i;
        return !a.widget.empty() || (why = "empty widget name", false);
    }
    if (i + 1 < t.size() && parse_number(t[i], a.x) && parse_number(t[i + 1], a.y)) {
        i += 2;
        return true;
    }
    why = "expected a point: X Y or @widget";
    return false;
}

}   // namespace

bool parse_window_script(const std::string& text, const std::string& name, std::vector<ScriptAction>& out,
                         std::string& error) {
    std::istringstream in(text);
    std::string line;
    int line_no = 0, last_frame = 0;
    out.clear();
    while (std::getline(in, line)) {
        ++line_no;
        // '#' starts a comment, except in the text a `text` action types.
        if (auto first = line.find_first_not_of(" \t"); first != std::string::npos && line[first] == '#') continue;
        if (line.find(" text ") == std::string::npos) line = line.substr(0, line.find('#'));
        std::istringstream words(line);
        std::vector<std::string> t;
        for (std::string w; words >> w;) t.push_back(w);
        if (t.empty()) continue;
        auto fail = [&](const std::string& why) {
            error = name + ":" + std::to_string(line_no) + ": " + why;
            return false;
        };
        if (t[0] != "frame" || t.size() < 3) return fail("expected: frame N ACTION ...");
        ScriptAction a;
        a.line = line_no;
        float f = 0;
        bool relative = t[1][0] == '+';
        if (!parse_number(relative ? t[1].substr(1) : t[1], f) || f < 0) return fail("bad frame number '" + t[1] + "'");
        a.frame = relative ? last_frame + static_cast<int>(f) : static_cast<int>(f);
        last_frame = a.frame;
        const std::string& verb = t[2];
        std::size_t i = 3;
        std::string why;
        if (verb == "move") {
            a.kind = Kind::Move;
            if (!parse_point(t, i, a, why)) return fail(why);
        } else if (verb == "click" || verb == "doubleclick") {
            a.kind = verb == "click" ? Kind::Click : Kind::DoubleClick;
            if (i < t.size() && parse_button(t[i], a.button)) ++i;
            if (!parse_point(t, i, a, why)) return fail(why);
            // "@widget DX DY": that far from the widget's centre (a spot on a map, say).
            if (!a.widget.empty() && i + 1 < t.size() && parse_number(t[i], a.x) && parse_number(t[i + 1], a.y)) i += 2;
        } else if (verb == "drag") {
            a.kind = Kind::Drag;
            if (i < t.size() && parse_button(t[i], a.button)) ++i;
            if (!parse_point(t, i, a, why)) return fail(why);
            if (i + 1 >= t.size() || !parse_number(t[i], a.x2) || !parse_number(t[i + 1], a.y2))
                return fail(a.widget.empty() ? "drag needs X1 Y1 X2 Y2" : "drag @widget needs DX DY");
            i += 2;
        } else if (verb == "wheel") {
            a.kind = Kind::Wheel;
            float n = 0;
            if (i >= t.size() || !parse_number(t[i], n)) return fail("wheel needs a number of notches");
            a.amount = static_cast<int>(n);
            ++i;
            a.at_point = i < t.size();   // without a point: wherever the mouse is
            if (a.at_point && !parse_point(t, i, a, why)) return fail(why);
        } else if (verb == "key") {
            a.kind = Kind::Key;
            if (i >= t.size() || !parse_key(t[i], a, why)) return fail(why.empty() ? "key needs a name" : why);
            ++i;
        } else if (verb == "text") {
            a.kind = Kind::Text;
            auto at = line.find(" text ");
            a.text = at == std::string::npos ? std::string() : line.substr(at + 6);
            i = t.size();
        } else if (verb == "dump" || verb == "screenshot" || verb == "drop") {
            a.kind = verb == "dump" ? Kind::Dump : verb == "drop" ? Kind::Drop : Kind::Screenshot;
            if (i >= t.size()) return fail(verb + " needs a file name");
            a.text = t[i++];
        } else if (verb == "quit") {
            a.kind = Kind::Quit;
        } else {
            return fail("unknown action '" + verb +
                        "' (move, click, doubleclick, drag, wheel, key, text, drop, dump, screenshot, quit)");
        }
        if (i < t.size()) return fail("unexpected '" + t[i] + "'");
        out.push_back(std::move(a));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const ScriptAction& a, const ScriptAction& b) { return a.frame < b.frame; });
    return true;
}

ScriptPlayer::ScriptPlayer(std::vector<ScriptAction> actions) : actions_(std::move(actions)) {}

bool ScriptPlayer::resolve(const ScriptAction& a, const ui::WidgetLocator& widgets, float& x, float& y) {
    if (a.widget.empty()) {
        x = a.x;
        y = a.y;
        return true;
    }
    const ui::WidgetRect* r = widgets.find(a.widget);
    if (!r) {
        std::cerr << "playbench: script line " << a.line << ": no widget named '" << a.widget
                  << "' on screen (run a `dump` to list them)\n";
        ++errors_;
        return false;
    }
    if (!r->visible)
        std::cerr << "playbench: script line " << a.line << ": widget '" << a.widget
                  << "' is scrolled out of view; clicking it anyway\n";
    // Clicks and moves may aim off the centre; a drag's start is the centre (x2, y2 is its delta).
    const bool offset = a.kind == Kind::Click || a.kind == Kind::DoubleClick;
    x = r->center_x() + (offset ? a.x : 0.0f);
    y = r->center_y() + (offset ? a.y : 0.0f);
    return true;
}

void ScriptPlayer::schedule_mouse(int frame, std::uint32_t type, float x, float y, std::uint8_t button,
                                  std::uint32_t window_id, std::uint8_t clicks) {
    SDL_Event e;
    SDL_zero(e);
    e.type = type;
    if (type == SDL_MOUSEMOTION) {
        e.motion.windowID = window_id;
        e.motion.x = static_cast<Sint32>(x);
        e.motion.y = static_cast<Sint32>(y);
    } else {
        e.button.windowID = window_id;
        e.button.button = button;
        e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
        e.button.clicks = clicks;
        e.button.x = static_cast<Sint32>(x);
        e.button.y = static_cast<Sint32>(y);
    }
    pending_.push_back({frame, e});
}

void ScriptPlayer::push_events(int frame, const ui::WidgetLocator& widgets, std::uint32_t window_id) {
    // Start the input actions due: each becomes SDL events spread over the next frames, as a
    // hand would (move, then press, then release), so ImGui sees hover before the click.
    for (; next_ < actions_.size() && actions_[next_].frame <= frame; ++next_)
        if (!is_end_of_frame(actions_[next_].kind)) start(actions_[next_], frame, widgets, window_id);
    // Push what is due, in the order scheduled.
    auto due = [frame](const TimedEvent& t) { return t.frame <= frame; };
    for (TimedEvent& t : pending_)
        if (due(t)) SDL_PushEvent(&t.event);
    pending_.erase(std::remove_if(pending_.begin(), pending_.end(), due), pending_.end());
    last_frame_ = frame;
}

void ScriptPlayer::start(const ScriptAction& a, int frame, const ui::WidgetLocator& widgets, std::uint32_t window_id) {
    float x = 0, y = 0;
    switch (a.kind) {
        case Kind::Move:
            if (resolve(a, widgets, x, y)) schedule_mouse(frame, SDL_MOUSEMOTION, x, y, 0, window_id);
            break;
        case Kind::Click:
        case Kind::DoubleClick:
            if (resolve(a, widgets, x, y)) schedule_click(a, frame, x, y, window_id);
            break;
        case Kind::Drag:
            if (resolve(a, widgets, x, y)) schedule_drag(a, frame, x, y, window_id);
            break;
        case Kind::Wheel: schedule_wheel(a, frame, widgets, window_id); break;
        case Kind::Key: schedule_key(a, frame, window_id); break;
        case Kind::Text: schedule_text(a, frame, window_id); break;
        case Kind::Drop: {
            SDL_Event e;
            SDL_zero(e);
            e.type = SDL_DROPFILE;
            e.drop.windowID = window_id;
            e.drop.file = SDL_strdup(a.text.c_str());   // the window frees it, as SDL's own drops
            SDL_PushEvent(&e);
            break;
        }
        default: break;
    }
}

// A move onto the point, then one press and release (two for a double click), a frame apart.
void ScriptPlayer::schedule_click(const ScriptAction& a, int frame, float x, float y, std::uint32_t window_id) {
    schedule_mouse(frame, SDL_MOUSEMOTION, x, y, 0, window_id);
    int presses = a.kind == Kind::Click ? 1 : 2;
    for (int p = 0; p < presses; ++p) {
        auto clicks = static_cast<std::uint8_t>(p + 1);
        schedule_mouse(frame + 1 + 2 * p, SDL_MOUSEBUTTONDOWN, x, y, a.button, window_id, clicks);
        schedule_mouse(frame + 2 + 2 * p, SDL_MOUSEBUTTONUP, x, y, a.button, window_id, clicks);
    }
}

// Press at the point, eight moves to the end (absolute, or relative to a widget), release.
void ScriptPlayer::schedule_drag(const ScriptAction& a, int frame, float x, float y, std::uint32_t window_id) {
    float ex = a.widget.empty() ? a.x2 : x + a.x2;
    float ey = a.widget.empty() ? a.y2 : y + a.y2;
    const int steps = 8;
    schedule_mouse(frame, SDL_MOUSEMOTION, x, y, 0, window_id);
    schedule_mouse(frame + 1, SDL_MOUSEBUTTONDOWN, x, y, a.button, window_id);
    for (int s = 1; s <= steps; ++s) {
        float t = static_cast<float>(s) / steps;
        schedule_mouse(frame + 1 + s, SDL_MOUSEMOTION, x + (ex - x) * t, y + (ey - y) * t, 0, window_id);
    }
    schedule_mouse(frame + 2 + steps, SDL_MOUSEBUTTONUP, ex, ey, a.button, window_id);
}

// The wheel, over a point first when the action names one.
void ScriptPlayer::schedule_wheel(const ScriptAction& a, int frame, const ui::WidgetLocator& widgets,
                                  std::uint32_t window_id) {
    int at = frame;
    if (a.at_point) {
        float x = 0, y = 0;
        if (!resolve(a, widgets, x, y)) return;
        schedule_mouse(frame, SDL_MOUSEMOTION, x, y, 0, window_id);
        at = frame + 1;
    }
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_MOUSEWHEEL;
    e.wheel.windowID = window_id;
    e.wheel.y = a.amount;
    e.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
    pending_.push_back({at, e});
}

// Key down now, up on the next frame.
void ScriptPlayer::schedule_key(const ScriptAction& a, int frame, std::uint32_t window_id) {
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_KEYDOWN;
    e.key.windowID = window_id;
    e.key.state = SDL_PRESSED;
    e.key.keysym.scancode = a.key;
    e.key.keysym.sym = SDL_GetKeyFromScancode(a.key);
    e.key.keysym.mod = a.mod;
    pending_.push_back({frame, e});
    e.type = SDL_KEYUP;
    e.key.state = SDL_RELEASED;
    pending_.push_back({frame + 1, e});
}

// SDL_TEXTINPUT carries at most 31 bytes; split at UTF-8 character starts.
void ScriptPlayer::schedule_text(const ScriptAction& a, int frame, std::uint32_t window_id) {
    std::size_t pos = 0;
    while (pos < a.text.size()) {
        std::size_t n = std::min<std::size_t>(a.text.size() - pos, SDL_TEXTINPUTEVENT_TEXT_SIZE - 1);
        while (n > 0 && pos + n < a.text.size() && (static_cast<unsigned char>(a.text[pos + n]) & 0xC0) == 0x80) --n;
        SDL_Event e;
        SDL_zero(e);
        e.type = SDL_TEXTINPUT;
        e.text.windowID = window_id;
        std::memcpy(e.text.text, a.text.data() + pos, n);
        pending_.push_back({frame, e});
        pos += n;
    }
}

std::vector<ScriptAction> ScriptPlayer::end_of_frame_actions(int frame) {
    std::vector<ScriptAction> out;
    for (; next_end_ < actions_.size() && actions_[next_end_].frame <= frame; ++next_end_)
        if (is_end_of_frame(actions_[next_end_].kind)) out.push_back(actions_[next_end_]);
    return out;
}

bool ScriptPlayer::finished() const {
    return next_ >= actions_.size() && next_end_ >= actions_.size() && pending_.empty();
}

}   // namespace pb::app
