"""B13/S14 across OS processes: a running paywall (a device's `Store` on a ledger file) hears what
`tollbooth txn` does to the same file from another process, with no key pressed: a purchase, a
purchase on another device, and a refund. Here rather than in the Swift suites because it runs
the binary this suite is run against, built in the same step."""
import json

from harness import ledger_args, open_paywall, run_cli

LIFETIME = "dev.tollbooth.example.lifetime"
MONTHLY = "dev.tollbooth.example.premium.monthly"


def test_purchases_and_a_refund_by_another_process_reach_the_running_paywall(tmp_path, env):
    args = ledger_args(tmp_path)
    paywall = open_paywall(tmp_path, env)  # the device "iphone"
    try:
        assert "[ Owned ]" not in paywall.text()
        lifetime = json.loads(run_cli("txn", "buy", LIFETIME, *args, "--json", env=env).stdout)
        paywall.wait_for("[ Owned ]")
        monthly = json.loads(run_cli("txn", "buy", MONTHLY, "--device", "ipad", *args, "--json", env=env).stdout)
        assert monthly["device"] == "ipad"
        paywall.wait_for("[ Subscribed ]")
        run_cli("txn", "refund", str(lifetime["id"]), *args, env=env)
        paywall.wait_for(lambda text: "[ Owned ]" not in text and "[ Subscribed ]" in text)
    finally:
        paywall.close()
    listed = json.loads(run_cli("txn", "list", *args, "--json", env=env).stdout)["transactions"]
    refunded = next(t for t in listed if t["id"] == lifetime["id"])
    assert refunded.get("revocationDate"), refunded
