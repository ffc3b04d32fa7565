#!/usr/bin/env python3
"""CPU of a paywall left open with nothing pressed (the "Hardening" issue's efficiency part).

Starts the release binary in an 80x24 pseudo-terminal (`run Examples/Example.storekit
--ephemeral`), waits for the first complete frame, then reads utime + stime from
/proc/PID/stat at the start and end of a quiet stretch (30 s unless SECONDS is set) and prints
the share of one core against its target, once at the real-time rate and once at the fastest
rate. The pty is drained all along (a full pty would stall the paywall, not idle it); the
drain is this script's CPU, not the paywall's.

Run: swift build -c release --product tollbooth && python3 Benchmarks/idle_cpu.py
(TOLLBOOTH=PATH measures another build, e.g. the main checkout's, for a before figure.)
"""
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "EndToEnd"))
import harness  # noqa: E402

RELEASE = Path(os.environ.get("TOLLBOOTH", ROOT / ".build" / "release" / "tollbooth"))
CATALOG = ROOT / "Examples" / "Example.storekit"
TICKS = os.sysconf("SC_CLK_TCK")

# (rate, target share of one core)
RUNS = [("realTime", 0.005), ("oneRenewalEveryTwoSeconds", 0.02)]


def cpu_ticks(pid):
    # Fields after the command name (which may hold spaces) start at state; utime and stime
    # are the 14th and 15th fields of the whole line.
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def threads(pid):
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("Threads")).split()[1])


def measure(rate, seconds):
    env = harness.base_env(tempfile.mkdtemp())
    harness.BINARY = RELEASE
    s = harness.Session("run", str(CATALOG), "--ephemeral", "--rate", rate, env=env)
    try:
        s.wait_for(lambda t: "Restore Purchases" in t and "$39.99" in t)
        s.pump(1.0)  # the launch's last reads and frames
        pid = s.proc.pid
        before, start = cpu_ticks(pid), time.monotonic()
        while time.monotonic() - start < seconds:
            s.pump(0.5)
        after, elapsed = cpu_ticks(pid), time.monotonic() - start
        return (after - before) / TICKS / elapsed, after - before, elapsed, threads(pid)
    finally:
        s.close()


if __name__ == "__main__":
    if not RELEASE.exists():
        sys.exit("build first: swift build -c release --product tollbooth")
    seconds = float(os.environ.get("SECONDS_AT_REST", "30"))
    missed = False
    for rate, target in RUNS:
        share, ticks, elapsed, count = measure(rate, seconds)
        verdict = "met" if share <= target else "MISSED"
        missed |= share > target
        print(f"at rest, {rate}: {share * 100:.2f}% of a core ({ticks} ticks in {elapsed:.1f} s), "
              f"{count} threads; target <= {target * 100:g}% ({verdict}, ratio {share / target:.2f})")
    sys.exit(1 if missed else 0)
