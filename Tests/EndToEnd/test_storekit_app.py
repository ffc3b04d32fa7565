"""An unmodified StoreKit 2 app binary on Linux (Examples/StoreKitApp's `storekit-app`), pointed
at a catalog and a ledger by TOLLBOOTH_* variables: `tollbooth txn` in another process drives its
Transaction.updates listener, as Xcode's transaction manager drives an app."""
import os
import select
import subprocess
import time

import pytest

from harness import ROOT, run_cli

APP_PACKAGE = ROOT / "Examples" / "StoreKitApp"
CATALOG = ROOT / "Examples" / "Example.storekit"
LIFETIME = "dev.tollbooth.example.lifetime"


# In the main package's build folder, as scripts/test builds it: the dependencies and Tollbooth's
# modules built there are reused, so only the app compiles.
BUILD = ["--package-path", str(APP_PACKAGE), "--scratch-path", str(ROOT / ".build")]


@pytest.fixture(scope="module")
def app_binary():
    """The example app, built once (scripts/test has usually built it already)."""
    build = subprocess.run(["swift", "build", *BUILD, "--product", "storekit-app"], capture_output=True, text=True)
    assert build.returncode == 0, build.stdout + build.stderr
    bin_dir = subprocess.run(["swift", "build", *BUILD, "--show-bin-path"],
                             capture_output=True, text=True, check=True).stdout.strip()
    return os.path.join(bin_dir, "storekit-app")


class App:
    """The app running `watch`, read line by line."""

    def __init__(self, binary, env):
        self.proc = subprocess.Popen([binary, "watch"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines = []
        self.partial = b""

    def wait_for(self, text, timeout=20):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if any(text in line for line in self.lines):
                return
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.1)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 4096)
                if not chunk:
                    break
                self.partial += chunk
                *done, self.partial = self.partial.split(b"\n")
                self.lines += [line.decode() for line in done]
        raise AssertionError(f"the app never printed {text!r}; it printed:\n" + "\n".join(self.lines)
                             + "\nstderr:\n" + (self.proc.stderr.read1(65536).decode() if self.proc.poll() is not None else ""))

    def close(self):
        self.proc.kill()
        self.proc.wait()


def app_env(env, ledger, **extra):
    return {**env, "TOLLBOOTH_CATALOG": str(CATALOG), "TOLLBOOTH_LEDGER": str(ledger), "TOLLBOOTH_DEVICE": "linux-app", **extra}


def test_the_cli_drives_the_apps_listener_through_a_shared_ledger(app_binary, env, tmp_path):
    ledger = tmp_path / "account.sqlite"
    app = App(app_binary, app_env(env, ledger))
    try:
        app.wait_for("Premium: locked")
        run_cli("txn", "buy", LIFETIME, "--ledger", str(ledger), env=env)
        app.wait_for("Lifetime Unlock is unlocked.")
        app.wait_for("Premium: unlocked")
        run_cli("txn", "refund", "last", "--ledger", str(ledger), env=env)
        app.wait_for("Lifetime Unlock was refunded and is locked.")
    finally:
        app.close()
    # The app's device is on the account, as any device that launched.
    listed = run_cli("txn", "list", "--ledger", str(ledger), env=env).stdout
    assert "linux-app" in listed or "refund" in listed.lower()


def test_an_app_with_no_store_configured_is_told_what_to_set(app_binary, env):
    bare = {key: value for key, value in env.items() if not key.startswith("TOLLBOOTH_")}
    result = subprocess.run([app_binary], env=bare, capture_output=True, text=True, timeout=60)
    lines = [line for line in result.stderr.splitlines() if line.startswith("TollboothStoreKit:")]
    assert len(lines) == 1, result.stderr
    assert "TOLLBOOTH_CATALOG" in lines[0] and "SKTestSession" in lines[0]


def test_a_catalog_that_cannot_be_read_is_named(app_binary, env, tmp_path):
    broken = tmp_path / "Broken.storekit"
    broken.write_text("{ not json", encoding="utf-8")
    result = subprocess.run([app_binary], env={**env, "TOLLBOOTH_CATALOG": str(broken)}, capture_output=True, text=True, timeout=60)
    lines = [line for line in result.stderr.splitlines() if line.startswith("TollboothStoreKit:")]
    assert len(lines) == 1, result.stderr
    assert "Broken.storekit" in lines[0]
