"""`tollbooth entitlements`: what Transaction.currentEntitlements returns on a device, for scripts."""
import json

from harness import ROOT, run_cli

CATALOG = ROOT / "Examples" / "Example.storekit"
MONTHLY = "dev.tollbooth.example.premium.monthly"  # familyShareable in the example catalog
LIFETIME = "dev.tollbooth.example.lifetime"  # not shareable


def entitlements(ledger, env, *extra):
    return json.loads(run_cli("entitlements", "--json", *ledger, *extra, env=env).stdout)


def test_entitlements_follow_purchases_family_sharing_and_refunds(tmp_path, env):
    ledger = ["--ledger", str(tmp_path / "l.sqlite"), "--catalog", str(CATALOG)]
    # A read creates no ledger: before the first purchase there is nothing to show.
    refused = run_cli("entitlements", "--json", *ledger, env=env, check=False)
    assert refused.returncode != 0 and "there is no ledger at" in refused.stderr
    assert not (tmp_path / "l.sqlite").exists()
    monthly = json.loads(run_cli("txn", "buy", MONTHLY, "--json", *ledger, env=env).stdout)
    run_cli("txn", "buy", LIFETIME, *ledger, env=env)

    mine = entitlements(ledger, env)
    assert sorted(t["productID"] for t in mine["entitlements"]) == sorted([MONTHLY, LIFETIME])
    assert {t["ownershipType"] for t in mine["entitlements"]} == {"purchased"}
    assert mine["familyMember"] is False and "device" not in mine

    run_cli("family", "member", "kid", *ledger, env=env)
    kid = entitlements(ledger, env, "--device", "kid")
    assert kid["familyMember"] is True and kid["device"] == "kid"
    assert [(t["productID"], t["ownershipType"]) for t in kid["entitlements"]] == [(MONTHLY, "familyShared")]

    text = run_cli("entitlements", "--device", "kid", *ledger, env=env).stdout
    assert "device kid (family member)" in text, text
    row = next(line for line in text.splitlines() if MONTHLY in line)
    assert "familyShared" in row and "yes" in row, text
    assert LIFETIME not in text

    run_cli("txn", "refund", str(monthly["id"]), *ledger, env=env)
    assert entitlements(ledger, env, "--device", "kid")["entitlements"] == []
    assert [t["productID"] for t in entitlements(ledger, env)["entitlements"]] == [LIFETIME]
    assert "no entitlements" in run_cli("entitlements", "--device", "kid", *ledger, env=env).stdout


def test_stopping_sharing_takes_the_product_from_members(tmp_path, env):
    ledger = ["--ledger", str(tmp_path / "l.sqlite"), "--catalog", str(CATALOG)]
    run_cli("txn", "buy", MONTHLY, *ledger, env=env)
    run_cli("family", "member", "kid", *ledger, env=env)
    assert len(entitlements(ledger, env, "--device", "kid")["entitlements"]) == 1
    run_cli("family", "share", MONTHLY, "--off", *ledger, env=env)
    assert entitlements(ledger, env, "--device", "kid")["entitlements"] == []
    assert len(entitlements(ledger, env)["entitlements"]) == 1
    refused = run_cli("family", "share", LIFETIME, "--off", *ledger, env=env, check=False)
    assert refused.returncode != 0 and "is not family-shareable" in refused.stderr, refused.stderr


def test_a_family_members_paywall_shows_the_shared_subscription(tmp_path, env):
    from harness import Session, ledger_args, paywall_ready
    s = Session("run", *ledger_args(tmp_path), "--family-member", "kid", env=env)
    try:
        s.wait_for(paywall_ready)
        run_cli("txn", "buy", MONTHLY, *ledger_args(tmp_path), env=env)
        s.wait_for("Shared by family")
        shown = entitlements(ledger_args(tmp_path), env, "--device", "kid")
        assert [t["ownershipType"] for t in shown["entitlements"]] == ["familyShared"]
    finally:
        s.close()
