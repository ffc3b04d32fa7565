"""Runs the real tollbooth binary in a pseudo-terminal and reads its screen through pyte,
a terminal emulator that shares no code with Tollbooth's renderer."""
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import shutil
import termios
import time
from pathlib import Path

import pyte
import pytest
from wcwidth import wcwidth

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("TOLLBOOTH_BIN", ROOT / ".build" / "debug" / "tollbooth"))
SAMPLES = ROOT / "Tests" / "Fixtures" / "storekit-samples"

KEYS = {
    "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
    "enter": "\r", "esc": "\x1b", "tab": "\t", "ctrl-c": "\x03",
}


def run_cli(*args, env=None, check=True, cwd=None):
    """Runs a non-interactive tollbooth command (in `cwd`, if given) and returns the CompletedProcess."""
    result = subprocess.run([str(BINARY), *args], capture_output=True, text=True, env=env or base_env(), timeout=60,
                            cwd=cwd)
    if check and result.returncode != 0:
        raise AssertionError(f"tollbooth {' '.join(args)} failed ({result.returncode}): {result.stderr}{result.stdout}")
    return result


_TERMINFO = None


def portable_terminfo():
    """A test-only xterm-256color without REP and parameterised scroll (SU/SD), which pyte
    does not implement (docs/terminal.md §2.4); ncurses then scrolls with sequences it knows."""
    global _TERMINFO
    if _TERMINFO is None:
        import atexit
        import re
        import tempfile
        directory = tempfile.mkdtemp(prefix="tollbooth-terminfo-")
        atexit.register(shutil.rmtree, directory, ignore_errors=True)
        source = subprocess.run(["infocmp", "-x", "xterm-256color"], capture_output=True, text=True, check=True).stdout
        source = re.sub(r"\b(rep|indn|rin)=[^,]*,", "", source)
        path = Path(directory) / "xterm-256color.src"
        path.write_text(source)
        subprocess.run(["tic", "-x", "-o", directory, str(path)], check=True, capture_output=True)
        _TERMINFO = directory
    return _TERMINFO


def base_env(tmp=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("TOLLBOOTH")}
    env.update({"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color", "NCURSES_NO_UTF8_ACS": "1",
                "TERMINFO": portable_terminfo()})
    if tmp is not None:
        env["XDG_STATE_HOME"] = str(tmp)
        env["HOME"] = str(tmp)
    return env


