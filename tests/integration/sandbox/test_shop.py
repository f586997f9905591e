"""Shop info: the shop record and its 403 text answers."""

from __future__ import annotations

import re

import pytest

from tests.support import http
from tests.support.sandbox import Sandbox

from ._helpers import BOOL, INT, OBJ, STR, assert_text_error, get_json, request, type_problems

SHOP = {"id": INT, "status": ("active", "close"), "locale": STR, "shop_name": STR, "email": STR,
        "plan": STR, "admin_url": STR, "url": STR, "has_logo": BOOL, "address": OBJ}
ADDRESS = {"country": STR, "state": STR, "city": STR, "zip": STR, "address": STR, "phone": STR}


def test_shop_record_fields_and_types(spec_sandbox: Sandbox) -> None:
    shop = get_json(spec_sandbox, "")
    assert type_problems(shop, SHOP, "shop", nonnull=SHOP) == []
    assert type_problems(shop["address"], ADDRESS, "address", nonnull=ADDRESS) == []
    assert shop["id"] == spec_sandbox.shop_id
    assert re.fullmatch(r"[a-z]{2}_[A-Z]{2}", shop["locale"]), shop["locale"]
    assert re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", shop["email"]), shop["email"]
    for key in ("admin_url", "url"):
        assert re.match(r"https?://", shop[key]), shop[key]


@pytest.mark.parametrize("token", [None, "", "not-the-token"], ids=["missing", "empty", "wrong"])
def test_invalid_token_is_403_text(spec_sandbox: Sandbox, token: str | None) -> None:
    assert_text_error(request(spec_sandbox, "GET", "", token=token), 403)


@pytest.mark.parametrize("offset", [1, -1, 98765])
def test_wrong_shop_id_is_403_text(spec_sandbox: Sandbox, offset: int) -> None:
    assert_text_error(request(spec_sandbox, "GET", "", shop_id=spec_sandbox.shop_id + offset), 403)


def test_the_logo_is_served_where_the_record_says(variety_sandbox: Sandbox) -> None:
    shop = get_json(variety_sandbox, "")
    assert shop["has_logo"] is True
    assert shop["address"]["state"] == "AR-C"  # the province, as the field writes it
    r = http.get(shop["logo_url"], timeout=30)  # no token: a CDN-like image
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    assert r.content.startswith(b"\x89PNG\r\n\x1a\n")
    sb = variety_sandbox
    other = shop["logo_url"].replace(f"/{sb.shop_id}/", f"/{sb.shop_id + 1}/")
    assert http.get(other, timeout=30).status_code == 404


def test_the_spec_only_record_has_no_logo_url(spec_sandbox: Sandbox) -> None:
    assert "logo_url" not in get_json(spec_sandbox, "")  # gentle: the spec's fields only
    logo = http.get(f"{spec_sandbox.base_url}/media/shops/{spec_sandbox.shop_id}/logo.png",
                    timeout=30)
    assert logo.status_code == 200
