"""Field-variety orders: demo orders carrying the values the spec never promised.

One order per variant at least, then orders in the field's extra currencies up to about
1.5 % of the seeded orders. Each is an ordinary demo order (same life, same filters) with
its oddity applied to the stored document, so searches and facets treat it like any other.
"""

from __future__ import annotations

import json
import random
import re
from datetime import datetime, timedelta, timezone
from typing import Any

from sellerdesk.sandbox import vocab
from sellerdesk.sandbox.clock import DEMO_END, iso, millis
from sellerdesk.sandbox.order_doc import index_columns
from sellerdesk.sandbox.people import make_person
from sellerdesk.sandbox.seed_orders import order_doc

ORDER_BASE = 3_000_000  # ids of variety orders: ORDER_BASE + k (the demo's start at 3,100,000)
SIXTEEN_DIGITS = 2_000_004_512_345_678  # the marketplace's order ids have 16 digits now
PERSON_BASE = 45_000  # make_person index of their buyers (demo: orders 1.., questions 50,000..)
NOISY = 14.290000000000001  # money as the field's float arithmetic writes it
UNREADABLE_TOTAL = "no disponible"
VET = timezone(timedelta(hours=-4))  # Venezuela: dates there carry -04:00
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$")

# One order each (variants applied together on one record where they belong together).
SPECS: list[tuple[str, ...]] = [
    ("currency_VES", "offset_minus_04", "fractional_9_digits"),
    ("currency_USD", "money_float_noise"),
    ("currency_PEN",),
    ("order_id_number",),
    ("order_id_16_digits",),
    ("order_status_unknown",),
    ("partial_content",),
    ("numeric_ids_as_strings",),
    ("unreadable",),
    # Fields outside the spec a client reads field by field (kept as they came, or empty).
    ("external_reference_text",),
    ("dates_without_offset", "dates_without_millis"),
    ("part_ids_as_text", "strings_as_numbers"),
    ("nulls_where_promised",),
    ("enum_members_unknown",),
]
FILL: list[tuple[str, ...]] = [("currency_VES", "offset_minus_04"), ("currency_USD",),
                               ("currency_PEN",)]


