"""`tollbooth audit --format junit|markdown|json|text`, `--output` and `--text`, through the real
binary: the reports are the reviewed goldens byte for byte, JUnit XML parses with the reader CI
uses and has the JUnit shape, and --output writes a whole file and nothing on standard output."""
import json
import xml.etree.ElementTree as ET

from harness import ROOT, run_cli

EXAMPLE = ROOT / "Examples" / "Example.storekit"
NO_PRIVACY = ROOT / "Examples" / "audit" / "no-privacy-url.storekit"
TEXT = ROOT / "Examples" / "audit" / "paywall-text.txt"
GOLDENS = ROOT / "Tests" / "AuditTests" / "__Goldens__"
ONE_VARIANT = ["--locale", "en_US", "--size", "80x24", "--state", "new"]
EXTENSIONS = {"text": "txt", "json": "json", "junit": "xml", "markdown": "md"}


def audit(*args, env):
    return run_cli("audit", *args, env=env, check=False)


def test_every_format_prints_its_golden(env):
    for format, extension in EXTENSIONS.items():
        result = audit(str(NO_PRIVACY), *ONE_VARIANT, "--format", format, env=env)
        assert result.returncode == 1, (format, result.stderr)
        golden = (GOLDENS / f"no-privacy-url-en_US-80x24-new.{extension}").read_text(encoding="utf-8")
        assert result.stdout == golden, format


