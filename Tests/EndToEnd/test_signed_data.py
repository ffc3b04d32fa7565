"""Signed data as a backend checks it: Apple's own App Store Server Library (SignedDataVerifier,
online checks off, Tollbooth's root from `tollbooth cert export --der`) verifies and decodes the
transactions, renewal infos and app transactions the real binary signs, and rejects the ones a
verification fault made unverified."""
import json
import subprocess
from datetime import datetime

import pytest
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.InAppOwnershipType import InAppOwnershipType
from appstoreserverlibrary.models.OfferDiscountType import OfferDiscountType
from appstoreserverlibrary.models.OfferType import OfferType
from appstoreserverlibrary.models.RevocationReason import RevocationReason
from appstoreserverlibrary.models.RevocationType import RevocationType
from appstoreserverlibrary.models.Type import Type
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException

from harness import BINARY, ROOT, Session, base_env, paywall_ready, run_cli

CATALOG = ROOT / "Examples" / "Example.storekit"
YEARLY = "dev.tollbooth.example.premium.yearly"  # with a free-trial introductory offer
LIFETIME = "dev.tollbooth.example.lifetime"
# What `tollbooth run` records as the app (AppIdentity.paywall); a ledger no app launched on
# signs with it too.
BUNDLE_ID = "dev.tollbooth.paywall"
TOKEN = "6e5a7c1e-2f4b-4d3a-9c8b-1a2b3c4d5e6f"


def seconds(iso):
    """`txn list --json`'s ISO-8601 date, which is to the second, as seconds since 1970."""
    return int(datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp())


@pytest.fixture
def ledger(tmp_path):
    """A ledger the paywall has launched on (so it has an app transaction)."""
    env = base_env(tmp_path)
    path = tmp_path / "shared.sqlite"
    session = Session("run", str(CATALOG), "--ledger", str(path), env=env)
    try:
        session.wait_for(paywall_ready)
    finally:
        session.close()
    return env, ["--ledger", str(path)]


def root_der(env):
    """The root as `tollbooth cert export --der` prints it (bytes, to a pipe)."""
    return subprocess.run([str(BINARY), "cert", "export", "--der"], capture_output=True, env=env, check=True).stdout


def signed(env, ledger_args, *args):
    return run_cli("txn", "signed", *args, *ledger_args, env=env).stdout.strip()


def listing(env, ledger_args):
    return json.loads(run_cli("txn", "list", *ledger_args, "--json", env=env).stdout)


def test_apples_verifier_accepts_a_transaction_its_renewal_info_and_the_app_transaction(ledger):
    env, c = ledger
    check = SignedDataVerifier([root_der(env)], False, Environment.SANDBOX, BUNDLE_ID)
    bought = json.loads(run_cli("txn", "buy", YEARLY, "--app-account-token", TOKEN.upper(), *c, "--json", env=env).stdout)
    listed = next(t for t in listing(env, c)["transactions"] if t["id"] == bought["id"])

    decoded = check.verify_and_decode_signed_transaction(signed(env, c, str(bought["id"])))
    assert decoded.transactionId == str(listed["id"])
    assert decoded.originalTransactionId == str(listed["originalID"])
    assert decoded.productId == YEARLY
    assert decoded.bundleId == BUNDLE_ID
    assert decoded.environment == Environment.SANDBOX
    assert decoded.type == Type.AUTO_RENEWABLE_SUBSCRIPTION
    assert decoded.appAccountToken == TOKEN
    assert decoded.purchaseDate // 1000 == seconds(listed["purchaseDate"])
    assert decoded.expiresDate // 1000 == seconds(listed["expirationDate"])
    assert decoded.inAppOwnershipType == InAppOwnershipType.PURCHASED
    assert decoded.offerType == OfferType.INTRODUCTORY_OFFER
    assert decoded.offerDiscountType == OfferDiscountType.FREE_TRIAL
    assert decoded.price == round(float(listed["price"]) * 1000)
    assert decoded.currency == listed["currencyCode"]
    assert decoded.webOrderLineItemId

    renewal = check.verify_and_decode_renewal_info(signed(env, c, str(bought["id"]), "--renewal-info"))
    status = next(s for s in listing(env, c)["subscriptions"] if s["transaction"]["originalID"] == listed["originalID"])
    assert renewal.originalTransactionId == str(listed["originalID"])
    assert renewal.productId == YEARLY
    assert renewal.environment == Environment.SANDBOX
    assert renewal.appAccountToken == TOKEN
    assert renewal.autoRenewStatus.value == (1 if status["renewalInfo"]["willAutoRenew"] else 0)
    assert renewal.renewalDate // 1000 == seconds(status["renewalInfo"]["renewalDate"])

    app = check.verify_and_decode_app_transaction(signed(env, c, "--app-transaction"))
    assert app.bundleId == BUNDLE_ID
    assert app.receiptType == Environment.SANDBOX
    assert app.appTransactionId == decoded.appTransactionId


