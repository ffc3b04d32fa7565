"""`tollbooth check` says what `tollbooth audit` says about the files: for every configuration of
Examples/audit/README.md, every sample catalog under Tests/Fixtures, and values blanked in some
languages of the bundled example, each rule the audit fails on a file (a finding without a size:
a catalog or App Store metadata rule, M in docs/domain.md §3) is an error of `check` on the files
the audit read, naming the rule; and `products` on a YAML file says what the file is."""
import json
import re
import shlex

import pytest

from harness import ROOT, run_cli

FOLDER = ROOT / "Examples" / "audit"
EXAMPLE = ROOT / "Examples" / "Example.storekit"
SAMPLES = ROOT / "Tests" / "Fixtures" / "storekit-samples"
CHECK_ERROR = re.compile(r"^\S+?(?::\d+(?::\d+)?)?: error: (D\d+): ", re.M)


def file_rule_failures(args, env, cwd=None):
    """The rules an audit (one size and customer: file rules have neither) fails on files."""
    quick = ["--state", "new"] + ([] if "--text" in args else ["--size", "80x24"])
    result = run_cli(*args, *quick, "--format", "json", env=env, check=False, cwd=cwd)
    assert result.returncode in (0, 1), result.stderr
    findings = json.loads(result.stdout)["findings"]
    return {f["rule"] for f in findings if f["verdict"] == "fail" and "size" not in f}, findings


def files_read(args):
    """The files an `audit` command line reads that `check` can read: the path, the manifest,
    the metadata and a theme file."""
    files = [args[1]]
    for option in ("--manifest", "--metadata", "--theme"):
        if option in args:
            value = args[args.index(option) + 1]
            if value.endswith((".yaml", ".yml")):
                files.append(value)
    return files


def check_errors(files, env, cwd=None):
    """Each check's exit status, and the rules its errors name, over `files`."""
    codes, rules, output = [], set(), ""
    for path in files:
        result = run_cli("check", path, env=env, check=False, cwd=cwd)
        assert result.returncode in (0, 1), result.stdout + result.stderr
        codes.append(result.returncode)
        rules |= set(CHECK_ERROR.findall(result.stdout))
        output += result.stdout
    return codes, rules, output


def assert_check_agrees(args, env, cwd=None):
    failed, findings = file_rule_failures(args, env, cwd)
    codes, named, output = check_errors(files_read(args), env, cwd)
    assert failed <= named, f"audit fails {sorted(failed)} on the files; check names {sorted(named)}:\n{output}"
    if failed:
        assert 1 in codes, output
    return failed, findings, output


def rows():
    table = []
    for line in (FOLDER / "README.md").read_text().splitlines():
        m = re.match(r"\| (.+?) \| `tollbooth (audit [^`]+)` \| (.+?) \|$", line)
        if m:
            table.append(pytest.param(shlex.split(m.group(2)), id=m.group(1)[:40]))
    return table


@pytest.mark.parametrize("args", rows())
def test_check_fails_what_audit_fails_on_each_broken_configuration(env, args):
    assert_check_agrees(args, env, cwd=FOLDER)


def test_the_agreement_covers_the_file_rules_the_fixtures_break(env):
    covered = set()
    for param in rows():
        covered |= file_rule_failures(param.values[0], env, cwd=FOLDER)[0]
    assert covered >= {"D16", "D19", "D20"}, covered


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.storekit")))
def test_check_fails_what_audit_fails_on_each_sample_catalog(env, sample):
    path = str(SAMPLES / sample)
    probe = run_cli("audit", path, "--size", "80x24", "--state", "new", "--locale", "en_US", env=env, check=False)
    if probe.returncode == 2:
        pytest.skip("the catalog does not load; test_check covers its error")
    assert_check_agrees(["audit", path], env)


def blanked(tmp_path, locales):
    catalog = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    for policy in catalog["appPolicies"]["policies"]:
        if locales is None or policy["locale"] in locales:
            policy["policyURL"] = ""
    path = tmp_path / "Blanked.storekit"
    path.write_text(json.dumps(catalog, indent=2), encoding="utf-8")
    return path


def test_a_privacy_url_blanked_in_every_language_is_a_check_error(env, tmp_path):
    path = blanked(tmp_path, None)
    failed, findings, output = assert_check_agrees(["audit", str(path)], env)
    assert failed == {"D19"}
    languages = sorted({f["locale"] for f in findings if f["rule"] == "D19" and f["verdict"] == "fail"})
    assert len(languages) == 10
    errors = [line for line in output.splitlines() if ": error: D19: " in line]
    # One problem, one line, naming every language the audit failed.
    assert len(errors) == 1 and all(language in errors[0] for language in languages), output
    assert re.search(r"; 1 error, 0 warnings$", output.rstrip()), output


def test_a_privacy_url_blanked_in_one_language_is_a_check_error(env, tmp_path):
    path = blanked(tmp_path, {"de_DE"})
    failed, findings, output = assert_check_agrees(["audit", str(path)], env)
    assert failed == {"D19"}
    assert {f["locale"] for f in findings if f["rule"] == "D19" and f["verdict"] == "fail"} == {"de_DE"}
    errors = [line for line in output.splitlines() if ": error: D19: " in line]
    assert len(errors) == 1 and "de_DE" in errors[0] and "en_US" not in errors[0], output


def test_check_knows_app_store_metadata(env):
    result = run_cli("check", str(ROOT / "Examples" / "app-metadata.yaml"), env=env, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Unknown key" not in result.stdout
    assert result.stdout.rstrip().endswith("app-metadata.yaml: App Store metadata (D19, D20); 0 errors, 0 warnings"), result.stdout

    result = run_cli("check", str(FOLDER / "metadata-without-eula.yaml"), env=env, check=False)
    assert result.returncode == 1, result.stdout
    assert ": error: D20: " in result.stdout and "stdeula" in result.stdout, result.stdout


def test_check_names_the_place_of_a_metadata_mistake(env, tmp_path):
    path = tmp_path / "store-metadata.yaml"
    path.write_text("version: 1\nprivacyPolicyUrl: https://e.example/p\n", encoding="utf-8")
    result = run_cli("check", str(path), env=env, check=False)
    assert result.returncode == 1
    assert result.stdout.startswith(f"{path}:2:1: error: Unknown key `privacyPolicyUrl` in the metadata: rename it to `privacyPolicyURL`"), result.stdout


@pytest.mark.parametrize("path,kind,instead", [
    (ROOT / "Examples" / "Example.paywall.yaml", "is a paywall manifest, not a catalog",
     f"`tollbooth products {ROOT / 'Examples' / 'Example.storekit'}`"),
    (ROOT / "Examples" / "app-metadata.yaml", "is App Store metadata, not a catalog", "`tollbooth products CATALOG`"),
    (ROOT / "Themes" / "mono.yaml", "is a theme, not a catalog", "`tollbooth products CATALOG`"),
])
def test_products_on_a_yaml_file_says_what_it_is_and_what_to_run(env, path, kind, instead):
    result = run_cli("products", str(path), env=env, check=False)
    assert result.returncode != 0 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"{path} {kind}" in lines[0] and instead in lines[0] and f"`tollbooth check {path}`" in lines[0], lines[0]
    assert "JSON" not in lines[0]
