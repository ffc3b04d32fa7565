"""`tollbooth serve` and `tollbooth notify deliver` run `tollbooth-server` from the folder of the
running `tollbooth`; without it, each says in one sentence how to build it."""
import os
import shutil

import pytest

import harness
from harness import run_cli


@pytest.fixture
def lone_tollbooth(tmp_path):
    """This build's `tollbooth`, alone in a folder of its own (a hard link where possible)."""
    folder = tmp_path / "bin"
    folder.mkdir()
    lone = folder / "tollbooth"
    try:
        os.link(harness.BINARY, lone)
    except OSError:
        shutil.copy2(harness.BINARY, lone)
    return lone


@pytest.mark.parametrize("command", [["serve"], ["notify", "deliver"]])
def test_without_tollbooth_server_beside_it_the_command_says_how_to_build_it(lone_tollbooth, tmp_path, env, command):
    ledger = tmp_path / "account.sqlite"
    run_cli("fault", "clear", "--catalog", str(harness.ROOT / "Examples" / "Example.storekit"), "--ledger", str(ledger), env=env)
    saved = harness.BINARY
    harness.BINARY = lone_tollbooth
    try:
        result = run_cli(*command, "--ledger", str(ledger), env=env, check=False)
    finally:
        harness.BINARY = saved
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "tollbooth-server" in lines[0] and "swift build --product tollbooth-server" in lines[0], lines[0]
    assert str(lone_tollbooth.parent) in lines[0]


def test_the_server_binary_is_beside_the_built_tollbooth():
    assert (harness.BINARY.parent / "tollbooth-server").exists(), "swift build builds both executables"


@pytest.mark.parametrize("command", [["cert", "export"], ["txn", "signed", "last"]])
def test_without_tollbooth_server_beside_it_signing_says_how_to_build_it(lone_tollbooth, tmp_path, env, command):
    """The test authority (swift-certificates) is the server's: `tollbooth` itself links none."""
    ledger = tmp_path / "account.sqlite"
    catalog = str(harness.ROOT / "Examples" / "Example.storekit")
    run_cli("txn", "buy", "dev.tollbooth.example.premium.monthly", "--catalog", catalog, "--ledger", str(ledger), env=env)
    saved = harness.BINARY
    harness.BINARY = lone_tollbooth
    try:
        extra = ["--ledger", str(ledger)] if command[0] == "txn" else []
        result = run_cli(*command, *extra, env=env, check=False)
    finally:
        harness.BINARY = saved
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"`tollbooth {' '.join(command[:2])}` runs tollbooth-server" in lines[0], lines[0]
    assert "swift build --product tollbooth-server" in lines[0], lines[0]


def test_the_paywall_binary_compiles_in_no_boringssl_and_no_x509():
    """A fresh clone's `swift run tollbooth` builds neither swift-crypto's BoringSSL nor
    swift-certificates (BENCHMARKS.md, "A fresh clone to the first paywall"): no symbol of
    theirs is in the binary."""
    data = harness.BINARY.read_bytes()
    found = [name for name in (b"CCryptoBoringSSL_", b"$s4X509", b"$s10SwiftASN1", b"$s6Crypto") if name in data]
    assert not found, found