def test_a_refund_says_it_was_in_full_and_how_much_it_returned(ledger):
    env, c = ledger
    check = SignedDataVerifier([root_der(env)], False, Environment.SANDBOX, BUNDLE_ID)
    bought = json.loads(run_cli("txn", "buy", LIFETIME, *c, "--json", env=env).stdout)
    kept = json.loads(run_cli("txn", "buy", YEARLY, *c, "--json", env=env).stdout)
    run_cli("clock", "advance", "+3d", *c, env=env)
    run_cli("txn", "refund", str(bought["id"]), "--reason", "developerIssue", *c, env=env)
    listed = {t["id"]: t for t in listing(env, c)["transactions"]}

    refunded = check.verify_and_decode_signed_transaction(signed(env, c, str(bought["id"])))
    assert refunded.revocationType == RevocationType.REFUND_FULL
    assert refunded.revocationPercentage == 100000, "100% in milliunits"
    assert refunded.revocationReason == RevocationReason.REFUNDED_DUE_TO_ISSUE
    assert refunded.revocationDate // 1000 == seconds(listed[bought["id"]]["revocationDate"])
    assert listed[bought["id"]]["revocationType"] == "fullRefund"
    assert listed[bought["id"]]["revocationPercentage"] == 100

    untouched = check.verify_and_decode_signed_transaction(signed(env, c, str(kept["id"])))
    assert untouched.revocationType is None and untouched.revocationPercentage is None
    assert "revocationType" not in listed[kept["id"]]


def test_a_refunded_transaction_is_signed_when_it_was_refunded_not_when_bought(ledger):
    env, c = ledger
    check = SignedDataVerifier([root_der(env)], False, Environment.SANDBOX, BUNDLE_ID)
    bought = json.loads(run_cli("txn", "buy", YEARLY, *c, "--json", env=env).stdout)
    run_cli("clock", "advance", "+1h", *c, env=env)  # inside the free trial: no renewal yet
    run_cli("txn", "refund", str(bought["id"]), *c, env=env)
    refunded = check.verify_and_decode_signed_transaction(signed(env, c, str(bought["id"])))
    assert refunded.signedDate == refunded.revocationDate, "the App Store signs the refunded transaction anew"
    assert refunded.signedDate - refunded.purchaseDate >= 3600 * 1000
    renewal = check.verify_and_decode_renewal_info(signed(env, c, str(bought["id"]), "--renewal-info"))
    assert renewal.signedDate == refunded.signedDate


def test_txn_list_json_names_the_environment_and_bundle_id_the_signed_payloads_do(ledger):
    env, c = ledger
    check = SignedDataVerifier([root_der(env)], False, Environment.SANDBOX, BUNDLE_ID)
    bought = json.loads(run_cli("txn", "buy", YEARLY, *c, "--json", env=env).stdout)
    listed = listing(env, c)
    decoded = check.verify_and_decode_signed_transaction(signed(env, c, str(bought["id"])))
    shown = next(t for t in listed["transactions"] if t["id"] == bought["id"])
    assert (shown["environment"], shown["appBundleID"]) == (decoded.rawEnvironment, decoded.bundleId) == ("Sandbox", BUNDLE_ID)
    status = listed["subscriptions"][0]
    assert (status["transaction"]["environment"], status["transaction"]["appBundleID"]) == ("Sandbox", BUNDLE_ID)
    assert status["renewalInfo"]["environment"] == "Sandbox"


@pytest.mark.parametrize("fault", [["fault", "set", "verification", "verification.invalidSignature"],
                                   ["fault", "switch", "unverified", "on"]])