def specs(seeded_orders: int) -> list[tuple[str, ...]]:
    count = max(len(SPECS), seeded_orders * 15 // 1000)
    return SPECS + [FILL[i % len(FILL)] for i in range(count - len(SPECS))]


def _recur(value: Any, fn: Any) -> Any:
    if isinstance(value, dict):
        return {k: _recur(v, fn) for k, v in value.items()}
    if isinstance(value, list):
        return [_recur(v, fn) for v in value]
    return fn(value)


def _to_vet(value: Any) -> Any:
    if isinstance(value, str) and _ISO.match(value):
        return iso(datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(VET))
    return value


def _nine_digits(text: str, rng: random.Random) -> str:
    """`...:SS.mmm-04:00` -> `...:SS.mmmuuunnn-04:00` (the field's nanosecond stamps)."""
    head, _, tail = text.partition(".")
    return f"{head}.{tail[:3]}{rng.randrange(1, 10**6):06d}{tail[3:]}"


def _noisy_money(doc: dict[str, Any]) -> None:
    """One product at 14.29 with free shipping, every amount written as 14.290000000000001."""
    product = doc["products"][0]
    product.update(quantity=1, unit_price=NOISY, amount=NOISY, promotion=None)
    doc["products"] = [product]
    doc.update(amount=NOISY, products_total=NOISY, products_discounts_total=0,
               products_grand_total=NOISY, discounts_total=0, shipping_total=0,
               grand_total=NOISY, free_shipping=True, promotions=[])
    for payment in doc["payments"]:
        payment["amount"] = NOISY
        payment["fees"] = {"finance_fee": 0}
    for shipping in doc["shippings"]:
        shipping["amount"] = 0


def _ids_as_strings(doc: dict[str, Any]) -> None:
    doc["store_id"] = str(doc["store_id"])
    doc["buyer"]["id"] = str(doc["buyer"]["id"])
    doc["buyer"]["client_id"] = str(doc["buyer"]["client_id"])
    doc["billing_data"]["id"] = str(doc["billing_data"]["id"])
    for part in ("payments", "shippings"):
        for item in doc[part]:
            item["id"] = str(item["id"])


EXTERNAL_REFERENCE = "idDeLaBaseDeDatos"  # a real merchant's: the spec says NUMERIC


def _external_reference_text(doc: dict[str, Any]) -> None:
    doc["external_reference"] = EXTERNAL_REFERENCE
    for payment in doc["payments"]:
        payment["external_reference"] = f"pago-{payment['id']}"


def _dates_without_offset(doc: dict[str, Any]) -> None:
    """Payment dates as a local time with no offset (which clock?), shipping dates without
    milliseconds; the creation date stays as the spec wants it (searches sort on it)."""
    for payment in doc["payments"]:
        payment["paid_date"] = (payment.get("paid_date") or doc["creation_date"])[:19]
    for shipping in doc["shippings"]:
        if shipping.get("date_created"):
            stamp = shipping["date_created"]
            shipping["date_created"] = stamp[:19] + stamp[23:]


def _part_ids_as_text(doc: dict[str, Any]) -> None:
    """Ids of parts as the merchant's own words where the spec says NUMERIC (the order's id,
    the buyer's client id and the shipping ids, which writes use, stay numbers)."""
    doc["buyer"]["id"] = f"CLI-{doc['buyer']['id']}"
    doc["billing_data"]["id"] = f"FACT-{doc['billing_data']['id']}"
    for product in doc["products"]:
        product["id"] = f"SKU-{product['id']}"


def _strings_as_numbers(doc: dict[str, Any]) -> None:
    """Numbers where the spec says STRING, digits only."""
    doc["billing_data"]["zip_code"] = int("".join(c for c in doc["billing_data"]["zip_code"]
                                                  if c.isdigit()) or 0)
    doc["buyer"]["phone"] = int("".join(c for c in doc["buyer"]["phone"] if c.isdigit()))


def _nulls_where_promised(doc: dict[str, Any]) -> None:
    """null where the spec shows a value (the channel, the status and the shippings, which
    the service's own searches read, stay)."""
    for key in ("store_id", "buyer_message", "billing_data", "invoice", "notes", "promotions",
                "free_shipping", "feedback"):
        doc[key] = None
    doc["payments"] = [None, *doc["payments"]]
    doc["products"][0]["variations"] = [None]
    doc["status"]["processed_date"] = None
    doc["status"]["order_status"] = None


def _enum_members_unknown(doc: dict[str, Any]) -> None:
    for payment in doc["payments"]:
        payment["status"] = "in_mediation"
    for shipping in doc["shippings"]:
        shipping["ship_type"] = "me2_flex"


_ODD: dict[str, Any] = {
    "external_reference_text": _external_reference_text,
    "dates_without_offset": _dates_without_offset, "part_ids_as_text": _part_ids_as_text,
    "strings_as_numbers": _strings_as_numbers, "nulls_where_promised": _nulls_where_promised,
    "enum_members_unknown": _enum_members_unknown,
}


def build(seed: int, shop_id: int, seeded_orders: int
          ) -> list[tuple[tuple[Any, ...], tuple[str, ...]]]:
    """(row for seed_orders.ORDER_INSERT, variants) of every variety order."""
    out = []
    currencies = [c for c, _ in vocab.CURRENCY_WEIGHTS]
    weights = [w for _, w in vocab.CURRENCY_WEIGHTS]
    for k, variants in enumerate(specs(seeded_orders)):
        rng = random.Random(f"{seed}:variety:order:{k}")
        named = [v.removeprefix("currency_") for v in variants if v.startswith("currency_")]
        currency = named[0] if named else rng.choices(currencies, weights)[0]
        created = (DEMO_END - timedelta(days=3 + rng.random() * 500)).replace(microsecond=0)
        buyer = make_person(rng, currency, PERSON_BASE + k)
        doc = order_doc(rng, shop_id, 900_000 + k, created, buyer)
        row_id = SIXTEEN_DIGITS if "order_id_16_digits" in variants else ORDER_BASE + k
        doc["id"] = row_id if "order_id_number" in variants else str(row_id)
        if "offset_minus_04" in variants:
            doc = _recur(doc, _to_vet)
        if "fractional_9_digits" in variants:
            doc["creation_date"] = _nine_digits(doc["creation_date"], rng)
        if "money_float_noise" in variants:
            _noisy_money(doc)
        if "order_status_unknown" in variants:
            doc["status"]["order_status"] = "partially_paid"
        if "numeric_ids_as_strings" in variants:
            _ids_as_strings(doc)
        if "unreadable" in variants:
            doc["grand_total"] = UNREADABLE_TOTAL
        for variant in variants:
            if variant in _ODD:
                _ODD[variant](doc)
        ts = millis(created)
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
        out.append(((row_id, shop_id, *index_columns(doc), ts, ts, text), variants))
    return out
