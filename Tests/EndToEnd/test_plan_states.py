"""The states a customer sees on a plan (issue 12), end to end: the real binary in a pty."""
from harness import ledger_args, open_paywall, run_cli

MONTHLY = "dev.tollbooth.example.premium.monthly"


def test_a_free_trial_says_so_with_its_end_and_the_price_after(tmp_path, env):
    s = open_paywall(tmp_path, env)
    try:
        s.send("enter")  # the yearly plan, focused at launch, offers the free trial
        s.wait_for("Confirm Subscription")
        s.send("enter")
        screen = s.wait_for("Free trial until")
        assert "then $39.99/year" in " ".join(screen.split())
        assert "Subscribed, renews on" not in screen
    finally:
        s.close()


def test_a_free_trial_in_japanese_at_40x20(tmp_path, env):
    s = open_paywall(tmp_path, env, "--locale", "ja_JP", cols=40, rows=20)
    try:
        s.send("enter")
        s.wait_for("サブスクリプションの確認")
        s.send("enter")
        screen = s.wait_for("まで無料トライア")  # the line wraps at 40 columns
        assert "[ 登録済み ]" in screen
    finally:
        s.close()


def test_billing_retry_says_update_payment_method_not_subscribed(tmp_path, env):
    s = open_paywall(tmp_path, env)
    try:
        args = ledger_args(tmp_path)
        run_cli("clock", "pause", *args, env=env)
        run_cli("fault", "switch", "billingRetry", "on", *args, env=env)
        run_cli("txn", "buy", MONTHLY, *args, env=env)
        s.wait_for("Subscribed, renews on")
        run_cli("clock", "advance", "next", *args, env=env)
        screen = s.wait_for("[ Update payment method ]")
        assert "access paused" in screen
        assert "[ Subscribed ]" not in screen
        s.send("j")  # to the monthly plan, whose button explains itself when activated
        s.wait_for(lambda t: "> Premium Monthly" in t)
        s.send("enter")
        s.wait_for("Update your payment method in")
    finally:
        s.close()


def test_an_ask_to_buy_request_waits_only_on_the_device_that_made_it(tmp_path, env):
    phone = open_paywall(tmp_path, env, "--device", "iphone")
    pad = open_paywall(tmp_path, env, "--device", "ipad")
    try:
        run_cli("fault", "switch", "askToBuy", "on", *ledger_args(tmp_path), env=env)
        phone.send("j", "j")
        phone.wait_for(lambda t: "> Lifetime Unlock" in t)
        phone.send("enter")
        phone.wait_for("Confirm Purchase")
        phone.send("enter")
        phone.wait_for("Purchase pending")
        phone.send("esc")
        phone.wait_for(lambda t: "[ Awaiting approval ]" in t and "Pending approval (Ask to Buy)" in t)
        # The iPad hears of the request (its status line names the store's latest event) but
        # has no way to know it waits for a parent: its plan can still be bought.
        screen = pad.wait_for(lambda t: "last: Ask to Buy request" in t)
        assert "Awaiting approval" not in screen
        assert "Pending approval" not in screen
    finally:
        phone.close()
        pad.close()
