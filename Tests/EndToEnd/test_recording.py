"""`tollbooth run --record`: the cast real players read, replayed through pyte, gives the screen
the person saw; and the SVG snapshot renders as intended in a real browser (docs/recordings.md)."""
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pyte
import pytest

from harness import ROOT, browser_screenshot, open_paywall, run_cli

SNAPSHOT_SVG = ROOT / "Tests" / "ScenarioTests" / "__Goldens__" / "snapshot.svg"


def cells(screen):
    """Every cell of a pyte screen with what a person sees of it."""
    return [[(c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse)
             for c in (screen.buffer[y][x] for x in range(screen.columns))]
            for y in range(screen.lines)]


def read_cast(path):
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


def replay(path):
    """The cast's final screen: each "o" event fed to a pyte screen of the header's size,
    each "r" event applied as a resize, as a player does."""
    header, events = read_cast(path)
    screen = pyte.Screen(header["width"], header["height"])
    stream = pyte.Stream(screen)
    for _, code, data in events:
        if code == "o":
            stream.feed(data)
        elif code == "r":
            width, height = (int(n) for n in data.split("x"))
            screen.resize(lines=height, columns=width)
    return screen


def asciinema_cat(path):
    return subprocess.run([sys.executable, "-m", "asciinema", "cat", str(path)], capture_output=True, timeout=60)


def drive(session):
    """Moves to the monthly plan, shrinks the window below the minimum and grows it back."""
    session.send("j")
    session.wait_for(lambda t: "> Premium Monthly" in t)
    session.resize(15, 6)
    session.wait_for(lambda t: "too small" in " ".join(t.split()).lower())
    session.resize(90, 28)
    session.wait_for(lambda t: "Restore Purchases" in t and max(len(line) for line in t.splitlines()) > 80)


def without_clock(screen_cells):
    """The cells with the status line's store clock (which ticks every second) blanked."""
    rows = [list(row) for row in screen_cells]
    for row in rows:
        if "Store 20" in "".join(cell[0] for cell in row):
            row[:] = [("", None, None, False, False, False, False)] * len(row)
    return rows


def test_a_recorded_session_replays_to_the_screen_the_person_saw(tmp_path, env):
    cast = tmp_path / "demo.cast"
    recorded = open_paywall(tmp_path / "recorded", env, "--record", str(cast))
    plain = open_paywall(tmp_path / "plain", env)
    try:
        drive(recorded)
        drive(plain)
        assert without_clock(cells(recorded.screen)) == without_clock(cells(plain.screen)), \
            "--record changed what the terminal shows"
        recorded.send("q")
        assert recorded.wait_exit() == 0
        seen = cells(recorded.screen)  # pyte ignores leaving the alternate screen: the last frame
    finally:
        recorded.close()
        plain.close()

    header, events = read_cast(cast)
    assert (header["version"], header["width"], header["height"]) == (2, 80, 24)
    assert header["title"].startswith("Tollbooth — ") and header["env"] == {"TERM": "xterm-256color"}
    assert [data for _, code, data in events if code == "r"] == ["15x6", "90x28"]
    times = [t for t, _, _ in events]
    assert times == sorted(times) and all(b - a <= 2.0 + 1e-6 for a, b in zip([0.0] + times, times))
    assert not list(tmp_path.glob(".demo.cast.*")), "the temporary file was left behind"

    played = asciinema_cat(cast)
    assert played.returncode == 0, played.stderr.decode()
    assert played.stdout.decode() == "".join(data for _, code, data in events if code == "o")
    assert cells(replay(cast)) == seen


def test_a_session_ended_by_a_signal_still_saves_its_cast(tmp_path, env):
    cast = tmp_path / "signal.cast"
    s = open_paywall(tmp_path, env, "--record", str(cast))
    try:
        s.send("j")
        s.wait_for(lambda t: "> Premium Monthly" in t)
        os.killpg(s.proc.pid, signal.SIGTERM)
        assert s.wait_exit() == 128 + signal.SIGTERM
        seen = cells(s.screen)
    finally:
        s.close()
    assert asciinema_cat(cast).returncode == 0
    assert cells(replay(cast)) == seen


def test_a_recording_into_a_missing_folder_is_refused_before_the_terminal_starts(tmp_path, env):
    result = run_cli("run", "--ephemeral", "--record", str(tmp_path / "missing" / "x.cast"), env=env, check=False)
    assert result.returncode != 0
    assert result.stderr.strip() == f"Error: cannot record to {tmp_path}/missing/x.cast: the folder {tmp_path}/missing does not exist"
    assert "\x1b" not in result.stdout + result.stderr


def test_the_svg_snapshot_renders_in_a_real_browser(tmp_path):
    image = browser_screenshot(SNAPSHOT_SVG, tmp_path / "snapshot.png", 400, 200)
    cell_w, cell_h = 9, 18  # SVGWriter's cell, and the canvas of SVGWriterTests.snapshotCanvas

    def pixel(x, y):
        return image.getpixel((x, y))

    def close(a, b):
        return all(abs(p - q) <= 8 for p, q in zip(a, b))

    def ink(column0, column1, row):
        """Pixels in the cells of `row` from column0 to column1 that are not the background."""
        background = pixel(column0 * cell_w, row * cell_h)
        return sum(1 for x in range(column0 * cell_w, column1 * cell_w) for y in range(row * cell_h, (row + 1) * cell_h)
                   if not close(pixel(x, y), background))

    dark, light, blue = (0x1C, 0x1C, 0x1C), (0xD0, 0xD0, 0xD0), (0x00, 0x5F, 0x87)
    assert close(pixel(1, 1), dark), "the background is not the palette's"
    assert close(pixel(19 * cell_w + 4, 1 * cell_h + 9), dark)
    assert close(pixel(2 * cell_w + 1, 1 * cell_h + 1), light), "the reverse-video button is not light"
    assert close(pixel(14 * cell_w + 2, 3 * cell_h + 9), blue), "the indexed background is missing"
    assert close(pixel(250, 150), (255, 255, 255)), "the page around the image should be the browser's white"
    assert ink(1, 10, 0) > 40, "no text drawn for 'Tollbooth'"
    assert ink(3, 10, 1) > 40, "no text drawn on the button"
    assert ink(1, 8, 2) > 20, "no text drawn for the price"
    assert ink(0, 14, 3) == 0, "ink on the empty row"
