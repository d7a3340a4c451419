-- Patterns that backtrack far beyond the budget and long C work: each call overruns, in C.
function play(world, memory, actions)
  local s = string.rep("a", 3000)
  if world.tick % 3 == 0 then
    string.find(s, ".-.-.-.-b")
  elseif world.tick % 3 == 1 then
    for x in s:gmatch("(a*)(a*)(a*)b") do end
  else
    local t = string.rep("(", 5000)
    t:gsub("%b()%b()", "x")
    table.move({}, 1, 1e12, 1)
  end
end