def test_the_text_report_says_each_finding_once_and_verbose_says_each_variant(env):
    # The bundled example in every default variant: its golden, a few lines (115 when each
    # variant had its line), the same bytes on every run.
    args = [str(EXAMPLE), "--metadata", str(ROOT / "Examples" / "app-metadata.yaml")]
    result = audit(*args, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (GOLDENS / "example-with-metadata.txt").read_text(encoding="utf-8")
    assert audit(*args, env=env).stdout == result.stdout
    # One problem in ten languages is one FAIL line with its message once.
    one = audit(str(EXAMPLE), "--metadata", str(ROOT / "Examples" / "audit" / "metadata-without-privacy-url.yaml"), env=env)
    assert one.returncode == 1
    fails = [line for line in one.stdout.splitlines() if line.startswith("FAIL")]
    assert fails == ["FAIL D19 in 10 languages: metadata-without-privacy-url.yaml leaves App Store Connect's Privacy Policy URL field empty"
                     "  fix: fill in the Privacy Policy URL in App Store Connect (App Information) and in the metadata file"
                     .replace("metadata-without", str(ROOT / "Examples" / "audit" / "metadata-without"))], one.stdout
    assert one.stdout.count("Privacy Policy URL field empty") == 1
    # --verbose: a line per variant, as every finding of the JSON report.
    verbose = audit(str(EXAMPLE), "--metadata", str(ROOT / "Examples" / "audit" / "metadata-without-privacy-url.yaml"), "--verbose", env=env)
    report = json.loads(audit(str(EXAMPLE), "--metadata", str(ROOT / "Examples" / "audit" / "metadata-without-privacy-url.yaml"),
                              "--format", "json", env=env).stdout)
    not_passes = [f for f in report["findings"] if f["verdict"] != "pass"]
    lines = verbose.stdout.splitlines()
    assert len(lines) == len(not_passes) + 1 and lines[-1] == one.stdout.splitlines()[-1]
    assert [line.split(":")[0] for line in lines if line.startswith("FAIL")] == \
        [f"FAIL D19 {f['locale']} catalog" for f in not_passes if f["verdict"] == "fail"]


def junit(path, env, *args):
    result = audit(str(path), *args, "--format", "junit", env=env)
    return result, ET.fromstring(result.stdout.encode())


def test_junit_parses_with_counts_and_the_failure(env):
    result, root = junit(NO_PRIVACY, env, *ONE_VARIANT)
    assert result.returncode == 1
    suite = root.find("testsuite")
    cases = suite.findall("testcase")
    failing = [case for case in cases if case.find("failure") is not None]
    skipped = [case for case in cases if case.find("skipped") is not None]
    assert int(suite.get("tests")) == len(cases) > 10
    assert int(suite.get("failures")) == len(failing) == 2
    assert int(suite.get("skipped")) == len(skipped) == 4  # D13, D17, D20 (no metadata) and D21 need a person
    assert [(c.get("classname"), c.get("name")) for c in failing] == [("D5", "en_US USA 80x24 new default"), ("D19", "en_US catalog")]
    failure = failing[0].find("failure")
    assert "not configured" in failure.get("message")
    assert 'found "not configured"' in failure.text and "missing: a URL" in failure.text
    assert "fix: add a privacy-policy URL" in failure.text


def check_junit_shape(root):
    """The shape the common JUnit schema (Jenkins' junit-10.xsd, which GitHub and GitLab readers
    follow) gives: testsuites > testsuite > testcase > failure | skipped | system-out, with the
    required attributes, and counts that agree with the elements."""
    assert root.tag == "testsuites"
    suites = list(root)
    assert suites and all(suite.tag == "testsuite" for suite in suites)
    for suite in suites:
        for attribute in ("name", "tests", "failures", "errors", "skipped"):
            assert suite.get(attribute) is not None, attribute
        cases = list(suite)
        assert all(case.tag == "testcase" for case in cases)
        for case in cases:
            assert case.get("classname") and case.get("name")
            float(case.get("time"))
            children = [child.tag for child in case]
            assert set(children) <= {"failure", "error", "skipped", "system-out", "system-err"}, children
            assert sum(tag in ("failure", "error", "skipped") for tag in children) <= 1
            for child in case:
                if child.tag in ("failure", "skipped"):
                    assert child.get("message")
        assert int(suite.get("tests")) == len(cases)
        assert int(suite.get("failures")) == sum(case.find("failure") is not None for case in cases)
        assert int(suite.get("skipped")) == sum(case.find("skipped") is not None for case in cases)
    assert int(root.get("tests")) == sum(int(suite.get("tests")) for suite in suites)


def test_junit_has_the_junit_schema_shape_even_with_hostile_catalog_text(env, tmp_path):
    # A product id with a C0 control XML 1.0 forbids, a terminal escape, markup and a C1
    # control, on a plan that renews every 3 days: D16 fails naming it, so it lands in a
    # failure message. (A hostile display name no longer fails D1: the screen shows it cleaned,
    # and D1 compares it cleaned.)
    raw = (ROOT / "Examples" / "audit" / "short-period.storekit").read_text()
    hostile = 'premium\u0001\u001b[2J<&"> .monthly\u0085'
    path = tmp_path / "hostile.storekit"
    path.write_text(raw.replace('"dev.tollbooth.example.premium.monthly"', json.dumps(hostile)))
    result, root = junit(path, env)
    assert result.returncode == 1
    check_junit_shape(root)
    messages = [f.get("message") for f in root.iter("failure")]
    assert any('premiumU+0001U+001B[2J<&"> .monthly\u0085 renews every 3 days' in m for m in messages), messages
    assert "\x1b" not in result.stdout and "\x01" not in result.stdout
    _, example = junit(EXAMPLE, env)
    check_junit_shape(example)
    assert example.get("failures") == "0"


def test_output_writes_the_report_to_a_file_and_nothing_else(env, tmp_path):
    target = tmp_path / "audit.xml"
    result = audit(str(NO_PRIVACY), *ONE_VARIANT, "--format", "junit", "--output", str(target), env=env)
    assert result.returncode == 1 and result.stdout == "" and result.stderr == ""
    assert target.read_text(encoding="utf-8") == (GOLDENS / "no-privacy-url-en_US-80x24-new.xml").read_text(encoding="utf-8")
    # A passing audit replaces it whole, exit 0, and leaves no temporary file behind.
    passing = audit(str(EXAMPLE), "--format", "markdown", "--output", str(target), env=env)
    assert passing.returncode == 0 and passing.stdout == ""
    assert target.read_text(encoding="utf-8").startswith("## Paywall audit: every rule passes\n")
    assert [p.name for p in tmp_path.iterdir()] == ["audit.xml"]


def test_output_into_a_missing_directory_is_exit_2_in_one_sentence(env, tmp_path):
    result = audit(str(EXAMPLE), "--format", "junit", "--output", str(tmp_path / "nowhere" / "audit.xml"), env=env)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "does not exist" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_text_of_a_paywall_passes_and_without_its_privacy_line_fails_d5(env, tmp_path):
    result = audit(str(EXAMPLE), "--text", str(TEXT), env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines if line.startswith("HUMAN") and "text" in line] == \
        ["HUMAN D4 en_US USA text new default", "HUMAN D7 en_US USA text new default"]
    assert lines[-1].endswith(" 0 failed, 0 warnings, 6 need a person"), result.stdout
    broken = tmp_path / "no-privacy.txt"
    broken.write_text("".join(line for line in TEXT.read_text().splitlines(keepends=True) if "Privacy Policy" not in line))
    failing = audit(str(EXAMPLE), "--text", str(broken), env=env)
    assert failing.returncode == 1
    fails = [line for line in failing.stdout.splitlines() if line.startswith("FAIL")]
    assert [line.split(":")[0] for line in fails] == ["FAIL D5 en_US USA text new default"], failing.stdout


def test_text_with_crlf_line_endings_is_audited_as_with_lf(env, tmp_path):
    crlf = tmp_path / "paywall-text-crlf.txt"
    crlf.write_bytes(TEXT.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
    lf = audit(str(EXAMPLE), "--text", str(TEXT), "--format", "json", env=env)
    windows = audit(str(EXAMPLE), "--text", str(crlf), "--format", "json", env=env)
    assert lf.returncode == 0, lf.stdout + lf.stderr
    assert windows.returncode == lf.returncode and windows.stdout == lf.stdout, windows.stdout



def test_a_text_longer_than_any_paywall_is_refused_in_one_sentence(env, tmp_path):
    # Under the 1 MB limit, but 95,000 lines: laid out as one canvas as wide as its widest line,
    # it took 22 s and 1.5 GB.
    block = "Premium Monthly\n1 month, $4.99\nSubscribe\n\n"
    path = tmp_path / "many.txt"
    path.write_text(TEXT.read_text() + "\n" + block * 23_000)
    result = audit(str(EXAMPLE), "--text", str(path), env=env)
    assert result.returncode == 2 and result.stdout == "", result.stdout
    assert result.stderr.strip().splitlines() == [
        f"Error: --text {path} has 92026 lines, more than the 2000 Tollbooth reads as a paywall's text (its own limit); "
        "give the text of one paywall"], result.stderr
    wide = tmp_path / "wide.txt"
    wide.write_text(TEXT.read_text() + "x" * 1001 + "\n")
    result = audit(str(EXAMPLE), "--text", str(wide), env=env)
    assert result.returncode == 2 and "line 27 of --text" in result.stderr and "more than 1000 columns wide" in result.stderr, result.stderr


def test_the_readme_report_example_is_what_the_tool_prints(env):
    # README "For reviewers" quotes a text report whole: it must stay the binary's real output.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("$ tollbooth audit Examples/audit/no-privacy-url.storekit\n", 1)[1].split("```", 1)[0]
    result = run_cli("audit", "Examples/audit/no-privacy-url.storekit", env=env, check=False, cwd=ROOT)
    assert result.returncode == 1, result.stderr
    assert result.stdout == block
