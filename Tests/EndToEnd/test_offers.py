"""Promotional offers with their signature, and offer codes, through the real binary."""
import json
import shutil

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from harness import ROOT, SAMPLES, Session, base_env, run_cli

PROMO = "revenuecat-purchasetester-v3.0-synced-offers.storekit"
CODES = "handmade-v4.0-winback-codeoffers.storekit"


def pem_key():
    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption()).decode()


def keyed_catalog(tmp_path, key_id="KEY1"):
    """The RevenueCat sample with a subscription offers key, as Xcode's editor stores one."""
    data = json.loads((SAMPLES / PROMO).read_text())
    data["subscriptionOffersKeyPair"] = {"id": key_id, "privateKey": pem_key()}
    path = tmp_path / "Promo.storekit"
    path.write_text(json.dumps(data, indent=2))
    return path


def lapse(env, c):
    """A subscriber whose test_product1 has expired: promotional offers are for them."""
    first = json.loads(run_cli("txn", "buy", "test_product1", *c, "--json", env=env).stdout)
    run_cli("txn", "cancel", str(first["id"]), *c, env=env)
    run_cli("clock", "advance", "next", *c, env=env)


def test_txn_buy_with_offer_signs_with_the_catalogs_key(tmp_path):
    env = base_env(tmp_path)
    c = ["--catalog", str(keyed_catalog(tmp_path))]
    lapse(env, c)
    bought = json.loads(run_cli("txn", "buy", "test_product1", "--offer", "test", *c, "--json", env=env).stdout)
    assert bought["offer"]["type"] == "promotional" and bought["offer"]["id"] == "test", bought
    listing = json.loads(run_cli("txn", "list", *c, "--json", env=env).stdout)
    newest = max(listing["transactions"], key=lambda t: t["id"])
    assert newest["offer"]["id"] == "test", newest


def test_txn_buy_with_another_key_is_an_invalid_signature(tmp_path):
    env = base_env(tmp_path)
    c = ["--catalog", str(keyed_catalog(tmp_path))]
    other = tmp_path / "SubscriptionKey_KEY1.p8"
    other.write_text(pem_key())
    lapse(env, c)
    result = run_cli("txn", "buy", "test_product1", "--offer", "test", "--key", str(other), *c, env=env, check=False)
    assert result.returncode != 0
    assert "invalidOfferSignature" in result.stderr, result.stderr
    events = run_cli("events", *c, env=env).stdout
    assert events.count("purchase") >= 1


def test_txn_redeem_takes_a_reference_name_in_any_case_and_delivers_a_code_offer(tmp_path):
    env = base_env(tmp_path)
    catalog = tmp_path / "Trail.storekit"
    shutil.copy(SAMPLES / CODES, catalog)
    c = ["--catalog", str(catalog)]
    text = run_cli("txn", "redeem", "spring HIKING festival", *c, env=env).stdout
    assert "redeemed Spring hiking festival for dev.tollbooth.fixture.trail.plus.monthly" in text, text
    listing = json.loads(run_cli("txn", "list", *c, "--json", env=env).stdout)
    tx = listing["transactions"][0]
    assert tx["offer"]["type"] == "code" and tx["offer"]["id"] == "Spring hiking festival", tx
    unknown = run_cli("txn", "redeem", "NOPE", *c, env=env, check=False)
    assert unknown.returncode != 0
    assert "is not an offer code of this catalog" in unknown.stderr and "Ranger station flyer" in unknown.stderr


def test_an_offer_for_what_the_customer_already_has_says_nothing_was_bought(tmp_path):
    """StoreKit hands back the active subscription (S15): the CLI must not claim it bought it
    with the offer, or redeemed the code."""
    env = base_env(tmp_path)
    c = ["--catalog", str(ROOT / "Examples" / "Example.storekit")]
    monthly = "dev.tollbooth.example.premium.monthly"
    run_cli("txn", "buy", monthly, *c, env=env)
    offered = run_cli("txn", "buy", monthly, "--offer", "comeback", *c, env=env).stdout
    assert f"{monthly} is already active on this account: transaction 1" in offered, offered
    assert 'the offer "comeback" was not used' in offered and "bought" not in offered.replace("nothing was bought", ""), offered
    redeemed = run_cli("txn", "redeem", "SPRING", *c, env=env).stdout
    assert 'the code "SPRING" was not redeemed' in redeemed and not redeemed.startswith("redeemed"), redeemed
    assert len(json.loads(run_cli("txn", "list", *c, "--json", env=env).stdout)["transactions"]) == 1


