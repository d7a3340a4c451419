-- Pattern functions on names, numbers and parsed text: captures, sets, anchors, %b, %f and gsub
-- with each kind of replacement.
local words = { a = "A", pod = "POD" }
function init(settings, memory)
  memory.parsed = 0
end
function play(world, memory, actions)
  local text = string.format("tick=%d ball=(%.2f,%.2f) [pods:%d]", world.tick, world.ball.pos.x, world.ball.pos.y, #world.own)
  local tick = tonumber(text:match("tick=(%d+)"))
  local x, y = text:match("%((%-?[%d.]+),(%-?[%d.]+)%)")
  local inner = text:match("%b[]")
  local first, last = string.find(text, "%f[%a]%a+")
  local upper, n = text:gsub("%a+", string.upper)
  local swapped = text:gsub("(%w+)=(%S+)", "%2=%1")
  local mapped = ("a pod a"):gsub("%a+", words)
  local count = 0
  for key, value in text:gmatch("(%w+)=([^%s]+)") do count = count + 1 end
  for pos in ("a,b,,c"):gmatch("()") do count = count + pos end
  local plain = text:find("[pods", 1, true)
  local ok, err = pcall(string.find, text, "%")
  memory.parsed = memory.parsed + count + (tick or 0) % 7 + n
  for i = 1, #world.own do
    actions[i] = { kind = "move", x = tonumber(x) or 0, y = tonumber(y) or 0 }
  end
end
