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


def test_every_name_of_the_bundled_example_reaches_the_no_argument_paywalls_ledger(tmp_path, env):
    """Issue 24: `tollbooth` with no argument and `--catalog Examples/Example.storekit` used two
    ledgers, so a second terminal saw no transactions. Every way of naming the example (the
    repository's link, the file it points to, the copy in the build's resources) is one ledger,
    and the paywall's Settings panel and `tollbooth --help` say which file it is."""
    from harness import BINARY, ROOT, Session, buy_monthly, paywall_ready

    paywall = Session(env=env)  # no argument: the bundled example
    try:
        paywall.wait_for(paywall_ready)
        buy_monthly(paywall)
        resources = BINARY.parent / "Tollbooth_Chrome.resources" / "Resources" / "Examples" / "Example.storekit"
        for catalog, cwd in [("Examples/Example.storekit", ROOT), (str(ROOT / "Examples" / "Example.storekit"), None),
                             (str((ROOT / "Examples" / "Example.storekit").resolve()), None), (str(resources), None)]:
            listed = json.loads(run_cli("txn", "list", "--catalog", catalog, "--json", env=env, cwd=cwd).stdout)["transactions"]
            assert [t["productID"] for t in listed] == [MONTHLY], (catalog, listed)
        # Settings names the ledger on its last line (under the last row when a message takes
        # a line of the window).
        paywall.send("s")
        paywall.wait_for("4 Settings")
        paywall.send("G")
        paywall.wait_for("bundled-Example.sqlite")
        # A refund from the second terminal reaches the open paywall.
        paywall.send("esc")
        paywall.wait_for("[ Subscribed ]")
        run_cli("txn", "refund", str(listed[0]["id"]), "--catalog", "Examples/Example.storekit", env=env, cwd=ROOT)
        paywall.wait_for(lambda text: paywall_ready(text) and "[ Subscribed ]" not in text)
    finally:
        paywall.close()
    ledger = tmp_path / "tollbooth" / "bundled-Example.sqlite"
    assert ledger.exists()
    assert [p.name for p in (tmp_path / "tollbooth").glob("*.sqlite")] == ["bundled-Example.sqlite"]
    help_text = run_cli("--help", env=env).stdout
    assert f"The bundled example's ledger: {ledger}" in help_text, help_text
    assert help_text.index("OVERVIEW:") < help_text.index("LEDGERS:"), help_text  # an epilogue, after the help
