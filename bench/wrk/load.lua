-- wrk's script for every load the bench makes. Usage: wrk -s load.lua URL -- SETTLE_MS CONNECTIONS [FILE OFFSET]
--
-- Settle: each connection's first request waits SETTLE_MS. wrk opens all its connections at the same instant, and a
-- busy Node.js server admits one new connection per turn of its event loop (libuv accepts one at a time since
-- libuv#3696), so the k-th connection's first request waited k turns of the other connections' work: up to a
-- second on a 6 ms page. With wrk's correction for coordinated omission those 16 first requests became some 10 % of
-- the latency samples of a 5 s run and set its p99. While the first requests wait, the idle server accepts every
-- connection; the run then measures 16 open connections in their steady state, which is what the shop sees in
-- production behind a front that keeps its connections to the shop open (deploy/nginx-kiemkracht.conf). done()
-- reports the requests and the time after the settle; bench/http-load.ts computes req/s from them.
--
-- FILE OFFSET: a new path per request. wrk sends the paths the bench wrote (one a line) in order from OFFSET on,
-- so no round repeats an earlier round's paths.
local settle, connections, firsts = 0, 0, 0

function init(args)
  settle = tonumber(args[1]) or 0
  connections = tonumber(args[2]) or 0
  if args[3] then
    local paths, next_index = {}, tonumber(args[4]) or 0
    for line in io.lines(args[3]) do paths[#paths + 1] = line end
    request = function()
      local path = paths[(next_index % #paths) + 1]
      next_index = next_index + 1
      return wrk.format(nil, path)
    end
  end
end

function delay()
  if firsts < connections then
    firsts = firsts + 1
    return settle
  end
  return 0
end

-- Runs in wrk's main Lua state, where init() never ran: bench/http-load.ts knows the settle.
function done(summary)
  io.write(string.format("Requests: %d in %d us\n", summary.requests, summary.duration))
end