def test_paywall_redeems_a_code_from_its_sheet_and_unlocks(tmp_path):
    env = base_env(tmp_path)
    catalog = tmp_path / "Trail.storekit"
    shutil.copy(SAMPLES / CODES, catalog)
    s = Session("run", str(catalog), "--ledger", str(tmp_path / "trail.sqlite"), cols=100, rows=30, env=env)
    try:
        s.wait_for("Trailhead Plus")
        s.send("o")
        s.wait_for("Redeem Offer Code")
        s.send(*"nope")  # "o" typed into the code, not reopening anything
        s.send("enter")
        s.wait_for("is not a valid code")
        s.send("enter", "o")
        s.wait_for("Redeem Offer Code")
        s.send(*"spring hiking festival")
        s.wait_for("> spring hiking festival_")
        s.send("enter")
        s.wait_for("Code redeemed. Trailhead Plus")
        listing = json.loads(run_cli("txn", "list", "--ledger", str(tmp_path / "trail.sqlite"), "--json", env=env).stdout)
        tx = listing["transactions"][0]
        assert tx["offer"]["type"] == "code" and tx["offer"]["id"] == "Spring hiking festival", tx
        assert tx["device"] == "iphone"
        s.send("q")
        assert s.wait_exit() == 0
    finally:
        s.close()


def test_paywall_redeem_sheet_fault_is_reported(tmp_path):
    env = base_env(tmp_path)
    catalog = tmp_path / "Trail.storekit"
    shutil.copy(SAMPLES / CODES, catalog)
    ledger = ["--ledger", str(tmp_path / "trail.sqlite")]
    run_cli("fault", "set", "offerCodeRedeem", "storeKit.networkError", "--catalog", str(catalog), *ledger, env=env)
    s = Session("run", str(catalog), *ledger, cols=100, rows=30, env=env)
    try:
        s.wait_for("Trailhead Plus")
        s.send("o")
        s.wait_for("Couldn't redeem the code")
        assert "Redeem Offer Code" not in s.text()
    finally:
        s.close()


def test_paywall_buys_a_promotional_offer_it_signs_with_the_catalogs_key(tmp_path):
    """The example app with a promotional offer on the monthly plan and an offers key: a lapsed
    subscriber presses p on the plan, confirms, and the transaction carries the offer."""
    env = base_env(tmp_path)
    data = json.loads((ROOT / "Examples" / "Example.storekit").read_text())
    monthly = "dev.tollbooth.example.premium.monthly"
    for group in data["subscriptionGroups"]:
        for sub in group["subscriptions"]:
            if sub["productID"] == monthly:
                sub["adHocOffers"] = [{"offerID": "comeback", "referenceName": "Come back", "internalID": "AB12CD34",
                                       "paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M", "numberOfPeriods": 3,
                                       "displayPrice": "1.99"}]
    data["subscriptionOffersKeyPair"] = {"id": "KEY1", "privateKey": pem_key()}
    catalog = tmp_path / "Example.storekit"
    catalog.write_text(json.dumps(data, indent=2))
    shutil.copy(ROOT / "Examples" / "Example.paywall.yaml", tmp_path / "Example.paywall.yaml")
    ledger = ["--ledger", str(tmp_path / "promo.sqlite")]
    c = ["--catalog", str(catalog), *ledger]
    first = json.loads(run_cli("txn", "buy", monthly, *c, "--json", env=env).stdout)
    run_cli("txn", "cancel", str(first["id"]), *c, env=env)
    run_cli("clock", "advance", "next", *c, env=env)
    s = Session("run", str(catalog), *ledger, cols=80, rows=30, env=env)
    try:
        s.wait_for("Premium Monthly")
        s.send("j")
        s.wait_for(lambda t: "> Premium Monthly" in t)
        s.send("p")
        s.wait_for("Special Offer")
        assert "$1.99/month for 3 months" in s.text()
        s.send("enter")
        s.wait_for("Subscribed")
        listing = json.loads(run_cli("txn", "list", *c, "--json", env=env).stdout)
        newest = max(listing["transactions"], key=lambda t: t["id"])
        assert newest["offer"] == {"id": "comeback", "type": "promotional", "paymentMode": "payAsYouGo"}, newest
        s.send("q")
        assert s.wait_exit() == 0
    finally:
        s.close()
