"""`tollbooth check`: each finding once, and counts that match what was printed."""
import json

from harness import ROOT, run_cli

EXAMPLE = ROOT / "Examples" / "Example.storekit"


def test_a_loader_warning_is_printed_and_counted_once(tmp_path, env):
    catalog = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    catalog["someKeyXcodeNeverWrites"] = True
    path = tmp_path / "Extra.storekit"
    path.write_text(json.dumps(catalog, indent=2), encoding="utf-8")
    result = run_cli("check", str(path), env=env, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    mentions = [line for line in result.stdout.splitlines() if "someKeyXcodeNeverWrites" in line]
    assert len(mentions) == 1, result.stdout
    warnings = [line for line in result.stdout.splitlines() if ": warning:" in line]
    assert result.stdout.rstrip().endswith(f"0 errors, {len(warnings)} warnings"), result.stdout
