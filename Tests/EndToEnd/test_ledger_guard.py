"""Ledgers refuse before touching, through the real binary: a damaged ledger, another program's
database and a read-only ledger. Where nothing may be written, the file's bytes are compared
before and after every command."""
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
from contextlib import closing
from pathlib import Path

import pytest

from harness import BINARY, SAMPLES, base_env, run_cli

CATALOG = SAMPLES / "apple-skdemo-wwdc21-products-v1.1.storekit"
SUBSCRIPTION = "subscription.standard"
READS = [["txn", "list"], ["clock", "show"], ["fault", "list"], ["events"]]
WRITES = [
    ["txn", "buy", "nonconsumable.car"], ["clock", "advance", "+1d"], ["fault", "switch", "askToBuy", "on"],
    ["fault", "set", "purchase", "storeKit.networkError"], ["txn", "clear"],
]
NOBODY = 65534


def digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def query(path, sql):
    """Rows of one statement, read through a connection that cannot write."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return db.execute(sql).fetchall()


def execute(path, sql):
    """One statement, committed, the connection closed (so SQLite tidies its -wal and -shm)."""
    with closing(sqlite3.connect(path)) as db:
        db.execute(sql)
        db.commit()


def tables(path):
    return sorted(row[0] for row in query(path, "SELECT name FROM sqlite_master WHERE type = 'table'"))


def make_ledger(folder, env):
    """A ledger with a subscription and two non-consumables, its own copy of the catalog beside it,
    checkpointed so every byte is in the file itself."""
    catalog = folder / "Shop.storekit"
    shutil.copy(CATALOG, catalog)
    ledger = folder / "ledger.sqlite"
    for product in (SUBSCRIPTION, "nonconsumable.motorcycle", "nonconsumable.truck"):
        run_cli("txn", "buy", product, "--catalog", str(catalog), "--ledger", str(ledger), env=env)
    execute(ledger, "PRAGMA wal_checkpoint(TRUNCATE)")
    return ledger


def damage(ledger):
    """Overwrites the transactions table's page header, as a failing disk would."""
    [(page,)] = query(ledger, "SELECT rootpage FROM sqlite_master WHERE name = 'transactions'")
    [(size,)] = query(ledger, "PRAGMA page_size")
    data = bytearray(ledger.read_bytes())
    start = (page - 1) * size
    data[start:start + 64] = b"\xde" * 64
    ledger.write_bytes(bytes(data))


def one_sentence(result):
    """The one line a refusal prints on stderr, with nothing on stdout."""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and result.stdout == "", (result.stdout, result.stderr)
    assert "Fatal error" not in lines[0] and "Traceback" not in lines[0]
    return lines[0]


def test_damaged_ledger_refuses_every_command_before_writing(tmp_path):
    env = base_env(tmp_path)
    ledger = make_ledger(tmp_path, env)
    damage(ledger)
    try:
        assert query(ledger, "PRAGMA integrity_check")[0] != ("ok",)
    except sqlite3.DatabaseError:
        pass  # SQLite cannot even read it: damaged all the same
    before = digest(ledger)
    sentence = (f"{ledger} is damaged (SQLite's integrity check fails), so Tollbooth will neither read nor change it: "
                "restore it from a copy, or choose another --ledger path.")
    for command in READS + WRITES:
        for extra in ([], ["--catalog", str(tmp_path / "Shop.storekit")]):
            result = run_cli(*command, "--ledger", str(ledger), *extra, env=env, check=False)
            assert result.returncode != 0, command
            assert sentence in one_sentence(result), command
            assert digest(ledger) == before, f"{command} wrote into the damaged ledger"


