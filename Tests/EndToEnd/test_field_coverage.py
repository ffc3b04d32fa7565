"""Field coverage against Apple's own library: every field of the payloads Tollbooth signs that
Apple's models define, and Tollbooth should emit, appears in what a scripted session produces
(`serve`, `txn`, `notify`, and a notification receiver), and Apple's verifier accepts all of it.

The counts it prints (payload fields, notification types, endpoints) are computed from the
installed `app-store-server-library`, so a newer library raises the bar by itself."""
import base64
import json
import re
import subprocess
import time
import uuid

import attr
from appstoreserverlibrary import api_client
from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient, GetTransactionHistoryVersion
from appstoreserverlibrary.models.AppTransaction import AppTransaction
from appstoreserverlibrary.models.Data import Data
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.JWSRenewalInfoDecodedPayload import JWSRenewalInfoDecodedPayload
from appstoreserverlibrary.models.JWSTransactionDecodedPayload import JWSTransactionDecodedPayload
from appstoreserverlibrary.models.MassExtendRenewalDateRequest import MassExtendRenewalDateRequest
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.ResponseBodyV2DecodedPayload import ResponseBodyV2DecodedPayload
from appstoreserverlibrary.models.Summary import Summary
from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest
from appstoreserverlibrary.models.UpdateAppAccountTokenRequest import UpdateAppAccountTokenRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
from cryptography.hazmat.primitives.asymmetric import ec

from harness import BINARY, ROOT, Session, base_env, run_cli
from test_notifications import Receiver
from test_server_api import ISSUER, KEY_ID, p8

TRAIL = ROOT / "Tests" / "Fixtures" / "storekit-samples" / "handmade-v4.0-winback-codeoffers.storekit"
EXAMPLE = ROOT / "Examples" / "Example.storekit"
BILLING = ROOT / "Tests" / "Fixtures" / "storekit-samples" / "revenuecat-unittests-v5.0-billingplans.storekit"
BUNDLE = "dev.tollbooth.paywall"
PLUS = "dev.tollbooth.fixture.trail.plus"

# The five payload types Tollbooth signs (a notification's payload and its `data`, a
# transaction, a renewal info, an app transaction): the fields counted. `Summary` (a
# RENEWAL_EXTENSION SUMMARY's) is checked as well.
SIGNED = [JWSTransactionDecodedPayload, JWSRenewalInfoDecodedPayload, ResponseBodyV2DecodedPayload, Data, AppTransaction]
CHECKED = SIGNED + [Summary]

# Fields Tollbooth does not emit, each with the reason.
EXCLUDED = {
    ("JWSTransactionDecodedPayload", "advancedCommerceInfo"): "Advanced Commerce API purchases: not emulated",
    ("JWSRenewalInfoDecodedPayload", "advancedCommerceInfo"): "Advanced Commerce API purchases: not emulated",
    ("ResponseBodyV2DecodedPayload", "externalPurchaseToken"): "external purchases: only `notify test --type` examples carry one",
    ("ResponseBodyV2DecodedPayload", "appData"): "RESCIND_CONSENT: only `notify test --type` examples carry one",
    ("Data", "appAppleId"): "Apple leaves it out in the sandbox",
    ("Summary", "appAppleId"): "Apple leaves it out in the sandbox",
    ("AppTransaction", "appAppleId"): "nil in the sandbox (StoreKit's AppTransaction.appID)",
    ("AppTransaction", "versionExternalIdentifier"): "nil in the sandbox (StoreKit's AppTransaction.appVersionID)",
    ("AppTransaction", "preorderDate"): "only for an app the customer pre-ordered: Tollbooth has no pre-orders",
    ("JWSRenewalInfoDecodedPayload", "priceIncreaseStatus"):
        "a price increase is asked for only through TollboothStoreKitTest's SKTestSession, not the CLI; "
        "the MockStore and signing suites cover it",
}


def model_fields(model):
    """A model's JSON fields: its attrs fields less the `raw…` twin of each enumeration."""
    names = [field.name for field in attr.fields(model)]
    return [name for name in names if not (name.startswith("raw") and name[3:4].isupper() and name[3].lower() + name[4:] in names)]


def library_endpoints():
    """(method, path template) of every App Store Server API endpoint Apple's client calls,
    outside Retention Messaging (`/inApps/v1/messaging`)."""
    source = open(api_client.__file__).read().split("class AsyncAppStoreServerAPIClient")[0]
    found = re.findall(r'_make_request\(f?"(/inApps/[^"]+)"(?:\.format\([^)]*\))?,\s*"([A-Z]+)"', source)
    return sorted({(method, path) for path, method in found if not path.startswith("/inApps/v1/messaging")})


def payload(jws):
    part = jws.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