class Session:
    """One tollbooth process on a pty of a fixed size, screen mirrored by pyte."""

    def __init__(self, *args, cols=80, rows=24, env=None, argv=None, cwd=None):
        """Runs `tollbooth ARGS…`, or `argv` as given (in `cwd`) when there is one."""
        self.cols, self.rows = cols, rows
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.master, slave = pty.openpty()
        self.set_size(cols, rows, fd=slave)
        self.initial_attrs = termios.tcgetattr(slave)
        self.slave = slave
        self.output = bytearray()
        self.proc = subprocess.Popen(
            argv or [str(BINARY), *args], stdin=slave, stdout=slave, stderr=slave, env=env or base_env(),
            cwd=cwd, start_new_session=True, close_fds=True)

    def set_size(self, cols, rows, fd=None):
        fcntl.ioctl(fd if fd is not None else self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def resize(self, cols, rows):
        self.cols, self.rows = cols, rows
        self.screen.resize(rows, cols)
        self.set_size(cols, rows)
        os.killpg(self.proc.pid, signal.SIGWINCH)

    def pump(self, timeout=0.05):
        """Reads whatever the program wrote within `timeout` seconds into the emulator."""
        end = time.monotonic() + timeout
        while (remaining := end - time.monotonic()) > 0 and self._feed(remaining):
            pass

    def _feed(self, wait):
        """Feeds one read into the emulator if the program writes within `wait` seconds; says
        whether it did."""
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return False
        if not data:
            return False
        self.output.extend(data)
        self.stream.feed(data)
        return True

    def lines(self):
        """Screen rows as text. pyte's own `display` trips over a stub cell whose wide
        character was overwritten, so rows are rebuilt here: a wide character, then skip its stub."""
        rows = []
        for y in range(self.screen.lines):
            line = self.screen.buffer[y]
            out, x = [], 0
            while x < self.screen.columns:
                data = line[x].data
                if data == "":
                    x += 1
                    continue
                out.append(data)
                x += 2 if wcwidth(data[0]) == 2 else 1
            rows.append("".join(out))
        return rows

    def text(self):
        return "\n".join(line.rstrip() for line in self.lines())

    def wait_for(self, predicate_or_text, timeout=30.0):
        """Waits until the screen contains the text (or the predicate holds); fails with the screen.
        The bound is generous: scripts/test runs two workers, one per core, and a debug build
        under load can take several seconds to draw what it draws in one on an idle machine."""
        check = (lambda s: predicate_or_text in s) if isinstance(predicate_or_text, str) else predicate_or_text
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.05)
            if check(self.text()):
                # A frame can arrive in more than one read: let the rest of it land, so callers
                # look at a whole frame, and check again.
                self.settle()
                if check(self.text()):
                    return self.text()
        raise AssertionError(f"timed out waiting for {predicate_or_text!r}; screen:\n{self.text()}")

    def settle(self, quiet=0.03, limit=0.5):
        """Reads until the program has written nothing for `quiet` seconds (at most `limit`)."""
        end = time.monotonic() + limit
        while time.monotonic() < end and self._feed(quiet):
            pass

    def send(self, *keys):
        for key in keys:
            os.write(self.master, KEYS.get(key, key).encode())
            self.pump(0.03)

    def click(self, x, y):
        """An SGR mouse click at 0-based cell (x, y)."""
        os.write(self.master, f"\x1b[<0;{x + 1};{y + 1}M".encode())
        os.write(self.master, f"\x1b[<0;{x + 1};{y + 1}m".encode())
        self.pump(0.05)

    def find(self, text, timeout=10.0):
        """The 0-based cell (x, y) where `text` starts, once it is on screen (a frame can take
        more than one read to arrive)."""
        self.wait_for(text, timeout=timeout)
        for y, line in enumerate(self.lines()):
            x = line.find(text)
            if x >= 0:
                return x, y
        raise AssertionError(f"{text!r} not on screen:\n{self.text()}")

    def wait_exit(self, timeout=10.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.05)
            code = self.proc.poll()
            if code is not None:
                self.pump(0.05)
                return code
        raise AssertionError(f"tollbooth did not exit; screen:\n{self.text()}")

    def terminal_attrs(self):
        return termios.tcgetattr(self.slave)

    def close(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass


def ledger_args(tmp_path):
    return ["--ledger", str(tmp_path / "shared.sqlite")]


def paywall_ready(text):
    """The plans are drawn (they wait for the products and the account), not just the loading
    screen, which already shows Restore and the renewal terms with their prices. A frame can
    arrive in more than one read, so the loading line must also be gone: until then the plans
    below the first ones may not be drawn yet."""
    plans = "Premium Yearly" in text or "プレミアム（年額）" in text
    loading = "Loading products..." in text or "商品を読み込んでいます..." in text
    return plans and not loading


def open_paywall(tmp_path, env, *extra, cols=80, rows=24):
    """`tollbooth run` on a ledger of its own in tmp_path, once its plans are on screen."""
    session = Session("run", *ledger_args(tmp_path), *extra, cols=cols, rows=rows, env=env)
    session.wait_for(paywall_ready)
    return session


def buy_monthly(s):
    """From the yearly plan (focused at launch) to the monthly one, bought through the sheet."""
    s.send("j")
    s.wait_for(lambda t: "> Premium Monthly" in t)
    s.send("enter")
    s.wait_for("Confirm Subscription")
    s.send("enter")
    return s.wait_for("Subscribed, renews on")


def browser_screenshot(svg, png, width, height):
    """Renders `svg` in headless Chromium into `png` and returns it as an RGB Pillow image; skips
    the calling test, saying why, where no browser is installed."""
    browser = next((path for path in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if path), None)
    if browser is None:
        pytest.skip("no headless browser: none of chromium, chromium-browser, google-chrome is on PATH "
                    "(scripts/test installs Debian's chromium when it can)")
    from PIL import Image

    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--force-device-scale-factor=1", f"--screenshot={png}", f"--window-size={width},{height}",
                    Path(svg).as_uri()], capture_output=True, timeout=120, check=True)
    return Image.open(png).convert("RGB")
