#include "engine/core/words.hpp"

#include <cctype>

namespace pb {

namespace {

bool reads_one(std::string_view t) {
    if (!t.empty() && (t.front() == '+' || t.front() == '-')) t.remove_prefix(1);
    return t == "1";
}

// The singular of an English plural word, or the word itself when it is none we know the rule of.
std::string singular(std::string_view w) {
    if (w == "lives") return "life";
    if (w.size() > 4 && w.substr(w.size() - 4) == "sses") return std::string(w.substr(0, w.size() - 2));
    if (w.size() > 2 && w.back() == 's' && w[w.size() - 2] != 's' && w[w.size() - 2] != 'u')
        return std::string(w.substr(0, w.size() - 1));
    return std::string(w);
}

}   // namespace

std::string count_of(long long n, std::string_view singular_form, std::string_view plural_form) {
    std::string out = std::to_string(n) + " ";
    if (n == 1 || n == -1) return out.append(singular_form);
    if (!plural_form.empty()) return out.append(plural_form);
    return out.append(singular_form).append("s");
}

std::string possessive(std::string_view name) {
    std::string out(name);
    if (!out.empty() && (out.back() == 's' || out.back() == 'S')) return out + "'";
    return out + "'s";
}

std::string capitalised(std::string text) {
    if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

std::string unit_after(std::string_view number_text, std::string_view unit) {
    if (!reads_one(number_text) || unit.find('*') != std::string_view::npos) return std::string(unit);
    const std::size_t slash = unit.find('/');
    const std::string_view head = unit.substr(0, slash);
    const std::size_t start = head.rfind(' ') == std::string_view::npos ? 0 : head.rfind(' ') + 1;
    std::string out(unit.substr(0, start));
    out += singular(head.substr(start));
    if (slash != std::string_view::npos) out += unit.substr(slash);
    return out;
}

std::string with_unit(std::string_view number_text, std::string_view unit) {
    std::string out(number_text);
    if (unit.empty()) return out;
    return out + " " + unit_after(number_text, unit);
}

}   // namespace pb
