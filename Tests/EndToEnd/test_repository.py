"""The repository stands alone: a clone builds, runs and tests with nothing beside it."""
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
    import re
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
    import re
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
