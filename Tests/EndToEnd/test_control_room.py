"""The control room, end to end: panels opened by key in the real binary, actions that reach
the paywall (and other devices) through the store, read back through pyte."""
import re

from harness import buy_monthly, ledger_args, open_paywall, run_cli


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


def test_help_in_a_small_window_lists_the_open_panels_keys_and_scrolls(tmp_path, env):
    s = open_paywall(tmp_path, env, cols=40, rows=20)
    try:
        s.send("t")
        s.wait_for("Transactions")
        s.send("?")
        screen = s.wait_for("Keys: Transactions")
        assert "Refund (choose" in screen and "more v" in screen
        s.send("G")
        screen = s.wait_for("more ^")
        assert "Quit" in screen and "Refund (choose" not in screen
        s.send("?")
        s.wait_for(lambda t: "Keys: Transactions" not in t and "Transactions" in t)
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


def test_a_refund_from_one_devices_transactions_panel_reaches_both_devices(tmp_path, env):
    phone = open_paywall(tmp_path, env, "--device", "iphone")
    pad = open_paywall(tmp_path, env, "--device", "ipad")
    try:
        buy_monthly(phone)
        # The other device unlocks through Transaction.updates, no key pressed (S14).
        pad.wait_for("Subscribed, renews on", timeout=3)
        pad.send("t")
        screen = pad.wait_for(lambda t: "1 Transactions" in t and "iphone" in t)
        assert "Premium Monthly" in screen, "the panel names the product and the device that bought it"
        pad.send("r")                      # refund: choose the reason
        pad.wait_for(lambda t: "developer issue" in t.lower())
        pad.send("enter")
        pad.wait_for("Are you sure?")
        pad.send("y")
        # Both devices re-lock through their listeners.
        phone.wait_for("Refunded: access revoked", timeout=3)
        pad.send("esc")
        pad.wait_for("Refunded: access revoked", timeout=3)
        listing = run_cli("txn", "list", *ledger_args(tmp_path), "--json", env=env).stdout
        assert "developerIssue" in listing
    finally:
        phone.close()
        pad.close()


def test_buy_elsewhere_from_the_panel_arrives_through_updates(tmp_path, env):
    s = open_paywall(tmp_path, env)
    try:
        s.send("t")
        s.wait_for("1 Transactions")
        s.send("b")                        # which product?
        s.wait_for("Lifetime Unlock")
        s.send("j", "j", "enter")          # Lifetime, then which device?
        s.wait_for(lambda t: "which device" in t.lower())
        s.send("enter")
        s.wait_for("Are you sure?")
        s.send("y")
        s.wait_for(lambda t: "Lifetime Unlock" in t and "ipad" in t)
        s.send("esc")
        s.wait_for("[ Owned ]", timeout=3)
    finally:
        s.close()


def test_an_app_that_never_finishes_gets_the_purchase_again_at_relaunch(tmp_path, env):
    """S11 in the TUI alone: Settings -> Finish transactions off, buy, then relaunch."""
    s = open_paywall(tmp_path, env)
    try:
        s.send("s")
        s.wait_for("4 Settings")
        s.send("G")                        # to the bottom rows, then up to "Finish transactions"
        s.send("k", "k", "k", "k")
        s.wait_for(lambda t: re.search(r">\s+Finish transactions", t))
        s.send("enter")
        s.wait_for(lambda t: re.search(r"Finish transactions\s+< Off >", t))
        s.send("esc")
        s.send("j", "j")
        s.wait_for(lambda t: "> Lifetime Unlock" in t)
        s.send("enter")
        s.wait_for("Confirm Purchase")
        s.send("enter")
        s.wait_for("[ Owned ]")
        s.send("e")                        # the event log warns about it
        s.wait_for("Purchase result ignored")
        s.send("4")
        s.send("j")                        # the cursor stayed on "Finish transactions"; next is "Quit and relaunch"
        s.wait_for(lambda t: re.search(r">\s+Quit and relaunch", t))
        s.send("enter")
        s.wait_for("Restart the app?")
        s.send("y")
        s.wait_for("delivered again at launch")
    finally:
        s.close()
