"""Settings are declared once, typed, tolerant of bad stored values, and persist."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QSplitter, QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.ui import settings as keys
from sellerdesk.ui.settings import Key, SavedReply, SavedView, Settings
from tests.support.gui_settings import make_settings


def test_unset_keys_read_as_their_defaults(settings: Settings) -> None:
    assert settings.get(keys.LAST_VIEW) == "inbox"
    assert settings.get(keys.REFRESH_INTERVAL_S) == 120
    assert settings.get(keys.WINDOW_GEOMETRY) == b""
    assert settings.get(keys.SAVED_REPLIES) == []
    assert settings.get(keys.VIEW_FILTERS.at("orders")) == {}


def test_values_round_trip_through_the_file(settings_path: Path) -> None:
    first = make_settings(settings_path)
    first.set(keys.LAST_VIEW, "orders")
    first.set(keys.REFRESH_INTERVAL_S, 45)
    first.set(keys.WINDOW_GEOMETRY, b"\x00\x01binary\xff")
    first.set(keys.VIEW_FILTERS.at("orders"), {"paid": True, "channel": ["marketplace"]})
    first.set_saved_replies([SavedReply("Thanks", "Gracias, {buyer}!")])
    first.set_saved_order_views([SavedView("To ship", {"shipping": "pending"})])
    first.sync()

    again = make_settings(settings_path)
    assert again.get(keys.LAST_VIEW) == "orders"
    assert again.get(keys.REFRESH_INTERVAL_S) == 45
    assert again.get(keys.WINDOW_GEOMETRY) == b"\x00\x01binary\xff"
    assert again.get(keys.VIEW_FILTERS.at("orders")) == {"paid": True,
                                                          "channel": ["marketplace"]}
    assert again.saved_replies() == [SavedReply("Thanks", "Gracias, {buyer}!")]
    assert again.saved_order_views() == [SavedView("To ship", {"shipping": "pending"})]


def test_booleans_survive_the_ini_format(settings_path: Path) -> None:
    flag: Key[bool] = Key("test/flag", False, "a boolean for this test")
    make_settings(settings_path).set(flag, True)
    assert make_settings(settings_path).get(flag) is True


def test_a_stored_value_of_the_wrong_shape_reads_as_the_default(settings_path: Path) -> None:
    raw = QSettings(str(settings_path), QSettings.Format.IniFormat)
    raw.setValue(keys.REFRESH_INTERVAL_S.name, "soon")
    raw.setValue(keys.SAVED_REPLIES.name, "{not json")
    raw.setValue(keys.VIEW_FILTERS.at("inbox").name, "[1, 2]")  # a list where a dict belongs
    raw.sync()
    settings = make_settings(settings_path)
    assert settings.get(keys.REFRESH_INTERVAL_S) == 120
    assert settings.get(keys.SAVED_REPLIES) == []
    assert settings.get(keys.VIEW_FILTERS.at("inbox")) == {}


def test_defaults_are_copies(settings: Settings) -> None:
    settings.get(keys.SAVED_REPLIES).append({"name": "x", "text": "y"})
    assert settings.get(keys.SAVED_REPLIES) == []


def test_families_need_a_safe_member_name(settings: Settings) -> None:
    with pytest.raises(ValueError):
        settings.get(keys.SPLITTER_STATE)
    with pytest.raises(ValueError):
        keys.SPLITTER_STATE.at("../window/geometry")
    with pytest.raises(ValueError):
        keys.LAST_VIEW.at("inbox")


def test_changes_are_announced_once(settings: Settings, qtbot: QtBot) -> None:
    with qtbot.waitSignal(settings.setting_changed) as blocker:
        settings.set(keys.LANGUAGE, "pt_BR")
    assert blocker.args == [keys.LANGUAGE.name]
    with qtbot.assertNotEmitted(settings.setting_changed):
        settings.set(keys.LANGUAGE, "pt_BR")


def test_every_key_is_declared_once() -> None:
    names = [key.name for key in keys.ALL_KEYS]
    assert len(names) == len(set(names))
    assert all(key.doc for key in keys.ALL_KEYS)


def test_splitter_state_is_remembered(settings_path: Path, qtbot: QtBot) -> None:
    def splitter() -> QSplitter:
        widget = QSplitter()
        qtbot.addWidget(widget)
        widget.addWidget(QWidget())
        widget.addWidget(QWidget())
        widget.resize(600, 300)
        widget.show()
        return widget

    first = splitter()
    first.setSizes([150, 450])
    make_settings(settings_path).save_splitter("inbox", first)
    second = splitter()
    assert make_settings(settings_path).restore_splitter("inbox", second)
    assert second.sizes() == first.sizes()


def test_a_squeezed_pane_is_never_stored_or_restored_so(settings_path: Path,
                                                       qtbot: QtBot) -> None:
    assert keys.at_least([68, 975], [300]) == [300, 743]
    assert keys.at_least([68, 100], [300]) == [68, 100]  # no room for it: as it was

    def splitter(shown: bool) -> QSplitter:
        widget = QSplitter()
        qtbot.addWidget(widget)
        widget.addWidget(QWidget())
        widget.addWidget(QWidget())
        widget.resize(600, 300)
        if shown:
            widget.show()
        return widget

    first = splitter(True)
    first.setSizes([40, 560])
    before = first.sizes()
    make_settings(settings_path).save_splitter("inbox", first, [150])
    assert first.sizes() == before  # what is on screen stays as the seller left it
    # Restored into a splitter not yet on screen: applied once it is shown at its size.
    second = splitter(False)
    assert make_settings(settings_path).restore_splitter("inbox", second, [150])
    second.show()
    qtbot.waitUntil(lambda: second.sizes()[0] == 150)
    assert sum(second.sizes()) == sum(first.sizes())
