import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pytest

from harness import base_env


@pytest.fixture
def env(tmp_path):
    """The environment of a test's binary: its own state folder, UTF-8, a known TERM."""
    return base_env(tmp_path)


def pytest_configure(config):
    config.addinivalue_line("markers", "terminal: drives the real binary in a pseudo-terminal (scripts/test runs these "
                                       "one at a time, after the rest ran on two workers)")


def pytest_collection_modifyitems(config, items):
    """Marks every test of a module that opens a pseudo-terminal session `terminal`. Under a
    second worker's load, a paywall in a pty drew frames pyte never saw whole (a loading line left
    under the plans, a resize half repainted), so those run alone; the rest, commands and files,
    run side by side."""
    uses_terminal = {}
    for item in items:
        path = Path(str(item.fspath))
        if path not in uses_terminal:
            text = path.read_text(encoding="utf-8")
            uses_terminal[path] = "Session(" in text or "open_paywall(" in text
        if uses_terminal[path]:
            item.add_marker(pytest.mark.terminal)