class Serve:
    """`tollbooth serve` on a ledger, with a registered key and Apple's client for it."""

    def __init__(self, tmp_path, env, ledger, catalog):
        self.key = ec.generate_private_key(ec.SECP256R1())
        key_file = tmp_path / f"AuthKey_{KEY_ID}.p8"
        key_file.write_bytes(p8(self.key))
        self.proc = subprocess.Popen(
            [str(BINARY), "serve", "--ledger", str(ledger), "--catalog", str(catalog), "--port", "0",
             "--key-id", KEY_ID, "--issuer", ISSUER, "--public-key", str(key_file)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        line = self.proc.stdout.readline()
        assert line.startswith("serving the App Store Server API for "), line + self.proc.stderr.read()
        self.client = AppStoreServerAPIClient(p8(self.key), KEY_ID, ISSUER, BUNDLE, Environment.SANDBOX)
        self.client._base_url = line.split(" at ")[-1].strip()

    def stop(self):
        self.proc.terminate()
        return self.proc.wait(timeout=20)


def all_delivered(env, ledgers, count_posts, timeout=60):
    """Waits until every notification queued on `ledgers` is delivered and has arrived."""
    deadline = time.monotonic() + timeout
    while True:
        listed = [n for ledger in ledgers
                  for n in json.loads(run_cli("notify", "list", "--ledger", str(ledger), "--json", env=env).stdout)["notifications"]]
        if listed and all(n["status"] == "delivered" for n in listed) and count_posts() >= len(listed):
            return len(listed)
        assert time.monotonic() < deadline, f"not all delivered: {[(n['type'], n['status']) for n in listed]}"
        time.sleep(0.1)


def test_every_field_tollbooth_should_emit_appears_in_a_scripted_session(tmp_path):
    env = base_env(tmp_path)
    trail, example, billing = tmp_path / "trail.sqlite", tmp_path / "example.sqlite", tmp_path / "billing.sqlite"
    t = ["--ledger", str(trail), "--catalog", str(TRAIL)]
    e = ["--ledger", str(example), "--catalog", str(EXAMPLE)]
    b = ["--ledger", str(billing), "--catalog", str(BILLING)]

    def cli(*args, on=t):
        return run_cli(*args, *on, env=env)

    def bought(*args, on=t):
        return json.loads(cli(*args, "--json", on=on).stdout)

    cli("clock", "rate", "realTime")
    # The paywall launches the app on the ledger: it then has an app transaction.
    app = Session("run", str(TRAIL), "--ledger", str(trail), env=env)
    try:
        app.wait_for(lambda text: "Trailhead" in text and "Loading products" not in text)
    finally:
        app.close()
    receiver = Receiver()
    server = Serve(tmp_path, env, trail, TRAIL)
    try:
        client = server.client
        cli("notify", "url", receiver.url)
        cli("notify", "url", receiver.url, on=e)
        cli("notify", "url", receiver.url, on=b)
        # An upgrade (isUpgraded), a subscription with its introductory offer, its app account
        # token, its expiry with auto-renew off (expirationIntent, eligibleWinBackOfferIds).
        basic = bought("txn", "buy", "dev.tollbooth.fixture.trail.basic.monthly")
        cli("txn", "buy", "dev.tollbooth.fixture.trail.basic.yearly")
        monthly = bought("txn", "buy", f"{PLUS}.monthly")
        client.set_app_account_token(str(monthly["id"]), UpdateAppAccountTokenRequest(appAccountToken=str(uuid.uuid4())))
        cli("txn", "cancel", str(monthly["id"]))
        cli("txn", "expire", str(monthly["id"]))
        # Back with an offer code; the paid Basic plan extended alone, then for all subscribers
        # twice (the third extension in 365 days fails: FAILURE); a refund request; a refund.
        yearly = bought("txn", "redeem", "ranger station flyer")
        client.extend_subscription_renewal_date(str(basic["id"]), ExtendRenewalDateRequest(
            extendByDays=3, extendReasonCode=ExtendReasonCode.SERVICE_ISSUE_OR_OUTAGE, requestIdentifier="outage-1"))
        for storefronts in (["USA"], None):
            client.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
                extendByDays=2, extendReasonCode=ExtendReasonCode.SERVICE_ISSUE_OR_OUTAGE, requestIdentifier=str(uuid.uuid4()),
                productId="dev.tollbooth.fixture.trail.basic.yearly", storefrontCountryCodes=storefronts))
        cli("txn", "refund-request", str(yearly["id"]))
        cli("txn", "refund-decide", str(yearly["id"]), "decline")
        lifetime = bought("txn", "buy", "dev.tollbooth.fixture.trail.lifetime")
        cli("txn", "refund", str(lifetime["id"]))
        cli("txn", "refund-reverse", str(lifetime["id"]))
        for kind in ("EXTERNAL_PURCHASE_TOKEN", "RESCIND_CONSENT", "METADATA_UPDATE", "MIGRATION", "PRICE_CHANGE"):
            cli("notify", "test", "--type", kind)
        cli("notify", "test")
        # A renewal; then one that fails into a grace period (gracePeriodExpiresDate), which
        # runs out.
        cli("txn", "renew", str(basic["id"]))
        cli("fault", "switch", "billingRetry", "on")
        cli("fault", "switch", "gracePeriod", "on")
        cli("clock", "advance", "next")
        cli("clock", "advance", "next")
        # A downgrade bought with an offer: the renewal info names the next period's offer.
        cli("txn", "buy", "dev.tollbooth.example.premium.yearly", on=e)
        cli("txn", "redeem", "SPRING", on=e)
        # A yearly plan paid monthly over a 12-month commitment, and its second payment.
        cli("txn", "buy", "com.revenuecat.annual_with_commitment", "--billing-plan", "monthly", on=b)
        cli("clock", "advance", "+1M", on=b)
        count = all_delivered(env, [trail, example, billing], lambda: len(receiver.posts))

        root = subprocess.run([str(BINARY), "cert", "export", "--der"], capture_output=True, env=env, check=True).stdout
        check = SignedDataVerifier([root], False, Environment.SANDBOX, BUNDLE)
        seen = {model.__name__: set() for model in CHECKED}
        rescinded = False
        types = set()
        transactions, renewals = [], []
        for post in receiver.wait_for(count):
            signed = json.loads(post["body"])["signedPayload"]
            decoded = check.verify_and_decode_notification(signed)  # Apple's verifier accepts each
            body = payload(signed)
            if decoded.appData:  # the RESCIND_CONSENT example, on a ledger an app launched on
                check.verify_and_decode_app_transaction(decoded.appData.signedAppTransactionInfo)
                rescinded = True
            types.add(decoded.rawNotificationType)
            seen["ResponseBodyV2DecodedPayload"] |= set(body)
            seen["Data"] |= set(body.get("data", {}))
            seen["Summary"] |= set(body.get("summary", {}))
            transactions += [body["data"]["signedTransactionInfo"]] if "signedTransactionInfo" in body.get("data", {}) else []
            renewals += [body["data"]["signedRenewalInfo"]] if "signedRenewalInfo" in body.get("data", {}) else []
        # The API's answers: every transaction, every status, the app transaction.
        any_id = str(monthly["id"])
        request, revision = TransactionHistoryRequest(), None
        while True:
            page = client.get_transaction_history(any_id, revision, request, GetTransactionHistoryVersion.V2)
            transactions += page.signedTransactions
            revision = page.revision
            if not page.hasMore:
                break
        for group in client.get_all_subscription_statuses(any_id).data:
            for item in group.lastTransactions:
                transactions.append(item.signedTransactionInfo)
                renewals.append(item.signedRenewalInfo)
        for jws in transactions:
            check.verify_and_decode_signed_transaction(jws)
            seen["JWSTransactionDecodedPayload"] |= set(payload(jws))
        for jws in renewals:
            check.verify_and_decode_renewal_info(jws)
            seen["JWSRenewalInfoDecodedPayload"] |= set(payload(jws))
        assert rescinded, "the RESCIND_CONSENT example arrived with its signed app transaction"
        app_transaction = client.get_app_transaction_info(any_id).signedAppTransactionInfo
        check.verify_and_decode_app_transaction(app_transaction)
        seen["AppTransaction"] |= set(payload(app_transaction))

        # Which of Apple's endpoints `serve` answers (any answer but "does not serve").
        endpoints = library_endpoints()
        served = []
        for method, template in endpoints:
            path = re.sub(r"\{[^}]*\}", "1", template.replace("/inApps/{}/", "/inApps/v2/", 1))
            try:
                client._make_request(path, method, {}, None, None, None)
                served.append(template)
            except APIException as refused:
                if "does not serve" not in (refused.error_message or ""):
                    served.append(template)
    finally:
        receiver.close()
        assert server.stop() == 0, server.proc.stderr.read()

    missing = []
    for model in CHECKED:
        for name in model_fields(model):
            key = (model.__name__, name)
            if key in EXCLUDED:
                continue
            if name not in seen[model.__name__]:
                missing.append(f"{model.__name__}.{name}")
    emitted = sum(name in seen[model.__name__] for model in SIGNED for name in model_fields(model))
    total = sum(len(model_fields(model)) for model in SIGNED)
    all_types = [t.value for t in NotificationTypeV2]
    print(f"\npayload fields: {emitted}/{total}; notification types: {len(types & set(all_types))}/{len(all_types)}; "
          f"endpoints: {len(served)}/{len(endpoints)}")
    print("not in the session:", sorted(f"{m}.{f}" for m, f in EXCLUDED
                                        if f not in seen.get(m, set())))
    print("notification types not sent:", sorted(set(all_types) - types))
    print("endpoints not served:", sorted(set(path for _, path in endpoints) - set(served)))
    assert not missing, f"fields Apple's library defines that the session never produced: {missing}"
