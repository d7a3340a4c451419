-- The built-in `chaser` team (engine/podball/chaser.cpp) written in Lua: the same decisions from
-- the same arithmetic, so it plays the very same match (tests/engine/lua_team_test.cpp checks it
-- tick by tick). The pod that reaches the ball first goes for it, the carrier dribbles towards
-- the goal and shoots into the open part of the mouth, a keeper guards the goal and the rest spread
-- out in support. Everything is in the team's frame: own goal at x = -width/2, attacking +x.

name = "chaser (Lua)"
description = "The built-in chaser, move for move: chase, dribble, shoot; a keeper and supporters."

params = {
  shoot_range = { default = 0.35, min = 0.02, max = 2.0, label = "Shoot range", unit = "arena widths" },
  support = { default = 1, min = 0, max = 1, label = "Support play (1 on, 0 all chase)" },
  variation = { default = 1.0, min = 0.0, max = 1.0, label = "Variation" },
}

local SAMPLES, STEP = 24, 8.0   -- the ball forecast: 24 samples, 8 ticks apart

local sqrt, min, max, floor = math.sqrt, math.min, math.max, math.floor

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

-- Each pod's action: one table per pod (keyed by the pod's table in world.own), rewritten at every
-- call, so that a call makes no new tables for the collector (scratch, not state).
local action_of = {}
local function action(me, kind, x, y)
  local a = action_of[me]
  if a == nil then
    a = {}
    action_of[me] = a
  end
  a.kind, a.x, a.y = kind, x, y
  return a
end

-- Thrust that brings a pod to (tx, ty) at up to `speed`, slowing within `arrive` of it. Every pod
-- steers at every call: len(), min() and action() are written out here (the same arithmetic).
local function steer(me, tx, ty, speed, top, arrive)
  local pos, vel = me.pos, me.vel
  local dx, dy = tx - pos.x, ty - pos.y
  local dist = sqrt(dx * dx + dy * dy)
  local wx, wy = 0.0, 0.0
  if dist > 1e-9 then
    local near = 1.0   -- min(1.0, dist / arrive), or 1.0 without an arrival zone
    if arrive > 0.0 then
      near = dist / arrive
      if not (near < 1.0) then near = 1.0 end
    end
    local f = speed * near / dist
    wx, wy = dx * f, dy * f
  end
  local a = action_of[me]
  if a == nil then
    a = {}
    action_of[me] = a
  end
  a.kind, a.x, a.y = "move", (wx + (wx - vel.x) * 4.0) / top, (wy + (wy - vel.y) * 4.0) / top
  return a
end

-- Where a free ball will be, every STEP ticks (friction only): samples in fx, fy (scratch that
-- every call rewrites before reading: not state, so not in memory); returns how far it can get.
local fx, fy = {}, {}
local function forecast(k, ball)
  local rx, ry = ball.vel.x / k.ball_lambda, ball.vel.y / k.ball_lambda
  local px, py = ball.pos.x, ball.pos.y
  local step_decay = math.exp(-k.ball_lambda * STEP)
  local decay = 1.0
  local xs, ys = fx, fy   -- locals: the loop runs at every call
  for i = 1, SAMPLES do
    local gone = 1.0 - decay
    xs[i], ys[i] = px + rx * gone, py + ry * gone
    decay = decay * step_decay
  end
  return len(rx, ry)
end

-- Ticks until pod `p` can touch the free ball, and where.
-- The loop runs for every pod at every call: it keeps k's fields and the samples in locals and
-- compares where max() would be called (the same result: 0.0 unless 0.0 < t - lost).
local function intercept(k, reach_all, p)
  local lost, reach, cruise = 0.5 * k.pod_lag, k.reach, k.cruise
  local xs, ys = fx, fy
  local pos = p.pos
  local x, y = pos.x, pos.y
  local gap = len(xs[1] - x, ys[1] - y) - reach - reach_all
  local first = 0
  if gap > 0.0 then first = floor(min(SAMPLES - 1.0, (gap / cruise + lost) / STEP)) end
  for i = first + 1, SAMPLES do
    local t = (i - 1) * STEP
    local late = t - lost
    if not (0.0 < late) then late = 0.0 end
    local budget = reach + cruise * late
    local sx, sy = xs[i], ys[i]
    local dx, dy = sx - x, sy - y
    if dx * dx + dy * dy <= budget * budget then return t, sx, sy end
  end
  local wx, wy = xs[SAMPLES], ys[SAMPLES]
  return (SAMPLES - 1) * STEP + len(wx - x, wy - y) / cruise + lost, wx, wy
