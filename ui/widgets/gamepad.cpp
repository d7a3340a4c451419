#include "ui/widgets/gamepad.hpp"

#include <algorithm>
#include <cmath>

namespace pb::ui {

double axis_fraction(std::int16_t raw) {
    // SDL's range is asymmetric; dividing by the positive end and clamping keeps both ends at 1.
    return std::clamp(static_cast<double>(raw) / 32767.0, -1.0, 1.0);
}

glm::dvec2 stick_to_world(double x, double y, double dead_zone) {
    if (!std::isfinite(x) || !std::isfinite(y)) return {0.0, 0.0};
    double len = std::sqrt(x * x + y * y);
    dead_zone = std::clamp(dead_zone, 0.0, 0.95);
    if (len <= dead_zone) return {0.0, 0.0};
    double scaled = std::min(1.0, (len - dead_zone) / (1.0 - dead_zone));
    return glm::dvec2(x, -y) * (scaled / len);
}

}   // namespace pb::ui
