"""Questions: search entries, single reads, status/channel filters, orderings, facets, words."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.sandbox import Sandbox

from ._helpers import (
    CHANNEL_SHORT,
    CHANNEL_VALUES,
    DATE,
    INT,
    OBJ,
    QUESTION_STATUSES,
    QUESTION_TYPES,
    SHORT_CHANNELS,
    STR,
    accented,
    applied,
    assert_marketplace_error,
    envelope_problems,
    facets,
    fold,
    get_json,
    ordering_ids,
    parse_date,
    pick_word,
    problems_of,
    request,
    sorted_by,
    total,
    type_problems,
    walk,
    words,
)

SEARCH = "/questions/search"
ENTRY = {"creation_date": DATE, "id": INT, "status": QUESTION_STATUSES, "store_id": INT,
         "from": OBJ, "question": OBJ, "type": QUESTION_TYPES, "thread_id": STR,
         "channel": CHANNEL_VALUES}
FROM = {"email": STR, "name": STR, "client_id": INT}
FROM_SINGLE = {**FROM, "market_cust_id": INT, "nickname": STR}
TEXT = {"text": STR, "date": DATE}
ANSWER = {"date": DATE, "text": STR, "source": STR}
PUBLICATION = {"id": STR, "currency_id": STR, "title": STR, "price": STR, "stock": STR,
               "thumbnail": STR, "permalink": STR}
Q = dict[str, Any]


def entry_problems(q: Q, shop_id: int) -> list[str]:
    where = f"question {q.get('id')}"
    out = type_problems(q, ENTRY, where, nonnull=ENTRY)
    if out:
        return out
    if set(q) != set(ENTRY):
        out.append(f"{where}: keys {sorted(q)} are not the documented entry fields")
    if set(q["from"]) != set(FROM):
        out.append(f"{where}: from keys {sorted(q['from'])}")
    if set(q["question"]) != set(TEXT):
        out.append(f"{where}: question keys {sorted(q['question'])}")
    out += type_problems(q["from"], FROM, f"{where}.from", nonnull=["client_id"])
    out += type_problems(q["question"], TEXT, f"{where}.question", nonnull=TEXT)
    if q["store_id"] != shop_id:
        out.append(f"{where}: store_id {q['store_id']}")
    return out


def test_search_envelope(spec_sandbox: Sandbox) -> None:
    env = get_json(spec_sandbox, SEARCH)
    assert envelope_problems(env, spec_sandbox) == []
    assert env["paging"]["offset"] == 0 and env["paging"]["limit"] == 50
    assert {"question_date_asc", "question_date_desc"} <= ordering_ids(env)
    found = facets(env)
    assert {"status", "channel"} <= set(found)
    assert set(found["status"]) <= set(QUESTION_STATUSES)
    assert set(found["channel"]) <= set(SHORT_CHANNELS)


def test_search_entries_carry_exactly_the_documented_fields(
        spec_sandbox: Sandbox, all_questions: list[Q]) -> None:
    assert all_questions
    assert problems_of(all_questions, lambda q: entry_problems(q, spec_sandbox.shop_id)) == []
    assert len({q["id"] for q in all_questions}) == len(all_questions)


def test_demo_questions_cover_the_value_sets(all_questions: list[Q]) -> None:
    assert {q["status"] for q in all_questions} == set(QUESTION_STATUSES)
    assert {q["type"] for q in all_questions} == set(QUESTION_TYPES)
    assert {q["channel"] for q in all_questions} == set(CHANNEL_VALUES), "both spellings"


def test_single_read_shape_and_agreement_with_search(spec_sandbox: Sandbox,
                                                     all_questions: list[Q]) -> None:
    problems = []
    for entry in all_questions:
        q = get_json(spec_sandbox, f"/questions/{entry['id']}")
        where = f"question {entry['id']}"
        problems += type_problems(q, {**ENTRY, "publication": OBJ}, where, nonnull=ENTRY)
        problems += type_problems(q.get("from"), FROM_SINGLE, f"{where}.from",
                                  nonnull=["client_id", "market_cust_id", "nickname"])
        if q.get("type") == "item" or q.get("publication") is not None:
            problems += type_problems(q.get("publication"), PUBLICATION, f"{where}.publication",
                                      nonnull=["id", "title", "price"])
        if entry["status"] == "answered":
            problems += type_problems(q.get("answer"), ANSWER, f"{where}.answer",
                                      nonnull=["date", "text"])
        elif q.get("answer") is not None:
            problems.append(f"{where}: {entry['status']} question carries an answer")
        for key in ENTRY:
            expected = entry[key]
            got = q.get(key)
            if key == "from":
                got = {k: (got or {}).get(k) for k in FROM}
            if got != expected:
                problems.append(f"{where}.{key}: read {got!r:.80} != search {expected!r:.80}")
    assert problems[:30] == []


@pytest.mark.parametrize("status", QUESTION_STATUSES)
def test_status_filter(spec_sandbox: Sandbox, all_questions: list[Q], status: str) -> None:
    got, envs = walk(spec_sandbox, SEARCH, {"status": status})
    assert got and all(q["status"] == status for q in got)
    assert sorted(q["id"] for q in got) == sorted(
        q["id"] for q in all_questions if q["status"] == status)
    assert envs[0]["paging"]["total"] == len(got)
    assert applied(envs[0]).get("status") == {status}


@pytest.mark.parametrize("channel", CHANNEL_VALUES)
def test_channel_filter_accepts_both_spellings(spec_sandbox: Sandbox, all_questions: list[Q],
                                               channel: str) -> None:
    short = CHANNEL_SHORT[channel]
    got, envs = walk(spec_sandbox, SEARCH, {"channel": channel})
    assert got and all(CHANNEL_SHORT[q["channel"]] == short for q in got)
    assert sorted(q["id"] for q in got) == sorted(
        q["id"] for q in all_questions if CHANNEL_SHORT[q["channel"]] == short)
    assert envs[0]["paging"]["total"] == len(got)


@pytest.mark.parametrize("channel", SHORT_CHANNELS)
@pytest.mark.parametrize("status", QUESTION_STATUSES)
def test_status_and_channel_combine(spec_sandbox: Sandbox, all_questions: list[Q], status: str,
                                    channel: str) -> None:
    env = get_json(spec_sandbox, SEARCH, status=status, channel=channel)
    assert all(q["status"] == status and CHANNEL_SHORT[q["channel"]] == channel
               for q in env["results"])
    assert env["paging"]["total"] == sum(1 for q in all_questions if q["status"] == status
                                         and CHANNEL_SHORT[q["channel"]] == channel)


@pytest.mark.parametrize("ordering", ["question_date_asc", "question_date_desc"])
def test_ordering_by_creation_date(spec_sandbox: Sandbox, all_questions: list[Q],
                                   ordering: str) -> None:
    got, envs = walk(spec_sandbox, SEARCH, {"orders": ordering})
    dates = [parse_date(q["creation_date"]) for q in got]
    assert sorted_by(dates, descending=ordering.endswith("desc"))
    assert sorted(q["id"] for q in got) == sorted(q["id"] for q in all_questions)
    assert ordering in ordering_ids(envs[0], "orders")


@pytest.mark.parametrize("base", [{}, {"status": "unanswered"}, {"channel": "marketplace"},
                                  {"status": "answered", "channel": "shopfront"}],
                         ids=lambda b: "&".join(f"{k}={v}" for k, v in b.items()) or "none")
def test_facet_counts_are_drill_down_totals(spec_sandbox: Sandbox, all_questions: list[Q],
                                            base: dict[str, str]) -> None:
    env = get_json(spec_sandbox, SEARCH, **base)
    found = {**facets(env, "filters"), **facets(env)}
    assert {"status", "channel"} <= set(found)
    for facet_id, values in found.items():
        assert values, facet_id
        for value, count in values.items():
            query = {**base, facet_id: value}
            assert count == total(spec_sandbox, SEARCH, **query), (facet_id, value, base)
            assert count == sum(1 for q in all_questions if _matches(q, query)), query


def _matches(q: Q, query: dict[str, str]) -> bool:
    if "status" in query and q["status"] != query["status"]:
        return False
    return not ("channel" in query
                and CHANNEL_SHORT[q["channel"]] != CHANNEL_SHORT[query["channel"]])


# -- word search -----------------------------------------------------------------------------
def _title(sb: Sandbox, qid: int) -> str:
    pub = get_json(sb, f"/questions/{qid}").get("publication") or {}
    return str(pub.get("title") or "")


def _assert_word_results(sb: Sandbox, got: list[Q], word: str, must: set[int]) -> None:
    assert must <= {q["id"] for q in got}, "questions holding the word are missing"
    key = fold(word)
    for q in got:
        hay = fold(q["question"]["text"] or "") + " " + fold(q["from"]["name"] or "")
        assert key in hay or key in fold(_title(sb, q["id"])), (word, q)


@pytest.mark.parametrize("path", [SEARCH, SEARCH + "/q"])
def test_word_search_on_question_text(spec_sandbox: Sandbox, all_questions: list[Q],
                                      path: str) -> None:
    word = pick_word(q["question"]["text"] for q in all_questions)
    got, envs = walk(spec_sandbox, path, {"q": word})
    assert all(envelope_problems(e, spec_sandbox, query=word) == [] for e in envs)
    must = {q["id"] for q in all_questions if word in words(q["question"]["text"])}
    _assert_word_results(spec_sandbox, got, word, must)


def test_word_search_on_buyer_name(spec_sandbox: Sandbox, all_questions: list[Q]) -> None:
    word = pick_word((q["from"]["name"] for q in all_questions), min_len=4)
    got, _ = walk(spec_sandbox, SEARCH, {"q": word})
    must = {q["id"] for q in all_questions if word in words(q["from"]["name"])}
    _assert_word_results(spec_sandbox, got, word, must)


def test_word_search_on_publication_title(spec_sandbox: Sandbox, all_questions: list[Q]) -> None:
    items = [q for q in all_questions if q["type"] == "item"][:40]
    titles = {q["id"]: _title(spec_sandbox, q["id"]) for q in items}
    word = pick_word(titles.values())
    got, _ = walk(spec_sandbox, SEARCH, {"q": word})
    must = {qid for qid, title in titles.items() if word in words(title)}
    _assert_word_results(spec_sandbox, got, word, must)


def test_word_search_ignores_case_and_accents(spec_sandbox: Sandbox,
                                              all_questions: list[Q]) -> None:
    word = pick_word(q["question"]["text"] for q in all_questions)
    plain = sorted(q["id"] for q in walk(spec_sandbox, SEARCH, {"q": word})[0])
    assert plain
    for variant in (word.upper(), accented(word), fold(word)):
        env_ids = sorted(q["id"] for q in walk(spec_sandbox, SEARCH, {"q": variant})[0])
        assert env_ids == plain, variant


def test_word_search_matches_accented_text_without_accents(spec_sandbox: Sandbox,
                                                           all_questions: list[Q]) -> None:
    accented_words = sorted({w for q in all_questions
                             for w in re.findall(r"\w+", q["question"]["text"].casefold())
                             if len(w) >= 4 and fold(w) != w})
    assert accented_words, "the demo texts should hold accented words"
    word = accented_words[0]
    must = {q["id"] for q in all_questions if fold(word) in words(q["question"]["text"])}
    results = []
    for variant in (word, fold(word), word.upper()):
        got = walk(spec_sandbox, SEARCH, {"q": variant})[0]
        _assert_word_results(spec_sandbox, got, variant, must)
        results.append(sorted(q["id"] for q in got))
    assert results[0] == results[1] == results[2], word


def test_word_search_combines_with_filters(spec_sandbox: Sandbox, all_questions: list[Q]) -> None:
    word = pick_word(q["question"]["text"] for q in all_questions)
    for status in ("answered", "unanswered"):
        got, _ = walk(spec_sandbox, SEARCH, {"q": word, "status": status})
        assert all(q["status"] == status for q in got)
        must = {q["id"] for q in all_questions
                if q["status"] == status and word in words(q["question"]["text"])}
        _assert_word_results(spec_sandbox, got, word, must)


def test_word_without_match_gives_empty_results(spec_sandbox: Sandbox) -> None:
    env = get_json(spec_sandbox, SEARCH, q="zzqxjvw")
    assert env["results"] == [] and env["paging"]["total"] == 0
    assert env["query"] == "zzqxjvw"


# -- errors ----------------------------------------------------------------------------------
@pytest.mark.parametrize("params", [{"status": "bogus"}, {"channel": "bogus"},
                                    {"status": "answered", "channel": "ebay"}])
def test_invalid_filter_value_is_400(spec_sandbox: Sandbox, params: dict[str, str]) -> None:
    assert_marketplace_error(request(spec_sandbox, "GET", SEARCH, params=params), 400)


def test_missing_question_is_404(spec_sandbox: Sandbox, all_questions: list[Q]) -> None:
    missing = max(q["id"] for q in all_questions) + 100_000
    assert_marketplace_error(request(spec_sandbox, "GET", f"/questions/{missing}"), 404)


def test_non_numeric_question_id_is_rejected(spec_sandbox: Sandbox) -> None:
    r = request(spec_sandbox, "GET", "/questions/abc")
    assert r.status_code in (400, 404), r.status_code
    assert_marketplace_error(r, r.status_code)
