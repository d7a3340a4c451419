// Exact integration of a body under linear friction and a thrust held constant over one tick.
// With lambda = k/m and acceleration a = F/m the velocity obeys dv/dt = a - lambda v, so
//   v(1) = v0 e^-lambda + a (1 - e^-lambda)/lambda
//   x(1) = x0 + v0 (1 - e^-lambda)/lambda + a (lambda - 1 + e^-lambda)/lambda^2
// The three factors depend only on the parameters, so they are computed when parameters change
// and a tick costs two multiply-adds per axis. Summed over all ticks a free ball's displacement is
// v0 c1 / (1 - decay) = v0 / lambda exactly: the seed's closed forms hold to rounding.
#pragma once
#include "engine/podball/det_math.hpp"
#include "engine/podball/types.hpp"

namespace pb::podball {

struct MotionFactors {
    double decay = 1.0;      // e^-lambda: velocity kept after one tick of friction
    double c1 = 1.0;         // (1 - e^-lambda)/lambda: distance per unit initial velocity
    double c2 = 0.5;         // (lambda - 1 + e^-lambda)/lambda^2: distance per unit acceleration
    double accel_c1 = 0.0;   // full thrust / mass * c1: velocity gained in a tick of full thrust
    double accel_c2 = 0.0;   // full thrust / mass * c2: distance gained in a tick of full thrust
};

inline MotionFactors motion_factors(double friction, double mass, double thrust) {
    MotionFactors f;
    const double lambda = friction / mass;
    f.decay = det_exp(-lambda);
    if (lambda < 1e-3) {
        // The closed forms cancel catastrophically for small lambda (and are 0/0 at lambda = 0,
        // the frictionless case the parameter table allows); their series converge fast here.
        const double l = lambda;
        f.c1 = 1.0 - l / 2.0 + l * l / 6.0 - l * l * l / 24.0 + l * l * l * l / 120.0;
        f.c2 = 0.5 - l / 6.0 + l * l / 24.0 - l * l * l / 120.0 + l * l * l * l / 720.0;
    } else {
        f.c1 = -det_expm1(-lambda) / lambda;
        f.c2 = (1.0 - f.c1) / lambda;
    }
    f.accel_c1 = thrust / mass * f.c1;
    f.accel_c2 = thrust / mass * f.c2;
    return f;
}

// Advances one body by one tick; `dir` is the thrust direction scaled by power (|dir| <= 1).
inline void advance(const MotionFactors& f, Vec2& pos, Vec2& vel, Vec2 dir) {
    pos.x += vel.x * f.c1 + dir.x * f.accel_c2;
    pos.y += vel.y * f.c1 + dir.y * f.accel_c2;
    vel.x = vel.x * f.decay + dir.x * f.accel_c1;
    vel.y = vel.y * f.decay + dir.y * f.accel_c1;
}

}   // namespace pb::podball
