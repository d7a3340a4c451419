-- A team that beats the built-in chaser from both sides: examples/lua/chaser.lua (the chaser
-- move for move) with four changes, each measured in
-- docs/lua-teams.md#tutorial-from-an-empty-file-towards-a-team-that-beats-chaser: a second pod
-- presses the carrier from our goal's side (the chaser sends one), the carrier passes to an open
-- team-mate when BALLKEEP is about to make it drop the ball or when it is pressed, and the keeper
-- comes out at a carrier near our goal. Everything is in the team's frame: own goal at
-- x = -width/2, attacking +x.

name = "striker"
description = "The chaser plus a second presser, passes before BALLKEEP or under pressure, a keeper that comes out."

params = {
  shoot_range = { default = 0.35, min = 0.02, max = 2.0, label = "Shoot range", unit = "arena widths" },
  support = { default = 1, min = 0, max = 1, label = "Support play (1 on, 0 all chase)" },
  variation = { default = 1.0, min = 0.0, max = 1.0, label = "Variation" },
  press_gap = { default = 0.06, min = 0.0, max = 0.3, label = "Second presser's gap", unit = "arena widths" },
  pass_after = { default = 60, min = 0, max = 5000, label = "Pass under pressure after", unit = "ticks" },
  keeper_out = { default = 0.25, min = 0.0, max = 1.0, label = "Keeper comes out within", unit = "arena widths" },
}

local SAMPLES, STEP = 24, 8.0   -- the ball forecast: 24 samples, 8 ticks apart
local PRESSED = 0.06            -- an opponent this close to the ball presses the carrier
local MARKED = 0.05             -- an opponent this close to a team-mate marks it

local sqrt, min, max = math.sqrt, math.min, math.max

local function clamp(v, lo, hi)
  if v < lo then return lo elseif hi < v then return hi else return v end
end

local function len(x, y) return sqrt(x * x + y * y) end

local function uniform(lo, hi) return lo + (hi - lo) * math.random() end

-- Top speeds and reach from the match settings (pod_skills.cpp, kinematics_of).
local function kinematics(s)
  local k = {}
  k.hx, k.hy, k.mouth = s.arena_width / 2.0, s.arena_height / 2.0, s.goal_width / 2.0
  k.reach = s.pod_radius + s.ball_radius
  local no_top = 50.0 * s.pod_thrust / s.pod_mass
  k.cruise = s.pod_friction > 0.0 and s.pod_thrust / s.pod_friction or no_top
  local carry_k = s.pod_friction + s.pod_carry_friction
  k.carry_cruise = carry_k > 0.0 and s.pod_thrust / carry_k or no_top
  k.pod_lag = s.pod_friction > 0.0 and min(60.0, s.pod_mass / s.pod_friction) or 60.0
  k.ball_lambda = s.ball_friction / s.ball_mass
  k.shot_speed = s.shoot_force / s.ball_mass
  return k
end

local function effective_keepoff(s)
  local widest = max(s.pod_radius, s.ball_radius)
  return clamp(s.center_keepoff, 0.0, max(0.0, s.arena_width / 2.0 - 2.0 * widest - 1e-6))
end

-- Where pod i (1-based) of a team of n stands at kick-off (kickoff.cpp).
local function kickoff_position(i, n, s)
  local hx, hy, r = s.arena_width / 2.0, s.arena_height / 2.0, s.pod_radius
  local back = -hx + r
  local front = max(back, -effective_keepoff(s) - r - 0.02 * s.arena_width)
  local x, y = min(front, -hx + 2.5 * r + 0.01), 0.0
  if i > 1 then
    local field = n - 1
    local lines = field <= 2 and 1 or (field <= 6 and 2 or 3)
    local k, line, line_size = i - 2, 0, 0
    while line < lines do
      line_size = field // lines + (line < field % lines and 1 or 0)
      if k < line_size then break end
      k = k - line_size
      line = line + 1
    end
    local deep = min(front, -hx * 0.6)
    x = lines == 1 and front or deep + (front - deep) * line / (lines - 1)
    local spread = max(0.0, hy - r) * 0.75
    y = spread * ((2.0 * k + 1.0) / line_size - 1.0)
    local rim = s.goal_exclusion_radius + r + 0.005
    local dx, dy = x + hx, y
    local dist = sqrt(dx * dx + dy * dy)
    if s.goal_exclusion_radius > 0.0 and dist < rim and dist > 1e-12 then
      x, y = -hx + dx * (rim / dist), 0.0 + dy * (rim / dist)
      x = min(x, front)
    end
  end
  return clamp(x, -hx + r, hx - r), clamp(y, -hy + r, hy - r)
