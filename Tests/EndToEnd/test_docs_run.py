"""The README and docs/*.md, run as a newcomer pastes them: every block does what it says, against
the bundled example, in a fresh state folder.

Every fenced block says what it is by its info string, and is tested by that:
- `sh`: each command (a `\\` continuation joined, lines starting with `#` being output or
  comments) runs with bash in a fresh folder whose entries are links to the checkout's (so
  `Examples/Example.storekit` works), with the built `tollbooth` and `tollbooth-server` first
  on PATH and a fresh XDG_STATE_HOME and HOME, and must exit 0. The paywall (`tollbooth`,
  `tollbooth run …`) runs in a pseudo-terminal until its plans are drawn, then quits with `q`;
  `tollbooth serve` and `events --follow` run in the background from when they say they are
  ready (the "serving … at" line, the first event) until the file's last block has run.
- `tape`: a scenario. Written to the file its first line names (`# buy.tape`), or to a file of
  its own, and played with `tollbooth play FILE --check`.
- `python`: runs with python3 in the same folder, after the blocks before it (Apple's App Store
  Server Library is pinned in requirements.txt).
- `swift`: not run here; Examples/StoreKitApp is the package those blocks describe, built and
  tested by Tests/EndToEnd/test_storekit_app.py and scripts/test.
- `text`: diagrams, file formats and output; nothing to run.

Blocks run in order within a file, in one folder and one state, so the README's state builds up
as a newcomer's does. A block that cannot run here carries, on the line above it,
`<!-- docs-run: skip — REASON -->`; a marker without a reason fails the run."""
import os
import re
import signal
import subprocess
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import pytest

from harness import BINARY, ROOT, Session, base_env, paywall_ready

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
KINDS = {"sh", "tape", "python", "swift", "text"}
MARKER = re.compile(r"^\s*<!--\s*docs-run:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)```(.*)$")
READY_TIMEOUT = 120  # a debug build under load; a block that hangs still fails, with its screen


@dataclass
class Block:
    path: Path
    line: int  # of the opening fence, 1-based
    kind: str
    text: str
    skip: str | None  # the marker's reason


def blocks(path, source=None):
    """The fenced blocks of a Markdown file, and the problems with its markers and info strings."""
    lines = (source if source is not None else path.read_text(encoding="utf-8")).split("\n")
    found, problems, i = [], [], 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            marker = MARKER.match(lines[i])
            if marker and not (i + 1 < len(lines) and FENCE.match(lines[i + 1])):
                problems.append(f"{path.name}:{i + 1}: a docs-run marker must be on the line right above a block")
            i += 1
            continue
        indent, kind = fence.group(1), fence.group(2).strip()
        start, body = i, []
        i += 1
        while i < len(lines) and not re.match(rf"^{re.escape(indent)}```\s*$", lines[i]):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
            i += 1
        i += 1
        skip = None
        marker = MARKER.match(lines[start - 1]) if start > 0 else None
        if marker:
            words = re.fullmatch(r"skip\s*[—:-]+\s*(.*)", marker.group(1))
            if not words or len(words.group(1).strip()) < 8:
                problems.append(f"{path.name}:{start}: the docs-run marker needs the form "
                                "`<!-- docs-run: skip — REASON -->`, with the reason the block cannot run")
            else:
                skip = words.group(1).strip()
        if kind not in KINDS:
            problems.append(f"{path.name}:{start + 1}: the block's info string is {kind!r}; say what it is "
                            f"({', '.join(sorted(KINDS))}) so the docs run knows how to test it")
        found.append(Block(path, start + 1, kind, "\n".join(body), skip))
    return found, problems


def commands(text):
    """The commands of an sh block: continuations joined, comment and output lines left out."""
    out, pending = [], ""
    for raw in text.split("\n"):
        line = pending + raw.strip() if pending else raw.strip()
        if line.endswith("\\"):
            pending = line[:-1].rstrip() + " "
            continue
        pending = ""
        if line and not line.startswith("#"):
            out.append(line)
    return out


