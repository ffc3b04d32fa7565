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
                                     ["txn", "refund-decide"], ["txn", "refund-reverse"],
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


def oversized(path, head):
    """`head`, then comment lines to just past 1 MB: a file far larger than any real one."""
    path.write_text(head + "# padding\n" * (2**20 // 10 + 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("kind, args, what", [
    ("theme", lambda p: ["check", str(p)], "file"),
    ("theme", lambda p: ["audit", str(CATALOG), "--theme", str(p)], "theme file"),
    ("manifest", lambda p: ["audit", str(CATALOG), "--manifest", str(p)], "paywall manifest"),
    ("metadata", lambda p: ["audit", str(CATALOG), "--metadata", str(p)], "metadata file"),
])
def test_hand_written_files_past_1_mb_are_refused_in_one_sentence(kind, args, what, tmp_path, env):
    head = {"theme": "name: big\nbogus: 1\n", "manifest": "version: 1\nbogus: 1\n", "metadata": "version: 1\nbogus: 1\n"}[kind]
    path = oversized(tmp_path / f"big.{kind}.yaml", head)
    result = run_cli(*args(path), env=env, check=False)
    assert result.returncode != 0, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"{path}: The {what} is larger than 1 MB, Tollbooth's limit for it" in lines[0], result.stderr


def test_a_manifest_listing_more_features_than_a_paywall_shows_names_its_line(tmp_path, env):
    manifest = ROOT / "Examples" / "Example.paywall.yaml"
    text = manifest.read_text().replace("    features:\n", "    features:\n" + "      - Another feature\n" * 51, 1)
    path = tmp_path / "many.paywall.yaml"
    path.write_text(text)
    line = text.splitlines().index("    features:") + 2
    result = run_cli("audit", str(CATALOG), "--manifest", str(path), env=env, check=False)
    assert result.returncode == 2, result.stdout
    assert result.stderr.strip() == (f"Error: {path}:{line}:7: `localizations.en.features` lists 54 items, more than the 50 "
                                     "Tollbooth shows (its own limit); keep the ones that matter most."), result.stderr
