-- A formation in Lua: a keeper, a line of defenders and forwards, each holding a spot that shifts
-- with the ball; a pod leaves its spot only for a ball that comes close to it. The carrier runs at
-- the goal and shoots once it is in range. The world is in our frame: our goal at x = -width/2,
-- we attack towards +x (docs/lua-teams.md).

name = "formation (Lua)"
description = "Keeper, defenders and forwards on spots that follow the ball."

params = {
  defenders = { default = 0.5, min = 0.0, max = 1.0, label = "Share of defenders" },
  press = { default = 0.2, min = 0.02, max = 1.0, label = "Press radius", unit = "arena widths" },
  shoot_range = { default = 0.3, min = 0.05, max = 1.0, label = "Shoot range", unit = "arena widths" },
}

local function clamp(v, lo, hi) return math.max(lo, math.min(hi, v)) end

local function go_to(pod, x, y, top_speed)
  local dx, dy = x - pod.pos.x, y - pod.pos.y
  local speed = top_speed * math.min(1.0, vec.len(dx, dy) / 0.05)
  local nx, ny = vec.norm(dx, dy)
  return { kind = "move", x = (nx * speed - pod.vel.x) * 4.0 / top_speed, y = (ny * speed - pod.vel.y) * 4.0 / top_speed }
end

-- Each pod's spot: pod 1 keeps goal, then defenders, then forwards, spread across the height and
-- moved along x with the ball.
local function spot(world, i)
  local s = world.settings
  local hx, hy = s.arena_width / 2, s.arena_height / 2
  if i == 1 then return -hx + 0.04, clamp(world.ball.pos.y * 0.3, -s.goal_width / 2, s.goal_width / 2) end
  local field = #world.own - 1
  local defenders = math.max(1, math.floor(field * world.params.defenders + 0.5))
  local forwards = field - defenders
  local k, line_size, x
  if i - 1 <= defenders then
    k, line_size, x = i - 2, defenders, -hx * 0.55
  else
    k, line_size, x = i - 2 - defenders, forwards, -hx * 0.05
  end
  x = clamp(x + world.ball.pos.x * 0.4, -hx + 0.1, hx - 0.1)
  local y = (2 * k + 1) / line_size - 1
  return x, y * hy * 0.7
end

function init(settings, memory)
  memory.shots = 0
end

function play(world, memory, actions)
  local s = world.settings
  local top = s.pod_thrust / s.pod_friction
  local goal_x = s.arena_width / 2
  local ball = world.ball
  for i, pod in ipairs(world.own) do
    local sx, sy = spot(world, i)
    if ball.owner == "own" and ball.owner_index == i then
      if world.mode == "running" and vec.dist(ball.pos.x, ball.pos.y, goal_x, 0.0) < world.params.shoot_range then
        local x, y = vec.norm(goal_x - ball.pos.x, -ball.pos.y * 0.5)
        actions[i] = { kind = "shoot", x = x, y = y }
        memory.shots = memory.shots + 1
      else
        actions[i] = go_to(pod, goal_x, 0.0, top * 0.6)
      end
    elseif ball.owner ~= "own" and not pod.denied
        and vec.dist(sx, sy, ball.pos.x, ball.pos.y) < world.params.press then
      actions[i] = go_to(pod, ball.pos.x, ball.pos.y, top)
    else
      actions[i] = go_to(pod, sx, sy, top)
    end
  end
end
