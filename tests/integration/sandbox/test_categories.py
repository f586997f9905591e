"""Categories: root list, tree (at most 3 levels, parent_id on children), by id, errors."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.sandbox import Sandbox

from ._helpers import (
    BOOL,
    DATE,
    INT,
    NUM,
    STR,
    assert_marketplace_error,
    get_json,
    request,
    type_problems,
)

CATEGORY = {"id": INT, "shop_id": INT, "position": NUM, "name": STR, "default_category": BOOL,
            "permalink": STR, "date_created": DATE, "last_updated": DATE}
NONNULL = ("id", "shop_id", "name", "default_category")


def flatten(nodes: list[dict[str, Any]], depth: int = 1,
            parent: int | None = None) -> list[tuple[int, int | None, dict[str, Any]]]:
    out = []
    for node in nodes:
        out.append((depth, parent, node))
        out += flatten(node.get("children") or [], depth + 1, node["id"])
    return out


def test_root_list_has_category_fields_and_no_children(spec_sandbox: Sandbox) -> None:
    roots = get_json(spec_sandbox, "/categories")
    assert isinstance(roots, list) and roots
    problems = []
    for cat in roots:
        problems += type_problems(cat, CATEGORY, f"category {cat.get('id')}", nonnull=NONNULL)
        assert "children" not in cat, cat
        assert cat.get("parent_id") is None, cat
        assert cat["shop_id"] == spec_sandbox.shop_id
    assert problems == []
    assert len({c["id"] for c in roots}) == len(roots)


def test_tree_has_at_most_three_levels_with_parent_ids(
        spec_sandbox: Sandbox, category_tree: list[dict[str, Any]]) -> None:
    nodes = flatten(category_tree)
    depths = {depth for depth, _, _ in nodes}
    assert max(depths) <= 3
    assert max(depths) >= 2, "the demo tree should have children to check"
    problems = []
    for depth, parent, node in nodes:
        problems += type_problems(node, CATEGORY, f"node {node.get('id')}", nonnull=NONNULL)
        assert node["shop_id"] == spec_sandbox.shop_id
        if depth == 1:
            assert isinstance(node.get("children"), list), node
            assert node.get("parent_id") is None, node
        else:
            assert node.get("parent_id") == parent, (node, parent)
    assert problems == []
    ids = [node["id"] for _, _, node in nodes]
    assert len(ids) == len(set(ids)), "a category appears twice in the tree"


def test_tree_roots_are_the_root_list(spec_sandbox: Sandbox,
                                      category_tree: list[dict[str, Any]]) -> None:
    roots = get_json(spec_sandbox, "/categories")
    by_id = {c["id"]: c for c in roots}
    assert {c["id"] for c in category_tree} == set(by_id)
    for node in category_tree:
        assert {k: v for k, v in node.items() if k != "children"} == by_id[node["id"]]


def test_every_tree_category_is_readable_by_id(spec_sandbox: Sandbox,
                                               category_tree: list[dict[str, Any]]) -> None:
    for depth, _, node in flatten(category_tree):
        cat = get_json(spec_sandbox, f"/categories/{node['id']}")
        assert type_problems(cat, CATEGORY, "category", nonnull=NONNULL) == []
        assert "children" not in cat, cat
        for key in CATEGORY:
            assert cat[key] == node[key], (depth, key, cat, node)


@pytest.mark.parametrize("path", ["/categories", "/categories/tree"])
@pytest.mark.parametrize("token", [None, "not-a-token"], ids=["no-token", "bad-token"])
def test_categories_need_no_token(spec_sandbox: Sandbox, path: str, token: str | None) -> None:
    with_token = get_json(spec_sandbox, path)
    r = request(spec_sandbox, "GET", path, token=token)
    assert r.status_code == 200, r.text[:200]
    assert r.json() == with_token


def test_category_by_id_needs_no_token(spec_sandbox: Sandbox,
                                       category_tree: list[dict[str, Any]]) -> None:
    cid = category_tree[0]["id"]
    r = request(spec_sandbox, "GET", f"/categories/{cid}", token=None)
    assert r.status_code == 200, r.text[:200]
    assert r.json()["id"] == cid


def test_unknown_category_is_404(spec_sandbox: Sandbox, category_tree: list[dict[str,
                                                                                 Any]]) -> None:
    missing = max(node["id"] for _, _, node in flatten(category_tree)) + 1000
    assert_marketplace_error(request(spec_sandbox, "GET", f"/categories/{missing}"), 404)


@pytest.mark.parametrize("bad_id", ["abc", "12x", "-", "tree2"])
def test_non_numeric_category_id_is_400(spec_sandbox: Sandbox, bad_id: str) -> None:
    assert_marketplace_error(request(spec_sandbox, "GET", f"/categories/{bad_id}"), 400)


@pytest.mark.parametrize("path", ["/categories", "/categories/tree", "/categories/1"])
def test_unknown_shop_categories_are_404(spec_sandbox: Sandbox, path: str) -> None:
    r = request(spec_sandbox, "GET", path, shop_id=spec_sandbox.shop_id + 98765)
    assert_marketplace_error(r, 404)
