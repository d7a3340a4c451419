// The Podball speed anchor (docs/benchmarks.md#podball): Podball's default 5 vs 5 chaser scene
// rebuilt in Box2D 2.4.1 (Debian's libbox2d-dev), stepped and timed on this machine, so that the
// ratio `bench podball` ("5v5 chaser vs chaser" ticks/s) / Box2D steps/s compares like with like.
// Built and run by `make anchor-box2d`; not part of the Playbench build, its tests or its package.
//
// The scene, from `playbench params podball` (its defaults), in Box2D's units: lengths x10 (1 arena
// width = 10 m: Box2D is tuned for bodies of 0.1-10 m), 1 tick = 1 step of 1/60 s, 1 pod mass = 1 kg.
//   arena 1.0 x 0.6 widths        -> 10 x 6 m box of 4 static two-sided edges (no goal mouths)
//   pod radius 0.02, mass 1       -> 10 dynamic circles, r = 0.2 m, 1 kg
//   ball radius 0.01, mass 0.2    -> 1 dynamic circle, r = 0.1 m, 0.2 kg
//   friction per tick / mass      -> linear damping x 60 /s: pods 0.05 -> 3 /s, ball 0.02/0.2 -> 6 /s
//                                    (Box2D's v = (v + h F/m) / (1 + h d) then has Podball's top
//                                    speed F/(m d) = thrust / friction and a decay of 4.8 % a tick
//                                    against Podball's 5 %)
//   thrust 0.0002 widths/tick^2   -> 0.0002 x 10 x 60^2 = 7.2 N on a 1 kg pod (top speed 2.4 m/s)
//   restitution                   -> pod-pod 0.9, ball-pod 0.5 (set as each contact begins: Box2D
//                                    mixes by the larger), pod-wall and ball-wall 1.0; no Coulomb
//                                    friction on contacts; restitution threshold 0.1 m/s
// Each step every pod pushes with its full thrust towards the ball (a chaser), then the world steps
// 1/60 s with 8 velocity and 3 position iterations. Sleeping is off (Podball's bodies never rest out
// of the step; with every pod pushing none would sleep anyway). CHASERS (per team, default 5) lets
// fewer pods push, the rest staying where they start: 0 is Box2D's floor for 11 awake bodies that
// never touch, to see how much of its cost is the contacts. Pods start in two kick-off rows, the ball at
// the centre. Each round builds a new world, steps it WARMUP steps untimed, then times STEPS steps,
// in wall-clock time (steady_clock) and in CPU time (as `bench podball` counts its ticks).
// Usage: box2d_pods [STEPS] [ROUNDS] [CHASERS]
#include <box2d/box2d.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

namespace {

constexpr float kScale = 10.0f;         // metres per arena width
constexpr float kStep = 1.0f / 60.0f;   // seconds per tick
constexpr int kVelocityIterations = 8;
constexpr int kPositionIterations = 3;
constexpr int kPods = 10;
constexpr int kWarmup = 5000;

constexpr float kArenaW = 1.0f * kScale;
constexpr float kArenaH = 0.6f * kScale;
constexpr float kPodRadius = 0.02f * kScale;
constexpr float kBallRadius = 0.01f * kScale;
constexpr float kPodMass = 1.0f;
constexpr float kBallMass = 0.2f;
constexpr float kPodDamping = 0.05f / kPodMass / kStep;                    // 3 /s
constexpr float kBallDamping = 0.02f / kBallMass / kStep;                  // 6 /s
constexpr float kThrust = 0.0002f * kScale / (kStep * kStep) * kPodMass;   // 7.2 N
constexpr float kPodPodRestitution = 0.9f;
constexpr float kBallPodRestitution = 0.5f;
constexpr float kWallRestitution = 1.0f;
constexpr float kRestitutionThreshold = 0.1f;   // m/s

constexpr float kPi = 3.14159265358979f;

// Tags a fixture's user data so the listener can tell the ball from a pod.
constexpr uintptr_t kBallTag = 1;

class BallPodRestitution : public b2ContactListener {
public:
    void BeginContact(b2Contact* contact) override {
        const bool ball_a = contact->GetFixtureA()->GetUserData().pointer == kBallTag;
        const bool ball_b = contact->GetFixtureB()->GetUserData().pointer == kBallTag;
        const bool wall = contact->GetFixtureA()->GetBody()->GetType() == b2_staticBody ||
                          contact->GetFixtureB()->GetBody()->GetType() == b2_staticBody;
        if ((ball_a || ball_b) && !wall) contact->SetRestitution(kBallPodRestitution);
    }
};

struct Scene {
    b2World world{b2Vec2(0.0f, 0.0f)};
    BallPodRestitution listener;
    b2Body* ball = nullptr;
    std::vector<b2Body*> pods;

    int chasers_per_team;

