"""What a question asks, in words a machine can compare: for suggested answers and groups.

Pure functions, no Qt, no store:

- `content_words(text)`: the words that carry a question's meaning, lower case, accents
  removed, greetings and small words (es, pt, en) left out, a plural `s` dropped, in order.
- `alike(a, b)`: the rule that puts two waiting questions about the same listing in one
  group (docs/decisions.md, "Inbox"): they share at least two content words, and those are
  at least 60 % of the shorter question's (all of it when it has a single word).
- `fill_placeholders(template, buyer=..., product=...)`: an answer (typed, a saved reply or
  a group's) with `{buyer}` and `{product}` filled in; an unknown buyer leaves the name out,
  an unknown product leaves `{product}` for the seller to replace (never words of the
  interface). The one fill: the composer's preview and every answer the service sends.
- `placeholder_values(question)`: what the two stand for in an answer to `question`.

And `read_suggestions(store, question)`, to run on the store's thread: the seller's answers
to the answered questions most like `question` (store/search.py `similar_answered`), each
with the words its question shares with `question` (`matched`; `word_spans` finds them in
the text to mark them) and, when that question names another colour, size, model or number
(services/attributes.py), why it does not fit (`mismatch`): those come last, to be shown
apart, never offered as an answer.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from datetime import datetime

import msgspec

from sellerdesk.api.models import Question
from sellerdesk.services.attributes import Mismatch, attributes, mismatch
from sellerdesk.services.convert import load_all
from sellerdesk.services.people import buyer_name
from sellerdesk.store import Store
from sellerdesk.store.rows import Resource

BUYER = "{buyer}"
PRODUCT = "{product}"
PLACEHOLDERS = (BUYER, PRODUCT)

# The same idea of a word as the store's FTS5 tokenizer (unicode61): letters and digits.
_WORD = re.compile(r"[^\W_]+")

# Words that never say what a question asks: articles, pronouns, prepositions, greetings
# and thanks, in Spanish, Portuguese and English, written without accents.
_STOPWORD_TEXT = """
a al algo alguien algun alguna alguno ante antes aqui asi aun bien cada como con contra cual
cuales cuando de del desde donde e el ella ellas ellos en entre era es esa esas ese eso esos
esta estan estas este esto estos fue ha hay la las le les lo los mas me mi mis mucho muy
nada ni no nos nosotros o otra otro para pero poco por porque pues que quien se sea segun
ser si sin sino sobre solo son su sus tambien te ti toda todo todos tu tus un una uno unos
unas usted ustedes vos y ya yo
hola buenas buenos buen dia dias tarde tardes noche noches gracias saludos saludo consulta
consultar pregunta preguntar quisiera queria favor porfa porfavor ok bueno genial perfecto
ao aos as com da das do dos ela ele eles em essa esse isso mais mas meu minha na nas nem
no nos num numa o os ou pela pelas pelo pelos pra sao seu sua ola oi
obrigado obrigada bom boa
an and are be can could do does for have hello hi how i if in is it its me my of on or
please thank thanks that the there this to what when where which will with would you your
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())

_FOLD_MIN = 4  # a plural `s` is dropped from words this long or longer ("envios" ~ "envio")


def _plain(text: str) -> str:
    """Lower case without accents (NFKD, combining marks dropped): "Envíos" -> "envios"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def content_words(text: str) -> list[str]:
    """The words that carry `text`'s meaning, normalised, each once, in order."""
    seen: dict[str, None] = {}
    for word in _WORD.findall(_plain(text)):
        if len(word) < 2 or word in STOPWORDS:
            continue
        if len(word) >= _FOLD_MIN and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        seen.setdefault(word, None)
    return list(seen)


MIN_SHARED = 2
MIN_OVERLAP = 0.6


def alike(a: Sequence[str], b: Sequence[str]) -> bool:
    """Do two questions (their `content_words`) ask the same thing? See the module doc."""
    first, second = set(a), set(b)
    return alike_sizes(len(first & second), len(first), len(second))


def alike_sizes(shared: int, a: int, b: int) -> bool:
    """`alike` from the sizes alone: words shared, and each question's distinct words."""
    shorter = min(a, b)
    if not shorter or shared < min(MIN_SHARED, shorter):
        return False
    return shared / shorter >= MIN_OVERLAP


def search_terms(words: Sequence[str], limit: int = 12) -> list[str]:
    """The words a similar-question search looks for: the longest first (they tell most),
    at most `limit`."""
    return sorted(dict.fromkeys(words), key=len, reverse=True)[:limit]