def test_a_transaction_made_unverified_by_a_fault_fails_apples_verification(ledger, fault):
    env, c = ledger
    check = SignedDataVerifier([root_der(env)], False, Environment.SANDBOX, BUNDLE_ID)
    verified = json.loads(run_cli("txn", "buy", YEARLY, *c, "--json", env=env).stdout)
    check.verify_and_decode_signed_transaction(signed(env, c, str(verified["id"])))
    run_cli(*fault, *c, env=env)
    bought = json.loads(run_cli("txn", "buy", LIFETIME, *c, "--json", env=env).stdout)
    assert bought["verificationError"], "the fault marks the purchase unverified"
    with pytest.raises(VerificationException):
        check.verify_and_decode_signed_transaction(signed(env, c, str(bought["id"])))


def test_cert_export_prints_pem_and_refuses_der_on_a_terminal(tmp_path):
    env = base_env(tmp_path)
    pem = run_cli("cert", "export", env=env).stdout
    assert pem.startswith("-----BEGIN CERTIFICATE-----") and pem.rstrip().endswith("-----END CERTIFICATE-----")
    assert run_cli("cert", "export", "--pem", env=env).stdout == pem, "one root per state directory"
    s = Session("cert", "export", "--der", env=env)
    try:
        s.wait_for("DER is binary")
        assert s.wait_exit() != 0
    finally:
        s.close()


def test_a_monthly_plans_renewal_is_signed_with_its_place_in_the_commitment(tmp_path):
    """A v5 file's monthly plan (12 payments of 0.50, 6.00 in all): the second payment's signed
    transaction says payment 2 of 12, with the same commitment as the first."""
    env = base_env(tmp_path)
    catalog = ROOT / "Tests" / "Fixtures" / "storekit-samples" / "revenuecat-unittests-v5.0-billingplans.storekit"
    c = ["--catalog", str(catalog), "--ledger", str(tmp_path / "billing.sqlite")]
    product = "com.revenuecat.annual_with_commitment"
    first = json.loads(run_cli("txn", "buy", product, "--billing-plan", "monthly", *c, "--json", env=env).stdout)
    run_cli("clock", "advance", "+1M", *c, env=env)
    listed = listing(env, c)
    check = SignedDataVerifier([root_der(env)], False, Environment.SANDBOX, listed["transactions"][0]["appBundleID"])
    renewal = next(t for t in listed["transactions"] if t["id"] != first["id"])
    one = check.verify_and_decode_signed_transaction(signed(env, c, str(first["id"])))
    two = check.verify_and_decode_signed_transaction(signed(env, c, str(renewal["id"])))
    assert two.rawTransactionReason == "RENEWAL" and two.originalTransactionId == one.transactionId
    assert two.rawBillingPlanType == one.rawBillingPlanType == "MONTHLY"
    assert (one.commitmentInfo.billingPeriodNumber, two.commitmentInfo.billingPeriodNumber) == (1, 2)
    assert two.commitmentInfo.totalBillingPeriods == 12
    assert two.commitmentInfo.commitmentPrice == one.commitmentInfo.commitmentPrice == 6000
    assert two.commitmentInfo.commitmentExpiresDate == one.commitmentInfo.commitmentExpiresDate
    assert two.price == 500 and two.purchaseDate == one.expiresDate


def test_an_offer_is_signed_with_its_period_and_the_renewal_info_names_the_next_periods_offer(ledger):
    """offerPeriod: the offer's whole duration (the free trial's P3D); after a downgrade bought
    with the Spring code, the renewal info names the offer the next period renews with."""
    env, c = ledger
    check = SignedDataVerifier([root_der(env)], False, Environment.SANDBOX, BUNDLE_ID)
    bought = json.loads(run_cli("txn", "buy", YEARLY, *c, "--json", env=env).stdout)
    transaction = check.verify_and_decode_signed_transaction(signed(env, c, str(bought["id"])))
    assert (transaction.offerDiscountType, transaction.offerPeriod) == (OfferDiscountType.FREE_TRIAL, "P3D")
    renewal = check.verify_and_decode_renewal_info(signed(env, c, str(bought["id"]), "--renewal-info"))
    assert (renewal.offerType, renewal.offerPeriod) == (None, None), "a free trial's one period is spent"
    run_cli("txn", "redeem", "SPRING", *c, env=env)
    renewal = check.verify_and_decode_renewal_info(signed(env, c, str(bought["id"]), "--renewal-info"))
    assert (renewal.offerType, renewal.offerIdentifier, renewal.offerDiscountType, renewal.offerPeriod) == (
        OfferType.OFFER_CODE, "Spring", OfferDiscountType.FREE_TRIAL, "P1M")
