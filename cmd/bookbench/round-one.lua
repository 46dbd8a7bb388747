-- wrk script: round one of the README's booking, for checking bookbench's figures with another load generator.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"arguments":{"message":"A cut on Saturday morning?","openSlots":["sat-10:30","sat-11:30","sat-13:00"]}}'