end

-- A full shot from (fx, fy) towards (ax, ay), allowing for the carrier's own velocity.
local function full_shot(k, me, fx, fy, ax, ay)
  local vel = me.vel
  local dx, dy = ax - fx, ay - fy
  local l = max(1e-12, len(dx, dy))
  local ux, uy = dx / l, dy / l
  local along = ux * vel.x + uy * vel.y
  local disc = k.shot_speed * k.shot_speed - (vel.x * vel.x + vel.y * vel.y) + along * along
  if disc < 0.0 or k.shot_speed <= 0.0 then return action(me, "shoot", ux, uy) end
  local s = along + sqrt(disc)
  return action(me, "shoot", (ux * s - vel.x) / k.shot_speed, (uy * s - vel.y) / k.shot_speed)
end

-- Where the pods that could catch or block a shot stand (scratch, like fx and fy): team-mates
-- but the carrier, then opponents, none denied the ball; returns how many.
local block_x, block_y = {}, {}
local function add_blockers(list, skip, m)
  for j = 1, #list do
    local p = list[j]
    if j ~= skip and not p.denied then
      m = m + 1
      block_x[m], block_y[m] = p.pos.x, p.pos.y
    end
  end
  return m
end

-- Of seven aims across the goal mouth, the one whose path passes furthest from every pod that
-- could catch or block the ball, biased by `weights`; and its squared clearance. The squared
-- distance from each blocker to the aim's path (the segment from the ball) is computed in the
-- loop, clamp() and min() written out as comparisons: they run 70 times a shot.
local function open_goal_aim(k, world, carrier, fx, fy, weights)
  local span = max(0.0, k.mouth - world.settings.ball_radius - 0.005)
  local best_x, best_y, best_score, clear2 = k.hx, 0.0, -1.0, -1.0
  local m = add_blockers(world.opponents, nil, add_blockers(world.own, carrier, 0))
  for i = 0, 6 do
    local ax, ay = k.hx + 0.02, span * (i - 3) / 3.0
    local abx, aby = ax - fx, ay - fy
    local inv_len2 = 1.0 / max(1e-12, abx * abx + aby * aby)
    local c2 = 1e18
    for j = 1, m do
      local px, py = block_x[j], block_y[j]
      local t = ((px - fx) * abx + (py - fy) * aby) * inv_len2
      if t < 0.0 then t = 0.0 elseif 1.0 < t then t = 1.0 end
      local dx, dy = px - (fx + abx * t), py - (fy + aby * t)
      local d2 = dx * dx + dy * dy
      if d2 < c2 then c2 = d2 end
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

-- kinematics(world.settings), kept while world.settings is the same table (a parameter change
-- makes a new one): derived from the settings alone, so it is not state and not in memory.
local kin, kin_settings = nil, nil

-- Scratch that every call rewrites before reading, like fx and fy: when and where each pod meets the ball.
local meet_x, meet_y, meet_time = {}, {}, {}

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
  if not in_range and not last_chance then
    return steer(me, k.hx - 0.6 * range, 0.0, k.carry_cruise, k.carry_cruise, 0.0)
  end
  local blocker = k.reach + 0.004
  local ax, ay, clear2 = open_goal_aim(k, world, carrier, fx, fy, memory.aim_weight)
  if clear2 > blocker * blocker or last_chance then return full_shot(k, me, fx, fy, ax, ay) end
  return steer(me, k.hx - 0.6 * range, 0.5 * ay, k.carry_cruise, k.carry_cruise, 0.0)