end

-- Thrust that brings a pod to (tx, ty) at up to `speed`, slowing within `arrive` of it.
local function steer(me, tx, ty, speed, top, arrive)
  local dx, dy = tx - me.pos.x, ty - me.pos.y
  local dist = len(dx, dy)
  local wx, wy = 0.0, 0.0
  if dist > 1e-9 then
    local f = speed * min(1.0, arrive > 0.0 and dist / arrive or 1.0) / dist
    wx, wy = dx * f, dy * f
  end
  return { kind = "move", x = (wx + (wx - me.vel.x) * 4.0) / top, y = (wy + (wy - me.vel.y) * 4.0) / top }
end

-- Where a free ball will be, every STEP ticks (friction only): samples in fx, fy (scratch that
-- every call rewrites before reading: not state, so not in memory); returns how far it can get.
local fx, fy = {}, {}
local function forecast(k, ball)
  local rx, ry = ball.vel.x / k.ball_lambda, ball.vel.y / k.ball_lambda
  local px, py = ball.pos.x, ball.pos.y
  local step_decay = math.exp(-k.ball_lambda * STEP)
  local decay = 1.0
  for i = 1, SAMPLES do
    fx[i], fy[i] = px + rx * (1.0 - decay), py + ry * (1.0 - decay)
    decay = decay * step_decay
  end
  return len(rx, ry)
end

-- Ticks until pod `p` can touch the free ball, and where.
local function intercept(k, reach_all, p)
  local lost = 0.5 * k.pod_lag
  local x, y = p.pos.x, p.pos.y
  local gap = len(fx[1] - x, fy[1] - y) - k.reach - reach_all
  local first = 0
  if gap > 0.0 then first = math.floor(min(SAMPLES - 1.0, (gap / k.cruise + lost) / STEP)) end
  for i = first + 1, SAMPLES do
    local t = (i - 1) * STEP
    local budget = k.reach + k.cruise * max(0.0, t - lost)
    local dx, dy = fx[i] - x, fy[i] - y
    if dx * dx + dy * dy <= budget * budget then return t, fx[i], fy[i] end
  end
  local wx, wy = fx[SAMPLES], fy[SAMPLES]
  return (SAMPLES - 1) * STEP + len(wx - x, wy - y) / k.cruise + lost, wx, wy
end

-- A full shot from (fx, fy) towards (ax, ay), allowing for the carrier's own velocity.
local function full_shot(k, vel, fx, fy, ax, ay)
  local dx, dy = ax - fx, ay - fy
  local l = max(1e-12, len(dx, dy))
  local ux, uy = dx / l, dy / l
  local along = ux * vel.x + uy * vel.y
  local disc = k.shot_speed * k.shot_speed - (vel.x * vel.x + vel.y * vel.y) + along * along
  if disc < 0.0 or k.shot_speed <= 0.0 then return { kind = "shoot", x = ux, y = uy } end
  local s = along + sqrt(disc)
  return { kind = "shoot", x = (ux * s - vel.x) / k.shot_speed, y = (uy * s - vel.y) / k.shot_speed }
end

local function segment_distance2(px, py, ax, ay, abx, aby, inv_len2)
  local t = clamp(((px - ax) * abx + (py - ay) * aby) * inv_len2, 0.0, 1.0)
  local dx, dy = px - (ax + abx * t), py - (ay + aby * t)
  return dx * dx + dy * dy
end

-- Of seven aims across the goal mouth, the one whose path passes furthest from every pod that
-- could catch or block the ball, biased by `weights`; and its squared clearance.
local function open_goal_aim(k, world, carrier, fx, fy, weights)
  local span = max(0.0, k.mouth - world.settings.ball_radius - 0.005)
  local best_x, best_y, best_score, clear2 = k.hx, 0.0, -1.0, -1.0
  for i = 0, 6 do
    local ax, ay = k.hx + 0.02, span * (i - 3) / 3.0
    local abx, aby = ax - fx, ay - fy
    local inv_len2 = 1.0 / max(1e-12, abx * abx + aby * aby)
    local c2 = 1e18
    for j, p in ipairs(world.own) do
      if j ~= carrier and not p.denied then
        c2 = min(c2, segment_distance2(p.pos.x, p.pos.y, fx, fy, abx, aby, inv_len2))
      end
    end
    for _, p in ipairs(world.opponents) do
      if not p.denied then c2 = min(c2, segment_distance2(p.pos.x, p.pos.y, fx, fy, abx, aby, inv_len2)) end
    end
    local score = c2 * weights[i + 1]
    if score > best_score then best_score, clear2, best_x, best_y = score, c2, ax, ay end
  end
  return best_x, best_y, clear2
