-- wrk script: both rounds of the README's booking, mixed. Each round one's reply hands its
-- requestState to a later request of the same thread, which sends it back as round two accepting
-- the first time offered; with no state waiting, the request is a round one.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

local args = '{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]}'
local roundOne = '{"arguments":' .. args .. '}'
local waiting = {}

request = function()
  local state = table.remove(waiting)
  if state == nil then
    return wrk.format(nil, nil, nil, roundOne)
  end
  return wrk.format(nil, nil, nil, '{"arguments":' .. args ..
    ',"inputResponses":{"time":{"action":"accept","content":{"time":"sat-10:30"}}},"requestState":"' .. state .. '"}')
end

response = function(status, headers, body)
  -- The state is copied as the reply wrote it, escapes and all, so it goes back byte for byte.
  local state = body:match('"requestState":"(.-[^\\])"')
  if status == 200 and state ~= nil and #waiting < 64 then
    table.insert(waiting, state)
  end
end
