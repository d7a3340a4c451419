function init(settings, memory) memory.list = { 1, 2.5, "three", true } memory.map = { a = { b = { c = 1 } } } end
function play(world, memory, actions)
  memory.n = (memory.n or 0) + 1
  if memory.n % 3 == 0 then memory.bad = memory.map end
  if memory.n % 5 == 0 then memory.f = print end
  for k, v in pairs(memory) do memory.last_key = tostring(k) end
  actions[1] = { kind = "shoot", x = math.random() - 0.5, y = 1e300 }
  actions[2] = { kind = "move", x = 0 / 0, y = 1 }
end
