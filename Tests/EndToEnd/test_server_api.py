"""`tollbooth serve`, end to end: the real server on a free port, called by Apple's own
App Store Server API client (app-store-server-library), compared with `txn list --json`."""
import base64
import datetime
import json
import signal
import socket
import subprocess

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient, GetTransactionHistoryVersion
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.MassExtendRenewalDateRequest import MassExtendRenewalDateRequest
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.Subtype import Subtype
from appstoreserverlibrary.models.OrderLookupStatus import OrderLookupStatus
from appstoreserverlibrary.models.Status import Status
from appstoreserverlibrary.models.TransactionHistoryRequest import Order, ProductType, TransactionHistoryRequest
from appstoreserverlibrary.models.UpdateAppAccountTokenRequest import UpdateAppAccountTokenRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from harness import BINARY, SAMPLES, Session, base_env, run_cli
from test_notifications import Receiver

CATALOG = SAMPLES / "apple-skdemo-products-v2.0.storekit"
KEY_ID, ISSUER = "TESTKEY123", "57246542-96fe-1a63-e053-0824d011072a"
# The app a ledger answers for when no app launched on it: the paywall's.
BUNDLE = "dev.tollbooth.paywall"


def p8(key):
    """A private key as App Store Connect hands it out: PKCS#8 PEM."""
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())


