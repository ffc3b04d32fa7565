"""The repository stands alone: a clone builds, runs and tests with nothing beside it."""
import re
import subprocess

from harness import ROOT, SAMPLES

# Spelled in two parts so this file does not match its own search.
SIBLING_FOLDER = "../" + "shared"


def tracked_files():
    listing = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [name for name in listing.stdout.decode().split("\0") if name]


def test_no_tracked_file_refers_to_a_folder_beside_the_repository():
    offenders = []
    for name in tracked_files():
        path = ROOT / name
        if not path.is_file():
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if SIBLING_FOLDER in line:
                offenders.append(f"{name}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_sample_corpus_is_inside_the_repository_with_its_sources():
    samples = sorted(p.name for p in SAMPLES.glob("*.storekit"))
    assert len(samples) >= 20, samples
    sources = (SAMPLES / "SOURCES.md").read_text(encoding="utf-8")
    missing = [name for name in samples if name not in sources]
    assert not missing, f"SOURCES.md does not name: {missing}"
    tracked = set(tracked_files())
    untracked = [name for name in samples if f"Tests/Fixtures/storekit-samples/{name}" not in tracked]
    assert not untracked, f"not committed: {untracked}"


def test_every_relative_link_in_the_docs_resolves():

    broken = []
    for name in tracked_files():
        if not name.endswith(".md"):
            continue
        path = ROOT / name
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (path.parent / target).exists():
                broken.append(f"{name}: {target}")
    assert not broken, "\n".join(broken)


def test_every_cited_doc_section_exists():
    """A comment that cites a doc file and a section (§N.N) names a file and a heading that exist."""

    citation = re.compile(r"docs/([\w-]+\.md)((?:,?\s*§\d+(?:\.\d+)*)*)")
    broken = []
    for name in tracked_files():
        if not name.endswith((".swift", ".py", ".h", ".c", ".md", ".yaml")):
            continue
        text = (ROOT / name).read_text(encoding="utf-8", errors="replace")
        for match in citation.finditer(text):
            doc = ROOT / "docs" / match.group(1)
            if not doc.exists():
                broken.append(f"{name}: docs/{match.group(1)} does not exist")
                continue
            headings = doc.read_text(encoding="utf-8")
            for section in re.findall(r"§(\d+(?:\.\d+)*)", match.group(2)):
                if not re.search(rf"^#+\s+{re.escape(section)}[.\s]", headings, re.MULTILINE):
                    broken.append(f"{name}: docs/{match.group(1)} has no section {section}")
    assert not broken, "\n".join(sorted(set(broken)))


# Modules that come with Swift itself (or the OS), which every target may import.
TOOLCHAIN = {"Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch",
             "Synchronization", "Glibc", "Darwin", "Testing", "XCTest"}
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
                    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)", re.MULTILINE)


def manifest_targets():
    """The manifest's targets, as SwiftPM reads it (its own scratch folder, so a build holding
    .build's lock does not stall the test)."""
    import json
    import tempfile
    with tempfile.TemporaryDirectory() as scratch:
        dump = subprocess.run(["swift", "package", "dump-package", "--scratch-path", scratch], cwd=ROOT,
                              capture_output=True, text=True, check=True)
    return json.loads(dump.stdout)["targets"]


def target_folder(target):
    default = "Tests" if target["type"] == "test" else "Sources"
    return ROOT / (target.get("path") or f"{default}/{target['name']}")


def imports(folder):
    """Each module the Swift files under `folder` import, with the first file:line that does."""
    found = {}
    for path in sorted(folder.rglob("*.swift")):
        text = path.read_text(encoding="utf-8")
        for match in IMPORT.finditer(text):
            line = text.count("\n", 0, match.start(1)) + 1
            found.setdefault(match.group(1), f"{path.relative_to(ROOT)}:{line}")
    return found


