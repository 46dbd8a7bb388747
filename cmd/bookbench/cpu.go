// This file reads how much CPU a server process has used, so the tool can print the server's CPU time per request: a figure other processes' load barely moves.

package main

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// clockTicks is the unit of the CPU times in /proc/PID/stat: USER_HZ, 100 on Linux.
const clockTicks = 100

// processCPU is the user plus system CPU time process pid has used so far, read from /proc/PID/stat.
// It reports false where that can't be read (no pid, another OS, the process gone).
func processCPU(pid int) (time.Duration, bool) {
	if pid <= 0 {
		return 0, false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	// The command name, field 2, is in parentheses and may hold spaces; utime and stime are
	// fields 14 and 15, so the 12th and 13th after it.
	end := strings.LastIndexByte(string(stat), ')')
	if end < 0 {
		return 0, false
	}
	fields := strings.Fields(string(stat[end+1:]))
	if len(fields) < 13 {
		return 0, false
	}
	utime, errU := strconv.ParseInt(fields[11], 10, 64)
	stime, errS := strconv.ParseInt(fields[12], 10, 64)
	if errU != nil || errS != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * time.Second / clockTicks, true
}

// cpuMeter measures the CPU time of a target's processes over a phase, added up.
type cpuMeter struct {
	pids  []int
	start time.Duration
	ok    bool
}

func startCPU(pids []int) cpuMeter {
	start, ok := processesCPU(pids)
	return cpuMeter{pids: pids, start: start, ok: ok}
}

// used is the CPU time used since start, or false when it can't be told.
func (m cpuMeter) used() (time.Duration, bool) {
	now, ok := processesCPU(m.pids)
	if !m.ok || !ok {
		return 0, false
	}
	return now - m.start, true
}

// processesCPU is the CPU time of every process in pids added up; false when there are none or one can't be read.
func processesCPU(pids []int) (time.Duration, bool) {
	var total time.Duration
	for _, pid := range pids {
		used, ok := processCPU(pid)
		if !ok {
			return 0, false
		}
		total += used
	}
	return total, len(pids) > 0
}