class Server:
    """One `tollbooth serve` process on a ledger, with the key it was told to trust."""

    def __init__(self, tmp_path, extra=()):
        self.env = base_env(tmp_path)
        self.ledger = tmp_path / "ledger.sqlite"
        self.args = ["--ledger", str(self.ledger), "--catalog", str(CATALOG)]
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.key_file = tmp_path / f"AuthKey_{KEY_ID}.p8"
        self.key_file.write_bytes(p8(self.key))
        run_cli("clock", "rate", "realTime", *self.args, env=self.env)
        self.proc = subprocess.Popen(
            [str(BINARY), "serve", *self.args, "--port", "0", "--key-id", KEY_ID, "--issuer", ISSUER,
             "--public-key", str(self.key_file), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env)
        line = self.proc.stdout.readline()
        assert line.startswith("serving the App Store Server API for "), line + self.proc.stderr.read()
        self.url = line.split(" at ")[-1].strip()
        self.port = int(self.url.rsplit(":", 1)[1])

    def client(self, key=None, key_id=KEY_ID, issuer=ISSUER, bundle=BUNDLE):
        client = AppStoreServerAPIClient(p8(key or self.key), key_id, issuer, bundle, Environment.SANDBOX)
        client._base_url = self.url
        return client

    def cli(self, *args, check=True):
        return run_cli(*args, *self.args, env=self.env, check=check)

    def buy(self, product):
        return json.loads(self.cli("txn", "buy", product, "--json").stdout)

    def listing(self):
        return json.loads(self.cli("txn", "list", "--json").stdout)

    def stop(self, sig=signal.SIGTERM):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        return self.proc.wait(timeout=20)


@pytest.fixture
def server(tmp_path):
    server = Server(tmp_path)
    yield server
    assert server.stop() == 0, server.proc.stderr.read()


def decoded(jws):
    """A JWS's payload, decoded (not verified here)."""
    payload = jws.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def seconds(iso):
    """`txn list --json`'s dates (whole seconds) as Unix seconds."""
    return int(datetime.datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp())


def history(client, any_id, request=None, limit=10):
    """Every page of Get Transaction History V2, following `revision` while `hasMore`."""
    pages, revision = [], None
    while len(pages) < limit:
        page = client.get_transaction_history(str(any_id), revision, request or TransactionHistoryRequest(),
                                              GetTransactionHistoryVersion.V2)
        pages.append(page)
        revision = page.revision
        if not page.hasMore:
            break
    return pages


def ids(pages):
    return [decoded(jws)["transactionId"] for page in pages for jws in page.signedTransactions]


def test_transaction_info_and_order_lookup_match_txn_list(server):
    bought = [server.buy("nonconsumable.car"), server.buy("consumable.fuel.octane87"), server.buy("subscription.standard")]
    listed = {t["id"]: t for t in server.listing()["transactions"]}
    client = server.client()
    for transaction in bought:
        info = decoded(client.get_transaction_info(str(transaction["id"])).signedTransactionInfo)
        entry = listed[transaction["id"]]
        assert info["transactionId"] == str(entry["id"])
        assert info["originalTransactionId"] == str(entry["originalID"])
        assert info["productId"] == entry["productID"]
        assert info["purchaseDate"] // 1000 == seconds(entry["purchaseDate"])
        # The order ID `txn list` shows finds the same transaction.
        order = client.look_up_order_id(entry["orderID"])
        assert order.status == OrderLookupStatus.VALID
        assert [decoded(jws)["transactionId"] for jws in order.signedTransactions] == [str(entry["id"])]
    text = server.cli("txn", "list").stdout
    assert all(entry["orderID"] in text for entry in listed.values())
    assert client.look_up_order_id("0000000000").status == OrderLookupStatus.INVALID


def test_apples_verifier_accepts_what_serve_signs(server):
    """The answers are signed by the state directory's test authority: Apple's verifier, given
    the root `tollbooth cert export --der` prints, verifies every transaction and renewal info."""
    car, plan = server.buy("nonconsumable.car"), server.buy("subscription.standard")
    root = subprocess.run([str(BINARY), "cert", "export", "--der"], capture_output=True, env=server.env, check=True).stdout
    check = SignedDataVerifier([root], False, Environment.SANDBOX, BUNDLE)
    client = server.client()
    page = client.get_transaction_history(str(car["id"]), None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
    verified = [check.verify_and_decode_signed_transaction(jws) for jws in page.signedTransactions]
    assert sorted(t.transactionId for t in verified) == sorted(str(t["id"]) for t in server.listing()["transactions"])
    statuses = client.get_all_subscription_statuses(str(plan["id"]))
    items = [item for group in statuses.data for item in group.lastTransactions]
    assert [check.verify_and_decode_signed_transaction(i.signedTransactionInfo).transactionId for i in items] == [str(plan["id"])]
    assert check.verify_and_decode_renewal_info(items[0].signedRenewalInfo).productId == "subscription.standard"


def test_history_pages_filters_and_sorts_match_txn_list(server):
    for _ in range(22):
        server.buy("consumable.fuel.octane87")
    server.buy("nonconsumable.car")
    server.buy("subscription.standard")
    server.buy("consumable.fuel.octane91")
    listed = server.listing()["transactions"]
    assert len(listed) == 25
    client = server.client()
    first = listed[0]["id"]
    pages = history(client, first)
    assert [len(page.signedTransactions) for page in pages] == [20, 5]
    assert [page.hasMore for page in pages] == [True, False]
    assert pages[0].bundleId == BUNDLE and pages[0].environment == Environment.SANDBOX
    assert ids(pages) == [str(t["id"]) for t in listed]
    newest_first = history(client, first, TransactionHistoryRequest(sort=Order.DESCENDING))
    assert ids(newest_first) == [str(t["id"]) for t in reversed(listed)]
    types = {"NonConsumable": ProductType.NON_CONSUMABLE, "RecurringSubscription": ProductType.AUTO_RENEWABLE}
    for stored, wanted in types.items():
        only = history(client, first, TransactionHistoryRequest(productTypes=[wanted]))
        assert ids(only) == [str(t["id"]) for t in listed if t["productType"] == stored]
    fuel = history(client, first, TransactionHistoryRequest(productIds=["consumable.fuel.octane91", "nonconsumable.car"],
                                                             sort=Order.DESCENDING))
    assert ids(fuel) == [str(t["id"]) for t in reversed(listed) if t["productID"] in ("consumable.fuel.octane91", "nonconsumable.car")]
    # A refund: only revoked ones with revoked=True; the old revision sees the change.
    last_revision = pages[-1].revision
    server.cli("txn", "refund", str(listed[3]["id"]))
    revoked = history(client, first, TransactionHistoryRequest(revoked=True))
    assert ids(revoked) == [str(listed[3]["id"])]
    since = client.get_transaction_history(str(first), last_revision, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
    assert [decoded(jws)["transactionId"] for jws in since.signedTransactions] == [str(listed[3]["id"])]


def test_statuses_match_txn_list_and_extend_moves_the_renewal_date(server):
    bought = server.buy("subscription.standard")
    server.buy("nonconsumable.car")
    client = server.client()
    statuses = client.get_all_subscription_statuses(str(bought["id"]))
    listed = server.listing()["subscriptions"]
    assert statuses.bundleId == BUNDLE and statuses.environment == Environment.SANDBOX
    assert [group.subscriptionGroupIdentifier for group in statuses.data] == [s["subscriptionGroupID"] for s in listed]
    item = statuses.data[0].lastTransactions[0]
    assert item.status == Status.ACTIVE and listed[0]["state"] == "subscribed"
    assert item.originalTransactionId == str(listed[0]["renewalInfo"]["originalTransactionID"])
    assert decoded(item.signedTransactionInfo)["transactionId"] == str(listed[0]["transaction"]["id"])
    assert client.get_all_subscription_statuses(str(bought["id"]), [Status.EXPIRED]).data == []

    before = seconds(server.listing()["transactions"][0]["expirationDate"])
    answer = client.extend_subscription_renewal_date(str(bought["id"]), ExtendRenewalDateRequest(
        extendByDays=7, extendReasonCode=ExtendReasonCode.SERVICE_ISSUE_OR_OUTAGE, requestIdentifier="outage-42"))
    assert answer.success and answer.originalTransactionId == str(bought["id"])
    signed = decoded(client.get_transaction_info(str(bought["id"])).signedTransactionInfo)
    assert answer.webOrderLineItemId == signed["webOrderLineItemId"], "the answer names the period the signed transaction does"
    after = seconds(server.listing()["transactions"][0]["expirationDate"])
    assert answer.effectiveDate // 1000 == after == before + 7 * 86_400
    events = [json.loads(line) for line in server.cli("events", "--json").stdout.splitlines()]
    assert events[-1]["kind"] == "renewalExtended"


MASS_REQUEST = "0c8e3c36-8d0c-4d1f-9f5e-3b1f8c2d7a10"


@pytest.mark.parametrize("call, status, code", [
    (lambda c, t: c.get_transaction_info("not-a-number"), 400, 4000006),
    (lambda c, t: c.get_transaction_info("987654321"), 404, 4040010),
    (lambda c, t: c.get_transaction_history(t, "bm90LWEtcmV2aXNpb24", TransactionHistoryRequest(),
                                            GetTransactionHistoryVersion.V2), 400, 4000005),
    (lambda c, t: c.get_transaction_history(t, None, TransactionHistoryRequest(startDate=2000, endDate=1000),
                                            GetTransactionHistoryVersion.V2), 400, 4000013),
    (lambda c, t: c.get_all_subscription_statuses("987654321"), 404, 4040010),
    (lambda c, t: c.extend_subscription_renewal_date(t, ExtendRenewalDateRequest(
        extendByDays=91, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier="r")), 400, 4000009),
    (lambda c, t: c.extend_subscription_renewal_date("1x", ExtendRenewalDateRequest(
        extendByDays=1, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier="r")), 400, 4000008),
    (lambda c, t: c.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
        extendByDays=91, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier=MASS_REQUEST,
        productId="subscription.standard")), 400, 4000009),
    (lambda c, t: c.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
        extendByDays=1, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier="not-a-uuid",
        productId="subscription.standard")), 400, 4000011),
    (lambda c, t: c.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
        extendByDays=1, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier=MASS_REQUEST,
        productId="subscription.standard", storefrontCountryCodes=["XX"])), 400, 4000028),
    (lambda c, t: c.get_status_of_subscription_renewal_date_extensions(MASS_REQUEST, "subscription.standard"), 404, 4040009),
    (lambda c, t: c.finish_transaction("987654321"), 404, 4040010),
    (lambda c, t: c.finish_transaction("1x"), 400, 4000006),
])
def test_bad_requests_get_apples_error_codes(server, call, status, code):
    transaction = str(server.buy("subscription.standard")["id"])
    with pytest.raises(APIException) as raised:
        call(server.client(), transaction)
    assert raised.value.http_status_code == status
    assert raised.value.raw_api_error == code
    assert raised.value.error_message


