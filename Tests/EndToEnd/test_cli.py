"""The admin CLI, end to end: real binary, real ledger files, real sample catalogs."""
import json
import re
import shutil

import pytest

from harness import SAMPLES, base_env, run_cli

REFUSED = {"handmade-empty-0bytes.storekit", "handmade-nonxcode-invented-keys.storekit"}
ALL_SAMPLES = sorted(p.name for p in SAMPLES.glob("*.storekit"))


@pytest.mark.parametrize("name", ALL_SAMPLES)
def test_every_sample_lists_products_or_is_refused_clearly(name, tmp_path):
    env = base_env(tmp_path)
    result = run_cli("products", str(SAMPLES / name), env=env, check=False)
    check = run_cli("check", str(SAMPLES / name), env=env, check=False)
    if name in REFUSED:
        assert result.returncode != 0 and check.returncode != 0
        message = (result.stderr + result.stdout).strip()
        assert name in message, message
        assert "Traceback" not in message and "Fatal error" not in message
        assert len(message.splitlines()) <= 2, message
    else:
        assert result.returncode == 0, result.stderr
        # `check` fails what `audit` fails on the file (a real app's catalog often has no
        # privacy-policy URL: D19); any other error would be a catalog Tollbooth misreads.
        errors = [line for line in check.stdout.splitlines() if ": error: " in line]
        assert check.returncode == (1 if errors else 0), check.stdout + check.stderr
        assert all(re.search(r": error: D(16|19|20): ", line) for line in errors), check.stdout


def test_products_formats_yen_for_japanese_storefront(tmp_path):
    result = run_cli("products", str(SAMPLES / "handmade-v4.0-ja-jpy-group-localizations.storekit"), "--storefront", "JPN",
                     "--locale", "ja_JP", "--json", env=base_env(tmp_path))
    products = json.loads(result.stdout)
    assert any(p["displayPrice"] == "¥480" for p in products), products


def test_unknown_storefront_is_one_clear_sentence(tmp_path):
    result = run_cli("products", str(SAMPLES / "handmade-v1.2-ja-en-empty-names.storekit"), "--storefront", "XXX",
                     env=base_env(tmp_path), check=False)
    assert result.returncode != 0
    assert 'unknown storefront "XXX"' in result.stderr and "JPN" in result.stderr


@pytest.fixture
def catalog(tmp_path):
    path = tmp_path / "Shop.storekit"
    shutil.copy(SAMPLES / "apple-skdemo-wwdc21-products-v1.1.storekit", path)
    return path


def ids(env, catalog):
    listing = json.loads(run_cli("txn", "list", "--catalog", str(catalog), "--json", env=env).stdout)
    return listing


def test_full_subscription_life_through_the_cli(tmp_path, catalog):
    env = base_env(tmp_path)
    c = ["--catalog", str(catalog)]
    products = json.loads(run_cli("products", str(catalog), "--json", env=env).stdout)
    sub = next(p for p in products if p["type"] == "autoRenewable")["id"]
    bought = json.loads(run_cli("txn", "buy", sub, *c, "--json", env=env).stdout)
    first_id = bought["id"]
    run_cli("clock", "advance", "next", *c, env=env)
    listing = ids(env, catalog)
    renewals = [t for t in listing["transactions"] if t["reason"] == "renewal"]
    assert renewals and renewals[0]["originalID"] == first_id
    run_cli("txn", "cancel", str(first_id), *c, env=env)
    run_cli("clock", "advance", "next", *c, env=env)
    listing = ids(env, catalog)
    assert listing["subscriptions"][0]["state"] == "expired"
    assert listing["subscriptions"][0]["renewalInfo"]["expirationReason"] == "autoRenewDisabled"
    events = run_cli("events", *c, env=env).stdout
    for kind in ("purchase", "renewal", "autoRenewOff", "expiry"):
        assert kind in events, events


def test_refund_and_ask_to_buy_through_the_cli(tmp_path, catalog):
    env = base_env(tmp_path)
    c = ["--catalog", str(catalog)]
    products = json.loads(run_cli("products", str(catalog), "--json", env=env).stdout)
    lifetime = next(p for p in products if p["type"] == "nonConsumable")["id"]
    bought = json.loads(run_cli("txn", "buy", lifetime, *c, "--json", env=env).stdout)
    out = run_cli("txn", "refund", str(bought["id"]), "--reason", "developerIssue", *c, env=env).stdout
    assert "refunded" in out
    listing = ids(env, catalog)
    assert listing["transactions"][0]["revocationReason"] == "developerIssue"
    # A ledger remembers its catalog: --ledger alone is enough afterwards.
    ledger = next((tmp_path / "tollbooth").glob("*.sqlite"))
    text = run_cli("txn", "list", "--ledger", str(ledger), env=env).stdout
    assert "refunded (developerIssue)" in text


