"""`clock show` tells Apple's published grace and retry lengths from Tollbooth's estimates."""
import json

import pytest

from harness import ROOT, run_cli

CATALOG = ROOT / "Examples" / "Example.storekit"


@pytest.mark.parametrize("rate", ["monthlyRenewalEveryHour", "monthlyRenewalEveryThirtyMinutes",
                                  "monthlyRenewalEveryFifteenMinutes", "monthlyRenewalEveryFiveMinutes"])
def test_unpublished_grace_and_retry_are_labelled_estimates(rate, tmp_path, env):
    ledger = ["--ledger", str(tmp_path / "l.sqlite"), "--catalog", str(CATALOG)]
    run_cli("clock", "rate", rate, *ledger, env=env)
    shown = run_cli("clock", "show", *ledger, env=env).stdout
    grace = next(line for line in shown.splitlines() if line.startswith("grace"))
    retry = next(line for line in shown.splitlines() if line.startswith("retry"))
    assert "(estimate: Apple publishes none for this rate)" in grace, shown
    assert "(estimate: Apple publishes none for this rate)" in retry, shown
    assert json.loads(run_cli("clock", "show", "--json", *ledger, env=env).stdout)["graceAndRetryEstimated"] is True


def test_published_grace_and_retry_are_not_estimates(tmp_path, env):
    ledger = ["--ledger", str(tmp_path / "l.sqlite"), "--catalog", str(CATALOG)]
    run_cli("clock", "rate", "monthlyRenewalEveryThirtySeconds", *ledger, env=env)
    shown = run_cli("clock", "show", *ledger, env=env).stdout
    assert "grace       15 seconds (weekly: 9 seconds)\n" in shown, shown
    assert "retry       1.0 minutes\n" in shown, shown
    assert "estimate" not in shown
    shown = json.loads(run_cli("clock", "show", "--json", *ledger, env=env).stdout)
    assert shown["graceAndRetryEstimated"] is False and shown["billingRetrySeconds"] == 60
