"""Emoji sequences in a product name, end to end (issue 11): a flag, a ZWJ family, a VS16
heart, a skin tone and a decomposed accent are each one grapheme, as wide as terminals draw
them, and the card around the name keeps its border and price columns whatever the selection does.

The real binary draws the paywall's cards (120 columns) in a pty read by pyte, once with the
example's plain "Premium Monthly" and once with the decorated name; every cell outside the name
must be the same in both, at the same column."""
import json

import pytest
from wcwidth import wcswidth

from harness import ROOT, Session, base_env, paywall_ready

EXAMPLE = ROOT / "Examples" / "Example.storekit"
MONTHLY = "dev.tollbooth.example.premium.monthly"
PLAIN = "Premium Monthly"
# Each with the width terminals (and wcwidth.wcswidth, which pyte's package provides) give it.
SEQUENCES = {
    "flag": ("\U0001F1EF\U0001F1F5", 2),  # 🇯🇵
    "zwj-family": ("\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466", 2),  # 👨‍👩‍👧‍👦
    "vs16-heart": ("\u2764\ufe0f", 2),  # ❤️
    "skin-tone": ("\U0001F44D\U0001F3FD", 2),  # 👍🏽
    "combining-accent": ("e\u0301", 1),  # é
}
SEQUENCES["all"] = (" ".join(seq for seq, _ in SEQUENCES.values()),
                    sum(width for _, width in SEQUENCES.values()) + len(SEQUENCES) - 1)
CORNERS = "╭╮╰╯"


def catalog_named(tmp_path, name):
    """A copy of the example catalog whose monthly plan is called `name` in English."""
    catalog = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    for group in catalog["subscriptionGroups"]:
        for product in group["subscriptions"]:
            if product["productID"] == MONTHLY:
                for localization in product["localizations"]:
                    if localization["locale"] == "en_US":
                        localization["displayName"] = name
    path = tmp_path / "Example.storekit"
    path.write_text(json.dumps(catalog, ensure_ascii=False), encoding="utf-8")
    return path


def row_cells(s, y):
    """Row `y` as {column: text} for every cell pyte holds, stub cells left out."""
    line = s.screen.buffer[y]
    return {x: line[x].data for x in range(s.cols) if line[x].data != ""}


def card_rows(s):
    """The rows from the cards' top edge to their bottom edge."""
    rows = [y for y in range(s.rows) if any(c in CORNERS for c in row_cells(s, y).values())]
    return range(rows[0], rows[-1] + 1) if rows else range(0)


def find_cell(s, text):
    """(column, row) where `text` starts, measured in cells, not characters."""
    for y in range(s.rows):
        cells = sorted(row_cells(s, y).items())
        joined, columns = "", []
        for x, data in cells:
            joined += data
            columns += [x] * len(data)
        i = joined.find(text)
        if i >= 0:
            return columns[i], y
    raise AssertionError(f"{text!r} not on screen:\n{s.text()}")


def focused_card_left(s):
    """The left column of the card whose top-left corner is drawn bold (the selected plan)."""
    rows = card_rows(s)
    if not rows:
        return None  # no card drawn yet (a frame still arriving)
    line = s.screen.buffer[rows[0]]
    bold = [x for x in range(s.cols) if line[x].data == "╭" and line[x].bold]
    return bold[0] if len(bold) == 1 else None


def screens(tmp_path, env, name):
    """The card rows after launch and after each of two selection moves (onto the monthly card
    and off it again), as {(column, row): text}, plus where the monthly name starts."""
    s = Session("run", str(catalog_named(tmp_path, name)), "--ephemeral", cols=120, rows=40, env=env)
    try:
        s.wait_for(paywall_ready)
        s.wait_for(lambda _: focused_card_left(s) is not None)
        lefts = [x for x, c in sorted(row_cells(s, card_rows(s)[0]).items()) if c == "╭"]
        name_at = find_cell(s, "Premium ")
        frames = []
        for step in range(3):
            if step:
                s.send("j")
                s.wait_for(lambda _: focused_card_left(s) == lefts[step])
            frames.append({(x, y): c for y in card_rows(s) for x, c in row_cells(s, y).items()})
        return frames, name_at
    finally:
        s.close()


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("plain")
    return screens(tmp, base_env(tmp), PLAIN)


@pytest.mark.parametrize("kind", SEQUENCES)
def test_a_decorated_name_keeps_the_card_border_and_price_columns(tmp_path, env, plain, kind):
    sequence, width = SEQUENCES[kind]
    assert wcswidth(sequence) == width
    plain_frames, plain_at = plain
    decorated_frames, decorated_at = screens(tmp_path, env, f"Premium {sequence} Monthly")
    assert decorated_at == plain_at
    name_x, name_y = decorated_at
    name_width = len("Premium ") + width + len(" Monthly")
    decorated_span = range(name_x, name_x + name_width)

    def outside_name(frame):
        return {k: v for k, v in frame.items() if not (k[1] == name_y and k[0] in decorated_span)}

    for step, (plain_frame, frame) in enumerate(zip(plain_frames, decorated_frames)):
        # Borders, prices and buttons: every cell outside the name, at the same column. A stale
        # cell after the name, or a border pushed by a width disagreement, shows up here.
        assert outside_name(frame) == outside_name(plain_frame), f"after {step} moves"
        # The name itself: whole, and " Monthly" where the sequences' widths put it.
        name = "".join(frame.get((x, name_y), "") for x in decorated_span)
        assert name.startswith("Premium ") and name.endswith(" Monthly"), f"after {step} moves: {name!r}"
        assert frame.get((name_x + name_width - len("Monthly"), name_y)) == "M", f"after {step} moves: {name!r}"
