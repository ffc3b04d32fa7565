"""What the command line says, as a demanding user reads it: one spelling of the languages in
`run --help` and in the locale error; `play`'s one summary line, its note when --svg has no
Snapshot to write, --cast making its folder as --svg does, and `FILE: cannot read` (no line 0);
a catalog's syntax error as `FILE:LINE:COLUMN: error: …` wherever the CLI loads a catalog."""
import re

import pytest

from harness import ROOT, run_cli

EXAMPLE = ROOT / "Examples" / "Example.storekit"
SCENARIOS = ROOT / "Examples" / "scenarios"


def test_run_help_and_the_locale_error_spell_the_languages_alike(env):
    help_text = " ".join(run_cli("run", "--help", env=env).stdout.split())
    listed = re.search(r"Tollbooth speaks ([a-z_A-Z, ]+?) \(default", help_text).group(1).split(", ")
    assert listed == ["en", "ja", "de", "fr", "es", "it", "pt_BR", "ko", "zh_CN", "zh_TW"], help_text
    error = run_cli("run", "--locale", "xx", env=env, check=False)
    assert error.returncode == 1
    named = re.findall(r"(\S+) \([^()]*(?:\([^()]*\))?\)(?:,|\.$)", error.stderr.strip().split("Tollbooth's languages: ")[1])
    assert named == listed, error.stderr
    assert "Usage:" not in error.stderr


def test_play_prints_one_summary_line_naming_steps_time_and_files(env, tmp_path):
    tape = tmp_path / "buy.tape"
    tape.write_text(f"Set Catalog {EXAMPLE}\nSet StoreDate 2026-01-01T09:00:00Z\nEnter\nEnter\nSleep 2s\nSnapshot bought\n")
    result = run_cli("play", str(tape), "--cast", "out/buy.cast", "--svg", "out/shots", env=env, check=False, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        f"{tape}: played 6 steps in 2.1 s of virtual time; wrote out/buy.cast, out/shots/bought.txt, out/shots/bought.svg"], result.stdout
    assert (tmp_path / "out" / "buy.cast").exists() and (tmp_path / "out" / "shots" / "bought.svg").exists()