def words_of(command):
    """The command's words before any `#` comment, without leading VAR=value assignments."""
    words = command.split(" #", 1)[0].split()
    while words and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=\S*", words[0]):
        words.pop(0)
    return words


class ShellSession(Session):
    """A command line run by bash on a pseudo-terminal, its screen mirrored by pyte."""

    def __init__(self, command, cwd, env, cols=80, rows=24):
        super().__init__(cols=cols, rows=rows, env=env, argv=["bash", "-c", command], cwd=cwd)

    def wait_ready(self, ready, where):
        """Waits until `ready` holds for the screen; fails at once, with the screen, if the command
        ends first."""
        try:
            self.wait_for(lambda t: ready(t) or self.proc.poll() is not None, timeout=READY_TIMEOUT)
        except AssertionError as error:
            raise AssertionError(f"{where}\n{error}") from None
        if self.proc.poll() is not None:
            code = self.wait_exit()
            raise AssertionError(f"{where}\nended (exit {code}) before it was ready; screen:\n{self.text()}")

    def terminate(self, timeout=30):
        """SIGTERM to the command's process group; its exit status."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
        return self.wait_exit(timeout=timeout)


class Newcomer:
    """One folder and one state, in which a file's blocks run in order."""

    def __init__(self, tmp_path):
        self.cwd = tmp_path / "checkout"
        self.cwd.mkdir()
        for entry in ROOT.iterdir():
            if entry.name not in (".build", ".git"):
                (self.cwd / entry.name).symlink_to(entry)
        self.env = base_env()
        self.env.update({"XDG_STATE_HOME": str(tmp_path / "state"), "HOME": str(tmp_path / "home"),
                         # pip's console scripts (asciinema) next, wherever this Python keeps them
                         "PATH": os.pathsep.join([str(BINARY.parent), sysconfig.get_path("scripts"),
                                                  os.environ.get("PATH", "")])})
        (tmp_path / "home").mkdir()
        self.background = []
        self.tapes = 0

    def where(self, block, command=""):
        return f"{block.path.relative_to(ROOT)}:{block.line}: {command}"

    def run_sh(self, block):
        for command in commands(block.text):
            words = words_of(command)
            if words[:1] == ["cd"] and len(words) == 2:
                self.cwd = Path(os.path.normpath(self.cwd / words[1]))
            elif words[:1] == ["tollbooth"] and (len(words) == 1 or words[1] == "run"):
                self.paywall(block, command)
            elif words[:2] == ["tollbooth", "serve"]:
                self.start(block, command, lambda t: "serving the App Store Server API" in t)
            elif words[:2] == ["tollbooth", "events"] and "--follow" in words:
                self.start(block, command, lambda t: t.strip() != "")
            else:
                result = subprocess.run(["bash", "-c", command], cwd=self.cwd, env=self.env, capture_output=True,
                                        text=True, stdin=subprocess.DEVNULL, timeout=600)
                assert result.returncode == 0, (f"{self.where(block, command)}\nexit {result.returncode}\n"
                                                f"{result.stderr}{result.stdout}")

    def paywall(self, block, command):
        session = ShellSession(command, self.cwd, self.env)
        try:
            session.wait_ready(paywall_ready, self.where(block, command))
            session.send("q")
            code = session.wait_exit(timeout=READY_TIMEOUT)
            assert code == 0, f"{self.where(block, command)}\nexit {code}; screen:\n{session.text()}"
        finally:
            session.close()

    def start(self, block, command, ready):
        session = ShellSession(command, self.cwd, self.env, cols=200)
        self.background.append((block, command, session))
        session.wait_ready(ready, self.where(block, command))

    def stop_background(self):
        """Ends what runs in the background, as Ctrl-C in its terminal would; `serve` says it
        exits 0 then."""
        failures = []
        for block, command, session in self.background:
            try:
                code = session.terminate()
                if "serve" in words_of(command) and code != 0:
                    failures.append(f"{self.where(block, command)}\nexit {code} on SIGTERM; screen:\n{session.text()}")
            finally:
                session.close()
        self.background = []
        assert not failures, "\n".join(failures)

    def play(self, block):
        first = block.text.split("\n", 1)[0]
        named = re.fullmatch(r"#\s*([\w.-]+\.tape)\b.*", first)
        self.tapes += 1
        name = named.group(1) if named else f"docs-run-{self.tapes}.tape"
        (self.cwd / name).write_text(block.text + "\n", encoding="utf-8")
        result = subprocess.run(["bash", "-c", f"tollbooth play {name} --check"], cwd=self.cwd, env=self.env,
                                capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, (f"{self.where(block, 'tollbooth play ' + name + ' --check')}\n"
                                        f"exit {result.returncode}\n{result.stderr}{result.stdout}")

    def python(self, block):
        result = subprocess.run(["python3", "-"], input=block.text, cwd=self.cwd, env=self.env, capture_output=True,
                                text=True, timeout=600)
        assert result.returncode == 0, f"{self.where(block, 'python3')}\nexit {result.returncode}\n{result.stderr}"


@pytest.mark.parametrize("doc", DOCS, ids=[str(d.relative_to(ROOT)) for d in DOCS])
def test_every_block_of_the_doc_does_what_it_says(doc, tmp_path):
    found, problems = blocks(doc)
    assert not problems, "\n".join(problems)
    newcomer = Newcomer(tmp_path)
    try:
        for block in found:
            if block.skip:
                continue
            if block.kind == "sh":
                newcomer.run_sh(block)
            elif block.kind == "tape":
                newcomer.play(block)
            elif block.kind == "python":
                newcomer.python(block)
    finally:
        newcomer.stop_background()


def test_a_marker_without_a_reason_and_a_block_without_a_kind_are_refused():
    source = "\n".join([
        "<!-- docs-run: skip -->", "```sh", "scripts/install", "```",
        "<!-- docs-run: skip — installs into ~/.local -->", "```sh", "scripts/install", "```",
        "```", "Expect \"x\"", "```",
        "<!-- docs-run: skip — nothing below it -->", "",
    ])
    found, problems = blocks(ROOT / "example.md", source)
    assert [b.skip for b in found] == [None, "installs into ~/.local", None]
    assert len(problems) == 3, problems
    assert "example.md:1: the docs-run marker needs the form" in problems[0]
    assert "example.md:9: the block's info string is ''" in problems[1]
    assert "example.md:12: a docs-run marker must be on the line right above a block" in problems[2]


def test_commands_join_continuations_and_leave_out_output_lines():
    text = "tollbooth serve --ledger a.sqlite \\\n    --port 9000   # a comment\n# serving … at http://x\n\nls"
    assert commands(text) == ["tollbooth serve --ledger a.sqlite --port 9000   # a comment", "ls"]
    assert words_of("TOLLBOOTH_LEDGER=a.sqlite tollbooth run X   # in one terminal") == ["tollbooth", "run", "X"]


def svg_rows(svg):
    """The rows of a snapshot SVG as text: each run of text placed at its cell (SVGWriter's 9 by 18
    pixel cell, the baseline 14 pixels down)."""
    import html
    rows = {}
    for x, y, text in re.findall(r'<text[^>]* x="(\d+)" y="(\d+)"[^>]*>([^<]*)</text>', svg):
        row = rows.setdefault((int(y) - 14) // 18, [])
        column = int(x) // 9
        row.extend(" " * (column - len(row)))
        row[column:column + len(text)] = list(html.unescape(text))
    return ["".join(rows[r]) for r in sorted(rows)]


def test_the_readme_images_alt_text_says_what_the_image_shows():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    images = re.findall(r"!\[([^\]]*)\]\((docs/images/[^)]+\.svg)\)", readme)
    assert images, "the README shows no image from docs/images"
    for alt, image in images:
        quoted = re.findall(r'"([^"]+)"', alt)
        assert quoted, f"{image}'s alt text quotes nothing from the screen, so nothing holds it to the image: {alt}"
        screen = "\n".join(svg_rows((ROOT / image).read_text(encoding="utf-8")))
        for phrase in quoted:
            assert phrase in screen, f"{image}'s alt text quotes {phrase!r}, which the image does not show:\n{screen}"