end

function play(world, memory, actions)
  local s, p = world.settings, world.params
  if s ~= kin_settings then kin, kin_settings = kinematics(s), s end
  local k = kin
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
  if chaser == nil then
    local reach_all = not they_have_it and forecast(k, ball) or 0.0
    local ball_in_our_box = ball.pos.x < -k.hx + 0.25 * s.arena_width
    local best = math.huge
    local bx, by = ball.pos.x, ball.pos.y
    for i = 1, n do
      local me = own[i]
      if they_have_it then
        meet_x[i], meet_y[i] = bx, by
        local pos = me.pos
        local dx, dy = bx - pos.x, by - pos.y
        meet_time[i] = sqrt(dx * dx + dy * dy) / k.cruise
      else
        meet_time[i], meet_x[i], meet_y[i] = intercept(k, reach_all, me)
      end
      if i ~= keeper or ball_in_our_box then
        local t = meet_time[i] + (me.denied and 1e6 or 0.0)
        if t < best then best, chaser = t, i end
      end
    end
  end

  local supporters = 0
  for i = 1, n do
    if i ~= chaser and i ~= keeper then supporters = supporters + 1 end
  end
  local support_rank = 0
  -- What every supporter's place is made of, the same for each of them: a little behind the ball,
  -- ahead of it when we attack, within the field.
  local support_x, left_x, right_x, spread = 0.0, 0.0, 0.0, 0.0
  if supporters > 0 then
    local attacking = carrier ~= nil or ball.pos.x > 0.0
    support_x = (attacking and ball.pos.x + 0.05 or ball.pos.x - 0.2) + memory.support_shift
    left_x, right_x = -k.hx + 0.15, k.hx - 0.15
    spread = 0.7 * (k.hy - s.pod_radius)
  end
  local cruise = k.cruise

  for i = 1, n do
    local me = own[i]
    if i == carrier then
      actions[i] = carry(k, world, memory, i)
    elseif their_kickoff then
      -- Back to the kick-off formation; the nearest pod waits at the keep-off line.
      local x, y = kickoff_position(i, n, s)
      if i == chaser then x, y = -effective_keepoff(s) - s.pod_radius - 0.005, ball.pos.y end
      actions[i] = steer(me, x, y, cruise, cruise, 0.05)
    elseif i == chaser or (not support and carrier == nil) then
      if they_have_it then
        -- Ram the carrier: an impact above the force limit knocks the ball loose.
        local them = world.opponents[min(ball.owner_index, #world.opponents)]
        actions[i] = steer(me, them.pos.x + them.vel.x * 4.0, them.pos.y + them.vel.y * 4.0, cruise, cruise, 0.0)
      elseif our_kickoff then
        -- Take the ball late in our kick-off, so BALLKEEP does not run out before the whistle.
        local left = s.kickoff_ticks - (world.tick - memory.mode_since)
        local hold_for = s.ballkeep_ticks * memory.kickoff_hold
        if left > hold_for and left > meet_time[i] + 2.0 * s.ctrl_step then
          actions[i] = steer(me, ball.pos.x - (k.reach + 0.03), ball.pos.y, cruise, cruise, 0.05)
        else
          actions[i] = steer(me, meet_x[i], meet_y[i], cruise, cruise, 0.0)
        end
      else
        actions[i] = steer(me, meet_x[i], meet_y[i], cruise, cruise, 0.0)
      end
    elseif i == keeper then
      actions[i] = keep_goal(k, world, i)
    else
      -- Spread across the field in two lines (clamp() written out).
      local x = support_x - (support_rank % 2) * 0.1
      if x < left_x then x = left_x elseif right_x < x then x = right_x end
      local y = spread * ((2.0 * support_rank + 1.0) / supporters - 1.0)
      support_rank = support_rank + 1
      actions[i] = steer(me, x, y, cruise, cruise, 0.05)
    end
  end
end