def test_play_check_says_every_expectation_held(env, tmp_path):
    tape = tmp_path / "t.tape"
    tape.write_text(f"Set Catalog {EXAMPLE}\nExpect \"Premium Yearly\"\n")
    result = run_cli("play", str(tape), "--check", env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert re.fullmatch(rf"{re.escape(str(tape))}: played 2 steps in \d+\.\d s of virtual time; every expectation held\n",
                        result.stdout), result.stdout


def test_cast_makes_its_folder_as_svg_does(env, tmp_path):
    tape = tmp_path / "t.tape"
    tape.write_text(f"Set Catalog {EXAMPLE}\nEnter\n")
    result = run_cli("play", str(tape), "--cast", str(tmp_path / "new" / "deeper" / "t.cast"), env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "new" / "deeper" / "t.cast").read_text().startswith('{"version": 2')


def test_svg_with_a_scenario_that_takes_no_snapshot_says_so(env, tmp_path):
    tape = tmp_path / "t.tape"
    tape.write_text(f"Set Catalog {EXAMPLE}\nEnter\n")
    result = run_cli("play", str(tape), "--svg", str(tmp_path / "shots"), env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == (f"note: {tape} has no Snapshot line, so --svg writes no picture; "
                                     "add `Snapshot NAME` at the step to capture"), result.stderr


def test_a_missing_scenario_file_names_no_line_zero(env, tmp_path):
    result = run_cli("play", "missing.tape", env=env, check=False, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "missing.tape: cannot read the scenario file: check that it exists and is readable"


@pytest.fixture
def broken(tmp_path):
    path = tmp_path / "Broken.storekit"
    path.write_text('{\n  "identifier" : "X",\n  "products" : [\n    { "productID" : "a" \n')
    return path


@pytest.mark.parametrize("command", [
    ["products", "{}"], ["run", "{}"], ["{}"], ["check", "{}"], ["txn", "list", "--catalog", "{}"],
    ["clock", "show", "--catalog", "{}"], ["audit", "{}"],
])
def test_a_json_syntax_error_in_a_catalog_is_file_line_column_error(command, broken, env, tmp_path):
    result = run_cli(*[str(broken) if a == "{}" else a for a in command], env=env, check=False)
    assert result.returncode == (2 if command[0] == "audit" else 1), result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and re.match(rf"{re.escape(str(broken))}:\d+:\d+: error: ", lines[0]), result.stderr


def test_a_catalog_problem_without_a_place_is_file_error(env, tmp_path):
    empty = tmp_path / "Empty.storekit"
    empty.write_text("")
    result = run_cli("products", str(empty), env=env, check=False)
    assert result.returncode == 1
    assert result.stderr.strip() == (f"{empty}: error: the file is empty (0 bytes); export it again from Xcode "
                                     "(File ▸ New ▸ StoreKit Configuration File) or point tollbooth at the right file."), result.stderr


SHIPPED = sorted(SCENARIOS.glob("s[0-9][0-9]-*.tape"))


@pytest.mark.parametrize("tape", SHIPPED, ids=[t.name for t in SHIPPED])
def test_each_shipped_case_scenario_takes_a_snapshot_that_svg_writes(tape, env, tmp_path):
    names = re.findall(r"^Snapshot (\S+)\s*$", tape.read_text(encoding="utf-8"), re.M)
    assert names, f"{tape.name} takes no Snapshot"
    result = run_cli("play", str(tape), "--svg", str(tmp_path), env=env, check=False)
    assert result.returncode == 0, result.stderr
    for name in names:
        assert (tmp_path / f"{name}.svg").exists(), name


def test_check_names_the_line_of_the_product_or_setting_a_finding_is_about(env, tmp_path):
    import json
    catalog = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    for product in catalog["products"]:
        if product["productID"] == "dev.tollbooth.example.lifetime":
            product["displayPrice"] = "0"
    catalog["settings"]["_storefront"] = "XXX"
    for policy in catalog.get("appPolicies", {}).get("policies", []):
        policy["policyURL"] = ""
    path = tmp_path / "Findings.storekit"
    text = json.dumps(catalog, indent=2)
    path.write_text(text, encoding="utf-8")

    def place(needle):
        for number, line in enumerate(text.split("\n"), 1):
            if needle in line:
                return f"{number}:{line.index(needle.split(': ')[0]) + 1}"
        raise AssertionError(needle)

    lines = run_cli("check", str(path), env=env, check=False).stdout.splitlines()
    storefront = next(line for line in lines if "Storefront \"XXX\"" in line)
    key = place('"_storefront"')
    assert storefront.startswith(f"{path}:{key}: error: "), storefront
    free = next(line for line in lines if "costs 0" in line)
    product = place('"productID": "dev.tollbooth.example.lifetime"')
    assert free.startswith(f"{path}:{product}: warning: "), free
    policy = [line for line in lines if "privacy-policy URL" in line]
    # A missing privacy-policy URL is the audit's D19, about the whole file: an error, no line.
    assert policy and all(line.startswith(f"{path}: error: D19: ") for line in policy), policy


@pytest.mark.parametrize("args, usage", [
    (["txn", "list", "--last", "0", "--catalog", str(EXAMPLE)], False),
    (["run", "--ephemeral", "--idle-limit", "0"], False),
    (["run", "--ephemeral", "--device", "a\x1b[2J"], False),
    (["txn", "buy", "x", "--app-account-token", "nope", "--catalog", str(EXAMPLE)], False),
    (["run", "--device", "a", "--family-member", "b"], True),
    (["txn", "buy"], True),
])
def test_the_usage_follows_only_errors_about_usage(args, usage, env):
    result = run_cli(*args, env=env, check=False)
    assert result.returncode == (64 if usage else 1), result.stderr
    assert ("Usage: tollbooth " in result.stderr) == usage, result.stderr
    if not usage:
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
