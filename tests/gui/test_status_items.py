"""Issue 25, B16: the offline countdown keeps one width (the seconds ticking never push the
other status items), and a record the sync could not read is named in words when it has no
id ("(ids no id)" said nothing)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from pytestqt.qtbot import QtBot

from sellerdesk.services.sync import RecordKind
from sellerdesk.ui.shop_connector import SyncWords
from sellerdesk.ui.status_bar import ConnectionIndicator, ConnectionState


def test_the_countdown_keeps_its_width(qtbot: QtBot) -> None:
    item = ConnectionIndicator()
    qtbot.addWidget(item)
    item.set_state(ConnectionState.OFFLINE)
    widths = []
    for seconds in (5, 95, 300):
        item.set_retry(datetime.now(UTC) + timedelta(seconds=seconds))
        widths.append(item.sizeHint().width())
    item.set_retry(None, trying=True)
    widths.append(item.sizeHint().width())
    assert len(set(widths)) == 1, widths


def test_a_record_without_an_id_is_named_in_words(qtbot: QtBot) -> None:
    words = SyncWords()
    alone = words.skipped(RecordKind.TRACKING_CODE, [None])
    assert "without an id could not be read" in alone and "no id" not in alone
    mixed = words.skipped(RecordKind.ORDER, ["3000008", None])
    assert "3000008 and 1 without an id" in mixed and "no id" not in mixed
