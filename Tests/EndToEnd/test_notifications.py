"""App Store Server Notifications end to end: the real binary POSTs to a small Python receiver,
Apple's App Store Server Library (SignedDataVerifier, online checks off, Tollbooth's root from
`tollbooth cert export --der`) decodes what arrives; retries at a fast clock, a slow receiver,
and `kill -9` of every Tollbooth process between the event and the POST."""
import fcntl
import json
import os
import signal
import sqlite3
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.InAppOwnershipType import InAppOwnershipType
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.RevocationReason import RevocationReason
from appstoreserverlibrary.models.RevocationType import RevocationType
from appstoreserverlibrary.models.Status import Status
from appstoreserverlibrary.models.Subtype import Subtype
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from harness import BINARY, ROOT, Session, base_env, buy_monthly, paywall_ready, run_cli

CATALOG = ROOT / "Examples" / "Example.storekit"
YEARLY = "dev.tollbooth.example.premium.yearly"
LIFETIME = "dev.tollbooth.example.lifetime"
# What a ledger no app launched on, or the paywall's, signs as (AppIdentity.paywall).
BUNDLE_ID = "dev.tollbooth.paywall"


class Receiver:
    """An HTTP server on 127.0.0.1 that records every POST and answers each with the next of
    `answers` (then 200). `hold` makes it wait up to that many seconds before answering, as a
    slow server does, unless `release()` lets it go."""

    def __init__(self, answers=(), hold=0):
        self.posts = []
        self.answered = 0
        self.changed = threading.Condition()
        self.answers = list(answers)
        self.hold = hold
        self.released = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.changed:
                    receiver.posts.append({"at": time.time(), "body": body, "type": self.headers.get("Content-Type")})
                    status = receiver.answers.pop(0) if receiver.answers else 200
                    receiver.changed.notify_all()
                if receiver.hold:
                    receiver.released.wait(receiver.hold)
                try:
                    self.send_response(status)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                except OSError:
                    return  # the courier was killed mid-POST
                with receiver.changed:
                    receiver.answered += 1
                    receiver.changed.notify_all()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}/notifications"

    def wait_for(self, count, timeout=30):
        """The first `count` POSTs, once they have arrived."""
        with self.changed:
            if not self.changed.wait_for(lambda: len(self.posts) >= count, timeout):
                raise AssertionError(f"{len(self.posts)} POSTs arrived, expected {count} within {timeout} s")
            return list(self.posts[:count])

    def release(self):
        self.hold = 0
        self.released.set()

    def close(self):
        self.release()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    made = []

    def make(**options):
        made.append(Receiver(**options))
        return made[-1]

    yield make
    for r in made:
        r.close()


@pytest.fixture
def ledger(tmp_path):
    env = base_env(tmp_path)
    path = tmp_path / "shared.sqlite"
    # A command that may write makes the ledger for the catalog (a read creates none).
    run_cli("fault", "clear", "--catalog", str(CATALOG), "--ledger", str(path), env=env)
    return env, path, ["--ledger", str(path)]


def verifier(env):
    root = subprocess.run([str(BINARY), "cert", "export", "--der"], capture_output=True, env=env, check=True).stdout
    return SignedDataVerifier([root], False, Environment.SANDBOX, BUNDLE_ID)


def signed_payload(post):
    return json.loads(post["body"])["signedPayload"]


def outbox(env, args):
    return json.loads(run_cli("notify", "list", *args, "--json", env=env).stdout)["notifications"]


def wait_until_delivered(env, args, count, timeout=30):
    """The outbox once `count` notifications are recorded delivered (the courier records the
    answer after the receiver sends it)."""
    deadline = time.monotonic() + timeout
    while True:
        listed = outbox(env, args)
        if sum(n["status"] == "delivered" for n in listed) >= count:
            return listed
        if time.monotonic() > deadline:
            raise AssertionError(f"not {count} delivered within {timeout} s: {listed}")
        time.sleep(0.05)