class Suggestion(msgspec.Struct, frozen=True):
    """A question the seller answered before, similar to the open one, with that answer."""

    question_id: int
    question: str
    answer: str
    product: str  # the listing it was asked about, "" for a question about the shop
    asked_at: datetime | None
    matched: tuple[str, ...] = ()  # its question's content words the open question has too
    mismatch: Mismatch | None = None  # why it does not fit: left out of the answers offered

    @property
    def fits(self) -> bool:
        return self.mismatch is None


SUGGESTIONS = 3
# Candidates read per suggestion shown: many answered questions share one answer.
_CANDIDATES_PER_SUGGESTION = 10


def read_suggestions(store: Store, question: Question, limit: int = SUGGESTIONS
                     ) -> list[Suggestion]:
    """On the store's thread: answers the seller gave to questions like `question`, most
    similar first, each answer once, from questions that share at least half of its words;
    up to `limit` that fit, then up to `limit` left out (`Suggestion.mismatch` says why)."""
    text = question.question.text if question.question and question.question.text else ""
    words = content_words(text)
    pub = question.publication
    ids = store.search.similar_answered(search_terms(words),
                                        limit=limit * _CANDIDATES_PER_SUGGESTION,
                                        exclude=[question.id],
                                        listing=pub.title if pub and pub.title else None)
    return _distinct_answers(load_all(store.cache.get_many(Resource.QUESTIONS, ids), Question),
                             text, limit)


def _distinct_answers(questions: list[Question], text: str, limit: int) -> list[Suggestion]:
    words = content_words(text)
    wanted = set(words)
    enough = max(1, (len(wanted) + 1) // 2)
    ours = attributes(text)
    seen: set[str] = set()
    fits: list[Suggestion] = []
    left_out: list[Suggestion] = []
    for q in questions:
        answer = (q.answer.text or "").strip() if q.answer else ""
        key = " ".join(answer.casefold().split())
        if not answer or key in seen:
            continue
        past = (q.question.text or "") if q.question else ""
        shared = tuple(w for w in content_words(past) if w in wanted)
        if len(shared) < enough:
            continue
        wrong = mismatch(ours, attributes(past), shared_words=len(shared))
        bucket = fits if wrong is None else left_out
        if len(bucket) == limit:
            continue
        seen.add(key)
        pub = q.publication
        bucket.append(Suggestion(question_id=q.id, question=past, answer=answer,
                                 product=(pub.title or "") if pub else "",
                                 asked_at=(q.question.date if q.question else None)
                                 or q.creation_date, matched=shared, mismatch=wrong))
        if len(fits) == limit and len(left_out) == limit:
            break
    return fits + left_out


def word_spans(text: str, words: Sequence[str]) -> list[tuple[int, int]]:
    """Where in `text` the words whose `content_words` form is in `words` are: (start, end)
    character offsets of `text` as given, to mark them (never markup: offsets only)."""
    wanted = set(words)
    spans = []
    for m in _WORD.finditer(text):
        found = content_words(m.group(0))
        if found and found[0] in wanted:
            spans.append(m.span())
    return spans


def first_name(buyer: str) -> str:
    parts = buyer.split()
    return parts[0] if parts else ""


_SPACE_BEFORE_MARK = re.compile(r"[ \t]+([,.;:!?¡¿)])")
_DOUBLE_SPACE = re.compile(r"[ \t]{2,}")


def fill_placeholders(template: str, *, buyer: str, product: str) -> str:
    """`template` with `{buyer}` as the buyer's first name and `{product}` as the listing.

    Only these two are replaced (no str.format: any other brace stays as typed). Without a
    buyer's name the placeholder goes with the space before it ("Hola {buyer}, ..." reads
    "Hola, ..."); without a listing `{product}` stays for the seller to replace.
    """
    name = first_name(buyer)
    text = template
    if BUYER in text:
        if name:
            text = text.replace(BUYER, name)
        else:
            text = text.replace(BUYER, "")
            text = _SPACE_BEFORE_MARK.sub(r"\1", text)
            text = _DOUBLE_SPACE.sub(" ", text)
    if product:
        text = text.replace(PRODUCT, product)
    return text


def placeholder_values(question: Question | None) -> tuple[str, str]:
    """(buyer, product) for an answer to `question`: the buyer's name as given and the
    listing's title, "" when unknown or when the question is about the shop."""
    if question is None:
        return "", ""
    pub = question.publication
    return buyer_name(question.from_), (pub.title or "") if pub is not None else ""


def unfilled(text: str) -> list[str]:
    """The placeholders still in `text` (an answer must not go out with them)."""
    return [p for p in PLACEHOLDERS if p in text]


__all__ = ["BUYER", "PLACEHOLDERS", "PRODUCT", "STOPWORDS", "SUGGESTIONS", "Suggestion", "alike",
           "alike_sizes", "content_words", "fill_placeholders", "first_name",
           "placeholder_values", "read_suggestions", "search_terms", "unfilled", "word_spans"]