end

-- The keeper: on the line from the goal centre to the ball, into the path of a ball heading for
-- the goal, and fetching a free ball that lies in its own goal area.
local function keep_goal(k, world, keeper)
  local s, ball, me = world.settings, world.ball, world.own[keeper]
  local tx, ty = ball.pos.x + k.hx, ball.pos.y
  local d = max(1e-9, len(tx, ty))
  local area = s.goal_exclusion_radius
  if ball.owner == nil and area > 0.0 and d < area + k.reach and not me.denied
      and len(ball.vel.x, ball.vel.y) < 0.5 * s.pickup_velocity
      and (world.own_area_holder == nil or world.own_area_holder == keeper) then
    return steer(me, ball.pos.x, ball.pos.y, k.cruise, k.cruise, 0.0)
  end
  local f = min(d, 0.06 * s.arena_width + k.reach) / d
  local sx, sy = -k.hx + tx * f, 0.0 + ty * f
  sx = max(sx, -k.hx + s.pod_radius + 0.005)
  sy = clamp(sy, -k.mouth, k.mouth)
  local arrive = 0.05
  if ball.owner == nil and ball.vel.x < -1e-9 then
    local line_x = -k.hx + s.pod_radius + 0.01
    local t = (line_x - ball.pos.x) / ball.vel.x
    local y = ball.pos.y + ball.vel.y * t
    if t > 0.0 and t * k.ball_lambda < 1.0 and math.abs(y) < k.mouth + k.reach then
      sx, sy = line_x, clamp(y, -k.mouth, k.mouth)
      arrive = 0.0
    end
  end
  return steer(me, sx, sy, k.cruise, k.cruise, arrive)
end

function init(settings, memory)
  memory.holder = -1          -- who holds the ball since when (BALLKEEP is not in the world)
  memory.held_since = 0
  memory.seen_mode = "suspended"
  memory.mode_since = 0        -- when the current mode began (the kick-off clock)
  -- Small seeded variations, drawn when possession or mode changes.
  memory.range_factor = 1.0
  memory.aim_weight = { 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0 }
  memory.kickoff_hold = 0.5
  memory.support_shift = 0.0
end

-- A pass from (fx, fy) to (tx, ty), arriving at about `arrive` speed (a free ball slows by lambda
-- per width run: v0 = arrive + lambda d), allowing for the carrier's own velocity like full_shot.
local function pass_to(k, vel, fx, fy, tx, ty, arrive)
  local dx, dy = tx - fx, ty - fy
  local d = max(1e-12, len(dx, dy))
  local v0 = arrive + k.ball_lambda * d
  local wx, wy = dx / d * v0 - vel.x, dy / d * v0 - vel.y
  return { kind = "shoot", x = wx / k.shot_speed, y = wy / k.shot_speed }
end

-- Where team-mate m will be when a pass reaches it (about 10 ticks).
local function lead(m) return m.pos.x + m.vel.x * 10.0, m.pos.y + m.vel.y * 10.0 end

