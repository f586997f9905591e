"""The import contract (tests/support/import_contract.py) holds, with no exceptions."""

from __future__ import annotations

from tests.support.import_contract import (
    PACKAGE,
    Breach,
    Import,
    all_imports,
    breaches,
    part_of,
    report,
)


def _breaches_of(parts: set[str], *, inside: bool) -> list[Breach]:
    return [b for b in breaches() if (part_of(b.found.source) in parts) is inside]


def test_the_arrows_point_down_and_the_core_has_no_qt() -> None:
    found = _breaches_of({"command line"}, inside=False)
    assert not found, "\n" + report(found)


def test_the_command_line_imports_services_only() -> None:
    found = _breaches_of({"command line"}, inside=True)
    assert not found, "\n" + report(found)


def test_every_module_has_a_place_in_the_contract() -> None:
    homeless = [p for p in PACKAGE.rglob("*.py")
                if part_of(".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts))
                is None]
    assert homeless == []


def test_the_walk_sees_imports_inside_functions_and_relative_ones() -> None:
    found = {(i.source, i.target) for i in all_imports()}
    assert ("sellerdesk.cli", "sellerdesk.app") in found  # imported inside main()
    assert len(found) > 500


def _imp(source: str, target: str) -> Import:
    return Import(source, PACKAGE / "x.py", 1, target)


def test_the_checker_catches_each_kind_of_breach() -> None:
    bad = [_imp("sellerdesk.ui.shop", "sellerdesk.store.rows"),
           _imp("sellerdesk.api.client", "sellerdesk.store"),
           _imp("sellerdesk.services.inbox", "PySide6.QtCore"),
           _imp("sellerdesk.sandbox.app", "sellerdesk.api.models"),
           _imp("sellerdesk.policy", "sellerdesk.api.errors"),
           _imp("sellerdesk.api.client", "sellerdesk.services.events"),
           _imp("sellerdesk.services.shops", "sellerdesk.sandbox.cli")]
    good = [_imp("sellerdesk.ui.shop", "sellerdesk.services.types"),
            _imp("sellerdesk.ui.shop", "PySide6.QtWidgets"),
            _imp("sellerdesk.services.outbox.sender", "sellerdesk.policy"),
            _imp("sellerdesk.api.transport", "sellerdesk.policy"),
            _imp("sellerdesk.cli", "sellerdesk.sandbox.cli"),
            _imp("sellerdesk.cli", "sellerdesk.app")]
    assert len(breaches(bad)) == len(bad)
    assert breaches(good) == []
    text = report(breaches(bad[:1]))
    assert "sellerdesk/x.py:1: sellerdesk.ui.shop imports sellerdesk.store.rows " \
        "(window -> store" in text
