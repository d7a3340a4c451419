/* simple_striker: an example Podball team module in plain C, built by CMake as
 * build/release/libsimple_striker.so. Copy it to start your own team
 * (docs/team-modules.md#writing-one); the interface is include/playbench/podball_module_abi.h.
 *
 * Its play: the pod nearest the ball fetches it, dribbles towards the opponent's goal and shoots
 * at the corner of the mouth away from their keeper once a shot is sure to arrive; pod 0 keeps goal;
 * the others hold a line behind the ball. Everything is in the module's own frame: we attack +x.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <playbench/podball_module_abi.h>

/* Everything the module remembers lives here, one per team and match: no globals. */
typedef struct striker_state {
    podball_settings settings; /* as given to init */
    int64_t calls;
} striker_state;

static double clampd(double v, double lo, double hi) { return v < lo ? lo : (v > hi ? hi : v); }

/* Thrust towards `target`: the velocity we want (top speed towards it, slowing down within
 * `arrive`) plus a term that corrects the velocity we have. */
static podball_action steer(const podball_pod* p, podball_vec2 target, double top, double arrive) {
    podball_action a = {PODBALL_ACTION_MOVE, 0, {0.0, 0.0}};
    double dx = target.x - p->pos.x, dy = target.y - p->pos.y;
    double dist = sqrt(dx * dx + dy * dy);
    double speed = top, wx = 0.0, wy = 0.0;
    if (arrive > 0.0 && dist < arrive) speed *= dist / arrive;
    if (dist > 1e-9) {
        wx = dx / dist * speed;
        wy = dy / dist * speed;
    }
    a.v.x = (wx + (wx - p->vel.x) * 4.0) / top;
    a.v.y = (wy + (wy - p->vel.y) * 4.0) / top;
    return a; /* longer than 1 is fine: the engine normalises it */
}

const podball_module_info* podball_module_get_info(void) {
    static const podball_module_info info = {PODBALL_MODULE_ABI_VERSION, "simple_striker", "Playbench examples",
                                             "nearest pod fetches the ball and shoots; pod 0 keeps goal"};
    return &info;
}

void* podball_module_init(const podball_settings* settings) {
    striker_state* s = (striker_state*)calloc(1, sizeof *s);
    if (!s) return NULL;
    s->settings = *settings;
    return s;
}

void* podball_module_clone(const void* state) {
    striker_state* copy = (striker_state*)malloc(sizeof *copy);
    if (copy) memcpy(copy, state, sizeof *copy);
    return copy;
}

void podball_module_dispose(void* state) { free(state); }

int32_t podball_module_play(void* state, const podball_world* w, podball_action* actions) {
    striker_state* s = (striker_state*)state;
    const podball_settings* c = w->settings; /* current values */
    const double hx = c->arena_width / 2.0, hy = c->arena_height / 2.0, mouth = c->goal_width / 2.0;
    const double top = c->pod_friction > 0.0 ? c->pod_thrust / c->pod_friction : 0.004;
    const double lambda = c->ball_friction / c->ball_mass;
    const double shot_speed = c->shoot_force / c->ball_mass;
    const double bx = w->ball_pos.x + hx, by = w->ball_pos.y; /* from our goal's centre */
    const int in_our_area = bx * bx + by * by < c->goal_exclusion_radius * c->goal_exclusion_radius;
    int i, fetcher = -1;
    double best = 1e9;
    s->calls++;

    /* Who fetches the ball: the nearest pod that may pick it up; the keeper (pod 0) only in our
     * goal area, where nobody else may go. */
    for (i = in_our_area ? 0 : 1; i < w->own_count; ++i) {
        double dx = w->ball_pos.x - w->own[i].pos.x, dy = w->ball_pos.y - w->own[i].pos.y;
        double d = dx * dx + dy * dy;
        if (!w->own[i].denied && d < best) {
            best = d;
            fetcher = i;
        }
    }
    if (w->ball_owner_team == 0) fetcher = w->ball_owner_index;

    for (i = 0; i < w->own_count; ++i) {
        const podball_pod* p = &w->own[i];
        if (i == fetcher && w->ball_owner_team == 0 && w->mode == PODBALL_MODE_RUNNING) {
            /* Aim at the corner away from their keeper; shoot when the shot arrives with at least
             * a quarter of its speed left (speed after distance d is v0 - lambda * d: a full shot
             * rolls v0 / lambda = shoot force / ball friction, 0.16 arena widths by default). */
            double aim_y = 0.6 * mouth, dx, dy, d, ax, ay, keeper_y = 0.0, nearest = 1e9;
            int k;
            /* Their keeper: the one allowed in their goal area, else the pod nearest their goal. */
            for (k = 0; k < w->opponent_count; ++k) {
                double kx = w->opponents[k].pos.x - hx, ky = w->opponents[k].pos.y;
                if (k == w->opponent_area_holder) kx = ky = 0.0;
                if (kx * kx + ky * ky < nearest) {
                    nearest = kx * kx + ky * ky;
                    keeper_y = w->opponents[k].pos.y;
                }
            }
            if (keeper_y > 0.0) aim_y = -aim_y;
            dx = hx + 0.02 - w->ball_pos.x;
            dy = aim_y - w->ball_pos.y;
            d = sqrt(dx * dx + dy * dy);
            if (d > 1e-9 && lambda * d < 0.75 * shot_speed) {
                ax = (dx / d * shot_speed - p->vel.x) / shot_speed;
                ay = (dy / d * shot_speed - p->vel.y) / shot_speed;
                actions[i].kind = PODBALL_ACTION_SHOOT;
                actions[i].v.x = ax;
                actions[i].v.y = ay;
            } else {
                /* Dribble towards their goal until it is in reach (their goal area's rim may stop us). */
                double reach = lambda > 0.0 ? 0.75 * shot_speed / lambda : c->arena_width;
                podball_vec2 spot = {hx - clampd(0.6 * reach, 0.0, 0.3 * c->arena_width), 0.0};
                actions[i] = steer(p, spot, top, 0.0);
            }
        } else if (i == fetcher) {
            actions[i] = steer(p, w->ball_pos, top, 0.0);
        } else if (i == 0) {
            podball_vec2 spot = {-hx + c->pod_radius + 0.03, clampd(w->ball_pos.y, -mouth, mouth)};
            actions[i] = steer(p, spot, top, 0.05);
        } else {
            /* A line behind the ball, spread across the arena. */
            double share = (2.0 * i - 1.0) / (2.0 * (w->own_count - 1)) - 0.5;
            podball_vec2 spot = {clampd(w->ball_pos.x - 0.15 * c->arena_width, -hx * 0.7, hx * 0.5), 1.5 * share * hy};
            actions[i] = steer(p, spot, top, 0.05);
        }
    }
    return 0;
}
