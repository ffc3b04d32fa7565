"""`tollbooth audit`: the bundled example passes, a broken fixture fails with the rule named,
JSON has the documented shape, and bad input is exit 2."""
import json
import os
import re

from harness import ROOT, run_cli

EXAMPLE = ROOT / "Examples" / "Example.storekit"
NO_PRIVACY = ROOT / "Examples" / "audit" / "no-privacy-url.storekit"
HEADLINE = ROOT / "Examples" / "audit" / "trial-subtitle-14-days.storekit"  # its manifest is beside it
TEXT = ROOT / "Examples" / "audit" / "paywall-text.txt"
LOUD_THEME = ROOT / "Examples" / "audit" / "loud-per-unit.theme.yaml"


def test_the_bundled_example_passes(env):
    result = run_cli("audit", str(EXAMPLE), env=env, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "FAIL" not in result.stdout
    # The warnings: at 40x20 the disclosure is below the fold (D7), for some languages and
    # customers (the longer the language, the more); four rules need a person in each of the
    # ten languages the example speaks.
    assert re.search(r" 0 failed, \d+ warnings, 40 need a person$", result.stdout.rstrip().splitlines()[-1]), result.stdout
    # Said once each: D7's warning with the variants it spans, each question once (not once per
    # language), a hint at --verbose, the counts.
    lines = result.stdout.splitlines()
    assert len(lines) == 7, result.stdout
    assert lines[0].startswith("WARN D7 in ") and "below the fold" in lines[0], lines[0]
    assert [line.split(":")[0] for line in lines[1:5]] == [f"HUMAN {rule} in 10 languages" for rule in ("D13", "D17", "D20", "D21")]
    assert lines[5].startswith("(--verbose lists these ")
    # With --verbose, a line per variant. Every warning is D7's "below the fold": at 40x20 in every
    # language, and at 80x24 in the European languages, whose disclosure runs 30-40% longer than
    # the English (two or three rows).
    verbose = run_cli("audit", str(EXAMPLE), "--verbose", env=env, check=False)
    assert verbose.returncode == 0 and verbose.stdout.splitlines()[-1] == lines[-1]
    warnings = [line for line in verbose.stdout.splitlines() if line.startswith("WARN")]
    assert len(warnings) > 10
    assert all(line.startswith("WARN D7 ") and "below the fold" in line for line in warnings), warnings
    assert all(" 40x20 " in line or line.split()[2] in ("de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR") for line in warnings), warnings
    assert len([line for line in verbose.stdout.splitlines() if line.startswith("HUMAN D13 ")]) == 10


def test_a_missing_privacy_url_fails_d5_and_d19(env):
    result = run_cli("audit", str(NO_PRIVACY), "--locale", "en_US", "--size", "80x24", "--state", "new",
                     env=env, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    fails = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert [line.split(":")[0] for line in fails] == ["FAIL D5 en_US USA 80x24 new default", "FAIL D19 en_US catalog"], result.stdout
    assert "not configured" in fails[0] and "  fix: " in fails[0]
    assert " 2 failed, 0 warnings, 4 need a person" in result.stdout.rstrip().splitlines()[-1], result.stdout


def test_a_theme_with_a_loud_per_unit_price_fails_d4_only(env):
    args = ["audit", str(EXAMPLE), "--theme", str(LOUD_THEME), "--locale", "en_US", "--size", "80x24"]
    result = run_cli(*args, "--verbose", env=env, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    fails = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert fails and all(line.startswith("FAIL D4 en_US USA 80x24 ") and " loud-per-unit: " in line for line in fails), fails
    assert all("fix: tone down the theme's `perUnit` role" in line for line in fails), fails
    # Without --verbose, one line per problem: each plan's, across the five customers.
    grouped = run_cli(*args, env=env, check=False)
    assert grouped.returncode == 1
    grouped_fails = [line for line in grouped.stdout.splitlines() if line.startswith("FAIL")]
    assert grouped_fails and len(grouped_fails) < len(fails), grouped.stdout
    assert all(line.startswith("FAIL D4 in 5 states") for line in grouped_fails), grouped_fails


def test_storefronts_and_the_new_customers_are_variants(env):
    result = run_cli("audit", str(EXAMPLE), "--storefront", "JPN", "--storefront", "usa", "--state", "billing-retry",
                     "--locale", "en_US", "--size", "80x24", "--format", "json", env=env, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    variants = [f for f in json.loads(result.stdout)["findings"] if f.get("size")]
    assert {v["storefront"] for v in variants} == {"JPN", "USA"}
    assert {(v["state"], v["theme"]) for v in variants} == {("billing-retry", "default")}
    lapsed = run_cli("audit", str(EXAMPLE), "--state", "lapsed", "--locale", "ja_JP", "--size", "80x24", env=env, check=False)
    assert lapsed.returncode == 0 and "ja_JP USA 80x24 lapsed" not in lapsed.stdout  # nothing to report but the summary
    assert lapsed.stdout.rstrip().splitlines()[-1].endswith("0 failed, 0 warnings, 4 need a person"), lapsed.stdout


def test_json_has_findings_and_a_summary(env):
    result = run_cli("audit", str(HEADLINE), "--format", "json", env=env, check=False)
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert set(report) == {"findings", "summary"}
    assert set(report["summary"]) == {"passed", "failed", "warnings", "human"}
    failed = [f for f in report["findings"] if f["verdict"] == "fail"]
    assert report["summary"]["failed"] == len(failed) > 0
    assert {f["rule"] for f in failed} == {"D15"}
    first = failed[0]
    # The variant's fields sit flat in the finding.
    assert set(first) >= {"rule", "verdict", "locale", "storefront", "size", "state", "theme", "message", "evidence", "fix"}
    assert "variant" not in first
    assert first["state"] == "new" and first["size"] in ("80x24", "40x20") and first["locale"] in ("en_US", "ja_JP")
    assert first["evidence"]["matched"][0]["row"] >= 0 and first["evidence"]["missing"]
    # Deterministic: the same run prints the same bytes.
    again = run_cli("audit", str(HEADLINE), "--format", "json", env=env, check=False)
    assert again.stdout == result.stdout


def test_bad_input_is_exit_2_in_one_sentence(env, tmp_path):
    for args in (["--size", "80by24"], ["--state", "churned"], ["--storefront", "XYZ"], ["--theme", "neon"], ["--format", "xml"],
                 ["--text", str(tmp_path / "no-such.txt")], ["--text", str(TEXT), "--size", "80x24"]):
        result = run_cli("audit", str(EXAMPLE), *args, env=env, check=False)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        assert result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    missing = run_cli("audit", str(tmp_path / "nothing.storekit"), env=env, check=False)
    assert missing.returncode == 2 and "does not exist" in missing.stderr


METADATA = ROOT / "Examples" / "app-metadata.yaml"
NO_EULA = ROOT / "Examples" / "audit" / "metadata-without-eula.yaml"
TRIAL_UNLOCK = ROOT / "Examples" / "audit" / "free-trial-nonconsumable.storekit"


def failed_rules(stdout):
    return {line.split()[1] for line in stdout.splitlines() if line.startswith("FAIL")}


def test_the_bundled_example_with_its_metadata_passes_d19_and_d20(env):
    result = run_cli("audit", str(EXAMPLE), "--metadata", str(METADATA), "--format", "json", env=env, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    verdicts = {(f["rule"], f["verdict"]) for f in report["findings"] if f["rule"] in ("D19", "D20")}
    assert verdicts == {("D19", "pass"), ("D20", "pass")}


def test_metadata_without_an_eula_link_fails_d20_only(env):
    result = run_cli("audit", str(EXAMPLE), "--metadata", str(NO_EULA), env=env, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    assert failed_rules(result.stdout) == {"D20"}, result.stdout
    assert "stdeula" in result.stdout


def test_a_metadata_mistake_is_exit_2_with_its_place(env, tmp_path):
    path = tmp_path / "meta.yaml"
    path.write_text("version: 1\nprivacyPolicyUrl: https://e.example/p\n", encoding="utf-8")
    result = run_cli("audit", str(EXAMPLE), "--metadata", str(path), env=env, check=False)
    assert result.returncode == 2 and result.stdout == ""
    assert f"{path}:2:1: Unknown key `privacyPolicyUrl` in the metadata: rename it to `privacyPolicyURL`" in result.stderr


def test_a_free_trial_without_a_paid_unlock_fails_d18_only(env):
    result = run_cli("audit", str(TRIAL_UNLOCK), env=env, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    assert failed_rules(result.stdout) == {"D18"}, result.stdout
    assert "the full unlock's price" in result.stdout


COMMITMENT = ROOT / "Examples" / "Commitment.storekit"
COMMITMENT_TEXT = """Unlock all features
Pro Yearly
1 year, $59.99
or $4.99/month for 12 months ($59.88 total)
Subscribe

Pro Monthly
1 month, $5.99
Subscribe

Restore Purchases
Privacy Policy: https://tollbooth.example/privacy
Terms of Use: https://www.apple.com/legal/internet-services/itunes/dev/stdeula/
Payment is charged to your Apple Account at confirmation of purchase. Subscriptions renew automatically unless auto-renew is turned off at least 24 hours before the end of the period. Your account is charged for renewal within 24 hours before the period ends, at the regular price ($59.99/year or $5.99/month). Manage your subscription and turn off auto-renew in Account Settings after purchase. {commitment}
"""


def test_a_plan_paid_monthly_states_its_commitment_in_every_language(env):
    result = run_cli("audit", str(COMMITMENT), "--format", "json", env=env, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    d22 = [f for f in json.loads(result.stdout)["findings"] if f["rule"] == "D22"]
    assert len(d22) == 100 and all(f["verdict"] == "pass" for f in d22), d22  # 10 languages, 2 sizes, 5 customers
    assert all(f["message"].startswith("dev.tollbooth.commitment.pro.yearly's commitment is disclosed") for f in d22)


def test_a_commitment_sentence_without_its_total_fails_d22_only(env, tmp_path):
    said = "Paying monthly is 12 payments of $4.99 ($59.88 in total), a commitment that renews for another 12 months."
    text = tmp_path / "commitment.txt"
    text.write_text(COMMITMENT_TEXT.replace("{commitment}", said), encoding="utf-8")
    args = ["audit", str(COMMITMENT), "--text", str(text), "--locale", "en_US"]
    assert run_cli(*args, env=env, check=False).returncode == 0
    text.write_text(COMMITMENT_TEXT.replace("{commitment}", said.replace(" ($59.88 in total)", "")), encoding="utf-8")
    result = run_cli(*args, env=env, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    assert failed_rules(result.stdout) == {"D22"}, result.stdout
    assert 'the total "$59.88"' in result.stdout
