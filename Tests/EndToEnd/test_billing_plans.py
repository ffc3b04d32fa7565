"""Monthly billing plans with a 12-month commitment from the command line: `products --json`
lists a subscription's billing plans, `txn buy --billing-plan monthly` starts a commitment,
`txn list` counts its payments, and Apple's SignedDataVerifier decodes every commitment field of
the signed transaction and renewal info. The catalog is a real Xcode v5 file (RevenueCat's)."""
import json
import subprocess
from datetime import datetime
from pathlib import Path

import pytest
from appstoreserverlibrary.models.AutoRenewStatus import AutoRenewStatus
from appstoreserverlibrary.models.BillingPlanType import BillingPlanType
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.RenewalBillingPlanType import RenewalBillingPlanType
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from harness import BINARY, ROOT, base_env, run_cli

CATALOG = ROOT / "Tests" / "Fixtures" / "storekit-samples" / "revenuecat-unittests-v5.0-billingplans.storekit"
COMMITTED = "com.revenuecat.annual_with_commitment"  # up front, or 0.50 a month over 12 months (6.00)
PLAIN = "com.revenuecat.annual_39.99_no_trial"  # billed up front only


def ms(iso):
    """`txn list --json`'s ISO-8601 date (to the second) as milliseconds since 1970."""
    return int(datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()) * 1000


@pytest.fixture
def ledger(tmp_path):
    env = base_env(tmp_path)
    return env, ["--catalog", str(CATALOG), "--ledger", str(tmp_path / "billing.sqlite")]


def listing(env, c):
    return json.loads(run_cli("txn", "list", *c, "--json", env=env).stdout)


def verifier(env, c):
    root = subprocess.run([str(BINARY), "cert", "export", "--der"], capture_output=True, env=env, check=True).stdout
    bundle = listing(env, c)["transactions"][0]["appBundleID"]
    return SignedDataVerifier([root], False, Environment.SANDBOX, bundle)


def signed(env, c, *args):
    return run_cli("txn", "signed", *args, *c, env=env).stdout.strip()


def test_products_json_lists_each_subscriptions_billing_plans(tmp_path):
    products = json.loads(run_cli("products", str(CATALOG), "--json", env=base_env(tmp_path)).stdout)
    plans = {p["id"]: p["subscription"]["billingPlans"] for p in products if "subscription" in p}
    monthly = next(p for p in plans[COMMITTED] if p["type"] == "MONTHLY")
    assert float(monthly["price"]) == 0.5 and float(monthly["commitmentPrice"]) == 6.0 and monthly["enabled"] is True
    assert [p["type"] for p in plans[COMMITTED]] == ["BILLED_UPFRONT", "MONTHLY"]
    assert [p["type"] for p in plans[PLAIN]] == ["BILLED_UPFRONT"]


def test_a_monthly_plan_bills_monthly_and_the_list_counts_the_payments(ledger):
    env, c = ledger
    bought = json.loads(run_cli("txn", "buy", COMMITTED, "--billing-plan", "monthly", *c, "--json", env=env).stdout)
    assert bought["billingPlanType"] == "MONTHLY"
    assert bought["commitmentInfo"]["billingPeriodNumber"] == 1 and bought["commitmentInfo"]["totalBillingPeriods"] == 12
    assert float(bought["price"]) == 0.5
    text = run_cli("txn", "list", *c, env=env).stdout
    assert "BILLING" in text and "monthly, payment 1 of 12" in text
    run_cli("clock", "advance", "+1M", *c, env=env)
    text = run_cli("txn", "list", *c, env=env).stdout
    assert "monthly, payment 2 of 12" in text
    listed = listing(env, c)["transactions"]
    assert [t["commitmentInfo"]["billingPeriodNumber"] for t in listed] == [1, 2]
    assert listed[1]["commitmentInfo"]["expirationDate"] == listed[0]["commitmentInfo"]["expirationDate"]


def test_apples_verifier_decodes_the_commitment_of_a_transaction_and_its_renewal_info(ledger):
    env, c = ledger
    bought = json.loads(run_cli("txn", "buy", COMMITTED, "--billing-plan", "monthly", *c, "--json", env=env).stdout)
    check = verifier(env, c)
    listed = listing(env, c)["transactions"][0]

    decoded = check.verify_and_decode_signed_transaction(signed(env, c, str(bought["id"])))
    assert decoded.billingPlanType == BillingPlanType.MONTHLY
    assert decoded.price == 500, "the monthly price, in milliunits"
    commitment = decoded.commitmentInfo
    assert (commitment.billingPeriodNumber, commitment.totalBillingPeriods) == (1, 12)
    assert commitment.commitmentPrice == 6000, "the commitment's total, in milliunits"
    assert commitment.commitmentExpiresDate // 1000 * 1000 == ms(listed["commitmentInfo"]["expirationDate"])
    assert commitment.commitmentExpiresDate > decoded.expiresDate

    renewal = check.verify_and_decode_renewal_info(signed(env, c, str(bought["id"]), "--renewal-info"))
    assert renewal.renewalBillingPlanType == RenewalBillingPlanType.MONTHLY
    assert renewal.autoRenewStatus == AutoRenewStatus.ON
    assert renewal.renewalPrice == 500
    info = renewal.commitmentInfo
    assert info.commitmentRenewalDate == commitment.commitmentExpiresDate
    assert info.commitmentRenewalPrice == 6000
    assert info.commitmentAutoRenewProductId == COMMITTED
    assert info.commitmentAutoRenewStatus == AutoRenewStatus.ON
    assert info.commitmentRenewalBillingPlanType == RenewalBillingPlanType.MONTHLY

    # Cancelling inside the commitment: the next payment is still due, the commitment won't renew.
    run_cli("txn", "cancel", str(bought["id"]), *c, env=env)
    renewal = check.verify_and_decode_renewal_info(signed(env, c, str(bought["id"]), "--renewal-info"))
    assert renewal.autoRenewStatus == AutoRenewStatus.ON
    assert renewal.commitmentInfo.commitmentAutoRenewStatus == AutoRenewStatus.OFF


def test_billed_up_front_the_payloads_carry_no_billing_plan(ledger):
    env, c = ledger
    bought = json.loads(run_cli("txn", "buy", COMMITTED, "--billing-plan", "upfront", *c, "--json", env=env).stdout)
    check = verifier(env, c)
    decoded = check.verify_and_decode_signed_transaction(signed(env, c, str(bought["id"])))
    assert decoded.rawBillingPlanType is None and decoded.commitmentInfo is None
    renewal = check.verify_and_decode_renewal_info(signed(env, c, str(bought["id"]), "--renewal-info"))
    assert renewal.rawRenewalBillingPlanType is None and renewal.commitmentInfo is None
    assert "BILLING" not in run_cli("txn", "list", *c, env=env).stdout


def test_a_bad_billing_plan_value_names_the_choices(ledger):
    env, c = ledger
    result = run_cli("txn", "buy", COMMITTED, "--billing-plan", "weekly", *c, env=env, check=False)
    assert result.returncode == 1
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1 and "weekly" in message
    assert "monthly" in message and "upfront" in message


def test_a_monthly_plan_the_product_lacks_is_refused_and_nothing_is_bought(ledger):
    env, c = ledger
    result = run_cli("txn", "buy", PLAIN, "--billing-plan", "monthly", *c, env=env, check=False)
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1
    assert PLAIN in result.stderr and "monthly billing plan" in result.stderr
    # The refused purchase was the ledger's first command: it leaves no ledger behind.
    assert not Path(c[c.index("--ledger") + 1]).exists()