-- The team-mate to pass to: in reach of a pass (three quarters of a full shot's run), no opponent
-- near the ball's path or marking it; the furthest up the field, the less marked the better.
local function best_receiver(k, world, carrier, fx, fy)
  local s = world.settings
  local best, best_score = nil, -1e18
  for j, m in ipairs(world.own) do
    if j ~= carrier and not m.denied then
      local tx, ty = lead(m)
      local d = len(tx - fx, ty - fy)
      if d > 0.04 and d < 0.75 * s.shoot_force / s.ball_friction then
        local abx, aby = tx - fx, ty - fy
        local inv = 1.0 / max(1e-12, abx * abx + aby * aby)
        local lane, mark = 1e18, 1e18
        for _, o in ipairs(world.opponents) do
          if not o.denied then
            lane = min(lane, segment_distance2(o.pos.x, o.pos.y, fx, fy, abx, aby, inv))
            mark = min(mark, len(o.pos.x - tx, o.pos.y - ty))
          end
        end
        local margin = k.reach + 0.01
        if lane > margin * margin and mark > MARKED then
          local score = tx + 0.5 * mark
          if score > best_score then best, best_score = j, score end
        end
      end
    end
  end
  return best
end

local function carry(k, world, memory, carrier)
  local s, p = world.settings, world.params
  local me = world.own[carrier]
  local fx, fy = world.ball.pos.x, world.ball.pos.y
  if world.mode ~= "running" then
    -- Our kick-off: bring the ball up to the keep-off line and wait there for the whistle.
    return steer(me, k.hx, fy * 0.5, k.carry_cruise, k.carry_cruise, 0.0)
  end
  local full_range = s.ball_friction > 0.0 and s.shoot_force / s.ball_friction or 1e9
  local range = min(p.shoot_range * memory.range_factor, 0.75 * full_range)
  local held = world.tick - memory.held_since
  local ctrl = max(1.0, s.ctrl_step)
  local must_release = held + 2.0 * ctrl >= s.ballkeep_ticks
  local to_mouth = len(k.hx - fx, clamp(fy, -k.mouth, k.mouth) - fy)
  local in_range = to_mouth <= range
  local last_chance = must_release and to_mouth <= 0.9 * full_range
  -- Pass rather than drop the ball at BALLKEEP beside the opponent who rams us (we could not
  -- touch it for BALLDENY ticks), or earlier when an opponent closes in. The pass arrives no
  -- faster than a pod runs and below pickup_velocity, so that the receiver picks it up.
  local pressed = false
  for _, o in ipairs(world.opponents) do
    if not o.denied and len(o.pos.x - fx, o.pos.y - fy) < PRESSED then pressed = true end
  end
  if (must_release or (pressed and held > p.pass_after and not in_range)) and not last_chance then
    local mate = best_receiver(k, world, carrier, fx, fy)
    if mate then
      local tx, ty = lead(world.own[mate])
      return pass_to(k, me.vel, fx, fy, tx, ty, min(k.cruise, 0.5 * s.pickup_velocity))
    end
  end
  if not in_range and not last_chance then
    return steer(me, k.hx - 0.6 * range, 0.0, k.carry_cruise, k.carry_cruise, 0.0)
  end
  local blocker = k.reach + 0.004
  local ax, ay, clear2 = open_goal_aim(k, world, carrier, fx, fy, memory.aim_weight)
  if clear2 > blocker * blocker or last_chance then return full_shot(k, me.vel, fx, fy, ax, ay) end
  return steer(me, k.hx - 0.6 * range, 0.5 * ay, k.carry_cruise, k.carry_cruise, 0.0)
end

function play(world, memory, actions)
  local s, p = world.settings, world.params
  local k = kinematics(s)
  local ball = world.ball
  if world.mode ~= memory.seen_mode then
    memory.seen_mode = world.mode
    memory.mode_since = world.tick
    memory.kickoff_hold = 0.5 + p.variation * uniform(-0.2, 0.2)
    memory.support_shift = p.variation * uniform(-0.06, 0.06)
  end
  if ball.owner == "own" then
    if memory.holder ~= ball.owner_index then
      memory.holder = ball.owner_index
      memory.held_since = world.tick
      memory.range_factor = 1.0 - p.variation * uniform(0.0, 0.25)
      for i = 1, 7 do memory.aim_weight[i] = 1.0 + p.variation * uniform(-0.4, 0.4) end
    end
  else
    memory.holder = -1
  end

  local own = world.own
  local n = #own
  local support = p.support ~= 0
  local keeper = (support and n >= 3) and 1 or nil
  local our_kickoff, their_kickoff = world.mode == "kickoff_own", world.mode == "kickoff_opponent"
  local carrier = ball.owner == "own" and ball.owner_index or nil
  local they_have_it = ball.owner == "opponent"

  -- Who goes for the ball: the pod that reaches it first; the keeper only near its own goal.
  local chaser = carrier
  local meet_x, meet_y, meet_time = {}, {}, {}
  if chaser == nil then
    local reach_all = not they_have_it and forecast(k, ball) or 0.0
    local ball_in_our_box = ball.pos.x < -k.hx + 0.25 * s.arena_width
    local best = math.huge
    for i = 1, n do
      local me = own[i]
      if they_have_it then
        meet_x[i], meet_y[i] = ball.pos.x, ball.pos.y
        meet_time[i] = len(ball.pos.x - me.pos.x, ball.pos.y - me.pos.y) / k.cruise
      else
        meet_time[i], meet_x[i], meet_y[i] = intercept(k, reach_all, me)
      end
      if i ~= keeper or ball_in_our_box then
        local t = meet_time[i] + (me.denied and 1e6 or 0.0)
        if t < best then best, chaser = t, i end
      end
    end
  end

  -- A second presser while they hold the ball in play: the supporter nearest the spot press_gap
  -- from the ball towards our goal. It blocks the carrier's way (a carrier that bumps into it can
  -- lose the ball) and is beside the ball when BALLKEEP makes them drop it.
  local presser, px, py = nil, 0.0, 0.0
  if they_have_it and world.mode == "running" then
    local gx, gy = -k.hx - ball.pos.x, -ball.pos.y
    local gl = max(1e-9, len(gx, gy))
    px, py = ball.pos.x + gx / gl * p.press_gap, ball.pos.y + gy / gl * p.press_gap
    local best = math.huge
    for i = 1, n do
      if i ~= chaser and i ~= keeper and not own[i].denied then
        local d = len(own[i].pos.x - px, own[i].pos.y - py)
        if d < best then best, presser = d, i end
      end
    end
  end
  local supporters = 0
  for i = 1, n do
    if i ~= chaser and i ~= keeper and i ~= presser then supporters = supporters + 1 end
  end
  local support_rank = 0

  for i = 1, n do
    local me = own[i]
    if i == carrier then
      actions[i] = carry(k, world, memory, i)
    elseif their_kickoff then
      -- Back to the kick-off formation; the nearest pod waits at the keep-off line.
      local x, y = kickoff_position(i, n, s)
      if i == chaser then x, y = -effective_keepoff(s) - s.pod_radius - 0.005, ball.pos.y end
      actions[i] = steer(me, x, y, k.cruise, k.cruise, 0.05)
    elseif i == chaser or (not support and carrier == nil) then
      if they_have_it then
        -- Ram the carrier: an impact above the force limit knocks the ball loose.
        local them = world.opponents[min(ball.owner_index, #world.opponents)]
        actions[i] = steer(me, them.pos.x + them.vel.x * 4.0, them.pos.y + them.vel.y * 4.0, k.cruise, k.cruise, 0.0)
      elseif our_kickoff then
        -- Take the ball late in our kick-off, so BALLKEEP does not run out before the whistle.
        local left = s.kickoff_ticks - (world.tick - memory.mode_since)
        local hold_for = s.ballkeep_ticks * memory.kickoff_hold
        if left > hold_for and left > meet_time[i] + 2.0 * s.ctrl_step then
          actions[i] = steer(me, ball.pos.x - (k.reach + 0.03), ball.pos.y, k.cruise, k.cruise, 0.05)
        else
          actions[i] = steer(me, meet_x[i], meet_y[i], k.cruise, k.cruise, 0.0)
        end
      else
        actions[i] = steer(me, meet_x[i], meet_y[i], k.cruise, k.cruise, 0.0)
      end
    elseif i == keeper and they_have_it and world.mode == "running"
        and len(ball.pos.x + k.hx, ball.pos.y) < p.keeper_out then
      -- A carrier near our goal: the keeper comes out and rams it too.
      local them = world.opponents[min(ball.owner_index, #world.opponents)]
      actions[i] = steer(me, them.pos.x, them.pos.y, k.cruise, k.cruise, 0.0)
    elseif i == keeper then
      actions[i] = keep_goal(k, world, i)
    elseif i == presser then
      actions[i] = steer(me, px, py, k.cruise, k.cruise, 0.0)
    else
      -- Spread across the field a little behind the ball, ahead of it when we attack.
      local attacking = carrier ~= nil or ball.pos.x > 0.0
      local base = (attacking and ball.pos.x + 0.05 or ball.pos.x - 0.2) + memory.support_shift
      local x = clamp(base - (support_rank % 2) * 0.1, -k.hx + 0.15, k.hx - 0.15)
      local y = 0.7 * (k.hy - s.pod_radius) * ((2.0 * support_rank + 1.0) / supporters - 1.0)
      support_rank = support_rank + 1
      actions[i] = steer(me, x, y, k.cruise, k.cruise, 0.05)
    end
  end
end
