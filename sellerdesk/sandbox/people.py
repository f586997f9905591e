"""Demo buyers: names, documents and addresses that look like the country of their currency."""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass
from typing import Any

from sellerdesk.sandbox import vocab


def ascii_slug(text: str) -> str:
    """Lower-case ASCII with accents removed, for e-mails, nicknames and word search."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in folded if not unicodedata.combining(c))


@dataclass(frozen=True)
class Person:
    client_id: int
    market_cust_id: int
    name: str
    nickname: str
    email: str
    phone: str
    doc_number: int
    doc_type: str
    currency: str
    country: str
    state_id: str
    state_name: str
    city: str
    street: str
    number: str
    zip: str
    neighbourhood: str

    def receiver(self) -> dict[str, Any]:
        return {"doc_number": self.doc_number, "doc_type": self.doc_type, "name": self.name,
                "email": self.email, "phone": self.phone,
                "address": f"{self.street} {self.number}", "zip": self.zip,
                "neighbourhood": self.neighbourhood, "municipality": self.city,
                "city": self.city, "state_id": self.state_id, "country_id": self.country}


def make_person(rng: random.Random, currency: str, index: int) -> Person:
    info = vocab.COUNTRIES[currency]
    portuguese = info["lang"] == "pt"
    first = rng.choice(vocab.FIRST_PT if portuguese else vocab.FIRST_ES)
    last = rng.choice(vocab.LAST_PT if portuguese else vocab.LAST_ES)
    last2 = rng.choice(vocab.LAST_PT if portuguese else vocab.LAST_ES)
    name = f"{first} {last}" if rng.random() < 0.7 else f"{first} {last} {last2}"
    slug = ascii_slug(f"{first}.{last}").replace(" ", "")
    states: list[tuple[str, str, list[str]]] = info["states"]  # type: ignore[assignment]
    state_id, state_name, cities = rng.choice(states)
    streets = vocab.STREETS_PT if portuguese else vocab.STREETS_ES
    digits = 11 if portuguese else 8
    return Person(
        client_id=7_000_000 + index, market_cust_id=150_000_000 + index * 37,
        name=name,
        nickname=f"{ascii_slug(first).upper()}{ascii_slug(last)[:4].upper()}{index % 97}",
        email=f"{slug}{index % 1000}@{rng.choice(vocab.MAIL_DOMAINS)}",
        phone=f"{info['phone']} {rng.randint(2000, 9999)}-{rng.randint(1000, 9999)}",
        doc_number=rng.randint(10 ** (digits - 1), 10**digits - 1), doc_type=str(info["doc_type"]),
        currency=currency, country=str(info["country"]), state_id=state_id,
        state_name=state_name, city=rng.choice(cities), street=rng.choice(streets),
        number=str(rng.randint(1, 4999)), zip=f"{rng.randint(1000, 99999):05d}",
        neighbourhood=rng.choice(vocab.NEIGHBOURHOODS))
