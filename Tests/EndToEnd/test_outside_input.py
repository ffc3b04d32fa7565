"""Numbers and text from outside, as a hostile tester gives them: a number is never wrapped
(a port past 2^64 is not a port), and a message quotes a bounded excerpt of what it was given,
whatever its length (docs/scenario-language.md §8, docs/architecture.md §9)."""
import pytest

from harness import ROOT, run_cli

CATALOG = ROOT / "Examples" / "Example.storekit"
# Far below any of these inputs, and far above any sentence Tollbooth writes about one.
SENTENCE = 1_000


def ledger(tmp_path):
    return ["--ledger", str(tmp_path / "l.sqlite"), "--catalog", str(CATALOG)]


@pytest.mark.parametrize("port", [str(2**64 + 1), str(2**64 + 18080), str(2**63 + 8080), "99999999999999999999999999999", "65536"])
def test_a_port_past_65535_is_refused_not_wrapped(port, tmp_path, env):
    url = f"http://127.0.0.1:{port}/x"
    result = run_cli("notify", "url", url, *ledger(tmp_path), env=env, check=False)
    assert result.returncode == 1, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "outside 1–65535" in lines[0], result.stderr
    assert run_cli("notify", "list", *ledger(tmp_path), env=env).stdout.startswith("notifications off"), "the URL was kept"


def test_a_port_in_range_is_kept(tmp_path, env):
    run_cli("notify", "url", "http://127.0.0.1:18080/x", *ledger(tmp_path), env=env)
    assert "go to http://127.0.0.1:18080/x" in run_cli("notify", "list", *ledger(tmp_path), env=env).stdout


def test_a_tape_with_a_huge_catalog_path_quotes_an_excerpt(tmp_path, env):
    tape = tmp_path / "long.tape"
    tape.write_text("Set Catalog " + "d/" * 450_000 + "x.storekit\nEnter\n")
    result = run_cli("play", str(tape), env=env, check=False)
    assert result.returncode == 2, (result.returncode, result.stderr[:300])
    assert len(result.stderr) < SENTENCE, f"{len(result.stderr)} characters: {result.stderr[:300]}…"
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{tape}:1: ") and "does not exist" in lines[0], result.stderr


def test_a_theme_with_a_huge_name_is_checked_in_a_few_lines(tmp_path, env):
    theme = tmp_path / "loud.theme.yaml"
    theme.write_text("name: " + "n" * 990_000 + "\nbase: default\nroles:\n  offer: { fg: bright-yellow, bold: true, reverse: true }\n"
                     "  perUnit: { fg: bright-yellow, bold: true }\n")
    result = run_cli("check", str(theme), env=env, check=False)
    assert result.returncode == 1, (result.returncode, result.stderr[:300])
    shown = result.stdout + result.stderr
    assert len(shown) < 3 * SENTENCE, f"{len(shown)} characters: {shown[:300]}…"
    assert "`offer` (prominence 8) is louder than `price`" in shown, shown
    assert "`perUnit` (prominence 4) is as prominent as `price`" in shown, shown
