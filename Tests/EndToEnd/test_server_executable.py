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
