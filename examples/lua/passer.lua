-- A passing team in Lua: the pod nearest the ball fetches it; the carrier passes to a team-mate
-- who is further up the field with no opponent near the pass's line, shoots when the goal is in
-- range, and otherwise dribbles forward. Everyone else spreads out ahead of the ball.
-- The world is in our frame: our goal at x = -width/2, we attack towards +x (docs/lua-teams.md).

name = "passer (Lua)"
description = "Passes to the best-placed team-mate, shoots in range, spreads out ahead of the ball."

params = {
  shoot_range = { default = 0.3, min = 0.05, max = 1.0, label = "Shoot range", unit = "arena widths" },
  lane = { default = 0.06, min = 0.0, max = 0.3, label = "Pass lane width", unit = "arena widths" },
}

-- Full thrust towards (x, y), easing off near it so the pod does not overshoot.
local function go_to(pod, x, y, top_speed)
  local dx, dy = x - pod.pos.x, y - pod.pos.y
  local dist = vec.len(dx, dy)
  local speed = top_speed * math.min(1.0, dist / 0.05)
  local nx, ny = vec.norm(dx, dy)
  -- The thrust that turns the current velocity into the one we want.
  return { kind = "move", x = (nx * speed - pod.vel.x) * 4.0 / top_speed, y = (ny * speed - pod.vel.y) * 4.0 / top_speed }
end

-- How close the nearest opponent comes to the line from (ax, ay) to (bx, by).
local function lane_clearance(world, ax, ay, bx, by)
  local lx, ly = bx - ax, by - ay
  local len2 = math.max(1e-12, lx * lx + ly * ly)
  local closest = math.huge
  for _, o in ipairs(world.opponents) do
    local t = math.max(0.0, math.min(1.0, ((o.pos.x - ax) * lx + (o.pos.y - ay) * ly) / len2))
    closest = math.min(closest, vec.dist(o.pos.x, o.pos.y, ax + lx * t, ay + ly * t))
  end
  return closest
end

local function best_receiver(world, carrier)
  local me = world.own[carrier]
  local best, best_x = nil, me.pos.x + 0.1   -- a pass must gain ground
  for i, mate in ipairs(world.own) do
    if i ~= carrier and not mate.denied and mate.pos.x > best_x
        and lane_clearance(world, me.pos.x, me.pos.y, mate.pos.x, mate.pos.y) > world.params.lane then
      best, best_x = i, mate.pos.x
    end
  end
  return best
end

function init(settings, memory)
  memory.passes = 0
  memory.shots = 0
end

function play(world, memory, actions)
  local s = world.settings
  local top = s.pod_thrust / s.pod_friction            -- a free pod's top speed
  local goal_x = s.arena_width / 2
  local ball = world.ball

  -- The nearest pod goes for a free ball (or the opponents' carrier).
  local fetcher, nearest = nil, math.huge
  if ball.owner ~= "own" then
    for i, pod in ipairs(world.own) do
      local d = vec.dist(pod.pos.x, pod.pos.y, ball.pos.x, ball.pos.y)
      if not pod.denied and d < nearest then fetcher, nearest = i, d end
    end
  end

  for i, pod in ipairs(world.own) do
    if ball.owner == "own" and ball.owner_index == i then
      local to_goal = vec.dist(ball.pos.x, ball.pos.y, goal_x, 0.0)
      local mate = best_receiver(world, i)
      if world.mode ~= "running" then
        actions[i] = go_to(pod, pod.pos.x, pod.pos.y, top)          -- wait for the whistle
      elseif to_goal < world.params.shoot_range then
        local aim_y = (math.random() - 0.5) * s.goal_width * 0.6
        local x, y = vec.norm(goal_x - ball.pos.x, aim_y - ball.pos.y)
        actions[i] = { kind = "shoot", x = x, y = y }
        memory.shots = memory.shots + 1
      elseif mate then
        local target = world.own[mate]
        local x, y = vec.norm(target.pos.x - ball.pos.x, target.pos.y - ball.pos.y)
        actions[i] = { kind = "shoot", x = x * 0.6, y = y * 0.6 }   -- a soft pass, easy to pick up
        memory.passes = memory.passes + 1
      else
        actions[i] = go_to(pod, goal_x, 0.0, top)
      end
    elseif i == fetcher then
      actions[i] = go_to(pod, ball.pos.x + ball.vel.x * 5, ball.pos.y + ball.vel.y * 5, top)
    elseif i == 1 then
      -- The keeper stays between the ball and our goal.
      actions[i] = go_to(pod, -goal_x + 0.04, math.max(-s.goal_width / 2, math.min(s.goal_width / 2, ball.pos.y * 0.3)), top)
    else
      -- Spread across the field, a little ahead of the ball.
      local lanes = #world.own - 1
      local y = ((i - 1.5) / math.max(1, lanes - 1) - 0.5) * s.arena_height * 0.7
      local x = math.max(-goal_x + 0.15, math.min(goal_x - 0.1, ball.pos.x + 0.15))
      actions[i] = go_to(pod, x, y, top)
    end
  end
end
