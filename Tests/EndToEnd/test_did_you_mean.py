"""A typo on the command line gets one sentence naming the nearest word, at every level:
subcommands (top and nested), options, and values (product ids, offers, offer codes, rates,
fault APIs, errors and switches, locales, storefronts). Usage errors (a subcommand or option
that does not exist) exit 64 with the usage after the sentence; bad values exit 1 without it."""
import shutil

import pytest

from harness import ROOT, SAMPLES, run_cli

EXAMPLE = ROOT / "Examples" / "Example.storekit"
CODES = SAMPLES / "handmade-v4.0-winback-codeoffers.storekit"
USAGE_ERROR = 64


def first_line(result):
    return result.stderr.splitlines()[0] if result.stderr else ""


@pytest.mark.parametrize("args, sentence, usage", [
    (["prodcuts", "MyApp.storekit"], 'unknown subcommand "prodcuts"; did you mean "products"?', "Usage: tollbooth <subcommand>"),
    (["txn", "refnd", "1", "--catalog", "x.storekit"], 'unknown subcommand "txn refnd"; did you mean "txn refund"?',
     "Usage: tollbooth txn <subcommand>"),
    (["fault", "swtich", "askToBuy", "on"], 'unknown subcommand "fault swtich"; did you mean "fault switch"?',
     "Usage: tollbooth fault <subcommand>"),
    (["clock", "advnce", "+1h"], 'unknown subcommand "clock advnce"; did you mean "clock advance"?',
     "Usage: tollbooth clock <subcommand>"),
    (["txn", "refund-requst", "1"], 'unknown subcommand "txn refund-requst"; did you mean "txn refund-request"?',
     "Usage: tollbooth txn <subcommand>"),
])
def test_a_mistyped_subcommand_names_the_nearest_at_every_level(args, sentence, usage, env, tmp_path):
    result = run_cli(*args, env=env, check=False, cwd=tmp_path)
    assert result.returncode == USAGE_ERROR, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0] == f"Error: {sentence}", result.stderr
    assert lines[1].startswith(usage), result.stderr
    assert result.stdout == ""


def test_a_bare_word_that_is_neither_a_subcommand_nor_a_file_lists_the_subcommands(env, tmp_path):
    result = run_cli("zzqqx", env=env, check=False, cwd=tmp_path)
    assert result.returncode == USAGE_ERROR, result.stderr
    assert first_line(result).startswith('Error: unknown subcommand "zzqqx", and no file of that name; the subcommands are run, products,'), result.stderr