@pytest.fixture
def notes(tmp_path):
    """Another program's database, made as `sqlite3` makes one (rollback journal)."""
    path = tmp_path / "notes.sqlite"
    execute(path, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    execute(path, "INSERT INTO notes (body) VALUES ('buy milk')")
    return path


def test_foreign_database_is_refused_untouched_even_with_a_catalog(tmp_path, notes):
    env = base_env(tmp_path)
    before = digest(notes)
    sentence = f"{notes} is not a Tollbooth ledger (it holds table notes); choose another --ledger path."
    for command in READS + WRITES:
        for extra in ([], ["--catalog", str(CATALOG)]):
            result = run_cli(*command, "--ledger", str(notes), *extra, env=env, check=False)
            assert result.returncode != 0, command
            assert sentence in one_sentence(result), command
            assert digest(notes) == before, f"{command} wrote into another program's database"
    assert tables(notes) == ["notes"]
    assert not Path(f"{notes}-wal").exists() and not Path(f"{notes}-shm").exists()


def test_file_that_is_not_sqlite_is_refused_untouched(tmp_path):
    env = base_env(tmp_path)
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n" * 100)
    result = run_cli("txn", "buy", "nonconsumable.car", "--ledger", str(path), "--catalog", str(CATALOG), env=env, check=False)
    assert result.returncode != 0
    assert f"{path} is not a Tollbooth ledger (it is not an SQLite database); choose another --ledger path." in one_sentence(result)
    assert path.read_text() == "my notes\n" * 100


def test_empty_file_becomes_a_ledger(tmp_path):
    env = base_env(tmp_path)
    path = tmp_path / "empty.sqlite"
    path.write_bytes(b"")
    bought = json.loads(run_cli("txn", "buy", "nonconsumable.car", "--ledger", str(path), "--catalog", str(CATALOG),
                                "--json", env=env).stdout)
    assert bought["productID"] == "nonconsumable.car"
    assert "transactions" in tables(path)


# Read-only ledgers. Permissions do not stop root, so as root the binary runs as `nobody`, on
# files in a folder of its own that it owns; otherwise as the current user.

@pytest.fixture
def shared():
    """A folder the binary's user owns, outside pytest's root-only tmp_path."""
    folder = Path(tempfile.mkdtemp(prefix="tollbooth-readonly-"))
    os.chmod(folder, 0o755)
    yield folder
    os.chmod(folder, 0o755)
    shutil.rmtree(folder, ignore_errors=True)


def as_reader(*args, env, check=True):
    """Runs tollbooth as a user whom file permissions stop."""
    if os.geteuid() != 0:
        return run_cli(*args, env=env, check=check)
    result = subprocess.run([str(binary_for_nobody()), *args], capture_output=True, text=True, env=env, timeout=60,
                            user=NOBODY, group=NOBODY, extra_groups=[])
    if check and result.returncode != 0:
        raise AssertionError(f"tollbooth {' '.join(args)} failed ({result.returncode}): {result.stderr}{result.stdout}")
    return result


_NOBODY_BINARY = None


def binary_for_nobody():
    """A copy of the binary that `nobody` can run: the checkout may sit in a folder only root
    can enter (a clone under `mktemp -d` does)."""
    global _NOBODY_BINARY
    if _NOBODY_BINARY is None:
        import atexit
        folder = Path(tempfile.mkdtemp(prefix="tollbooth-bin-"))
        os.chmod(folder, 0o755)
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        shutil.copy2(BINARY, folder / BINARY.name)
        resources = BINARY.parent / "Tollbooth_Chrome.resources"
        if resources.is_dir():
            shutil.copytree(resources, folder / resources.name)
        _NOBODY_BINARY = folder / BINARY.name
    return _NOBODY_BINARY


def hand_over(folder):
    """Gives the folder and its files to the binary's user (as root: to nobody)."""
    if os.geteuid() == 0:
        for path in [folder, *folder.iterdir()]:
            os.chown(path, NOBODY, NOBODY)


def read_only_ledger(folder, due=False):
    env = base_env(folder)
    ledger = make_ledger(folder, env)
    if due:
        # As if the ledger had sat unused for 40 days: the subscription's renewal is due.
        execute(ledger, "UPDATE clock SET anchorWall = anchorWall - 40 * 86400")
    hand_over(folder)
    os.chmod(ledger, 0o444)
    return ledger, env


def transaction_count(result):
    return len(json.loads(result.stdout)["transactions"])


def test_read_only_ledger_reads_and_refuses_writes(shared):
    ledger, env = read_only_ledger(shared)
    before = digest(ledger)
    for command in READS:
        result = as_reader(*command, "--ledger", str(ledger), env=env, check=False)
        assert result.returncode == 0, (command, result.stderr)
        assert result.stderr == "", "nothing was due, so there is nothing to say"
    assert transaction_count(as_reader("txn", "list", "--json", "--ledger", str(ledger), env=env)) == 3
    sentence = (f"{ledger} is read-only, so Tollbooth cannot change it: make it (and any -wal and -shm file beside it) "
                "writable, or choose another --ledger path.")
    for command in WRITES:
        result = as_reader(*command, "--ledger", str(ledger), env=env, check=False)
        assert result.returncode != 0, command
        assert sentence in one_sentence(result), command
    assert digest(ledger) == before
    # Made writable again, it is an ordinary ledger: reading left nothing behind that keeps it read-only.
    os.chmod(ledger, 0o644)
    as_reader("txn", "buy", "nonconsumable.car", "--ledger", str(ledger), env=env)
    assert digest(ledger) != before


def test_read_only_ledger_says_due_renewals_were_not_applied(shared):
    ledger, env = read_only_ledger(shared, due=True)
    before = digest(ledger)
    note = (f"note: {ledger} is read-only, so renewals and expiries that fell due were not applied; "
            "make it writable to bring it up to date.")
    for command in READS:
        result = as_reader(*command, "--ledger", str(ledger), env=env)
        assert result.stderr.strip().splitlines() == [note], command
    listing = as_reader("txn", "list", "--json", "--ledger", str(ledger), env=env)
    assert transaction_count(listing) == 3, "no renewal recorded"
    assert digest(ledger) == before
    os.chmod(ledger, 0o644)
    renewed = as_reader("txn", "list", "--json", "--ledger", str(ledger), env=env)
    assert renewed.stderr == ""
    assert transaction_count(renewed) == 4, "writable again, the renewal is applied"


def test_ledger_in_read_only_folder_reads_and_refuses_writes(shared):
    ledger, env = read_only_ledger(shared)
    os.chmod(ledger, 0o644)
    os.chmod(shared, 0o555)
    before = digest(ledger)
    assert transaction_count(as_reader("txn", "list", "--json", "--ledger", str(ledger), env=env)) == 3
    result = as_reader("clock", "advance", "+1d", "--ledger", str(ledger), env=env, check=False)
    assert result.returncode != 0
    assert (f"{ledger} is in a read-only folder, where SQLite cannot write the journal it keeps beside a ledger, so "
            "Tollbooth cannot change it: make the folder writable, or choose another --ledger path.") in one_sentence(result)
    assert digest(ledger) == before
    assert sorted(p.name for p in shared.iterdir()) == ["Shop.storekit", "ledger.sqlite"]


# Reads create nothing; a ledger from a newer Tollbooth, a damaged one that SQLite's quick check
# passes, a damaged id counter: each one sentence, with the file as it was.

@pytest.mark.parametrize("command", READS + [["entitlements"]])
def test_reading_a_missing_or_empty_ledger_says_so_and_creates_nothing(tmp_path, command):
    env = base_env(tmp_path)
    missing = tmp_path / "missing.sqlite"
    result = run_cli(*command, "--ledger", str(missing), "--catalog", str(CATALOG), env=env, check=False)
    assert result.returncode != 0
    assert f"there is no ledger at {missing}" in one_sentence(result)
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    empty = tmp_path / "truncated.sqlite"
    empty.write_bytes(b"")
    for extra in ([], ["--catalog", str(CATALOG)]):
        result = run_cli(*command, "--ledger", str(empty), *extra, env=env, check=False)
        assert result.returncode != 0
        assert f"{empty} is empty (0 bytes), so it holds no ledger" in one_sentence(result)
        assert empty.read_bytes() == b"", "a read left the truncated ledger as it was"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["truncated.sqlite"]


def test_ledger_from_a_newer_tollbooth_is_refused_byte_for_byte(tmp_path):
    env = base_env(tmp_path)
    ledger = make_ledger(tmp_path, env)
    execute(ledger, "INSERT INTO grdb_migrations (identifier) VALUES ('v99')")
    before = digest(ledger)
    sentence = f"{ledger} was written by a newer Tollbooth (schema v99): upgrade Tollbooth, or pass another --ledger path."
    for command in READS + WRITES:
        result = run_cli(*command, "--ledger", str(ledger), env=env, check=False)
        assert result.returncode != 0, command
        assert sentence in one_sentence(result), command
        assert digest(ledger) == before, f"{command} wrote into the newer ledger"


def rewrite(ledger, table, old, new):
    """Replaces `old` with `new` (same length) in the root page of `table`'s b-tree, or, for the
    schema (whose text spans pages), wherever it is: as a stray write would, leaving every page
    well-formed."""
    assert len(old) == len(new)
    data = bytearray(ledger.read_bytes())
    start, end = 0, len(data)
    if table != "sqlite_master":
        [(size,)] = query(ledger, "PRAGMA page_size")
        [(page,)] = query(ledger, f"SELECT rootpage FROM sqlite_master WHERE name = '{table}'")
        start, end = (page - 1) * size, page * size
    chunk = bytes(data[start:end])
    assert old in chunk, (table, old)
    data[start:end] = chunk.replace(old, new)
    ledger.write_bytes(bytes(data))


@pytest.mark.parametrize("table, old, new, what", [
    # A value overwritten in a row but not in the index over it.
    ("transactions", b"nonconsumable.truck", b"nonconsumable.trucK", "SQLite's integrity check fails"),
    # A column of a table renamed in the schema.
    ("sqlite_master", b"storefront TEXT NOT NULL, appAccountToken", b"storefrXnt TEXT NOT NULL, appAccountToken",
     "its table transactions does not have the columns Tollbooth gave it"),
    # A table renamed away.
    ("sqlite_master", b"devices", b"devicez", "its table devices is missing"),
])
def test_damage_that_sqlites_quick_check_misses_is_refused(tmp_path, table, old, new, what):
    env = base_env(tmp_path)
    ledger = make_ledger(tmp_path, env)
    rewrite(ledger, table, old, new)
    assert query(ledger, "PRAGMA quick_check") == [("ok",)], "the damage is one quick_check misses"
    before = digest(ledger)
    for command in READS + WRITES:
        result = run_cli(*command, "--ledger", str(ledger), env=env, check=False)
        assert result.returncode != 0, command
        sentence = one_sentence(result)
        assert f"{ledger} is damaged ({what})" in sentence and "restore it from a copy" in sentence, command
        assert digest(ledger) == before, f"{command} wrote into the damaged ledger"


def test_damaged_id_counter_says_so_with_the_fix(tmp_path):
    env = base_env(tmp_path)
    ledger = make_ledger(tmp_path, env)
    execute(ledger, "UPDATE meta SET value = 'x1' WHERE key = 'nextID'")
    result = run_cli("txn", "buy", "nonconsumable.car", "--ledger", str(ledger), env=env, check=False)
    assert result.returncode != 0
    sentence = one_sentence(result)
    assert f"{ledger} is damaged (its transaction id counter (meta 'nextID') is \"x1\"" in sentence, sentence
    assert "check the path and its permissions" not in sentence
    fix = f"sqlite3 '{ledger}' \"INSERT OR REPLACE INTO meta (key, value) VALUES ('nextID', '4')\""
    assert sentence.endswith(fix), sentence
    execute(ledger, "INSERT OR REPLACE INTO meta (key, value) VALUES ('nextID', '4')")  # the fix it gave
    bought = json.loads(run_cli("txn", "buy", "nonconsumable.car", "--ledger", str(ledger), "--json", env=env).stdout)
    assert bought["id"] == 4


def test_relative_catalog_is_found_from_another_folder(tmp_path):
    env = base_env(tmp_path)
    shop = tmp_path / "shop"
    shop.mkdir()
    shutil.copy(CATALOG, shop / "Shop.storekit")
    run_cli("txn", "buy", "nonconsumable.car", "--catalog", "Shop.storekit", "--ledger", "../ledger.sqlite", env=env, cwd=shop)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = run_cli("txn", "list", "--json", "--ledger", str(tmp_path / "ledger.sqlite"), env=env, cwd=elsewhere)
    assert [t["productID"] for t in json.loads(result.stdout)["transactions"]] == ["nonconsumable.car"]
    run_cli("txn", "buy", "nonconsumable.truck", "--ledger", "../ledger.sqlite", env=env, cwd=elsewhere)


def test_run_with_only_a_ledger_opens_the_catalog_it_records(tmp_path):
    from harness import Session
    env = base_env(tmp_path)
    ledger = make_ledger(tmp_path, env)
    s = Session("run", "--ledger", str(ledger), env=env)
    try:
        s.wait_for("Motorcycle", timeout=30)  # a product of the ledger's catalog, not the bundled example's
        assert "Premium" not in s.text()
    finally:
        s.close()
    (tmp_path / "Shop.storekit").unlink()
    result = run_cli("run", "--ledger", str(ledger), env=env, check=False)
    assert result.returncode != 0
    assert (f"{ledger} was made for the catalog \"{tmp_path / 'Shop.storekit'}\", which is not there: "
            f"name the catalog (tollbooth run CATALOG --ledger {ledger})") in one_sentence(result)


@pytest.mark.parametrize("sql, what", [
    ("UPDATE transactions SET id = -5 WHERE id = 1", "its column transactions.id holds -5, and Tollbooth never writes a negative id"),
    ("UPDATE subscriptions SET expirationDate = -1e999", "its column subscriptions.expirationDate holds -inf, which is not a date Tollbooth writes"),
    ("UPDATE clock SET anchorStore = 1e300", "its column clock.anchorStore holds 1e+300, which is not a date Tollbooth writes"),
])
def test_a_damaged_value_is_one_sentence_not_a_trap_or_a_hang(tmp_path, sql, what):
    env = base_env(tmp_path)
    ledger = make_ledger(tmp_path, env)
    execute(ledger, sql)
    result = run_cli("txn", "list", "--ledger", str(ledger), env=env, check=False)
    assert result.returncode != 0
    assert f"{ledger} is damaged ({what}): restore it from a copy" in one_sentence(result)


@pytest.mark.parametrize("command", [["txn", "approve"], ["txn", "delete"], ["txn", "resolve"]])
def test_an_id_beyond_what_sqlite_stores_is_not_found(tmp_path, command):
    env = base_env(tmp_path)
    ledger = make_ledger(tmp_path, env)
    result = run_cli(*command, "9223372036854775808", "--ledger", str(ledger), env=env, check=False)
    assert result.returncode != 0
    assert "9223372036854775808" in one_sentence(result)


@pytest.mark.parametrize("command", [["notify", "list"], ["serve", "--port", "0"], ["run"], ["txn", "buy", "nonconsumable.car"]])
def test_an_empty_file_is_judged_before_anything_is_written(tmp_path, command):
    """Issue 32, case 2: without a catalog these used to write a whole ledger into the 0-byte
    file and then fail; `run` did so without a terminal even with one."""
    env = base_env(tmp_path)
    empty = tmp_path / "e.sqlite"
    empty.write_bytes(b"")
    result = run_cli(*command, "--ledger", str(empty), env=env, check=False)
    assert result.returncode != 0
    assert "Fatal error" not in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert empty.read_bytes() == b"", "left as it was found"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.sqlite"]


@pytest.mark.parametrize("command", [["run", str(CATALOG)], ["txn", "buy", "no.such.product", "--catalog", str(CATALOG)],
                                     ["txn", "refund", "999", "--catalog", str(CATALOG)]])
def test_a_command_that_fails_after_making_a_ledger_leaves_the_path_as_it_was(tmp_path, command):
    """A command given a catalog makes the ledger before it finds its own problem (no terminal, an
    unknown product): failing, it leaves a 0-byte file empty and a new path absent."""
    env = base_env(tmp_path)
    empty = tmp_path / "e.sqlite"
    empty.write_bytes(b"")
    for ledger in (empty, tmp_path / "new.sqlite"):
        result = run_cli(*command, "--ledger", str(ledger), env=env, check=False)
        assert result.returncode != 0 and "Fatal error" not in result.stderr, result.stderr
    assert empty.read_bytes() == b""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.sqlite"]


@pytest.mark.parametrize("command", READS + [["txn", "buy", "nonconsumable.car"]])
def test_a_huge_ledger_path_is_quoted_as_an_excerpt(tmp_path, command):
    """Issue 32, case 4's class: a 100,000-character --ledger is named by its start and end."""
    env = base_env(tmp_path)
    path = str(tmp_path / ("x" * 100_000 + ".sqlite"))
    result = run_cli(*command, "--ledger", path, env=env, check=False)
    assert result.returncode != 0
    sentence = one_sentence(result)
    assert len(sentence) < 1_000 and "…" in sentence and sentence.count(".sqlite") >= 1, sentence[:300]
