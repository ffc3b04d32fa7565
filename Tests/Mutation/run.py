#!/usr/bin/env python3
"""Mutation run: does the test suite notice small semantic changes to the code?

Each mutation in mutations.py replaces one exact snippet of one source file. The run copies the
checkout (as it is, uncommitted changes included) to a scratch folder, checks that the suites
pass there unmutated, then applies each mutation on its own, builds, runs the suite it names
and restores the file. A mutation the suite still passes is a *survivor*: a change a user would
notice that no test catches. A mutation whose snippet is no longer in the file is *stale* and
must be updated. Either makes the run exit 1.

    python3 Tests/Mutation/run.py              every mutation
    python3 Tests/Mutation/run.py M03 M07      some of them
    python3 Tests/Mutation/run.py --list       what there is

The scratch folder (.build-mutation/, ignored by git) is reused, so only the first run builds
from scratch. Nothing in the checkout itself is changed.
"""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SCRATCH = ROOT / ".build-mutation"
COPY = SCRATCH / "src"
BUILD = SCRATCH / "build"

sys.path.insert(0, str(HERE))
from mutations import MUTATIONS  # noqa: E402

# What the copy needs to build and test; .build folders and git metadata stay behind.
COPIED = ["Package.swift", "Sources", "Tests", "Examples", "Themes"]


def sync_copy():
    """Mirrors the checkout into COPY, keeping modification times so builds stay incremental."""
    COPY.mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        source, target = ROOT / name, COPY / name
        if source.is_symlink():
            if target.is_symlink() or target.exists():
                target.unlink()
            os.symlink(os.readlink(source), target)
        elif source.is_dir():
            mirror_folder(source, target)
        else:
            copy_if_changed(source, target)


def mirror_folder(source, target):
    target.mkdir(parents=True, exist_ok=True)
    wanted = set()
    for entry in source.iterdir():
        if entry.name in ("__pycache__", ".pytest_cache"):
            continue
        wanted.add(entry.name)
        destination = target / entry.name
        if entry.is_symlink():
            if destination.is_symlink() or destination.exists():
                destination.unlink() if not destination.is_dir() or destination.is_symlink() else shutil.rmtree(destination)
            os.symlink(os.readlink(entry), destination)
        elif entry.is_dir():
            mirror_folder(entry, destination)
        else:
            copy_if_changed(entry, destination)
    for stale in target.iterdir():
        if stale.name not in wanted:
            shutil.rmtree(stale) if stale.is_dir() and not stale.is_symlink() else stale.unlink()


def copy_if_changed(source, target):
    have, want = (target.stat() if target.exists() else None), source.stat()
    if have is None or have.st_size != want.st_size or have.st_mtime_ns != want.st_mtime_ns:
        shutil.copy2(source, target)


def build():
    result = subprocess.run(["swift", "build", "--build-tests", "--scratch-path", str(BUILD)], cwd=COPY,
                            capture_output=True, text=True)
    return result.returncode == 0, result.stdout + result.stderr


def run_suite(suite):
    """Runs one suite in the copy: 'swift:FILTER' or 'e2e:PYTEST_ARGS'. Returns (passed, output)."""
    kind, _, argument = suite.partition(":")
    if kind == "swift":
        command = ["swift", "test", "--skip-build", "--scratch-path", str(BUILD), "--filter", argument]
        env = os.environ
    elif kind == "e2e":
        command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *argument.split()]
        env = dict(os.environ, TOLLBOOTH_BIN=str(BUILD / "debug" / "tollbooth"))
    else:
        raise SystemExit(f"mutation run: unknown suite kind in '{suite}'; use swift:FILTER or e2e:ARGS")
    result = subprocess.run(command, cwd=COPY, capture_output=True, text=True, env=env)
    return result.returncode == 0, result.stdout + result.stderr


def first_failure(output):
    """The most telling line of a failing run, for the report."""
    lines = [line.strip() for line in output.splitlines()]
    for prefixes in (("✘ Test",), ("FAILED ", "E   "), ("error:",)):
        for text in lines:
            if text.startswith(prefixes) or (prefixes == ("error:",) and ": error: " in text):
                return text[:140]
    return "(failed)"


def main(arguments):
    if "--list" in arguments:
        for m in MUTATIONS:
            print(f"{m['id']}  {m['suite']:<40} {m['what']}")
        return 0
    chosen = [m for m in MUTATIONS if not arguments or m["id"] in arguments]
    if not chosen:
        print(f"mutation run: no mutation named {' '.join(arguments)}; see --list", file=sys.stderr)
        return 2
    sync_copy()
    ok, output = build()
    if not ok:
        print(output[-3000:])
        print("mutation run: the unmutated copy does not build", file=sys.stderr)
        return 2
    for suite in sorted({m["suite"] for m in chosen}):
        passed, output = run_suite(suite)
        if not passed:
            print(output[-3000:])
            print(f"mutation run: suite {suite} fails without any mutation; fix that first", file=sys.stderr)
            return 2

    results = []
    for m in chosen:
        path = COPY / m["file"]
        original = path.read_text(encoding="utf-8")
        count = original.count(m["find"])
        if count != 1:
            results.append((m, "STALE", f"snippet found {count} times in {m['file']}", 0.0))
            continue
        started = time.monotonic()
        path.write_text(original.replace(m["find"], m["replace"]), encoding="utf-8")
        try:
            built, output = build()
            if not built:
                verdict, detail = "killed", "by the compiler: " + first_failure(output)
            else:
                passed, output = run_suite(m["suite"])
                verdict, detail = ("SURVIVED", "every test passed") if passed else ("killed", first_failure(output))
        finally:
            path.write_text(original, encoding="utf-8")
        results.append((m, verdict, detail, time.monotonic() - started))
        print(f"{m['id']} {verdict:<8} {m['what']} ({detail})", flush=True)

    build()  # leave the copy built from unmutated sources for the next run
    survivors = [r for r in results if r[1] != "killed"]
    print()
    print("| id | mutation | suite | result |")
    print("|---|---|---|---|")
    for m, verdict, detail, seconds in results:
        print(f"| {m['id']} | {m['what']} | `{m['suite']}` | {verdict}: {detail} ({seconds:.0f} s) |")
    print()
    print(f"{len(results) - len(survivors)} killed, {len(survivors)} survived or stale, of {len(results)}")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
