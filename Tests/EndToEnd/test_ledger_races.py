"""Ledgers under races and under things done to their files from outside, through the real
binary: two processes creating one ledger at once, and a ledger (or its -wal) deleted while a
paywall or a command has it open."""
import json
import shutil
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path

from harness import BINARY, SAMPLES, Session, base_env, ledger_args, open_paywall, paywall_ready, run_cli

CATALOG = SAMPLES / "apple-skdemo-wwdc21-products-v1.1.storekit"
TRIES = 20


def start(*args, env):
    return subprocess.Popen([str(BINARY), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def products(ledger, env):
    listing = json.loads(run_cli("txn", "list", "--json", "--ledger", str(ledger), env=env).stdout)
    return sorted(t["productID"] for t in listing["transactions"])


def test_two_purchases_creating_one_ledger_at_once_both_land(tmp_path):
    env = base_env(tmp_path)
    catalog = tmp_path / "Shop.storekit"
    shutil.copy(CATALOG, catalog)
    failures = []
    for attempt in range(TRIES):
        ledger = tmp_path / f"new-{attempt}.sqlite"
        buyers = [start("txn", "buy", product, "--catalog", str(catalog), "--ledger", str(ledger), "--json", env=env)
                  for product in ("nonconsumable.car", "nonconsumable.truck")]
        for buyer in buyers:
            out, err = buyer.communicate(timeout=60)
            if buyer.returncode != 0:
                failures.append(f"try {attempt}: {err.strip()}")
        if not failures:
            assert products(ledger, env) == ["nonconsumable.car", "nonconsumable.truck"], f"try {attempt}"
    assert failures == [], f"{len(failures)} of {2 * TRIES} purchases failed:\n" + "\n".join(failures)


def test_two_paywalls_creating_one_ledger_at_once_both_open(tmp_path):
    env = base_env(tmp_path)
    for attempt in range(5):
        ledger = ["--ledger", str(tmp_path / f"new-{attempt}.sqlite")]
        sessions = [Session("run", *ledger, "--device", device, env=env) for device in ("iphone", "ipad")]
        try:
            for session in sessions:
                session.wait_for(paywall_ready, timeout=30)
        finally:
            for session in sessions:
                session.close()


def test_paywall_says_when_its_ledgers_wal_is_deleted_and_commands_refuse(tmp_path, env):
    ledger = tmp_path / "shared.sqlite"
    s = open_paywall(tmp_path, env)
    try:
        run_cli("txn", "buy", "dev.tollbooth.example.lifetime", *ledger_args(tmp_path), env=env)
        wal = Path(f"{ledger}-wal")
        assert wal.exists(), "the paywall keeps the -wal while it runs"
        wal.unlink()
        screen = s.wait_for("Ledger lost", timeout=15)
        assert "-wal" in screen
        # The next command on the ledger: one sentence and a non-zero exit, not a purchase
        # acknowledged into a journal nobody will read.
        result = run_cli("txn", "buy", "dev.tollbooth.example.premium.monthly", *ledger_args(tmp_path), env=env, check=False)
        assert result.returncode != 0 and result.stdout == ""
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and str(ledger) in lines[0] and "-wal" in lines[0], result.stderr
    finally:
        s.close()


def test_paywall_says_when_its_ledger_is_replaced(tmp_path, env):
    ledger = tmp_path / "shared.sqlite"
    s = open_paywall(tmp_path, env)
    try:
        other = tmp_path / "other.sqlite"
        run_cli("txn", "buy", "nonconsumable.car", "--catalog", str(CATALOG), "--ledger", str(other), env=env)
        other.replace(ledger)
        s.wait_for("Ledger lost", timeout=15)
    finally:
        s.close()


def ledger_rows(ledger):
    """Every transaction's id and product, read straight from the file once nobody has it open."""
    with closing(sqlite3.connect(f"file:{ledger}?mode=ro", uri=True)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return db.execute("SELECT id, productID FROM transactions ORDER BY id").fetchall()


def test_both_journal_files_deleted_under_a_paywall_no_purchase_is_lost_or_id_reused(tmp_path, env):
    """Issue 32, case 1: with both -wal and -shm deleted, another process used to start a second
    journal beside the paywall's, acknowledge a purchase under an id already issued, and lose it
    when the paywall quit."""
    ledger = tmp_path / "shared.sqlite"
    s = open_paywall(tmp_path, env)
    acknowledged = []
    try:
        for product in ("dev.tollbooth.example.lifetime", "dev.tollbooth.example.premium.monthly"):
            bought = json.loads(run_cli("txn", "buy", product, "--json", *ledger_args(tmp_path), env=env).stdout)
            acknowledged.append((bought["id"], product))
        for companion in ("-wal", "-shm"):
            Path(f"{ledger}{companion}").unlink()
        s.wait_for("Ledger lost", timeout=15)
        for command in (["txn", "buy", "dev.tollbooth.example.premium.yearly"], ["txn", "list"]):
            result = run_cli(*command, *ledger_args(tmp_path), env=env, check=False)
            assert result.returncode != 0 and result.stdout == "", result
            lines = result.stderr.strip().splitlines()
            assert len(lines) == 1 and lines[0].removeprefix("Error: ").startswith(f"{ledger} is open in another process"), result.stderr
            assert "-shm" in lines[0] and "none is made" in lines[0]
    finally:
        s.close()
    rows = ledger_rows(ledger)
    assert set(acknowledged) <= set(rows), (acknowledged, rows)
    assert len({row[0] for row in rows}) == len(rows)
