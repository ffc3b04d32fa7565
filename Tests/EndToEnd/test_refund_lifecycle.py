"""The refund lifecycle end to end, as a backend rehearses it: `tollbooth serve` and a local
receiver; a refund request sends CONSUMPTION_REQUEST, the backend answers with Apple's
`AppStoreServerAPIClient` (Send Consumption Information v2 and v1, one body rejected with
Apple's error code), Tollbooth decides (REFUND prorated, REFUND_DECLINED) and later reverses a
refund (REFUND_REVERSED); Apple's SignedDataVerifier decodes every notification."""
import subprocess

import pytest
from appstoreserverlibrary.api_client import APIException
from appstoreserverlibrary.models.AccountTenure import AccountTenure
from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
from appstoreserverlibrary.models.ConsumptionRequestReason import ConsumptionRequestReason
from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
from appstoreserverlibrary.models.ConsumptionStatus import ConsumptionStatus
from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
from appstoreserverlibrary.models.DeliveryStatusV1 import DeliveryStatusV1
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.LifetimeDollarsPurchased import LifetimeDollarsPurchased
from appstoreserverlibrary.models.LifetimeDollarsRefunded import LifetimeDollarsRefunded
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.Platform import Platform
from appstoreserverlibrary.models.PlayTime import PlayTime
from appstoreserverlibrary.models.RefundPreference import RefundPreference
from appstoreserverlibrary.models.RefundPreferenceV1 import RefundPreferenceV1
from appstoreserverlibrary.models.RevocationType import RevocationType
from appstoreserverlibrary.models.UserStatus import UserStatus
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from harness import BINARY
from test_notifications import Receiver, signed_payload
from test_server_api import BUNDLE, Server


@pytest.fixture
def rehearsal(tmp_path):
    server = Server(tmp_path)
    receiver = Receiver()
    server.cli("notify", "url", receiver.url)
    root = subprocess.run([str(BINARY), "cert", "export", "--der"], capture_output=True, env=server.env, check=True).stdout
    yield server, receiver, SignedDataVerifier([root], False, Environment.SANDBOX, BUNDLE)
    receiver.close()
    assert server.stop() == 0, server.proc.stderr.read()


def notification(receiver, verifier, number):
    """The `number`th POST (from 1), decoded by Apple's verifier, and its transaction."""
    payload = verifier.verify_and_decode_notification(signed_payload(receiver.wait_for(number)[number - 1]))
    return payload, verifier.verify_and_decode_signed_transaction(payload.data.signedTransactionInfo)


def listed(server, transaction_id):
    return next(t for t in server.listing()["transactions"] if t["id"] == transaction_id)


def state_column(server, transaction_id):
    line = next(l for l in server.cli("txn", "list").stdout.splitlines() if l.split() and l.split()[0] == str(transaction_id))
    return line


def test_a_consumable_refund_request_answered_with_grant_prorated_is_refunded_then_reversed(rehearsal):
    server, receiver, verifier = rehearsal
    client = server.client()
    fuel = server.buy("consumable.fuel.octane87")["id"]
    assert notification(receiver, verifier, 1)[0].notificationType == NotificationTypeV2.ONE_TIME_CHARGE

    server.cli("txn", "refund-request", str(fuel), "--reason", "unsatisfied_with_purchase")
    asked, asked_about = notification(receiver, verifier, 2)
    assert asked.notificationType == NotificationTypeV2.CONSUMPTION_REQUEST
    assert asked.data.consumptionRequestReason == ConsumptionRequestReason.UNSATISFIED_WITH_PURCHASE
    assert asked_about.transactionId == str(fuel)
    assert listed(server, fuel)["refundState"] == "requested"
    assert "refund requested" in state_column(server, fuel)

    # A body Apple rejects: consent is required.
    with pytest.raises(APIException) as raised:
        client.send_consumption_information(str(fuel), ConsumptionRequest(
            customerConsented=False, sampleContentProvided=False, deliveryStatus=DeliveryStatus.DELIVERED))
    assert raised.value.http_status_code == 400 and raised.value.raw_api_error == 4000035
    client.send_consumption_information(str(fuel), ConsumptionRequest(
        customerConsented=True, sampleContentProvided=False, deliveryStatus=DeliveryStatus.DELIVERED,
        consumptionPercentage=60000, refundPreference=RefundPreference.GRANT_PRORATED))

    # Tollbooth's rule follows the preference: prorated, 100% less the 60% consumed.
    server.cli("txn", "refund-decide", str(fuel))
    refund, refunded = notification(receiver, verifier, 3)
    assert refund.notificationType == NotificationTypeV2.REFUND
    assert refunded.revocationType == RevocationType.REFUND_PRORATED
    assert refunded.revocationPercentage == 40000
    assert refunded.revocationDate is not None
    history = client.get_refund_history(str(fuel), None)
    assert [verifier.verify_and_decode_signed_transaction(t).revocationPercentage for t in history.signedTransactions] == [40000]
    assert listed(server, fuel)["revocationType"] == "proratedRefund" and listed(server, fuel)["revocationPercentage"] == 40
    assert "refunded prorated 40%" in state_column(server, fuel)

    server.cli("txn", "refund-reverse", str(fuel))
    reversal, reversed_transaction = notification(receiver, verifier, 4)
    assert reversal.notificationType == NotificationTypeV2.REFUND_REVERSED
    assert reversed_transaction.transactionId == str(fuel)
    assert reversed_transaction.revocationDate is None and reversed_transaction.revocationType is None
    assert reversed_transaction.revocationPercentage is None
    assert client.get_refund_history(str(fuel), None).signedTransactions == []
    assert listed(server, fuel)["refundState"] == "reversed"
    assert "refund reversed" in state_column(server, fuel)


