// Game controllers for the window: opens the controllers SDL reports (plugged in before or while
// running), closes them when unplugged, and each frame reads the first one into the plain
// ui::GamepadState the shell understands.
#pragma once
#include <SDL.h>

#include <vector>

#include "ui/widgets/gamepad.hpp"

namespace pb::app {

class Gamepads {
public:
    Gamepads();   // initialises SDL's game controller subsystem (a failure just means none)
    ~Gamepads();
    Gamepads(const Gamepads&) = delete;
    Gamepads& operator=(const Gamepads&) = delete;

    // Device added / removed events; anything else is ignored.
    void on_event(const SDL_Event& e);
    // The first connected controller this frame; `shoot_pressed` only on the frame it went down.
    ui::GamepadState poll();

private:
    bool ok_ = false;
    std::vector<SDL_GameController*> open_;
    bool shoot_was_down_ = false;
};

}   // namespace pb::app
