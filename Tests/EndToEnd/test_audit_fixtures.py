"""Examples/audit/README.md: every broken configuration fails exactly the rules its row names,
run as the row says with the real binary; and the bundled example passes every rule."""
import re
import shlex

import pytest

from harness import ROOT, run_cli

FOLDER = ROOT / "Examples" / "audit"


def rows():
    table = []
    for line in (FOLDER / "README.md").read_text().splitlines():
        m = re.match(r"\| (.+?) \| `tollbooth (audit [^`]+)` \| (.+?) \|$", line)
        if m:
            rules = set() if m.group(3) == "none" else {r.strip() for r in m.group(3).split(",")}
            table.append(pytest.param(shlex.split(m.group(2)), rules, id=m.group(1)[:40]))
    return table


def test_the_table_lists_every_fixture():
    listed = (FOLDER / "README.md").read_text()
    for path in FOLDER.iterdir():
        if path.name != "README.md":
            assert f"`{path.name}`" in listed or f" {path.name}" in listed, f"{path.name} is not in the table"


@pytest.mark.parametrize("args,rules", rows())
def test_each_configuration_fails_exactly_its_rules(env, args, rules):
    result = run_cli(*args, env=env, check=False, cwd=FOLDER)
    failed = {m.group(1) for m in re.finditer(r"^FAIL (D\d+) ", result.stdout, re.M)}
    assert failed == rules, result.stdout[-3000:] + result.stderr
    assert result.returncode == (1 if rules else 0), result.stderr


def test_the_bundled_example_passes_every_rule_in_every_variant(env):
    result = run_cli("audit", str(ROOT / "Examples" / "Example.storekit"), "--metadata",
                     str(ROOT / "Examples" / "app-metadata.yaml"), env=env, check=False)
    assert result.returncode == 0, result.stdout
    assert not [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    # Only D7's below-the-fold warnings at 40x20 remain, and the rules only a person can judge
    # (three in each of the example's ten languages).
    assert re.search(r" 0 failed, \d+ warnings, 30 need a person$", result.stdout.rstrip().splitlines()[-1]), result.stdout
    warnings = [line for line in result.stdout.splitlines() if line.startswith("WARN")]
    assert warnings and all(line.startswith("WARN D7 ") and "below the fold" in line for line in warnings), warnings
