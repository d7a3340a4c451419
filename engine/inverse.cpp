// inverse_of(): param.set for every lab (engine/core/inverse.cpp), else the lab's own inverses
// (engine/<lab>/inverse.cpp), chosen by the world's concrete type.
#include "engine/core/inverse.hpp"

#include "engine/core/lab.hpp"
#include "engine/effects/inverse.hpp"
#include "engine/effects/world.hpp"
#include "engine/logistics/inverse.hpp"
#include "engine/logistics/world.hpp"
#include "engine/podball/inverse.hpp"
#include "engine/podball/world.hpp"
#include "engine/rgs/inverse.hpp"
#include "engine/rgs/world.hpp"
#include "engine/tasks/inverse.hpp"
#include "engine/tasks/world.hpp"

namespace pb {

Inverse inverse_of(const World& before, const Command& c) {
    try {
        if (c.type == kParamSetCommand) return param_set_inverse(before, c);
        if (auto w = dynamic_cast<const podball::PodballWorld*>(&before)) return podball::inverse_of(*w, c);
        if (auto w = dynamic_cast<const rgs::RgsWorld*>(&before)) return rgs::inverse_of(*w, c);
        if (auto w = dynamic_cast<const logistics::LogisticsWorld*>(&before)) return logistics::inverse_of(*w, c);
        if (auto w = dynamic_cast<const tasks::TasksWorld*>(&before)) return tasks::inverse_of(*w, c);
        if (auto w = dynamic_cast<const effects::EffectsWorld*>(&before)) return effects::inverse_of(*w, c);
        return no_inverse(c, "the " + before.lab().name + " lab has no undo");
    } catch (const std::exception& e) {
        return no_inverse(c, std::string("no undo: ") + e.what());
    }
}

}  // namespace pb