def test_app_transaction_info_is_the_launched_apps(server):
    """Get App Transaction Info takes any transaction id of the customer, or the appTransactionId
    every signed transaction carries, and answers the app transaction Apple's verifier accepts."""
    car = server.buy("nonconsumable.car")
    session = Session("run", str(CATALOG), "--ledger", str(server.ledger), env=server.env)
    try:
        session.wait_for(lambda text: "Sport Utility Vehicle" in text)  # the plans are drawn: the app has launched
    finally:
        session.close()
    root = subprocess.run([str(BINARY), "cert", "export", "--der"], capture_output=True, env=server.env, check=True).stdout
    check = SignedDataVerifier([root], False, Environment.SANDBOX, BUNDLE)
    client = server.client()
    app_transaction_id = check.verify_and_decode_signed_transaction(
        client.get_transaction_info(str(car["id"])).signedTransactionInfo).appTransactionId
    for any_id in (str(car["id"]), app_transaction_id):
        app = check.verify_and_decode_app_transaction(client.get_app_transaction_info(any_id).signedAppTransactionInfo)
        assert (app.bundleId, app.appTransactionId, app.receiptType) == (BUNDLE, app_transaction_id, Environment.SANDBOX)
    for bad, status, code in [("987654321", 404, 4040010), ("1x", 400, 4000006)]:
        with pytest.raises(APIException) as raised:
            client.get_app_transaction_info(bad)
        assert (raised.value.http_status_code, raised.value.raw_api_error) == (status, code), bad


