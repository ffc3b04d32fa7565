import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pytest

from harness import base_env


@pytest.fixture
def env(tmp_path):
    """The environment of a test's binary: its own state folder, UTF-8, a known TERM."""
    return base_env(tmp_path)