def test_outside_purchase_on_a_device_names_it_in_the_event_log(tmp_path, catalog):
    env = base_env(tmp_path)
    c = ["--catalog", str(catalog)]
    products = json.loads(run_cli("products", str(catalog), "--json", env=env).stdout)
    sub = next(p for p in products if p["type"] == "autoRenewable")["id"]
    bought = json.loads(run_cli("txn", "buy", sub, "--device", "ipad", *c, "--json", env=env).stdout)
    lines = run_cli("events", *c, "--json", env=env).stdout.splitlines()
    purchase = next(e for e in map(json.loads, lines) if e.get("transactionID") == bought["id"])
    assert purchase["device"] == "ipad", purchase
    assert "[ipad]" in run_cli("events", *c, env=env).stdout


def test_bad_input_gets_one_sentence_and_nonzero_exit(tmp_path, catalog):
    env = base_env(tmp_path)
    c = ["--catalog", str(catalog)]
    cases = [
        (["txn", "refund", "999", *c], "no transaction 999"),
        (["txn", "buy", "no.such.product", *c], "unknown product id \"no.such.product\""),
        (["clock", "advance", "soon", *c], "is not a duration"),
        (["clock", "rate", "warp9", *c], 'unknown time rate "warp9"'),
        (["fault", "set", "purchase", "storeKit.nope", *c], 'unknown error "storeKit.nope"'),
        (["fault", "set", "nowhere", "storeKit.unknown", *c], 'unknown API "nowhere"'),
        (["txn", "list"], "say which ledger"),
    ]
    for args, expected in cases:
        result = run_cli(*args, env=env, check=False)
        assert result.returncode != 0, args
        assert expected in result.stderr, (args, result.stderr)
        assert "Fatal error" not in result.stderr


def test_corrupt_ledger_is_refused_without_damage(tmp_path):
    env = base_env(tmp_path)
    ledger = tmp_path / "broken.sqlite"
    ledger.write_bytes(b"this is not a database" * 100)
    before = ledger.read_bytes()
    result = run_cli("txn", "list", "--ledger", str(ledger), "--catalog", str(SAMPLES / "handmade-v2.0-synced-legacy-storekiterror.storekit"),
                     env=env, check=False)
    assert result.returncode != 0
    assert "not a Tollbooth ledger" in result.stderr
    assert ledger.read_bytes() == before


def test_which_ledger_lists_the_ledgers_that_exist_newest_first_with_their_catalogs(tmp_path):
    """Issue 24: "say which ledger to use" named no ledger. It lists those in the default folder,
    newest first, each with its catalog, at most five and how many more."""
    env = base_env(tmp_path)
    folder = tmp_path / "tollbooth"
    empty = run_cli("txn", "list", env=env, check=False)
    assert empty.returncode != 0
    assert f"say which ledger to use: --ledger PATH, or --catalog CATALOG for that catalog's default ledger ({folder} holds none yet)" in empty.stderr
    catalogs = []
    for index in range(7):
        path = tmp_path / f"Shop{index}.storekit"
        shutil.copy(SAMPLES / "apple-skdemo-wwdc21-products-v1.1.storekit", path)
        run_cli("clock", "pause", "--catalog", str(path), env=env)  # makes its default ledger
        catalogs.append(path)
    result = run_cli("txn", "list", env=env, check=False)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert f"say which ledger to use: --ledger PATH, or --catalog CATALOG for that catalog's default ledger; the ledgers in {folder}, newest first:" in lines[0], result.stderr
    listed = lines[1:6]
    for line, catalog in zip(listed, reversed(catalogs[2:])):
        assert line.startswith(f'  --ledger "{folder}/{catalog.stem}-'), result.stderr
        assert line.endswith(f'.sqlite"  (catalog "{catalog}")'), result.stderr
    assert lines[6:] == ["  and 2 more"], result.stderr
    # Each line names a ledger that works as it is.
    ledger = listed[0].split('"')[1]
    assert json.loads(run_cli("txn", "list", "--ledger", ledger, "--json", env=env).stdout)["transactions"] == []
