-- A new path per request: wrk reads the paths the bench wrote (one a line) and sends them in order, starting at
-- the offset the bench passes (so no round repeats an earlier round's paths). Usage: wrk -s path-list.lua URL -- FILE OFFSET
local paths = {}
local next_index = 0

function init(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  next_index = tonumber(args[2]) or 0
end

function request()
  local path = paths[(next_index % #paths) + 1]
  next_index = next_index + 1
  return wrk.format(nil, path)
end
