"""`tollbooth play`: a scenario plays through (exit 0), a failing Expect is exit 1 naming the
file and line, a typo is exit 2 with "did you mean", and a failing Store line names its line
and the CLI's own error."""
import pytest

from harness import ROOT, run_cli

EXAMPLE = ROOT / "Examples" / "Example.storekit"

BUY = f"""Set Catalog {EXAMPLE}
Set StoreDate 2026-01-01T09:00:00Z
Expect "Premium Yearly"
Enter
Enter
Expect "Free trial until Jan 4, 2026"
Store clock advance +1M
Expect "Premium Yearly renewed"
Store txn refund last
Expect "was refunded"
Snapshot refunded
"""


def scenario(tmp_path, text, name="demo.tape"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_scenario_plays_through_and_writes_its_snapshot(env, tmp_path):
    path = scenario(tmp_path, BUY)
    result = run_cli("play", str(path), "--svg", str(tmp_path / "shots"), env=env, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"{path}: played 11 steps in ") and result.stderr == "", result.stdout + result.stderr
    shot = (tmp_path / "shots" / "refunded.txt").read_text()
    assert "Purchase updated: Premium Yearly was refunded; access removed." in shot
    assert "Store 2026-02-01 09:00" in shot
    assert not any(line.endswith(" ") for line in shot.splitlines())


def test_check_writes_nothing_and_a_failed_expect_is_exit_1_naming_file_and_line(env, tmp_path):
    path = scenario(tmp_path, BUY.replace('Expect "was refunded"', 'Expect "was renewed" within 2s'))
    result = run_cli("play", str(path), "--check", env=env, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    first = result.stderr.splitlines()[0]
    assert first == f'{path}:10: Expect "was renewed": not on the screen after 2s', result.stderr
    # The diff-like view: what was expected, then the screen's rows.
    assert '- a row showing "was renewed" within 2s' in result.stderr
    assert "+ 22 | Purchase updated: Premium Yearly was refunded; access removed." in result.stderr
    assert list(tmp_path.iterdir()) == [path]


def test_a_typo_is_exit_2_with_did_you_mean(env, tmp_path):
    path = scenario(tmp_path, "Set Size 80x24\nExpcet \"Premium\"\n")
    result = run_cli("play", str(path), env=env, check=False)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.strip() == f"{path}:2:1: unknown command 'Expcet'; did you mean 'Expect'?"


def test_a_failing_store_line_names_its_line_and_the_clis_error(env, tmp_path):
    path = scenario(tmp_path, f"Set Catalog {EXAMPLE}\nExpect \"Premium\"\nStore txn refund 99\n")
    result = run_cli("play", str(path), env=env, check=False)
    assert result.returncode == 2, result.stdout + result.stderr
    message = result.stderr.strip()
    assert message.startswith(f"{path}:3: Store txn refund 99 failed: "), message
    cli = run_cli("txn", "refund", "99", "--catalog", str(EXAMPLE), "--ledger", str(tmp_path / "other.ledger"),
                  env=env, check=False)
    assert cli.returncode != 0
    assert message.endswith(cli.stderr.strip().removeprefix("Error: ")), (message, cli.stderr)


def test_commands_that_make_no_sense_in_a_scenario_are_refused_with_the_line(env, tmp_path):
    path = scenario(tmp_path, "Enter\nStore audit Example.storekit\n")
    result = run_cli("play", str(path), env=env, check=False)
    assert result.returncode == 2
    assert result.stderr.startswith(f"{path}:2: Store audit Example.storekit failed: 'audit' cannot run inside a scenario")


def test_two_plays_write_the_same_snapshot(env, tmp_path):
    path = scenario(tmp_path, BUY)
    for folder in ("a", "b"):
        result = run_cli("play", str(path), "--svg", str(tmp_path / folder), env=env, check=False)
        assert result.returncode == 0, result.stderr
    assert (tmp_path / "a" / "refunded.txt").read_bytes() == (tmp_path / "b" / "refunded.txt").read_bytes()


def test_a_missing_catalog_names_the_line_and_where_paths_start(env, tmp_path):
    path = scenario(tmp_path, "# set-up\nSet Catalog nope.storekit\nEnter\n")
    result = run_cli("play", str(path), env=env, check=False)
    assert result.returncode == 2
    assert result.stderr.strip() == (f"{path}:2: {tmp_path / 'nope.storekit'} does not exist: "
                                     "Set Catalog takes a .storekit file, relative to the scenario's folder")


def test_a_ledger_played_on_reads_on_from_where_the_scenario_left_it(env, tmp_path):
    path = scenario(tmp_path, f"Set Catalog {EXAMPLE}\nSet StoreDate 2026-01-01T09:00:00Z\n"
                              "Enter\nEnter\nExpect \"Subscribed\"\nStore clock advance +1y\nSleep 2s\n")
    ledger = tmp_path / "kept.sqlite"
    assert run_cli("play", str(path), "--ledger", str(ledger), env=env, check=False).returncode == 0
    shown = run_cli("clock", "show", "--ledger", str(ledger), env=env).stdout
    # Not today's real date: the scenario's clock, running on in real time from its end.
    assert shown.splitlines()[0].startswith("store time  2027-01-01 09:00:0"), shown


INT64_MAX = str(2**63 - 1)


@pytest.mark.parametrize("number", [INT64_MAX, str(2**63), str(2**64 - 1)])
def test_a_store_line_with_an_id_at_or_past_int64_max_names_its_line(env, tmp_path, number):
    path = scenario(tmp_path, f"Set Catalog {EXAMPLE}\nExpect \"Premium\"\nStore txn refund {number}\n")
    result = run_cli("play", str(path), env=env, check=False)
    assert result.returncode == 2, (result.returncode, result.stderr)  # a trap is -4 (SIGILL) here
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{path}:3: Store txn refund {number} failed: "), result.stderr


def test_a_regex_that_backtracks_without_end_stops_at_its_line(env, tmp_path):
    # The device name is on the screen: forty a's and then more text, which (a+)+$ tries every
    # way of splitting before giving up on each row.
    path = scenario(tmp_path, f"Set Catalog {EXAMPLE}\nSet Device {'a' * 40}\nExpect \"Premium\"\nExpect /(a+)+$/\n")
    result = run_cli("play", str(path), env=env, check=False)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert result.stderr.startswith(f"{path}:4: Expect /(a+)+$/ took more than 2s to match the screen"), result.stderr


def test_a_scenario_file_past_the_size_limit_is_refused_before_it_is_read(env, tmp_path):
    path = scenario(tmp_path, "# padding\n" * (2**20 // 10 + 1))
    result = run_cli("play", str(path), env=env, check=False)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == f"{path}: the scenario file is larger than 1 MB, Tollbooth's limit; split it into several scenarios"


def test_a_scenario_past_the_step_limit_names_the_line_that_crosses_it(env, tmp_path):
    # The Set line is one step and each Key line 1000: line 21 crosses 20,000, before anything plays.
    path = scenario(tmp_path, f"Set Catalog {EXAMPLE}\n" + "Key j 1000\n" * 20)
    result = run_cli("play", str(path), env=env, check=False)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(f"{path}:21: the scenario runs more than 20000 steps by this line"), result.stderr


def test_a_huge_unknown_word_is_quoted_short(env, tmp_path):
    path = scenario(tmp_path, "Set Size 80x24\n" + "x" * 900_000 + "\n")
    result = run_cli("play", str(path), env=env, check=False)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == f"{path}:2:1: unknown command '{'x' * 40}…'; the commands are " + \
        "Set, Key, Type, Sleep, Store, Expect, ExpectNot, Snapshot, Hide, Show and the key names", result.stderr[:300]