def couriers(ledger_path):
    """The pids of `tollbooth notify deliver` processes this test's commands started for its ledger."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if b"deliver" in argv and str(ledger_path).encode() in argv:
            found.append(int(entry))
    return found


def kill_all(ledger_path, *sessions):
    for session in sessions:
        os.kill(session.proc.pid, signal.SIGKILL)
    for pid in couriers(ledger_path):
        os.kill(pid, signal.SIGKILL)


def test_a_purchase_reaches_the_receiver_and_apples_verifier_decodes_it(ledger, receiver):
    env, _, args = ledger
    r = receiver()
    run_cli("notify", "url", r.url, *args, env=env)
    bought = json.loads(run_cli("txn", "buy", YEARLY, *args, "--json", env=env).stdout)
    post = r.wait_for(1)[0]
    assert post["type"] == "application/json"
    check = verifier(env)
    payload = check.verify_and_decode_notification(signed_payload(post))
    assert payload.notificationType == NotificationTypeV2.SUBSCRIBED
    assert payload.subtype == Subtype.INITIAL_BUY
    assert payload.version == "2.0"
    assert payload.data.bundleId == BUNDLE_ID and payload.data.environment == Environment.SANDBOX
    assert payload.data.status == Status.ACTIVE
    transaction = check.verify_and_decode_signed_transaction(payload.data.signedTransactionInfo)
    assert transaction.transactionId == str(bought["id"]) and transaction.productId == YEARLY
    renewal = check.verify_and_decode_renewal_info(payload.data.signedRenewalInfo)
    assert renewal.originalTransactionId == str(bought["originalID"])
    listed = wait_until_delivered(env, args, 1)
    assert listed[0]["notificationUUID"] == payload.notificationUUID
    assert listed[0]["lastHTTPStatus"] == 200 and listed[0]["attempts"] == 1


def test_a_refund_and_a_test_notification_arrive_with_their_types(ledger, receiver):
    env, _, args = ledger
    r = receiver()
    run_cli("notify", "url", r.url, *args, env=env)
    bought = json.loads(run_cli("txn", "buy", LIFETIME, *args, "--json", env=env).stdout)
    run_cli("txn", "refund", str(bought["id"]), *args, env=env)
    token = run_cli("notify", "test", *args, env=env).stdout.split("testNotificationToken ")[1].strip()
    check = verifier(env)
    decoded = [check.verify_and_decode_notification(signed_payload(p)) for p in r.wait_for(3)]
    types = sorted(p.notificationType for p in decoded)
    assert types == sorted([NotificationTypeV2.ONE_TIME_CHARGE, NotificationTypeV2.REFUND, NotificationTypeV2.TEST])
    assert any(p.notificationType == NotificationTypeV2.TEST and p.notificationUUID == token for p in decoded)
    refund = next(p for p in decoded if p.notificationType == NotificationTypeV2.REFUND)
    refunded = check.verify_and_decode_signed_transaction(refund.data.signedTransactionInfo)
    assert refunded.revocationType == RevocationType.REFUND_FULL and refunded.revocationPercentage == 100000


def test_a_member_losing_a_shared_subscription_gets_revoke_with_its_copy_revoked(ledger, receiver):
    env, _, args = ledger
    r = receiver()
    run_cli("notify", "url", r.url, *args, env=env)
    run_cli("family", "member", "kid", *args, env=env)
    bought = json.loads(run_cli("txn", "buy", YEARLY, *args, "--json", env=env).stdout)
    run_cli("family", "share", YEARLY, "--off", *args, env=env)
    check = verifier(env)
    decoded = [check.verify_and_decode_notification(signed_payload(p)) for p in r.wait_for(2)]
    revoke = next(p for p in decoded if p.notificationType == NotificationTypeV2.REVOKE)
    copy = check.verify_and_decode_signed_transaction(revoke.data.signedTransactionInfo)
    assert copy.transactionId == str(bought["id"])
    assert copy.inAppOwnershipType == InAppOwnershipType.FAMILY_SHARED
    assert copy.revocationType == RevocationType.FAMILY_REVOKE
    assert copy.revocationReason == RevocationReason.REFUNDED_FOR_OTHER_REASON
    assert copy.revocationDate is not None and copy.signedDate == copy.revocationDate
    assert copy.revocationPercentage is None, "a member is refunded nothing"


def test_a_receiver_answering_500_gets_the_retry_at_a_fast_clock_rate(ledger, receiver):
    env, _, args = ledger
    r = receiver(answers=[500])
    run_cli("clock", "rate", "monthlyRenewalEveryThirtySeconds", *args, env=env)
    run_cli("notify", "url", r.url, *args, env=env)
    run_cli("txn", "buy", LIFETIME, *args, env=env)
    first, second = r.wait_for(2)
    assert first["body"] == second["body"], "a retry sends the same signed payload"
    listed = wait_until_delivered(env, args, 1)
    assert listed[0]["attempts"] == 2 and listed[0]["lastHTTPStatus"] == 200


def test_a_slow_receiver_holds_up_neither_txn_buy_nor_the_paywall(tmp_path, ledger, receiver):
    env, path, args = ledger
    r = receiver(hold=10)
    run_cli("notify", "url", r.url, *args, env=env)
    paywall = Session("run", str(CATALOG), *args, env=env)
    try:
        paywall.wait_for(paywall_ready)
        run_cli("txn", "buy", LIFETIME, *args, env=env)
        r.wait_for(1)
        # The receiver holds that POST for 10 s; meanwhile the paywall buys and the CLI buys.
        buy_monthly(paywall)
        run_cli("txn", "buy", YEARLY, *args, env=env)
        assert r.answered == 0, "everything above happened while the receiver held its first POST"
        r.release()
        wait_until_delivered(env, args, 2)
    finally:
        paywall.close()


def test_kill_9_before_the_post_then_any_command_delivers(ledger, receiver):
    env, path, args = ledger
    r = receiver()
    run_cli("notify", "url", r.url, *args, env=env)
    # A courier holds the ledger (this test stands in for it), so the purchase starts none.
    lock = open(f"{path}.courier.lock", "a")
    fcntl.flock(lock, fcntl.LOCK_EX)
    try:
        run_cli("txn", "buy", LIFETIME, *args, env=env)
        assert outbox(env, args)[0]["attempts"] == 0
    finally:
        lock.close()  # the courier is killed: the kernel drops its lock
    kill_all(path)
    assert r.posts == []
    run_cli("txn", "list", *args, env=env)  # any command
    r.wait_for(1)
    assert wait_until_delivered(env, args, 1)[0]["attempts"] == 1


def test_kill_9_of_every_process_mid_post_then_any_command_delivers(ledger, receiver):
    env, path, args = ledger
    r = receiver(hold=10)
    run_cli("notify", "url", r.url, *args, env=env)
    paywall = Session("run", str(CATALOG), *args, env=env)
    try:
        paywall.wait_for(paywall_ready)
        run_cli("txn", "buy", LIFETIME, *args, env=env)
        held = r.wait_for(1)[0]
        kill_all(path, paywall)
    finally:
        paywall.close()
    r.release()
    run_cli("txn", "list", *args, env=env)  # any command: the killed claim runs out, then it is sent
    again = r.wait_for(2, timeout=45)[1]
    assert again["body"] == held["body"]
    assert wait_until_delivered(env, args, 1)[0]["status"] == "delivered"


@pytest.mark.parametrize("url, message", [
    ("http://127.0.0.1:99999/n", "has port 99999, outside 1–65535"),
    ("http://127.0.0.1:0/n", "has port 0, outside 1–65535"),
    ("ftp://127.0.0.1/n", "is not an http or https URL"),
    ("http:///n", "has no host"),
    ("http://user:s3cret@127.0.0.1:8080/n", "carries a user name or password, which Tollbooth does not send"),
])
def test_notify_url_refuses_a_url_no_courier_can_post_to(ledger, url, message):
    env, _, args = ledger
    result = run_cli("notify", "url", url, *args, env=env, check=False)
    assert result.returncode == 1, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert "s3cret" not in result.stderr + result.stdout
    assert "notifications off" in run_cli("notify", "list", *args, env=env).stdout


def queue_with_a_bad_url(env, path, args):
    """A TEST notification queued while a courier holds the ledger (this test stands in for it),
    then its URL changed in the ledger to one with port 99999, as a ledger an older Tollbooth
    wrote may hold; returns its id."""
    lock = open(f"{path}.courier.lock", "a")
    fcntl.flock(lock, fcntl.LOCK_EX)
    try:
        run_cli("notify", "url", "http://127.0.0.1:9/n", *args, env=env)
        run_cli("notify", "test", *args, env=env)
        newest = outbox(env, args)[-1]
        with sqlite3.connect(path) as db:
            db.execute("UPDATE notifications SET url = 'http://127.0.0.1:99999/n' WHERE id = ?", (newest["id"],))
    finally:
        lock.close()
    return newest["id"]


def wait_until_failed(env, args, notification, timeout=30):
    deadline = time.monotonic() + timeout
    while True:
        found = next(n for n in outbox(env, args) if n["id"] == notification)
        if found["status"] == "failed":
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"notification {notification} not failed within {timeout} s: {found}")
        time.sleep(0.05)


def test_a_queued_url_with_port_99999_fails_its_notification_and_crashes_nothing(tmp_path, ledger):
    env, path, args = ledger
    first = queue_with_a_bad_url(env, path, args)
    deliver = subprocess.run([str(BINARY), "notify", "deliver", *args], capture_output=True, text=True, env=env, timeout=60)
    assert deliver.returncode == 0, (deliver.returncode, deliver.stderr)
    failed = wait_until_failed(env, args, first)
    assert failed["attempts"] == 1 and failed["lastResult"] == "OTHER", failed
    events = run_cli("events", *args, env=env).stdout
    assert f"#{first} TEST: OTHER, attempt 1, failed (not sent: " in events and "port 99999, outside 1–65535" in events, events

    # A paywall on the ledger delivers it too: it stays up, fails the notification and quits
    # cleanly, the terminal as it found it.
    second = queue_with_a_bad_url(env, path, args)
    paywall = Session("run", str(CATALOG), *args, env=env)
    try:
        paywall.wait_for(paywall_ready)
        wait_until_failed(env, args, second)
        assert paywall.proc.poll() is None, paywall.text()
        paywall.send("q")
        assert paywall.wait_exit() == 0
        assert paywall.terminal_attrs() == paywall.initial_attrs
    finally:
        paywall.close()


TRAIL = ROOT / "Tests" / "Fixtures" / "storekit-samples" / "handmade-v4.0-winback-codeoffers.storekit"


def by_type(check, posts):
    """The decoded notifications, keyed by (type, subtype): a courier sends side by side."""
    return {(p.notificationType, p.subtype): p for p in (check.verify_and_decode_notification(signed_payload(post)) for post in posts)}


def test_an_upgrade_bought_with_an_offer_is_offer_redeemed_upgrade(tmp_path, receiver):
    """Apple: OFFER_REDEEMED UPGRADE, not DID_CHANGE_RENEWAL_PREF UPGRADE, when the upgrade is
    bought with an offer; the new transaction carries the offer and its whole duration."""
    env = base_env(tmp_path)
    args = ["--catalog", str(TRAIL), "--ledger", str(tmp_path / "trail.sqlite")]
    r = receiver()
    run_cli("notify", "url", r.url, *args, env=env)
    run_cli("txn", "buy", "dev.tollbooth.fixture.trail.plus.monthly", *args, env=env)
    run_cli("txn", "redeem", "ranger station flyer", *args, env=env)
    posts = by_type(verifier(env), r.wait_for(2))
    assert (NotificationTypeV2.DID_CHANGE_RENEWAL_PREF, Subtype.UPGRADE) not in posts, posts.keys()
    upgrade = posts[NotificationTypeV2.OFFER_REDEEMED, Subtype.UPGRADE]
    transaction = verifier(env).verify_and_decode_signed_transaction(upgrade.data.signedTransactionInfo)
    assert transaction.productId == "dev.tollbooth.fixture.trail.plus.yearly"
    assert (transaction.rawOfferType, transaction.offerIdentifier, transaction.rawOfferDiscountType, transaction.offerPeriod) == (
        3, "Ranger station flyer", "FREE_TRIAL", "P1Y")


def test_a_downgrade_bought_with_an_offer_is_offer_redeemed_downgrade_and_renews_with_it(ledger, receiver):
    """OFFER_REDEEMED DOWNGRADE: the downgrade and its offer take effect at the next renewal, so
    the renewal info names the offer the next period has, and the renewal carries it."""
    env, _, args = ledger
    r = receiver()
    run_cli("notify", "url", r.url, *args, env=env)
    run_cli("txn", "buy", YEARLY, *args, env=env)
    said = run_cli("txn", "redeem", "SPRING", *args, env=env).stdout
    assert said.startswith("redeemed Spring for dev.tollbooth.example.premium.monthly: it starts at the next renewal"), said
    check = verifier(env)
    posts = by_type(check, r.wait_for(2))
    downgrade = posts[NotificationTypeV2.OFFER_REDEEMED, Subtype.DOWNGRADE]
    renewal = check.verify_and_decode_renewal_info(downgrade.data.signedRenewalInfo)
    assert renewal.autoRenewProductId == "dev.tollbooth.example.premium.monthly"
    assert (renewal.rawOfferType, renewal.offerIdentifier, renewal.rawOfferDiscountType, renewal.offerPeriod) == (
        3, "Spring", "FREE_TRIAL", "P1M")
    run_cli("clock", "advance", "next", *args, env=env)
    renewed = by_type(check, r.wait_for(3))[NotificationTypeV2.DID_RENEW, None]
    transaction = check.verify_and_decode_signed_transaction(renewed.data.signedTransactionInfo)
    assert (transaction.productId, transaction.offerIdentifier, transaction.price, transaction.offerPeriod) == (
        "dev.tollbooth.example.premium.monthly", "Spring", 0, "P1M")


@pytest.mark.parametrize("type_, subtype, shape", [
    ("EXTERNAL_PURCHASE_TOKEN", None, "externalPurchaseToken"),
    ("EXTERNAL_PURCHASE_TOKEN", "CREATED", "externalPurchaseToken"),
    ("RESCIND_CONSENT", None, "appData"),
    ("METADATA_UPDATE", None, "data"),
    ("MIGRATION", None, "data"),
    ("PRICE_CHANGE", None, "data"),
])
def test_notify_test_type_sends_a_signed_example_shaped_as_apples(ledger, receiver, type_, subtype, shape):
    env, _, args = ledger
    r = receiver()
    run_cli("notify", "url", r.url, *args, env=env)
    json.loads(run_cli("txn", "buy", YEARLY, *args, "--json", env=env).stdout)
    out = run_cli("notify", "test", "--type", type_, *(["--subtype", subtype] if subtype else []), *args, env=env).stdout
    assert "an example only" in out, out
    check = verifier(env)
    example = next(p for p in (check.verify_and_decode_notification(signed_payload(post)) for post in r.wait_for(2))
                   if p.rawNotificationType == type_)
    expected_subtype = subtype or ("UNREPORTED" if type_ == "EXTERNAL_PURCHASE_TOKEN" else None)
    assert example.rawSubtype == expected_subtype
    present = {name for name in ("data", "externalPurchaseToken", "appData", "summary") if getattr(example, name) is not None}
    assert present == {shape}
    if shape == "externalPurchaseToken":
        token = example.externalPurchaseToken
        assert token.bundleId == BUNDLE_ID and token.externalPurchaseId and token.tokenCreationDate > 0
    elif shape == "appData":
        assert (example.appData.bundleId, example.appData.environment) == (BUNDLE_ID, Environment.SANDBOX)
    else:
        transaction = check.verify_and_decode_signed_transaction(example.data.signedTransactionInfo)
        assert transaction.productId == YEARLY and example.data.status == Status.ACTIVE


@pytest.mark.parametrize("args_, sentence", [
    (["--type", "REFUND"], 'unknown notification type "REFUND"; notify test sends an example of one of: EXTERNAL_PURCHASE_TOKEN, RESCIND_CONSENT, METADATA_UPDATE, MIGRATION, PRICE_CHANGE'),
    (["--type", "MIGRATON"], 'unknown notification type "MIGRATON"; did you mean "MIGRATION"?'),
    (["--type", "MIGRATION", "--subtype", "SUMMARY"], "MIGRATION has no subtype: leave out --subtype"),
])
def test_notify_test_refuses_a_type_it_does_not_send_in_one_sentence(ledger, args_, sentence):
    env, _, args = ledger
    result = run_cli("notify", "test", *args_, *args, env=env, check=False)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == f"Error: {sentence}", result.stderr
