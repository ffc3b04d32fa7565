"""A long clock advance shows its progress on a terminal and leaves only its result behind."""
import os
import pty
import subprocess

from harness import BINARY, ROOT, run_cli

CATALOG = ROOT / "Examples" / "Example.storekit"


def test_a_long_advance_reports_progress_on_a_terminal_only(tmp_path, env):
    ledger = ["--ledger", str(tmp_path / "fast.sqlite"), "--catalog", str(CATALOG)]
    run_cli("clock", "rate", "oneRenewalEveryTwoSeconds", *ledger, env=env)
    run_cli("txn", "buy", "dev.tollbooth.example.premium.monthly", *ledger, env=env)

    main, secondary = pty.openpty()
    process = subprocess.Popen([str(BINARY), "clock", "advance", "+6h", *ledger], stdin=subprocess.DEVNULL,
                               stdout=secondary, stderr=secondary, env=env)
    os.close(secondary)
    output = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    assert process.wait(timeout=60) == 0
    os.close(main)
    text = output.decode()
    assert "advancing +6h: 1000 of about 10800 subscription steps" in text, text
    # The progress line was cleared before the result: after the last carriage return only
    # spaces remain before the result line.
    last_line = text.replace("\r\n", "\n").split("\n")[-2]
    assert last_line.split("\r")[-1].startswith("store time "), repr(last_line)
    assert "(10800 subscription steps)" in text

    piped = run_cli("clock", "advance", "+1h", *ledger, env=env)
    assert "advancing" not in piped.stderr and "advancing" not in piped.stdout