    explicit Scene(int chasers) : chasers_per_team(chasers) {
        world.SetContactListener(&listener);
        world.SetAllowSleeping(false);

        b2BodyDef wall_def;   // static by default
        b2Body* walls = world.CreateBody(&wall_def);
        const float hx = kArenaW / 2.0f, hy = kArenaH / 2.0f;
        const b2Vec2 corners[4] = {{-hx, -hy}, {hx, -hy}, {hx, hy}, {-hx, hy}};
        for (int i = 0; i < 4; ++i) {
            b2EdgeShape edge;
            edge.SetTwoSided(corners[i], corners[(i + 1) % 4]);
            b2FixtureDef fd;
            fd.shape = &edge;
            fd.friction = 0.0f;
            fd.restitution = kWallRestitution;
            fd.restitutionThreshold = kRestitutionThreshold;
            walls->CreateFixture(&fd);
        }

        ball = make_circle(0.0f, 0.0f, kBallRadius, kBallMass, kBallDamping, kBallPodRestitution);
        ball->GetFixtureList()->GetUserData().pointer = kBallTag;

        // Two kick-off rows of five, each team in its own half, mirrored.
        for (int team = 0; team < 2; ++team) {
            const float side = team == 0 ? -1.0f : 1.0f;
            for (int i = 0; i < kPods / 2; ++i) {
                const float x = side * (0.12f + 0.07f * static_cast<float>(i % 3)) * kScale;
                const float y = (-0.2f + 0.1f * static_cast<float>(i)) * kScale;
                pods.push_back(make_circle(x, y, kPodRadius, kPodMass, kPodDamping, kPodPodRestitution));
            }
        }
    }

    b2Body* make_circle(float x, float y, float radius, float mass, float damping, float restitution) {
        b2BodyDef bd;
        bd.type = b2_dynamicBody;
        bd.position.Set(x, y);
        bd.linearDamping = damping;
        bd.fixedRotation = true;   // Podball's bodies do not spin
        b2Body* body = world.CreateBody(&bd);
        b2CircleShape circle;
        circle.m_radius = radius;
        b2FixtureDef fd;
        fd.shape = &circle;
        fd.density = mass / (kPi * radius * radius);
        fd.friction = 0.0f;
        fd.restitution = restitution;
        fd.restitutionThreshold = kRestitutionThreshold;
        body->CreateFixture(&fd);
        return body;
    }

    void step() {
        const b2Vec2 target = ball->GetPosition();
        for (int i = 0; i < kPods; ++i) {
            if (i % (kPods / 2) >= chasers_per_team) continue;
            b2Body* pod = pods[static_cast<size_t>(i)];
            b2Vec2 d = target - pod->GetPosition();
            const float len = d.Length();
            if (len > 1e-6f) pod->ApplyForceToCenter((kThrust / len) * d, true);
        }
        world.Step(kStep, kVelocityIterations, kPositionIterations);
    }

    int touching_contacts() {
        int n = 0;
        for (b2Contact* c = world.GetContactList(); c != nullptr; c = c->GetNext()) n += c->IsTouching();
        return n;
    }
};

double cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double median_of(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 == 1 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2.0;
}

}   // namespace

int main(int argc, char** argv) {
    const long steps = argc > 1 ? std::atol(argv[1]) : 200000;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
    const int chasers = argc > 3 ? std::atoi(argv[3]) : kPods / 2;
    if (steps <= 0 || rounds <= 0 || chasers < 0 || chasers > kPods / 2) {
        std::fprintf(stderr, "usage: box2d_pods [STEPS>0] [ROUNDS>0] [CHASERS per team 0-5]\n");
        return 2;
    }

    std::printf(
        "box2d (b2_version %d.%d.%d, which Debian's 2.4.1 still reports): 10 pods + ball, arena %.0f x %.0f m (Podball "
        "x%.0f), r %.2f/%.2f m, "
        "mass %.1f/%.1f kg, damping %.1f/%.1f /s, %d+%d pods thrust %.1f N towards the ball, sleeping off, restitution "
        "pod %.1f ball-pod %.1f wall %.1f, gravity 0, dt 1/60 s, iterations %d/%d, "
        "warm-up %d, %ld steps x %d rounds\n",
        b2_version.major, b2_version.minor, b2_version.revision, kArenaW, kArenaH, kScale, kPodRadius, kBallRadius,
        kPodMass, kBallMass, kPodDamping, kBallDamping, chasers, chasers, kThrust, kPodPodRestitution,
        kBallPodRestitution, kWallRestitution, kVelocityIterations, kPositionIterations, kWarmup, steps, rounds);

    std::vector<double> rates, cpu_rates;
    double contacts_per_step = 0.0;
    float checksum = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        Scene scene(chasers);
        long touching = 0;
        for (int i = 0; i < kWarmup; ++i) {
            scene.step();
            touching += scene.touching_contacts();   // untimed: what the timed steps solve
        }
        contacts_per_step = static_cast<double>(touching) / kWarmup;
        const double c0 = cpu_seconds();
        const auto t0 = std::chrono::steady_clock::now();
        for (long i = 0; i < steps; ++i) scene.step();
        const auto t1 = std::chrono::steady_clock::now();
        const double cpu = cpu_seconds() - c0;
        const double secs = std::chrono::duration<double>(t1 - t0).count();
        rates.push_back(static_cast<double>(steps) / secs);
        cpu_rates.push_back(static_cast<double>(steps) / cpu);
        checksum += scene.ball->GetPosition().x + scene.ball->GetPosition().y;
        std::printf("round %d: %.0f steps/s (%.3f s), CPU time %.0f steps/s (%.3f s)\n", r + 1, rates.back(), secs,
                    cpu_rates.back(), cpu);
    }
    std::printf(
        "box2d pods: median %.0f steps/s, best %.0f steps/s; CPU time: median %.0f, best %.0f (%d rounds; "
        "touching contacts %.1f a step in the warm-up; ball checksum %.4f)\n",
        median_of(rates), *std::max_element(rates.begin(), rates.end()), median_of(cpu_rates),
        *std::max_element(cpu_rates.begin(), cpu_rates.end()), rounds, contacts_per_step,
        static_cast<double>(checksum));
    return 0;
}
