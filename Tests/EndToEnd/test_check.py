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
    noun = "warning" if len(warnings) == 1 else "warnings"
    assert result.stdout.rstrip().endswith(f"0 errors, {len(warnings)} {noun}"), result.stdout


AUDIT = ROOT / "Examples" / "audit"


def test_the_14_day_trial_subtitle_is_an_error_at_its_line_and_column(env):
    path = AUDIT / "trial-subtitle-14-days.paywall.yaml"
    result = run_cli("check", str(path), env=env, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"{path}:6:20: error: `localizations.en.trialSubtitle` promises a trial of 14 days"), first
    assert "lasts 3 days" in first and first.endswith("change the plan's introductory offer."), first
    assert result.stdout.rstrip().endswith("2 errors, 0 warnings"), result.stdout


def test_the_bundled_manifest_and_every_bundled_theme_pass(env):
    result = run_cli("check", str(ROOT / "Examples" / "Example.paywall.yaml"), env=env, check=False)
    assert result.returncode == 0, result.stdout
    assert result.stdout.rstrip().endswith("checked against Example.storekit; 0 errors, 0 warnings"), result.stdout
    for theme in (ROOT / "Themes").glob("*.yaml"):
        result = run_cli("check", str(theme), env=env, check=False)
        assert result.returncode == 0 and result.stdout.rstrip().endswith("0 errors, 0 warnings"), result.stdout


def test_a_theme_with_an_unknown_colour_names_the_valid_ones(env, tmp_path):
    path = tmp_path / "brand.yaml"
    path.write_text("name: brand\nroles:\n  price: { fg: bright-gren }\n", encoding="utf-8")
    result = run_cli("check", str(path), env=env, check=False)
    assert result.returncode == 1
    line = result.stdout.splitlines()[0]
    assert line.startswith(f"{path}:3:16: error: Unknown colour `bright-gren`"), line
    assert "`bright-green` (the nearest name)" in line and "magenta" in line, line


def test_a_manifest_with_a_typo_and_a_missing_product(env, tmp_path):
    manifest = tmp_path / "App.paywall.yaml"
    manifest.write_text("products:\n  - dev.tollbooth.example.lifetme\n", encoding="utf-8")
    result = run_cli("check", str(manifest), "--catalog", str(EXAMPLE), env=env, check=False)
    assert result.returncode == 1
    assert f"{manifest}:2:5: error: Product `dev.tollbooth.example.lifetme` is not in Example.storekit" in result.stdout
    assert "write `dev.tollbooth.example.lifetime`" in result.stdout

    manifest.write_text("localizations:\n  en:\n    titel: Hi\n", encoding="utf-8")
    result = run_cli("check", str(manifest), "--catalog", str(EXAMPLE), env=env, check=False)
    assert result.returncode == 1
    assert f"{manifest}:3:5: error: Unknown key `titel` in `localizations.en`: rename it to `title`" in result.stdout

    manifest.write_text("localizations:\n  en:\n    title: [oops\n", encoding="utf-8")
    result = run_cli("check", str(manifest), env=env, check=False)
    assert result.returncode == 1
    assert f"{manifest}:4:1: error: The YAML is malformed" in result.stdout
    # No App.storekit beside it: said once, with the fix.
    assert "pass --catalog CATALOG." in result.stdout


def test_a_missing_privacy_policy_is_a_d19_error_for_every_format_version(env):
    # As `audit` fails D19 (App Store Connect requires the URL of every app), check errs, once
    # for all the languages without one; a file before 4.0 is told to be saved as 4.0.
    old = ROOT / "Tests" / "Fixtures" / "storekit-samples" / "handmade-v1.1-null-referencename.storekit"
    result = run_cli("check", str(old), env=env, check=False)
    assert result.returncode == 1, result.stdout
    errors = [line for line in result.stdout.splitlines() if "privacy-policy URL" in line]
    assert len(errors) == 1 and f"{old}: error: D19: the catalog (format 1.1) has no privacy-policy URL" in errors[0], result.stdout
    assert "which saves the file as format 4.0" in errors[0]

    result = run_cli("check", str(AUDIT / "no-privacy-url.storekit"), env=env, check=False)
    assert result.returncode == 1, result.stdout
    errors = [line for line in result.stdout.splitlines() if "privacy-policy URL" in line]
    assert len(errors) == 1 and ": error: D19: " in errors[0] and "for en_US, ja_JP" in errors[0], result.stdout
    assert "saving the file" not in errors[0]


def test_a_free_trial_unlock_is_not_a_zero_price_mistake(env):
    result = run_cli("check", str(AUDIT / "free-trial-nonconsumable.storekit"), env=env, check=False)
    assert result.returncode == 0
    assert "costs 0" not in result.stdout
    assert "is a free 14-day trial, but the catalog sells no paid non-consumable" in result.stdout


def test_a_theme_role_louder_than_price_is_an_error_and_an_equal_one_a_warning(env, tmp_path):
    # The audit fails D4 on a per-unit price louder than the billed one, so check does too, and
    # says "louder than"; a role only as loud is a warning that says so.
    loud = AUDIT / "loud-per-unit.theme.yaml"
    result = run_cli("check", str(loud), env=env, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    line = result.stdout.splitlines()[0]
    assert line.startswith(f"{loud}: error: Theme loud-per-unit: `perUnit` (prominence 8) is louder than `price` (prominence 4)"), line
    assert "as prominent as" not in result.stdout

    equal = tmp_path / "equal.yaml"
    equal.write_text("name: equal\nbase: default\nroles:\n  perUnit: { fg: cyan, bold: true }\n", encoding="utf-8")
    result = run_cli("check", str(equal), env=env, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    line = result.stdout.splitlines()[0]
    assert line.startswith(f"{equal}: warning: Theme equal: `perUnit` (prominence 4) is as prominent as `price` (prominence 4)"), line
    assert "is louder than" not in result.stdout
