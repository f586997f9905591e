"""Keep buyers and the seller's user name out of what leaves the machine: logs, bug reports.

Tokens are `redact`'s job; this takes out the rest of what a log line or a traceback may
quote: buyers' e-mails, phone numbers, document numbers (CPF, CNPJ, DNI, RUT, CUIT, CURP),
whatever a record keeps under a buyer's keys (`buyer`, `from`, `receiver`, `billing_data`,
`phone`, `email`, `address`... in JSON, in a Python repr or as `key=value`), the home folder
(`~`) and the user name in any other user folder. Street addresses have no shape a pattern
can trust, so they go by key only.

What must survive is what makes a report useful: exception types, frames and line numbers,
order and question ids (long runs of digits), dates and times, prices, versions, addresses
of hosts. So a phone is a number written as one (a `+`, or groups joined by spaces, dashes
or parentheses, 8 to 15 digits, ending in a group of 3 or 4), never a bare run of digits.
"""

from __future__ import annotations

import functools
import logging
import os
import re

from sellerdesk.api.redact import scrub as scrub_secrets

EMAIL = "<email>"
PHONE = "<phone>"
DOCUMENT = "<document>"
REMOVED = "<removed>"
USER = "<user>"

# Keys whose whole value is a buyer's (or the shop's own contact): the spec's and the
# usual field spellings. `from_` is the models' Python name for `from`.
KEYS = ("buyer", "from", "from_", "receiver", "receiver_address", "billing_info",
        "billing_data", "billing_address", "phone", "phone2", "mail", "mail2", "email",
        "identification", "doc_number", "address", "address_line", "street", "street_name",
        "zip", "zip_code")
# Keys as written in JSON and reprs, or capitalised in free text ("Phone: ...").
_KEYS = "|".join(f"[{k[0]}{k[0].upper()}]{k[1:]}" for k in sorted(KEYS, key=len, reverse=True))
# Cheap first looks: most log lines hold none of these, and the exact patterns cost more.
_KEY_STEMS = ("buyer", "from", "receiver", "billing", "phone", "mail", "identification",
              "doc_number", "address", "street", "zip")
# Documents and phones have 7 digits or more, in groups: no need to look where none is.
_NUMBER_GATE = re.compile(r"[\d+(][\d.\-/ ()+\u00a0]{5,}[\dkK]")
_SIX_DIGITS = re.compile(r"\d{6}")
_KEY = re.compile(r"(?<![\w.$])(?P<q>\\?[\"']?)(?P<key>" + _KEYS
                  + r")(?P=q)(?:\s*(?P<sep>:)[ \t]*|(?P<eq>=))")
# A value that says nothing about anyone stays: it helps to see a field was empty.
_EMPTY = re.compile(r"(?:null|None|true|false|True|False|\"\"|''|\{\}|\[\])(?!\w)")
_OPEN = {"{": "}", "[": "]", "(": ")"}
_REPR_CALL = re.compile(r"[A-Za-z_]\w*\(")

_EMAIL = re.compile(r"[\w.%+\-]+(?:@|%40)[\w\-]+(?:\.[\w\-]+)+")
# Each starts with a digit, its look-behind checking the character before that digit, so
# the search skips to digits fast (a leading look-behind makes it try every position).
_DOCUMENTS = re.compile(r"\d(?:" + "|".join([
    r"\d\.?\d{3}\.?\d{3}/\d{4}-?\d{2}",  # CNPJ 12.345.678/0001-90
    r"(?<![\w.,]\d)\d{0,2}(?:\.\d{3}){2}(?:-[\dkK]{1,2})?(?![\w.]|,\d)",  # CPF, DNI, RUT
    r"(?<![\w.\-]\d)\d{8}-\d{2}(?![\w\-])",  # CPF 123456789-09
    r"(?<![\w.\-]\d)\d-\d{8}-\d(?![\w\-])",  # CUIT, CUIL 20-12345678-9
    r"(?<![\w.\-]\d)\d{6,7}-[\dkK](?![\w\-])",  # RUT 12345678-K
]) + ")")
# Mexico's CURP (18) and RFC (12 or 13): letters, a date, letters and digits.
_MX_IDS = re.compile(r"\b[A-ZÑ&]{3,4}\d{6}(?:[HM][A-Z]{5}[A-Z\d]\d|[A-Z\d]{3})\b")
# Candidates only: `_phone` decides. Dots never join a phone here (prices, versions, hosts).
_PHONE = re.compile(r"(?<![\w+\-/.])\+?\(?\d[\d \u00a0\-()]{5,}\d(?!\w)(?![.,]\d)")
_DIGITS = re.compile(r"\d+")
_OTHER_USER = re.compile(
    r"(?i)(?<![\w.])((?:/home|/Users|[A-Z]:[\\/]+Users|[\\/]+Users)[\\/]+)([^\\/\s\"'<>:|]+)")


def _phone(match: re.Match[str]) -> str:
    text = match.group()
    groups = _DIGITS.findall(text)
    digits = sum(len(g) for g in groups)
    if not 8 <= digits <= 15:
        return text
    if text.startswith("+"):
        return PHONE
    if len(groups) < 2 or any(len(g) > 5 for g in groups) or not 3 <= len(groups[-1]) <= 4:
        return text  # ids, lists of numbers, dates (whose last group has two digits)
    return PHONE


def _end_of_quoted(text: str, start: int) -> int:
    """Index just past the string literal opening at `start` (its end if unclosed)."""
    escaped = text.startswith("\\", start)
    quote = text[start + 1] if escaped else text[start]
    i = start + (2 if escaped else 1)
    while i < len(text):
        ch = text[i]
        if escaped and text.startswith("\\" + quote, i):
            return i + 2
        if ch == "\\":
            i += 2
            continue
        if ch == quote and not escaped:
            return i + 1
        i += 1
    return len(text)


