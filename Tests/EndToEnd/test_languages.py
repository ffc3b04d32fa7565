"""The paywall in each of its ten languages (issue 13), end to end: the real binary in a pty.

Expected words come from the String Catalog the binary ships with, and the check for English
mirrors the Swift one: no English word of Tollbooth's own copy that the language's own text
does not also use (names such as StoreKit), product and manifest text aside."""
import json
import re

import pytest

from harness import ROOT, SAMPLES, Session, ledger_args, run_cli

CATALOG = json.loads((ROOT / "Sources/Chrome/Resources/Localizable.xcstrings").read_text())["strings"]
EXAMPLES = ROOT / "Sources/Chrome/Resources/Examples"
GERMAN_ONLY = SAMPLES / "handmade-v4.0-de-only.storekit"
LOCALES = {"ja": "ja_JP", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "pt-BR": "pt_BR",
           "ko": "ko_KR", "zh-Hans": "zh_CN", "zh-Hant": "zh_TW"}


def text(key, language):
    unit = CATALOG[key]["localizations"][language]
    return unit["stringUnit"]["value"] if "stringUnit" in unit else unit["variations"]["plural"]["other"]["stringUnit"]["value"]


def words(value):
    return {w.lower() for w in re.findall(r"[A-Za-z]{4,}", value)}


def values(language):
    for entry in CATALOG.values():
        unit = entry["localizations"].get(language, {})
        if "stringUnit" in unit:
            yield unit["stringUnit"]["value"]
        for form in unit.get("variations", {}).get("plural", {}).values():
            yield form["stringUnit"]["value"]


def app_words():
    """Every word of the example apps' own text, in any language: it is the app's, not ours."""
    found = set()
    for path in [*EXAMPLES.glob("*.storekit"), *EXAMPLES.glob("*.yaml"), GERMAN_ONLY]:
        found |= words(path.read_text())
    return found | {"iphone", "ipad", "realtime", "default", "left", "right", "enter", "space"}


APP = app_words()


def english_on(screen, language):
    forbidden = set().union(*map(words, values("en"))) - set().union(*map(words, values(language))) - APP
    # Links and the ledger's file (Settings' last line) are data, not Tollbooth's copy.
    prose = " ".join(w for w in screen.split() if "://" not in w and not w.endswith(".sqlite"))
    return sorted(words(prose) & forbidden)


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_each_language_shows_its_own_words_and_no_english(tmp_path, env, language):
    s = Session("run", *ledger_args(tmp_path), "--locale", LOCALES[language], env=env)
    try:
        # Restore shows while the products load; the disclosure only once the plans are drawn.
        wanted = [text(key, language).replace(" ", "")[:12] for key in ("restorePurchases", "chargedAtConfirmation")]
        screen = s.wait_for(lambda t: all(w in t.replace(" ", "").replace("\n", "") for w in wanted))
        assert english_on(screen, language) == [], screen
    finally:
        s.close()


@pytest.mark.parametrize("size", [(80, 24), (40, 20)])
def test_a_german_only_catalog_is_german_throughout(tmp_path, env, size):
    s = Session("run", str(GERMAN_ONLY), "--ephemeral", "--locale", "de_DE", "--storefront", "DEU", cols=size[0], rows=size[1], env=env)
    try:
        screen = s.wait_for("Lebenslange Lizenz")
        assert "€" in screen and "$" not in screen
        assert english_on(screen, "de") == [], screen
        s.send("?")
        screen = s.wait_for(text("helpTitle", "de"))
        assert english_on(screen, "de") == [], screen
    finally:
        s.close()
    audit = run_cli("audit", str(GERMAN_ONLY), "--locale", "de_DE", env=env, check=False)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert " 0 failed" in audit.stdout


def test_the_settings_panel_switches_the_language_everywhere(tmp_path, env):
    s = Session("run", *ledger_args(tmp_path), env=env)
    try:
        s.wait_for("Restore Purchases")
        s.send("s")
        s.wait_for("Storefront")
        s.send("j")  # the Language row, under Storefront
        for _ in range(2):  # en_US -> ja_JP -> de_DE ("l" is Right in the control room)
            s.send("l")
        screen = s.wait_for("Einstellungen")
        assert english_on(screen, "de") == [], screen
        s.send("esc")
        screen = s.wait_for("Käufe wiederherstellen")
        assert "Premium jährlich" in screen
        assert english_on(screen, "de") == [], screen
    finally:
        s.close()


def test_a_locale_without_a_translation_says_so_and_shows_english(tmp_path, env):
    s = Session("run", *ledger_args(tmp_path), "--locale", "nl_NL", env=env)
    try:
        screen = s.wait_for("Restore Purchases")
        assert "no Dutch (nl) translation" in " ".join(screen.split())
    finally:
        s.close()


@pytest.mark.parametrize("locale, says", [("xx_YY", "'xx' is not an ISO 639 code"), ("de!", "is not a locale name"),
                                          ("de_QQ", "'QQ' is not an ISO 3166 code")])
def test_a_bad_locale_is_one_sentence_naming_the_languages(tmp_path, env, locale, says):
    result = run_cli("run", *ledger_args(tmp_path), "--locale", locale, env=env, check=False)
    assert result.returncode != 0
    assert says in result.stderr
    assert "de (Deutsch)" in result.stderr and "zh_TW (繁體中文)" in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) <= 3