def module_table():
    """docs/architecture.md §2's table: module → the modules its last column allows."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## 2. ", 1)[1].split("\n## ", 1)[0]
    table = {}
    for row in section.splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if len(cells) < 4 or not row.startswith("|"):
            continue
        names = re.findall(r"`([^`]+)`", cells[0])
        allowed = set(re.findall(r"`([^`]+)`", cells[-1]))
        for name in names:
            table[name] = allowed
    return table


def test_every_target_imports_only_what_the_module_table_allows():
    table = module_table()
    offenders = []
    for target in manifest_targets():
        if target["type"] in ("test", "system"):
            continue
        name = target["name"]
        if name not in table:
            offenders.append(f"{name}: no row in docs/architecture.md §2's module table")
            continue
        for module, where in sorted(imports(target_folder(target)).items()):
            if module not in table[name] | TOOLCHAIN | {name}:
                offenders.append(f"{where}: {name} imports {module}, which docs/architecture.md §2 does not allow it")
    assert not offenders, "\n".join(offenders)


def test_every_imported_module_is_a_declared_dependency():
    """A module a target imports but does not name in Package.swift builds only while some other
    dependency happens to bring it in."""
    offenders = []
    for target in manifest_targets():
        declared = set()
        for dependency in target["dependencies"]:
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    declared.add(dependency[kind][0])
        for module, where in sorted(imports(target_folder(target)).items()):
            if module not in declared | TOOLCHAIN | {target["name"]}:
                offenders.append(f"{where}: {target['name']} imports {module} without declaring it in Package.swift")
    assert not offenders, "\n".join(offenders)


def test_the_control_room_sees_the_paywall_only_through_the_shared_context():
    """A child feature sees its own state and a read-only context (docs/architecture.md §2):
    the control room never names the paywall's state, events or effects, so no panel can write
    a paywall field; it asks the app with a `ControlRoomDelegate` instead."""
    paywall_types = re.compile(r"\b(PaywallState|PaywallEvent|PaywallEffect|AppState|AppEvent|AppEffect)\b")
    offenders = []
    for path in sorted((ROOT / "Sources" / "ControlRoom").rglob("*.swift")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//")[0]
            if paywall_types.search(code):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


# What makes a Swift test wait on another task, thread or process within a bound: the running
# paywall, the scenario player, a second thread or process, a bounded wait (`Polling`, and
# `Collected`, which waits through it), a sleep, a continuation another task resumes, a time
# limit. Draining a stream the store has already finished (`for await` after `close()`) is not
# one: nothing else has to run for it to end.
WAITING = re.compile(r"\b(RunningApp\b|PaywallRuntime\b|ScenarioPlayer\b|Polling\.\w+|Collected\s*\(|Process\s*\(\)|"
                     r"Thread\s*[({]|DispatchSemaphore\b|Task\.sleep\b|withChecked(?:Throwing)?Continuation\b|timeLimit\s*\()")
LIVE_TESTS = "LiveTests"


def test_suites_that_wait_are_in_the_live_target():
    """Tests that wait on other tasks are the LiveTests target's, which scripts/test runs after
    the rest by its name (docs/architecture.md §11): beside the CPU-bound render and audit suites
    they starve on the cooperative pool. TestSupport holds the waits themselves."""
    live = [t for t in manifest_targets() if t["name"] == LIVE_TESTS and t["type"] == "test"]
    assert live, f"Package.swift has no test target {LIVE_TESTS}"
    allowed = [target_folder(live[0]), ROOT / "Tests" / "TestSupport"]
    offenders = []
    for path in sorted((ROOT / "Tests").rglob("*.swift")):
        if any(path.is_relative_to(folder) for folder in allowed):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = WAITING.search(line.split("//")[0])
            if match:
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {match.group(1)} waits; the suite belongs in "
                                 f"Tests/{LIVE_TESTS}/ (docs/architecture.md §11)")
    assert not offenders, "\n".join(offenders)


def test_scripts_test_selects_the_live_suites_by_target():
    """The live pass is the target, not a hand-kept list of suite names that misses new ones."""
    script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    assert f"^{LIVE_TESTS}" in script, f"scripts/test does not run the {LIVE_TESTS} target in a pass of its own"
    listed = re.findall(r"\w+Tests(?:\|\w+Tests)+", script)
    assert not listed, f"scripts/test lists suites by name: {listed}"