def _end_of_value(text: str, start: int, sep: str) -> int:
    """Index just past the value starting at `start`: a bracketed whole (JSON, a repr, a
    struct's `Name(...)`), a string literal, or a bare word (a line's rest after `key:`)."""
    call = _REPR_CALL.match(text, start)
    i = call.end() - 1 if call else start
    if i < len(text) and text[i] in _OPEN:
        depth = 0
        while i < len(text):
            ch = text[i]
            if ch in "\"'" or text.startswith('\\"', i):
                i = _end_of_quoted(text, i)
                continue
            if ch in "{[(":
                depth += 1
            elif ch in "}])":
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
        return len(text)
    if i < len(text) and (text[i] in "\"'" or text.startswith('\\"', i)):
        return _end_of_quoted(text, i)
    stops = " \t\r\n,;&)}]\"'" if sep == "=" else "\r\n,;&)}]\"'"
    while i < len(text) and text[i] not in stops:
        i += 1
    return i


def _scrub_keys(text: str) -> str:
    out: list[str] = []
    pos = 0
    for match in _KEY.finditer(text):
        if match.start() < pos:
            continue  # inside a value already removed
        start = match.end()
        if start >= len(text) or _EMPTY.match(text, start):
            continue
        end = _end_of_value(text, start, match.group("sep") or "=")
        if end == start:
            continue
        out += [text[pos:start], REMOVED]
        pos = end
    out.append(text[pos:])
    return "".join(out)


@functools.lru_cache(maxsize=4)
def _home_patterns(home: str) -> list[tuple[str, re.Pattern[str]]]:
    """The home folder as written in paths and reprs (doubled backslashes), each with its
    last part (lower case), which a text must hold for the pattern to be worth trying."""
    found = []
    for spelling in sorted({home, os.path.realpath(home)}, key=len, reverse=True):
        parts = [p for p in re.split(r"[\\/]+", spelling) if p]
        if not parts or spelling == "~" or spelling.rstrip("\\/").endswith(":"):
            continue  # no home, or a bare drive: nothing to shorten
        lead = r"[\\/]+" if spelling[:1] in "\\/" else ""
        body = lead + r"[\\/]+".join(re.escape(p) for p in parts)
        flags = re.IGNORECASE if os.name == "nt" else 0
        found.append((parts[-1].lower(), re.compile(
            r"(?<![\w.~\-])" + body + r"(?![^\\/\s\"'<>:,;)\]}])", flags)))
    return found


def scrub_paths(text: str) -> str:
    """The home folder written `~`, and the user name in any other user folder `<user>`."""
    lower = text.lower()
    for last, pattern in _home_patterns(os.path.expanduser("~")):
        if last in lower:
            text = pattern.sub("~", text)
    if "users" in lower or "/home" in lower:
        text = _OTHER_USER.sub(lambda m: m.group(1) + USER, text)
    return text


def scrub_personal(text: str) -> str:
    """`text` without buyers' data, document numbers and the seller's user name."""
    if not text:
        return text
    text = scrub_paths(text)
    lower = text.lower()
    if any(stem in lower for stem in _KEY_STEMS):
        text = _scrub_keys(text)
    if "@" in text or "%40" in text:
        text = _EMAIL.sub(EMAIL, text)
    if any(sum(c.isdigit() for c in m.group()) >= 7 for m in _NUMBER_GATE.finditer(text)):
        text = _DOCUMENTS.sub(DOCUMENT, text)
        text = _PHONE.sub(_phone, text)
    if _SIX_DIGITS.search(text):
        text = _MX_IDS.sub(DOCUMENT, text)
    return text


def scrub_all(text: str) -> str:
    """`text` without secrets (`redact.scrub`) and without personal data: what may be sent."""
    return scrub_personal(scrub_secrets(text))


_DONE = "personal_data_scrubbed"
# What every LogRecord has; anything else on a record came from `extra=`.
_STANDARD = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {
    "message", "asctime"}


def scrub_personal_record(record: logging.LogRecord) -> None:
    """Rewrite `record` in place so that its message, traceback, stack and `extra` fields
    hold no personal data. Once per record: a second handler finds it done."""
    if getattr(record, _DONE, False):
        return
    setattr(record, _DONE, True)
    for name, value in list(record.__dict__.items()):
        if name not in _STANDARD and isinstance(value, str):
            setattr(record, name, scrub_personal(value))
    try:
        message = record.getMessage()
    except Exception:  # a broken format string: keep what it holds, without the people
        record.msg, record.args = scrub_personal(f"{record.msg} {record.args}"), None
        return
    cleaned = scrub_personal(message)
    if cleaned != message:
        record.msg, record.args = cleaned, None
    if record.exc_info and not record.exc_text:
        # Formatters cache the traceback text here; filling it in scrubbed wins over them.
        record.exc_text = logging.Formatter().formatException(record.exc_info)
    if record.exc_text:
        record.exc_text = scrub_personal(record.exc_text)
    if record.stack_info:
        record.stack_info = scrub_personal(record.stack_info)


class PersonalDataFilter(logging.Filter):
    """A handler filter that takes personal data out of records and lets them all through."""

    def filter(self, record: logging.LogRecord) -> bool:
        scrub_personal_record(record)
        return True


__all__ = ["DOCUMENT", "EMAIL", "KEYS", "PHONE", "REMOVED", "USER", "PersonalDataFilter",
           "scrub_all", "scrub_paths", "scrub_personal", "scrub_personal_record"]
