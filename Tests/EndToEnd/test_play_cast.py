"""`tollbooth play --cast`: the cast is byte-identical run to run, real players read it, replaying
it gives exactly the screen the player ended on, and it uses only sequences common players
implement (no SU/SD scroll, no REP)."""
import re

from harness import ROOT, run_cli
from test_recording import asciinema_cat, read_cast, replay

EXAMPLE = ROOT / "Examples" / "Example.storekit"

SCENARIO = f"""Set Catalog {EXAMPLE}
Set Title "Buy, renew, refund"
Set TypingSpeed 120ms
Hide
Expect "Premium Yearly"
Show
Down
Sleep 500ms
Up
Enter
Sleep 400ms
Enter
Expect "Free trial until Jan 4, 2026"
Sleep 1s
Store clock advance +1M
Expect "renewed"
Set Size 60x20
Sleep 500ms
Store txn refund last
Expect "was refunded"
Snapshot end
"""


def play(tmp_path, env, name):
    tape = tmp_path / "demo.tape"
    tape.write_text(SCENARIO)
    cast = tmp_path / f"{name}.cast"
    shots = tmp_path / f"{name}-shots"
    result = run_cli("play", str(tape), "--cast", str(cast), "--svg", str(shots), env=env, check=False)
    assert result.returncode == 0, result.stderr
    return cast, shots


def test_two_plays_give_the_same_bytes(tmp_path, env):
    first, _ = play(tmp_path, env, "one")
    second, _ = play(tmp_path, env, "two")
    assert first.read_bytes() == second.read_bytes()


def test_the_cast_replays_to_the_final_screen_and_asciinema_reads_it(tmp_path, env):
    cast, shots = play(tmp_path, env, "cast")
    header, events = read_cast(cast)
    assert (header["version"], header["width"], header["height"], header["title"]) == (2, 80, 24, "Buy, renew, refund")
    assert [data for _, code, data in events if code == "r"] == ["60x20"]
    times = [time for time, _, _ in events]
    assert times == sorted(times) and times[-1] < 60, "virtual time, never the wall clock"
    # Hidden set-up is left out: the first frame already shows the plans, at time 0.
    assert events[0][0] == 0 and "Premium Yearly" in events[0][2]
    screen = replay(cast)
    rows = [line.rstrip() for line in screen.display]
    assert rows == (shots / "end.txt").read_text().splitlines()
    assert asciinema_cat(cast).returncode == 0
    data = "".join(data for _, code, data in events if code == "o")
    # SU, SD, REP, scroll regions and insert/delete lines are what some players get wrong.
    assert not re.search(r"\x1b\[\d*[STbr]|\x1b\[\d*[LM@P]|\x1b[DME78]", data)


def test_a_failed_play_leaves_no_cast(tmp_path, env):
    tape = tmp_path / "broken.tape"
    tape.write_text(SCENARIO.replace('Expect "was refunded"', 'Expect "was renewed"'))
    cast = tmp_path / "broken.cast"
    result = run_cli("play", str(tape), "--cast", str(cast), env=env, check=False)
    assert result.returncode == 1
    assert result.stderr.startswith(f"{tape}:20:"), result.stderr
    assert list(tmp_path.glob("*.cast")) == [] and list(tmp_path.glob(".*.tmp")) == []
