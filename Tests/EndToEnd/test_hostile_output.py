"""No byte from data reaches a terminal raw: every command, fed hostile catalogs, ledgers and names.

A display name can carry `ESC ] 52` (writes the clipboard), `ESC [ 2 J` (clears the screen),
`ESC ] 0` (sets the title), `ESC [ 8 m` (hides text), C1 controls and bidi overrides. Whatever
the command prints, on either stream and as text or JSON, may contain the program's own newlines
and nothing else below U+0020, no DEL, no C1 and no bidi control.
"""
import json
import sqlite3
import subprocess
from types import SimpleNamespace

import pytest

from harness import BINARY, ROOT

EXAMPLE = ROOT / "Examples" / "Example.storekit"
LIFETIME = "dev.tollbooth.example.lifetime"
MONTHLY = "dev.tollbooth.example.premium.monthly"

HOSTILE = ("\x1b]52;c;SGVsbG8=\x07" "\x1b[2J" "\x1b]0;pwned\x07" "\x1b[8m" "\u202e" "\u0085"
           "\u009b31m" "\u2066" "\x00" "\x7f" "\u2028")
BIDI = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}


def foreign_controls(data: bytes):
    """The control characters in `data` other than newline, with their offsets."""
    text = data.decode("utf-8", errors="replace")
    found = []
    for offset, char in enumerate(text):
        code = ord(char)
        if (code < 0x20 and char != "\n") or 0x7F <= code <= 0x9F or code in BIDI or code in (0x2028, 0x2029):
            found.append((offset, hex(code), text[max(0, offset - 20):offset + 10]))
    return found


def run(*args, env, check=False):
    """Runs tollbooth with raw bytes captured (text mode would fold a CR into a newline) and
    checks both streams before anything else."""
    done = subprocess.run([str(BINARY), *args], capture_output=True, env=env, timeout=60, stdin=subprocess.DEVNULL)
    for name, stream in (("stdout", done.stdout), ("stderr", done.stderr)):
        found = foreign_controls(stream)
        assert not found, f"tollbooth {args[0]}: {name} leaks control characters: {found[:5]}"
    result = SimpleNamespace(returncode=done.returncode, stdout=done.stdout.decode(), stderr=done.stderr.decode())
    if check:
        assert result.returncode == 0, f"tollbooth {' '.join(args)}: {result.stderr}"
    return result


@pytest.fixture
def hostile_catalog(tmp_path):
    catalog = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    lifetime = catalog["products"][0]
    lifetime["localizations"][0]["displayName"] = "Life" + HOSTILE + "time"
    lifetime["localizations"][0]["description"] = "Forever" + HOSTILE
    lifetime["localizations"].append({"description": "x", "displayName": "", "locale": "fr" + HOSTILE})
    group = catalog["subscriptionGroups"][0]
    group["localizations"][0]["displayName"] = "Prem" + HOSTILE + "ium"
    group["name"] = "Group" + HOSTILE
    group["subscriptions"][0]["localizations"][0]["displayName"] = "Month" + HOSTILE
    catalog["key" + HOSTILE] = True
    path = tmp_path / "Hostile.storekit"
    path.write_text(json.dumps(catalog, indent=2), encoding="utf-8")
    return path


def test_products_text_and_json_carry_no_control(hostile_catalog, env):
    text = run("products", str(hostile_catalog), env=env)
    assert text.returncode == 0, text.stderr
    # The name is shown, the controls gone (line separators become a space).
    assert "Life time" in text.stdout and "Prem ium" in text.stdout, text.stdout
    result = run("products", str(hostile_catalog), "--json", env=env)
    products = json.loads(result.stdout)
    name = next(p["displayName"] for p in products if p["id"] == LIFETIME)
    assert name == "Life" + HOSTILE + "time", "JSON keeps the exact value, escaped"


def test_check_quotes_hostile_strings_visibly(hostile_catalog, env):
    result = run("check", str(hostile_catalog), env=env)
    assert "\\u{1B}" in result.stdout, result.stdout


def test_ledger_commands_with_a_hostile_device_in_a_shared_ledger(hostile_catalog, tmp_path, env):
    ledger = tmp_path / "shared.sqlite"
    common = ["--ledger", str(ledger), "--catalog", str(hostile_catalog)]
    run("txn", "buy", LIFETIME, "--device", "ipad", *common, env=env, check=True)
    run("txn", "buy", MONTHLY, *common, env=env, check=True)
    # Another process, or an older Tollbooth, left a hostile device name in the shared ledger.
    with sqlite3.connect(ledger) as db:
        db.execute("UPDATE transactions SET device = ?", ("evil" + HOSTILE,))
        db.execute("UPDATE events SET device = ?", ("evil" + HOSTILE,))
    listing = run("txn", "list", "--ledger", str(ledger), env=env)
    assert listing.returncode == 0 and "evil" in listing.stdout, listing.stderr
    for args in (["txn", "list", "--json"], ["events"], ["events", "--json"], ["clock", "show"],
                 ["fault", "list"], ["clock", "show", "--json"], ["entitlements"], ["entitlements", "--json"]):
        result = run(*args, "--ledger", str(ledger), env=env)
        assert result.returncode == 0, (args, result.stderr)
    entries = json.loads(run("txn", "list", "--json", "--ledger", str(ledger), env=env).stdout)
    # SQLite's text ends at the NUL; everything before it comes back exactly, escaped.
    assert "evil" + HOSTILE.split("\x00")[0] in strings_in(entries)


def strings_in(value):
    """Every string anywhere in a decoded JSON value."""
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return [s for item in items for s in strings_in(item)]


def test_hostile_device_names_are_refused_on_input(hostile_catalog, tmp_path, env):
    common = ["--ledger", str(tmp_path / "l.sqlite"), "--catalog", str(hostile_catalog)]
    buy = run("txn", "buy", LIFETIME, "--device", "ipad\x1b[2J", *common, env=env)
    assert buy.returncode != 0
    assert 'the device name "ipad\\u{1B}[2J" holds control or formatting characters' in buy.stderr, buy.stderr
    long = run("txn", "buy", LIFETIME, "--device", "x" * 65, *common, env=env)
    assert long.returncode != 0 and "longer than 64 characters" in long.stderr, long.stderr
    emoji = run("txn", "buy", LIFETIME, "--device", "Kim's 👩‍💻 iPad", *common, env=env)
    assert emoji.returncode == 0, emoji.stderr
    launch = run("run", str(hostile_catalog), "--ephemeral", "--device", "a\u202eb", env=env)
    assert launch.returncode != 0 and "the device name" in launch.stderr, launch.stderr


def test_errors_that_echo_arguments_are_clean(hostile_catalog, tmp_path, env):
    common = ["--ledger", str(tmp_path / "l.sqlite"), "--catalog", str(hostile_catalog)]
    unknown = run("txn", "buy", "evil\x1b[2J", *common, env=env)
    assert unknown.returncode != 0
    assert 'unknown product id "evil\\u{1B}[2J"' in unknown.stderr, unknown.stderr
    option = run("products", str(hostile_catalog), "--\x1b]0;x\x07", env=env)
    assert option.returncode != 0 and "unknown option" in option.stderr, option.stderr
