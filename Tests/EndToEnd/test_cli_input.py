"""Bad numbers and durations on the command line: one clear sentence and a non-zero exit each."""
import pytest

from harness import ROOT, run_cli

CATALOG = ROOT / "Examples" / "Example.storekit"
API = ["fault", "set", "purchase", "storeKit.networkError"]


@pytest.mark.parametrize("args, message", [
    (["clock", "advance", "-1h"], '"-1h" goes back in time, and the store clock only moves forward'),
    (["clock", "advance", "++1h"], '"++1h" is not a duration'),
    (["clock", "advance", "+1000000y"], '"+1000000y" is more than 100 years'),
    (["clock", "advance", "+36600d0"], "is not a duration"),
    ([*API, "--times", "-1"], "--times needs a positive count"),
    ([*API, "--probability", "-0.5"], "--probability must be between 0 and 1"),
    ([*API, "--probability", "0.5", "--seed", "-1"], "The value '-1' is invalid for '--seed <seed>'"),
    (["txn", "list", "--last", "-1"], "--last needs a positive count"),
])
def test_bad_values_are_named(args, message, tmp_path, env):
    ledger = ["--ledger", str(tmp_path / "l.sqlite"), "--catalog", str(CATALOG)]
    result = run_cli(*args, *ledger, env=env, check=False)
    assert result.returncode != 0, result.stdout
    assert message in result.stderr, result.stderr
    assert "Missing value" not in result.stderr and "USAGE" not in result.stdout


def test_the_largest_advance_lands_on_the_calendar_date(tmp_path, env):
    ledger = ["--ledger", str(tmp_path / "l.sqlite"), "--catalog", str(CATALOG)]
    run_cli("clock", "pause", *ledger, env=env)
    before = run_cli("clock", "show", "--json", *ledger, env=env).stdout
    after = run_cli("clock", "advance", "+100y", "--json", *ledger, env=env).stdout
    import json
    start = json.loads(before)["storeTime"]
    shown = run_cli("clock", "show", "--json", *ledger, env=env).stdout
    assert json.loads(shown)["storeTime"][:4] == str(int(start[:4]) + 100), (start, shown, after)


INT64_MAX = str(2**63 - 1)
OUT_OF_RANGE = [str(2**63), str(2**64 - 1)]  # Int64.max + 1 and UInt64.max


@pytest.mark.parametrize("command", [["txn", "refund"], ["txn", "expire"], ["txn", "delete"], ["txn", "refund-request"],
                                     ["txn", "approve"], ["txn", "decline"], ["txn", "resolve"]])
@pytest.mark.parametrize("number", [INT64_MAX, *OUT_OF_RANGE])
def test_ids_at_and_past_int64_max_are_one_sentence(command, number, tmp_path, env):
    ledger = ["--ledger", str(tmp_path / "l.sqlite"), "--catalog", str(CATALOG)]
    result = run_cli(*command, number, *ledger, env=env, check=False)
    # A trap is SIGILL: a negative return code in Python, 132 from a shell.
    assert result.returncode == 1, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    if number == INT64_MAX:
        assert number in lines[0], result.stderr  # no such transaction or pending purchase
    else:
        assert f'"{number}" is larger than any' in lines[0] and INT64_MAX in lines[0], result.stderr


def test_a_huge_idle_limit_is_refused_before_anything_opens(tmp_path, env):
    result = run_cli("run", str(CATALOG), "--record", str(tmp_path / "x.cast"), "--idle-limit", "1e300", env=env, check=False)
    assert result.returncode != 0 and "--idle-limit must be" in result.stderr, result.stderr
    assert not (tmp_path / "x.cast").exists()