def test_set_app_account_token_reaches_the_signed_transactions(server):
    plan = server.buy("subscription.standard")
    client = server.client()
    token = "7e3fb20b-4cdb-47cc-936d-99d65f608138"
    assert client.set_app_account_token(str(plan["id"]), UpdateAppAccountTokenRequest(appAccountToken=token)) is None
    assert decoded(client.get_transaction_info(str(plan["id"])).signedTransactionInfo)["appAccountToken"] == token
    item = client.get_all_subscription_statuses(str(plan["id"])).data[0].lastTransactions[0]
    assert decoded(item.signedRenewalInfo)["appAccountToken"] == token
    for bad_id, value, status, code in [(str(plan["id"]), "not-a-uuid", 400, 4000183), ("987654321", token, 404, 4040005)]:
        with pytest.raises(APIException) as raised:
            client.set_app_account_token(bad_id, UpdateAppAccountTokenRequest(appAccountToken=value))
        assert (raised.value.http_status_code, raised.value.raw_api_error) == (status, code), value


def test_refund_history_lists_the_refunds_txn_list_shows(server):
    car, fuel, plan = (server.buy(p) for p in ("nonconsumable.car", "consumable.fuel.octane87", "subscription.standard"))
    client = server.client()
    empty = client.get_refund_history(str(car["id"]), None)
    assert (empty.signedTransactions, empty.hasMore) == ([], False)
    for transaction in (plan, car):
        server.cli("txn", "refund", str(transaction["id"]))
    page = client.get_refund_history(str(fuel["id"]), None)
    listed = {t["id"]: t for t in server.listing()["transactions"]}
    refunded = [decoded(jws) for jws in page.signedTransactions]
    assert [t["transactionId"] for t in refunded] == [str(plan["id"]), str(car["id"])]
    assert all(t["revocationDate"] // 1000 == seconds(listed[int(t["transactionId"])]["revocationDate"]) for t in refunded)
    assert page.hasMore is False
    # The kept revision returns only refunds made since.
    assert client.get_refund_history(str(fuel["id"]), page.revision).signedTransactions == []
    server.cli("txn", "refund", str(fuel["id"]))
    since = client.get_refund_history(str(fuel["id"]), page.revision)
    assert [decoded(jws)["transactionId"] for jws in since.signedTransactions] == [str(fuel["id"])]


def test_unknown_paths_and_methods_get_an_error_code(server):
    """Apple's client reads `errorCode` from every refusal: a path that is no endpoint, and a
    method the endpoint does not take."""
    transaction = str(server.buy("subscription.standard")["id"])
    client = server.client()
    for method, path, status in [("GET", "/inApps/v1/nothing/1", 404), ("GET", "/", 404),
                                 ("DELETE", f"/inApps/v1/transactions/{transaction}", 405),
                                 ("PUT", "/inApps/v1/subscriptions/extend/mass", 405)]:
        with pytest.raises(APIException) as raised:
            client._make_request(path, method, {}, None, None, None)
        assert (raised.value.http_status_code, raised.value.raw_api_error) == (status, 4000000), (method, path)
        assert raised.value.error_message


def test_a_revision_from_other_parameters_is_refused(server):
    transaction = str(server.buy("subscription.standard")["id"])
    client = server.client()
    page = client.get_transaction_history(transaction, None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
    with pytest.raises(APIException) as raised:
        client.get_transaction_history(transaction, page.revision, TransactionHistoryRequest(sort=Order.DESCENDING),
                                       GetTransactionHistoryVersion.V2)
    assert raised.value.raw_api_error == 4000005


@pytest.mark.parametrize("change", ["other key", "other key id", "other issuer", "other app", "expired", "too long"])
def test_a_bad_token_is_401(server, change):
    transaction = str(server.buy("nonconsumable.car")["id"])
    client = {
        "other key": lambda: server.client(key=ec.generate_private_key(ec.SECP256R1())),
        "other key id": lambda: server.client(key_id="OTHERKEY99"),
        "other issuer": lambda: server.client(issuer="another-issuer"),
        "other app": lambda: server.client(bundle="com.example.other"),
        "expired": lambda: server.client(),
        "too long": lambda: server.client(),
    }[change]()
    if change in ("expired", "too long"):
        import jwt
        lifetime = -60 if change == "expired" else 61 * 60
        exp = int(datetime.datetime.now(datetime.timezone.utc).timestamp()) + lifetime
        token = jwt.encode({"bid": BUNDLE, "iss": ISSUER, "aud": "appstoreconnect-v1", "exp": exp}, client._signing_key,
                           algorithm="ES256", headers={"kid": KEY_ID})
        client._generate_token = lambda: token
    with pytest.raises(APIException) as raised:
        client.get_transaction_info(transaction)
    assert raised.value.http_status_code == 401
    # The same request with a good token is answered.
    assert server.client().get_transaction_info(transaction).signedTransactionInfo


def test_a_port_in_use_is_one_sentence_and_exit_2(server, tmp_path):
    result = subprocess.run([str(BINARY), "serve", *server.args, "--port", str(server.port)], capture_output=True,
                            text=True, env=server.env, timeout=60)
    assert result.returncode == 2
    errors = [line for line in result.stderr.splitlines() if not line.startswith("note:")]
    assert errors == [f"Error: port {server.port} on 127.0.0.1 is in use by another program; choose another with --port."]


def test_ctrl_c_stops_the_server_cleanly(tmp_path):
    server = Server(tmp_path)
    assert server.client().look_up_order_id("0000000000").status == OrderLookupStatus.INVALID
    assert server.stop(signal.SIGINT) == 0
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.port), timeout=2)


