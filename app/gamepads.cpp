#include "app/gamepads.hpp"

#include <algorithm>

namespace pb::app {

Gamepads::Gamepads() : ok_(SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0) {
    if (!ok_) return;
    // Controllers already plugged in also arrive as CONTROLLERDEVICEADDED events at start-up.
    SDL_GameControllerEventState(SDL_ENABLE);
}

Gamepads::~Gamepads() {
    for (SDL_GameController* c : open_) SDL_GameControllerClose(c);
    if (ok_) SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
}

void Gamepads::on_event(const SDL_Event& e) {
    if (!ok_) return;
    if (e.type == SDL_CONTROLLERDEVICEADDED) {
        SDL_JoystickID id = SDL_JoystickGetDeviceInstanceID(e.cdevice.which);
        for (SDL_GameController* c : open_)
            if (SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(c)) == id) return;
        if (SDL_GameController* c = SDL_GameControllerOpen(e.cdevice.which)) open_.push_back(c);
    } else if (e.type == SDL_CONTROLLERDEVICEREMOVED) {
        auto gone = std::find_if(open_.begin(), open_.end(), [&](SDL_GameController* c) {
            return SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(c)) == e.cdevice.which;
        });
        if (gone != open_.end()) {
            SDL_GameControllerClose(*gone);
            open_.erase(gone);
        }
    }
}

ui::GamepadState Gamepads::poll() {
    ui::GamepadState s;
    SDL_GameController* c = nullptr;
    for (SDL_GameController* candidate : open_)
        if (SDL_GameControllerGetAttached(candidate)) {
            c = candidate;
            break;
        }
    if (!c) {
        shoot_was_down_ = false;
        return s;
    }
    s.connected = true;
    const char* name = SDL_GameControllerName(c);
    s.name = name ? name : "game controller";
    s.left_x = ui::axis_fraction(SDL_GameControllerGetAxis(c, SDL_CONTROLLER_AXIS_LEFTX));
    s.left_y = ui::axis_fraction(SDL_GameControllerGetAxis(c, SDL_CONTROLLER_AXIS_LEFTY));
    s.right_x = ui::axis_fraction(SDL_GameControllerGetAxis(c, SDL_CONTROLLER_AXIS_RIGHTX));
    s.right_y = ui::axis_fraction(SDL_GameControllerGetAxis(c, SDL_CONTROLLER_AXIS_RIGHTY));
    s.shoot_down = SDL_GameControllerGetButton(c, SDL_CONTROLLER_BUTTON_A) != 0 ||
                   SDL_GameControllerGetButton(c, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER) != 0;
    s.shoot_pressed = s.shoot_down && !shoot_was_down_;
    shoot_was_down_ = s.shoot_down;
    return s;
}

}   // namespace pb::app
