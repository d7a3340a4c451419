// A game controller as the shell sees it: the host (app/window.cpp) reads SDL's game controller
// each frame and hands the shell this plain state, so views and tests never need a device.
// Sticks are fractions -1..1 with SDL's axes (x right, y down); buttons are held or newly pressed.
#pragma once
#include <cstdint>
#include <string>

#include <glm/vec2.hpp>

namespace pb::ui {

struct GamepadState {
    bool connected = false;
    std::string name;                      // what SDL calls the controller, shown in the panel
    double left_x = 0.0, left_y = 0.0;     // movement stick
    double right_x = 0.0, right_y = 0.0;   // aiming stick
    bool shoot_down = false;               // A (south) button or right shoulder held
    bool shoot_pressed = false;            // ... and went down this frame
};

// Sticks rest a little off centre; within `dead_zone` of it they read as zero, and beyond it the
// length is rescaled so full deflection is still 1 (no jump at the edge of the dead zone).
inline constexpr double kStickDeadZone = 0.2;

// An SDL axis value (-32768..32767) as a fraction clamped to -1..1.
double axis_fraction(std::int16_t raw);

// The stick as a world vector: y flipped to point up, radial dead zone applied, length <= 1.
glm::dvec2 stick_to_world(double x, double y, double dead_zone = kStickDeadZone);

}   // namespace pb::ui
