"""The control room, end to end: panels opened by key in the real binary, actions that reach
the paywall (and other devices) through the store, read back through pyte."""
import re

import pytest

from harness import Session, base_env, run_cli


@pytest.fixture
def env(tmp_path):
    return base_env(tmp_path)


def ledger_args(tmp_path):
    return ["--ledger", str(tmp_path / "shared.sqlite")]


def open_paywall(tmp_path, env, *extra, cols=80, rows=24):
    session = Session("run", *ledger_args(tmp_path), *extra, cols=cols, rows=rows, env=env)
    session.wait_for(lambda t: "Restore Purchases" in t and "$39.99" in t)
    return session


def buy_monthly(s):
    s.send("j")
    s.wait_for(lambda t: "> Premium Monthly" in t)
    s.send("enter")
    s.wait_for("Confirm Subscription")
    s.send("enter")
    return s.wait_for("Subscribed, renews on")


def renewal_date(screen):
    match = re.search(r"Subscribed, renews on ([^\n]+?)\s{2,}|Subscribed, renews on ([^\n]+)", screen)
    assert match, screen
    return (match.group(1) or match.group(2)).strip()


def test_every_panel_opens_by_its_key_and_esc_returns_to_the_paywall(tmp_path, env):
    s = open_paywall(tmp_path, env)
    try:
        for key, title in [("t", "1 Transactions"), ("c", "2 Clock"), ("f", "3 Faults"), ("s", "4 Settings"), ("e", "5 Events")]:
            s.send(key)
            screen = s.wait_for(lambda t: "Paywall |" in t and title in t)
            assert "Esc" in screen.splitlines()[-1], "the footer names the way back"
            s.send("esc")
            s.wait_for(lambda t: "Restore Purchases" in t and "Paywall |" not in t)
        # Tab walks the panels in order from any of them.
        s.send("t", "tab")
        s.wait_for("Store time")
        s.send("q")
        assert s.wait_exit() == 0
    finally:
        s.close()


def test_a_fault_set_in_the_faults_panel_makes_the_next_purchase_fail(tmp_path, env):
    s = open_paywall(tmp_path, env)
    try:
        s.send("f")
        s.wait_for("3 Faults")
        s.send("j")          # loadProducts -> purchase
        s.send("enter")      # the rule editor, error first
        s.wait_for("storeKit.networkError")
        s.send("l", "l")     # two errors on: notAvailableInStorefront
        s.wait_for("storeKit.notAvailableInStorefront")
        s.send("a")          # apply
        # The fault line names it on every screen, the panel included.
        s.wait_for(lambda t: "FAULTS purchase: storeKit.notAvailableInStorefront (always)" in t)
        s.send("esc", "esc")
        s.wait_for(lambda t: "Restore Purchases" in t and "FAULTS purchase" in t)
        s.send("enter")
        s.wait_for("Confirm Subscription")
        s.send("enter")
        screen = s.wait_for("storeKit.notAvailableInStorefront")
        assert "isn't available" in screen.lower() or "not available" in screen.lower(), screen
        listing = run_cli("txn", "list", *ledger_args(tmp_path), "--json", env=env).stdout
        assert '"transactions" : [\n\n  ]' in listing or '"transactions":[]' in listing.replace(" ", "").replace("\n", "")
    finally:
        s.close()


def test_a_clock_advance_from_the_clock_panel_renews_and_moves_the_renewal_date(tmp_path, env):
    s = open_paywall(tmp_path, env)
    try:
        before = renewal_date(buy_monthly(s))
        s.send("c")
        s.wait_for("2 Clock")
        s.send("n")          # to the next renewal
        # The admin action's result and the listener's renewal on Transaction.updates (B12),
        # in whichever order they land.
        s.wait_for(lambda t: "Premium Monthly renewed" in t or "Advanced to the next renewal" in t)
        s.send("esc")
        s.wait_for(lambda t: "Subscribed, renews on" in t and renewal_date(t) != before)
        listing = run_cli("txn", "list", *ledger_args(tmp_path), "--json", env=env).stdout
        assert '"renewal"' in listing
    finally:
        s.close()


def test_switching_locale_in_settings_rerenders_the_paywall_in_japanese(tmp_path, env):
    s = open_paywall(tmp_path, env)
    try:
        s.send("s")
        s.wait_for("4 Settings")
        s.send("j")          # Storefront -> Locale
        s.send("enter")      # en_US -> ja_JP
        s.wait_for("ja_JP")
        s.send("esc")
        s.wait_for(lambda t: "購入を復元" in t and "プレミアム" in t)
    finally:
        s.close()