def test_a_subscription_refund_request_answered_with_v1_prefer_decline_is_declined(rehearsal):
    server, receiver, verifier = rehearsal
    client = server.client()
    plan = server.buy("subscription.standard")["id"]
    assert notification(receiver, verifier, 1)[0].notificationType == NotificationTypeV2.SUBSCRIBED
    server.cli("txn", "refund-request", str(plan), "--reason", "OTHER")
    asked, _ = notification(receiver, verifier, 2)
    assert asked.notificationType == NotificationTypeV2.CONSUMPTION_REQUEST
    assert asked.data.consumptionRequestReason == ConsumptionRequestReason.OTHER

    body = ConsumptionRequestV1(
        customerConsented=True, consumptionStatus=ConsumptionStatus.PARTIALLY_CONSUMED, platform=Platform.APPLE,
        sampleContentProvided=True, deliveryStatus=DeliveryStatusV1.DELIVERED_AND_WORKING_PROPERLY, appAccountToken="",
        accountTenure=AccountTenure.THIRTY_DAYS_TO_NINETY_DAYS, playTime=PlayTime.ONE_TO_SIX_HOURS,
        lifetimeDollarsRefunded=LifetimeDollarsRefunded.ZERO_DOLLARS,
        lifetimeDollarsPurchased=LifetimeDollarsPurchased.ONE_CENT_TO_FORTY_NINE_DOLLARS_AND_NINETY_NINE_CENTS,
        userStatus=UserStatus.ACTIVE, refundPreference=RefundPreferenceV1.PREFER_DECLINE)
    with pytest.warns(DeprecationWarning):
        client.send_consumption_data(str(plan), body)
    # The current endpoint refuses a consumption percentage for an auto-renewable subscription.
    with pytest.raises(APIException) as raised:
        client.send_consumption_information(str(plan), ConsumptionRequest(
            customerConsented=True, sampleContentProvided=True, deliveryStatus=DeliveryStatus.DELIVERED, consumptionPercentage=0))
    assert raised.value.raw_api_error == 4000209

    server.cli("txn", "refund-decide", str(plan))
    declined, declined_transaction = notification(receiver, verifier, 3)
    assert declined.notificationType == NotificationTypeV2.REFUND_DECLINED
    assert declined_transaction.transactionId == str(plan) and declined_transaction.revocationDate is None
    assert client.get_refund_history(str(plan), None).signedTransactions == []
    assert listed(server, plan)["refundState"] == "declined"
    assert "refund declined" in state_column(server, plan)


def test_refund_decide_takes_a_percentage_and_refuses_what_makes_no_sense(tmp_path):
    server = Server(tmp_path)
    try:
        car = server.buy("nonconsumable.car")["id"]
        refused = server.cli("txn", "refund-decide", str(car), check=False)
        assert refused.returncode == 1 and "no refund request is open" in refused.stderr, refused.stderr
        server.cli("txn", "refund-request", str(car))
        for args, words in [(["grant", "--percent", "40"], "--percent applies to grant-prorated only"),
                            (["--percent", "101"], "is not a percentage from 0 to 100"),
                            (["--percent", "1.2345"], "at most three decimals"),
                            (["maybe"], 'unknown refund decision "maybe"')]:
            result = server.cli("txn", "refund-decide", str(car), *args, check=False)
            lines = result.stderr.strip().splitlines()
            assert result.returncode != 0 and words in lines[0], (args, result.stderr)
        server.cli("txn", "refund-decide", str(car), "--percent", "67.932")
        assert listed(server, car)["revocationPercentage"] == 67.932
        assert "refunded prorated 67.932%" in state_column(server, car)
        again = server.cli("txn", "refund-reverse", str(car))
        assert "refund reversed" in again.stdout
        twice = server.cli("txn", "refund-reverse", str(car), check=False)
        assert twice.returncode == 1 and "there is no refund to reverse" in twice.stderr, twice.stderr
    finally:
        assert server.stop() == 0, server.proc.stderr.read()