def test_mass_extension_extends_notifies_and_its_status_survives_a_restart(server, tmp_path):
    """Extend Subscription Renewal Dates for All Active Subscribers extends the ledger's
    subscription to the product, sends RENEWAL_EXTENDED and then RENEWAL_EXTENSION SUMMARY with
    Apple's `summary`, and Get Status of Subscription Renewal Date Extensions reports it, also
    from a new `serve` on the ledger."""
    r = Receiver()
    try:
        server.cli("notify", "url", r.url)
        bought = server.buy("subscription.standard")
        before = seconds(server.listing()["transactions"][0]["expirationDate"])
        client = server.client()
        answer = client.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
            extendByDays=3, extendReasonCode=ExtendReasonCode.SERVICE_ISSUE_OR_OUTAGE, requestIdentifier=MASS_REQUEST,
            productId="subscription.standard", storefrontCountryCodes=["USA"]))
        assert answer.requestIdentifier == MASS_REQUEST
        assert seconds(server.listing()["transactions"][0]["expirationDate"]) == before + 3 * 86_400
        root = subprocess.run([str(BINARY), "cert", "export", "--der"], capture_output=True, env=server.env, check=True).stdout
        check = SignedDataVerifier([root], False, Environment.SANDBOX, BUNDLE)
        # Delivered side by side: in any order.
        posts = {(p.notificationType, p.subtype): p for p in (
            check.verify_and_decode_notification(json.loads(post["body"])["signedPayload"]) for post in r.wait_for(3))}
        assert set(posts) == {(NotificationTypeV2.SUBSCRIBED, Subtype.INITIAL_BUY), (NotificationTypeV2.RENEWAL_EXTENDED, None),
                              (NotificationTypeV2.RENEWAL_EXTENSION, Subtype.SUMMARY)}
        extended = check.verify_and_decode_signed_transaction(posts[NotificationTypeV2.RENEWAL_EXTENDED, None].data.signedTransactionInfo)
        assert extended.originalTransactionId == str(bought["id"])
        done = posts[NotificationTypeV2.RENEWAL_EXTENSION, Subtype.SUMMARY]
        summary = done.summary
        assert done.data is None
        assert (summary.requestIdentifier, summary.productId, summary.bundleId, summary.environment) == (
            MASS_REQUEST, "subscription.standard", BUNDLE, Environment.SANDBOX)
        assert (summary.succeededCount, summary.failedCount, summary.storefrontCountryCodes) == (1, 0, ["USA"])
    finally:
        r.close()
    assert server.stop() == 0
    again = Server(tmp_path)
    try:
        status = again.client().get_status_of_subscription_renewal_date_extensions(MASS_REQUEST, "subscription.standard")
        assert (status.requestIdentifier, status.complete, status.succeededCount, status.failedCount) == (MASS_REQUEST, True, 1, 0)
        assert status.completeDate > 0
    finally:
        assert again.stop() == 0


def test_finish_transaction_finishes_it_for_txn_list(server):
    fuel = server.buy("consumable.fuel.octane87")
    assert not next(t for t in server.listing()["transactions"] if t["id"] == fuel["id"])["isFinished"]
    assert server.client().finish_transaction(str(fuel["id"])) is None
    assert next(t for t in server.listing()["transactions"] if t["id"] == fuel["id"])["isFinished"]


def test_the_app_transaction_id_names_the_customer(server):
    """History, statuses and refund history take the appTransactionId every signed transaction
    carries; Get Transaction Info, about one purchase, refuses it with 4000048."""
    plan = server.buy("subscription.standard")
    client = server.client()
    app_transaction_id = decoded(client.get_transaction_info(str(plan["id"])).signedTransactionInfo)["appTransactionId"]
    assert ids(history(client, app_transaction_id)) == [str(plan["id"])]
    assert client.get_all_subscription_statuses(app_transaction_id).data[0].lastTransactions[0].originalTransactionId == str(plan["id"])
    assert client.get_refund_history(app_transaction_id, None).signedTransactions == []
    with pytest.raises(APIException) as raised:
        client.get_transaction_info(app_transaction_id)
    assert (raised.value.http_status_code, raised.value.raw_api_error) == (400, 4000048)
