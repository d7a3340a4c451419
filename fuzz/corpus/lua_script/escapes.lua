local ok = pcall(function() return io.open("/etc/passwd") end)
function play(world, memory, actions)
  pcall(setmetatable, {}, { __gc = function() end })
  pcall(load, string.dump or "x", "b", "b")
  local s = ("x"):rep(1 << 20)
  local t = {}
  for i = 1, 1e6 do t[i] = s end
  error({ code = 1 })
end
