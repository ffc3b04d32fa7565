"""The audit overlay (`a` in `tollbooth run`), end to end: the real binary in a pseudo-terminal,
read through pyte."""
from harness import ROOT, Session, ledger_args, paywall_ready

EXAMPLE = ROOT / "Examples" / "Example.storekit"
NO_PRIVACY = ROOT / "Examples" / "audit" / "no-privacy-url.storekit"


def open_catalog(tmp_path, env, catalog, cols=80, rows=24):
    session = Session("run", str(catalog), *ledger_args(tmp_path), cols=cols, rows=rows, env=env)
    session.wait_for(paywall_ready)
    return session


def list_lines(session):
    return [line.strip() for line in session.lines()]


def test_a_missing_privacy_url_fails_d5_in_the_status_row_and_the_list(tmp_path, env):
    s = open_catalog(tmp_path, env, NO_PRIVACY)
    try:
        s.send("a")
        s.wait_for(lambda t: t.splitlines()[-1].startswith("Audit: D5 fails"))
        assert "not configured" in s.lines()[-1]
        assert "FAIL D5 Privacy Policy link" in list_lines(s), s.text()
        s.send("a")
        s.wait_for(lambda t: "Audit" not in t and "FAIL" not in t)
        s.send("q")
        assert s.wait_exit() == 0
    finally:
        s.close()


def test_the_bundled_example_passes_every_rule_and_esc_closes(tmp_path, env):
    s = open_catalog(tmp_path, env, EXAMPLE)
    try:
        s.send("a")
        s.wait_for(lambda t: t.splitlines()[-1].startswith("Audit: no rule fails"))
        assert "PASS D5 Privacy Policy link" in list_lines(s), s.text()
        assert not any(line.startswith("FAIL") for line in list_lines(s))
        s.send("esc")
        s.wait_for(lambda t: "Audit" not in t)
    finally:
        s.close()


def test_the_overlay_follows_a_resize_and_a_purchase(tmp_path, env):
    s = open_catalog(tmp_path, env, NO_PRIVACY, cols=40, rows=20)
    try:
        s.send("a")
        s.wait_for(lambda t: t.splitlines()[-1].startswith("Audit: D5 fails"))
        s.resize(120, 30)
        # The list moves to the right of the paywall, which keeps 80 columns.
        s.wait_for(lambda t: any("FAIL D5 Privacy Policy link" in line[80:] for line in s.lines()))
        s.send("enter")  # the focused plan: the confirmation sheet
        s.wait_for("Confirm")
        s.send("enter")
        s.wait_for(lambda t: "[ Owned ]" in t or "[ Subscribed ]" in t)
        assert s.lines()[-1].startswith("Audit: D5 fails"), s.text()
    finally:
        s.close()
