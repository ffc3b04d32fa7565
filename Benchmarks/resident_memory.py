#!/usr/bin/env python3
"""Where a paywall session's resident memory is (issue 22): the session of `paywall_pty.py rss`,
then its resident kilobytes by mapping, and the binary's own pages by the module of the symbol
each page starts in (from `nm`), next to how much of that module the binary holds.

Also counts, with scripts/text-pages.c preloaded, the code pages the same session executes and
the 64 kB windows they fall in: the kernel maps 64 kB of a file around each page a process
touches, so the windows, not the pages, are what stays resident.

Run: swift build -c release --product tollbooth && python3 Benchmarks/resident_memory.py [--locale de_DE]
"""
import bisect
import collections
import os
import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "EndToEnd"))
import harness  # noqa: E402

RELEASE = Path(os.environ.get("TOLLBOOTH_RELEASE", ROOT / ".build" / "release" / "tollbooth"))
PAGE = 4096


def session(env, *arguments):
    harness.BINARY = RELEASE
    s = harness.Session("run", "--ephemeral", *arguments, env=env)
    s.wait_for(lambda t: "Restore Purchases" in t or "Käufe wiederherstellen" in t)
    for key in ["j", "j", "k", "enter", "enter", "?", "esc", "r"]:
        s.send(key)
        s.pump(0.1)
    s.pump(1.0)
    return s


def module(symbol):
    """The Swift module a mangled name belongs to, or a family for C and C++ names."""
    match = re.match(r"\$s(\d+)([A-Za-z_]\w*)", symbol)
    if match:
        return match.group(2)[: int(match.group(1))]
    if symbol.startswith("$s"):
        return "Swift (standard library)"
    if symbol.startswith("_ZN6icu_") or symbol.startswith("icudt") or "icu" in symbol[:12].lower():
        return "ICU"
    if symbol.startswith("sqlite3"):
        return "SQLite"
    if symbol.startswith(("_ZN5swift", "swift_", "_swift")):
        return "Swift runtime"
    if symbol.startswith("_Z"):
        return "other C++"
    return "other C"


def symbols():
    listing = subprocess.run(["nm", "-n", "--defined-only", str(RELEASE)], check=True, capture_output=True, text=True).stdout
    table = []
    for line in listing.splitlines():
        fields = line.split(" ", 2)
        if len(fields) == 3:
            table.append((int(fields[0], 16), fields[2]))
    return table


def resident(pid):
    by_mapping = collections.Counter()
    by_module = collections.defaultdict(collections.Counter)
    table = symbols()
    starts = [address for address, _ in table]
    base = None
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for line in open(f"/proc/{pid}/maps"):
            fields = line.split()
            low, high = (int(x, 16) for x in fields[0].split("-"))
            if low >= 1 << 47:  # [vsyscall]: no page table entries to read
                continue
            path = fields[5] if len(fields) > 5 else "[anonymous]"
            own = path == str(RELEASE.resolve()) or path.endswith("/" + RELEASE.name)
            if own and base is None:
                # The first mapping is the file's start: symbols' link-time addresses are from there.
                base = low - int(fields[2], 16)
            for page in range(low, high, PAGE):
                pagemap.seek(page // PAGE * 8)
                present = struct.unpack("<Q", pagemap.read(8))[0] >> 63
                if not own:
                    by_mapping[(os.path.basename(path), fields[1])] += present
                    continue
                i = bisect.bisect_right(starts, page - base) - 1
                name = module(table[i][1]) if i >= 0 else "?"
                by_mapping[(RELEASE.name, fields[1])] += present
                by_module[fields[1]][(name, "held")] += 1
                by_module[fields[1]][(name, "resident")] += present
    return by_mapping, by_module


def executed_pages(env, *arguments):
    preload = Path(tempfile.mkdtemp()) / "text-pages.so"
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", str(preload), str(ROOT / "scripts" / "text-pages.c")], check=True)
    pages_file = Path(tempfile.mkdtemp()) / "pages.txt"
    traced = dict(env, LD_PRELOAD=str(preload), TEXT_PAGES_OUT=str(pages_file), SWIFT_BACKTRACE="enable=no")
    s = session(traced, *arguments)
    s.close()
    pages = [int(line) for line in pages_file.read_text().split()]
    return len(pages), len({page // 65536 for page in pages})


def main():
    arguments = sys.argv[1:]
    env = harness.base_env(tempfile.mkdtemp())
    s = session(env, *arguments)
    try:
        by_mapping, by_module = resident(s.proc.pid)
    finally:
        s.close()
    kb = PAGE // 1024
    print(f"resident: {sum(by_mapping.values()) * kb / 1024:.1f} MB")
    for (name, permissions), pages in by_mapping.most_common(12):
        print(f"  {pages * kb:7d} kB  {name} {permissions}")
    for permissions in ["r-xp", "r--p", "rw-p"]:
        counts = by_module[permissions]
        modules = {name for name, _ in counts}
        rows = sorted(((counts[(m, "resident")], counts[(m, "held")], m) for m in modules), reverse=True)
        total = sum(r for r, _, _ in rows)
        print(f"{RELEASE.name} {permissions}: {total * kb / 1024:.1f} MB resident of {sum(h for _, h, _ in rows) * kb / 1024:.1f} MB")
        for res, held, name in rows[:12]:
            print(f"  {res * kb:7d} kB of {held * kb:7d} kB  {name}")
    pages, windows = executed_pages(env, *arguments)
    print(f"code executed: {pages} pages ({pages * kb / 1024:.1f} MB) in {windows} windows of 64 kB ({windows * 64 / 1024:.1f} MB)")


if __name__ == "__main__":
    main()
