"""The shipped scenarios (Examples/scenarios): every file plays through with --check, every case
S1-S17 of the scenario matrix (docs/domain.md §4) has its file, and the README's demo image and
recording are what `tollbooth play` makes of demo.tape today."""
import re

import pytest

from harness import ROOT, browser_screenshot, run_cli

SCENARIOS = ROOT / "Examples" / "scenarios"
DEMO = SCENARIOS / "demo.tape"
IMAGES = ROOT / "docs" / "images"
TAPES = sorted(SCENARIOS.glob("*.tape"))


def matrix_cases():
    """S-number -> the case's Japanese name, from the rows of docs/domain.md §4."""
    text = (ROOT / "docs" / "domain.md").read_text(encoding="utf-8")
    return {int(n): japanese for n, japanese in re.findall(r"^\| S(\d+) \| [^|]*?\(([^()|]+)\) \|", text, re.M)}


@pytest.mark.parametrize("tape", TAPES, ids=[t.name for t in TAPES])
def test_a_shipped_scenario_passes_check(env, tape):
    result = run_cli("play", str(tape), "--check", env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith(" of virtual time; every expectation held\n") and result.stderr == "", result.stdout + result.stderr


def test_every_case_of_the_matrix_has_its_scenario_named_after_it():
    cases = matrix_cases()
    assert sorted(cases) == list(range(1, 18)), cases
    files = {}
    for tape in TAPES:
        match = re.fullmatch(r"s(\d\d)-[a-z0-9-]+\.tape", tape.name)
        if match:
            files.setdefault(int(match.group(1)), []).append(tape)
    assert sorted(files) == sorted(cases), f"cases without a scenario: {sorted(set(cases) - set(files))}"
    for number, tapes in files.items():
        assert len(tapes) == 1, f"S{number} has more than one file: {tapes}"
        header = tapes[0].read_text(encoding="utf-8").split("\n", 1)[0]
        assert header.startswith(f"# S{number}. ") and f"[{cases[number]}]" in header, (tapes[0].name, header)


def test_the_readme_demo_is_what_play_makes_of_demo_tape_today(env, tmp_path):
    result = run_cli("play", str(DEMO), "--cast", str(tmp_path / "demo.cast"), "--svg", str(tmp_path), env=env,
                     check=False)
    assert result.returncode == 0, result.stderr
    for name in ("demo.svg", "demo.cast"):
        assert (tmp_path / name).read_bytes() == (IMAGES / name).read_bytes(), (
            f"docs/images/{name} is stale; regenerate it as Examples/scenarios/demo.tape's header says")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/images/demo.svg)" in readme.split("\n## ", 1)[0], "the README's top should show the demo"


def test_the_readme_demo_image_keeps_the_screens_spacing_in_a_browser(tmp_path):
    image = browser_screenshot(IMAGES / "demo.svg", tmp_path / "demo.png", 760, 460)
    cell_w, cell_h = 9, 18  # SVGWriter's cell
    footer = 23  # the last row of 80x24: " j/k move … q quit     more v"

    def ink(column0, column1, row):
        background = image.getpixel((column0 * cell_w, row * cell_h + 1))
        return sum(1 for x in range(column0 * cell_w, column1 * cell_w) for y in range(row * cell_h, (row + 1) * cell_h)
                   if any(abs(p - q) > 8 for p, q in zip(image.getpixel((x, y)), background)))

    # "quit" ends at column 68 and "more v" starts at 73: the five blanks between stay blank
    # only if the browser keeps runs of spaces inside a text run.
    assert ink(68, 73, footer) == 0, "the blanks before 'more v' hold ink: runs of spaces collapsed"
    assert ink(73, 79, footer) > 40, "no text drawn for 'more v'"
    assert ink(64, 68, footer) > 40, "no text drawn for 'quit'"
