"""Runs the real tollbooth binary in a pseudo-terminal and reads its screen through pyte,
a terminal emulator that shares no code with Tollbooth's renderer."""
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import termios
import time
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("TOLLBOOTH_BIN", ROOT / ".build" / "debug" / "tollbooth"))
SAMPLES = ROOT.parent / "shared" / "storekit-samples"

KEYS = {
    "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
    "enter": "\r", "esc": "\x1b", "tab": "\t", "ctrl-c": "\x03",
}


def run_cli(*args, env=None, check=True):
    """Runs a non-interactive tollbooth command and returns the CompletedProcess."""
    result = subprocess.run([str(BINARY), *args], capture_output=True, text=True, env=env or base_env(), timeout=60)
    if check and result.returncode != 0:
        raise AssertionError(f"tollbooth {' '.join(args)} failed ({result.returncode}): {result.stderr}{result.stdout}")
    return result


def base_env(tmp=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("TOLLBOOTH")}
    env.update({"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color", "NCURSES_NO_UTF8_ACS": "1"})
    if tmp is not None:
        env["XDG_STATE_HOME"] = str(tmp)
        env["HOME"] = str(tmp)
    return env


class Session:
    """One tollbooth process on a pty of a fixed size, screen mirrored by pyte."""

    def __init__(self, *args, cols=80, rows=24, env=None):
        self.cols, self.rows = cols, rows
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.master, slave = pty.openpty()
        self.set_size(cols, rows, fd=slave)
        self.initial_attrs = termios.tcgetattr(slave)
        self.slave = slave
        self.output = bytearray()
        self.proc = subprocess.Popen(
            [str(BINARY), *args], stdin=slave, stdout=slave, stderr=slave, env=env or base_env(),
            start_new_session=True, close_fds=True)

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
        while True:
            remaining = end - time.monotonic()
            if remaining <= 0:
                return
            ready, _, _ = select.select([self.master], [], [], remaining)
            if not ready:
                return
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.output.extend(data)
            self.stream.feed(data)

    def text(self):
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, predicate_or_text, timeout=10.0):
        """Waits until the screen contains the text (or the predicate holds); fails with the screen."""
        check = (lambda s: predicate_or_text in s) if isinstance(predicate_or_text, str) else predicate_or_text
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.05)
            if check(self.text()):
                return self.text()
        raise AssertionError(f"timed out waiting for {predicate_or_text!r}; screen:\n{self.text()}")

    def send(self, *keys):
        for key in keys:
            os.write(self.master, KEYS.get(key, key).encode())
            self.pump(0.03)

    def click(self, x, y):
        """An SGR mouse click at 0-based cell (x, y)."""
        os.write(self.master, f"\x1b[<0;{x + 1};{y + 1}M".encode())
        os.write(self.master, f"\x1b[<0;{x + 1};{y + 1}m".encode())
        self.pump(0.05)

    def find(self, text):
        for y, line in enumerate(self.screen.display):
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