def test_a_bare_word_that_is_a_file_is_still_the_catalog_to_open(env, tmp_path):
    (tmp_path / "prodcuts").write_text("")  # a file, however it is named, is what `run` opens
    result = run_cli("prodcuts", env=env, check=False, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert first_line(result).startswith("prodcuts: error: the file is empty (0 bytes)"), result.stderr


def test_a_missing_file_that_reads_as_a_path_says_the_file_is_missing(env, tmp_path):
    result = run_cli("MyApp.storekit", env=env, check=False, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == ("MyApp.storekit: error: the file does not exist; "
                                     "check the path (relative paths start from the current directory)."), result.stderr


@pytest.mark.parametrize("args, sentence", [
    (["txn", "list", "--catlog", "x.storekit"], 'unknown option "--catlog"; did you mean "--catalog"?'),
    (["--lokale", "de_DE"], 'unknown option "--lokale"; did you mean "--locale"?'),
    (["play", "x.tape", "--chek"], 'unknown option "--chek"; did you mean "--check"?'),
    # Other tools' names for an option, too far in spelling for the nearest-word match.
    (["x.storekit", "--lang", "de"], 'unknown option "--lang"; did you mean "--locale"?'),
    (["txn", "list", "--db", "x.sqlite"], 'unknown option "--db"; did you mean "--ledger"?'),
])
def test_a_mistyped_option_names_the_nearest_of_that_commands_options(args, sentence, env, tmp_path):
    result = run_cli(*args, env=env, check=False, cwd=tmp_path)
    assert result.returncode == USAGE_ERROR, result.stderr
    assert first_line(result) == f"Error: {sentence}", result.stderr
    assert result.stderr.splitlines()[1].startswith("Usage: tollbooth "), result.stderr


@pytest.fixture
def example(tmp_path):
    path = tmp_path / "Example.storekit"
    shutil.copy(EXAMPLE, path)
    return ["--catalog", str(path)]


@pytest.fixture
def codes(tmp_path):
    path = tmp_path / "Codes.storekit"
    shutil.copy(CODES, path)
    return ["--catalog", str(path)]


@pytest.mark.parametrize("args, sentence", [
    (["txn", "buy", "dev.tollbooth.example.premium.montly"],
     'unknown product id "dev.tollbooth.example.premium.montly"; did you mean "dev.tollbooth.example.premium.monthly"?'),
    (["txn", "buy", "premium.monthly"], 'unknown product id "premium.monthly"; did you mean "dev.tollbooth.example.premium.monthly"?'),
    (["family", "share", "dev.tollbooth.example.lifetme"],
     'unknown product id "dev.tollbooth.example.lifetme"; did you mean "dev.tollbooth.example.lifetime"?'),
    (["clock", "rate", "monthlyRenewalEveryThirtySecnds"],
     'unknown time rate "monthlyRenewalEveryThirtySecnds"; did you mean "monthlyRenewalEveryThirtySeconds"?'),
    (["fault", "set", "purchse", "storeKit.networkError"], 'unknown API "purchse"; did you mean "purchase"?'),
    (["fault", "set", "purchase", "storeKit.netwrokError"], 'unknown error "storeKit.netwrokError"; did you mean "storeKit.networkError"?'),
    (["fault", "clear", "loadProduct"], 'unknown API "loadProduct"; did you mean "loadProducts"?'),
    (["fault", "switch", "askToBy", "on"], 'unknown switch "askToBy"; did you mean "askToBuy"?'),
    (["txn", "refund", "last", "--reason", "developerIsue"], 'unknown refund reason "developerIsue"; did you mean "developerIssue"?'),
])
def test_a_mistyped_value_names_the_nearest_one(args, sentence, env, example):
    result = run_cli(*args, *example, env=env, check=False)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == f"Error: {sentence}", result.stderr


@pytest.mark.parametrize("args, sentence", [
    (["run", "--locale", "jp"], "Error: --locale: 'jp' names no known language ('jp' is not an ISO 639 code); did you mean \"ja\"? "
                                "Tollbooth's languages: en (English), ja (日本語),"),
    (["run", "--locale", "de_ED"], "Error: --locale: 'de_ED' names no known region ('ED' is not an ISO 3166 code); did you mean \"de_DE\"?"),
    (["products", str(EXAMPLE), "--locale", "de_ED"], "Error: --locale: 'de_ED' names no known region ('ED' is not an ISO 3166 code); did you mean \"de_DE\"?"),
    (["run", "--storefront", "JNP"], 'Error: unknown storefront "JNP"; did you mean "JPN"?'),
    (["products", str(EXAMPLE), "--storefront", "JNP"], 'Error: unknown storefront "JNP"; did you mean "JPN"?'),
    (["run", "--rate", "monthlyRenewalEveryThirtySecnds"],
     'Error: unknown time rate "monthlyRenewalEveryThirtySecnds"; did you mean "monthlyRenewalEveryThirtySeconds"?'),
])
def test_a_bad_value_of_an_option_is_one_sentence_without_the_usage(args, sentence, env):
    result = run_cli(*args, env=env, check=False)
    assert result.returncode == 1, result.stderr
    assert result.stderr.startswith(sentence), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Usage:" not in result.stderr, result.stderr


def test_a_win_back_offer_given_as_a_promotional_one_names_its_kind_and_cites_no_fault(env, codes):
    result = run_cli("txn", "buy", "dev.tollbooth.fixture.trail.plus.monthly", "--offer", "trail_plus_comeback_monthly", *codes,
                     env=env, check=False)
    assert result.returncode == 1, result.stderr
    message = result.stderr.strip()
    assert message.startswith('Error: "trail_plus_comeback_monthly" is a win-back offer, not a promotional offer; '
                              "`txn buy --offer` applies promotional offers (dev.tollbooth.fixture.trail.plus.monthly has none)"), message
    assert "fault" not in message


def test_an_offer_code_given_as_a_promotional_offer_says_to_redeem_it(env, codes):
    result = run_cli("txn", "buy", "dev.tollbooth.fixture.trail.plus.monthly", "--offer", "spring hiking festival", *codes,
                     env=env, check=False)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == ('Error: "spring hiking festival" is an offer code, not a promotional offer; '
                                     'redeem it with `tollbooth txn redeem "Spring hiking festival"`'), result.stderr


def test_a_mistyped_offer_code_names_the_nearest(env, codes):
    result = run_cli("txn", "redeem", "Spring hikng festival", *codes, env=env, check=False)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == ('Error: "Spring hikng festival" is not an offer code of this catalog; '
                                     'did you mean "Spring hiking festival"?'), result.stderr


def test_a_store_refusal_cites_the_fault_list_only_when_a_fault_is_armed(env, codes):
    # "Club members" is for new customers only: the second redemption is refused by the store's
    # rule, with no fault set, so the sentence gives the rule and no lead to the fault list.
    run_cli("txn", "redeem", "Club members", *codes, env=env)
    unarmed = run_cli("txn", "redeem", "Club members", *codes, env=env, check=False)
    assert unarmed.returncode == 1, unarmed.stderr
    assert unarmed.stderr.strip() == ("Error: the store answered Product.PurchaseError.ineligibleForOffer: the account may not use "
                                      "this offer (a promotional offer is for current and past subscribers, a win-back offer for "
                                      "expired ones, an offer code for the customers it names)"), unarmed.stderr
    run_cli("fault", "set", "purchase", "storeKit.networkError", *codes, env=env)
    armed = run_cli("txn", "redeem", "Club members", *codes, env=env, check=False)
    assert armed.returncode == 1, armed.stderr
    assert armed.stderr.strip().endswith("(a fault is armed on this ledger: `tollbooth fault list` shows it)"), armed.stderr


@pytest.mark.parametrize("option, value, sentence", [
    ("--storefront", "JNP", 'Error: unknown storefront "JNP"; did you mean "JPN"?'),
    ("--locale", "de_ED", "Error: --locale: 'de_ED' names no known region ('ED' is not an ISO 3166 code); did you mean \"de_DE\"?"),
])
def test_audit_names_the_nearest_locale_and_storefront_too(option, value, sentence, env):
    result = run_cli("audit", str(EXAMPLE), option, value, env=env, check=False)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(sentence) and len(result.stderr.strip().splitlines()) == 1, result.stderr


@pytest.mark.parametrize("line, sentence", [
    ("Store txn refnd last", 'unknown subcommand "txn refnd"; did you mean "txn refund"?'),
    ("Store txn list --lst 3", 'unknown option "--lst"; did you mean "--last"?'),
])
def test_a_scenario_store_line_gets_the_same_nearest_word(line, sentence, env, tmp_path):
    tape = tmp_path / "t.tape"
    tape.write_text(f"Set Catalog {EXAMPLE}\nEnter\n{line}\n")
    result = run_cli("play", str(tape), env=env, check=False)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == f"{tape}:3: {line} failed: {sentence}", result.stderr
