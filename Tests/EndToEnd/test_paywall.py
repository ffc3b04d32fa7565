"""The paywall, end to end: the real binary in a pseudo-terminal, read through pyte."""
import os
import signal
import time

import pytest

from harness import Session, buy_monthly, ledger_args, open_paywall, paywall_ready, run_cli


def assert_common_subset(output):
    """The paywall keeps to escape sequences every emulator and recorder understands: no REP
    (CSI n b), no scroll up/down (CSI n S / T), no DEC line-drawing charset (ESC ( 0)."""
    import re
    assert not re.search(rb"\x1b\[[0-9]*[bST]", output), "REP/SU/SD in the output"
    assert b"\x1b(0" not in output, "DEC line drawing in the output"


def test_buy_monthly_then_a_refund_from_another_process_reverts_with_no_key(tmp_path, env):
    s = open_paywall(tmp_path, env)
    try:
        screen = buy_monthly(s)  # from the yearly plan to the monthly one
        assert "[ Subscribed ]" in screen
        listing = run_cli("txn", "list", *ledger_args(tmp_path), "--json", env=env).stdout
        import json
        tx = json.loads(listing)["transactions"][0]
        assert tx["productID"].endswith("premium.monthly") and tx["device"] == "iphone"
        started = time.monotonic()
        run_cli("txn", "refund", str(tx["id"]), *ledger_args(tmp_path), env=env)
        s.wait_for("Refunded: access revoked", timeout=3)
        assert time.monotonic() - started < 3
        s.send("q")
        assert s.wait_exit() == 0
        assert_common_subset(bytes(s.output))
    finally:
        s.close()


def test_purchase_on_another_device_arrives_without_a_key(tmp_path, env):
    phone = open_paywall(tmp_path, env, "--device", "iphone")
    pad = open_paywall(tmp_path, env, "--device", "ipad")
    try:
        phone.send("j", "j")
        phone.wait_for(lambda t: "> Lifetime Unlock" in t)
        phone.send("enter")
        phone.wait_for("Confirm Purchase")
        phone.send("enter")
        phone.wait_for("[ Owned ]")
        pad.wait_for("[ Owned ]", timeout=3)
    finally:
        phone.close()
        pad.close()


def test_restore_reports_what_came_back(tmp_path, env):
    s = open_paywall(tmp_path, env)
    try:
        s.send("r")
        s.wait_for(lambda t: "Nothing to restore" in t or "nothing to restore" in t.lower())
        run_cli("fault", "set", "appStoreSync", "storeKit.networkError", "--once", *ledger_args(tmp_path), env=env)
        s.wait_for("appStoreSync")  # active faults are always on screen
        # The fault line already says "networkError": wait for the alert's own words.
        assert "Restore failed" not in s.text()
        s.send("r")
        s.wait_for(lambda t: "Restore failed" in t and "Check your internet connection" in t)
    finally:
        s.close()


def test_injected_purchase_error_shows_a_clear_message(tmp_path, env):
    s = open_paywall(tmp_path, env)
    try:
        run_cli("fault", "set", "purchase", "purchase.purchaseNotAllowed", *ledger_args(tmp_path), env=env)
        s.wait_for("purchase.purchaseNotAllowed")
        s.send("enter")
        s.wait_for("Confirm Subscription")
        s.send("enter")
        s.wait_for(lambda t: "disabled" in t.lower() or "not allowed" in t.lower())
    finally:
        s.close()


def test_japanese_at_40x20_shows_restore_and_yen(tmp_path, env):
    s = Session("run", "--locale", "ja_JP", *ledger_args(tmp_path), cols=40, rows=20, env=env)
    try:
        screen = s.wait_for(paywall_ready)
        assert "¥4,800" in screen
        assert "プレミアム（年額）" in screen
        # Wide characters never push a line past the right edge.
        from wcwidth import wcswidth
        assert all(wcswidth(line) <= 40 for line in s.lines())
        for _ in range(30):
            s.send("j")
        s.wait_for("購入を復元")
    finally:
        s.close()


def test_resize_down_to_1x1_and_back_never_crashes(tmp_path, env):
    s = open_paywall(tmp_path, env)
    try:
        s.resize(15, 6)
        s.wait_for(lambda t: "too small" in " ".join(t.split()).lower())
        s.resize(1, 1)
        s.pump(0.3)
        assert s.proc.poll() is None
        s.resize(100, 30)
        s.wait_for("Restore Purchases")
        assert s.proc.poll() is None
    finally:
        s.close()


@pytest.mark.parametrize("how", ["q", "ctrl-c", "SIGTERM", "SIGHUP", "SIGQUIT"])
def test_every_exit_restores_the_terminal(tmp_path, env, how):
    s = open_paywall(tmp_path, env)
    try:
        if how in ("q", "ctrl-c"):
            s.send(how)
        else:
            os.killpg(s.proc.pid, getattr(signal, how))
        code = s.wait_exit()
        expected = 0 if how in ("q", "ctrl-c") else 128 + getattr(signal, how)
        assert code == expected, code
        assert s.terminal_attrs() == s.initial_attrs, "termios settings differ after exit"
        assert b"Crash" not in bytes(s.output) and b"Backtrace" not in bytes(s.output), "a crash banner was printed"
        tail = bytes(s.output[-200:])
        assert b"\x1b[?1049l" in tail or b"\x1b[?47l" in tail, "alternate screen left"
    finally:
        s.close()


def test_without_a_terminal_it_explains_and_exits_nonzero(tmp_path, env):
    result = run_cli("run", *ledger_args(tmp_path), env=env, check=False)
    assert result.returncode != 0
    assert "terminal" in result.stderr.lower()
    dumb = dict(env, TERM="dumb")
    s = Session("run", *ledger_args(tmp_path), env=dumb)
    try:
        code = s.wait_exit()
        assert code != 0
        assert "dumb" in s.text().lower() or "terminal" in s.text().lower()
    finally:
        s.close()


def test_mouse_click_on_a_buy_button_opens_the_sheet_and_esc_closes_it_at_once(tmp_path, env):
    s = open_paywall(tmp_path, env)
    try:
        x, y = s.find("[ Buy ]")
        s.click(x + 2, y)
        s.wait_for("Confirm Purchase")
        s.send("esc")
        s.wait_for(lambda t: "Confirm Purchase" not in t, timeout=0.5)  # no one-second Esc delay
        s.send("?")
        s.wait_for("Show or hide this help")
    finally:
        s.close()
