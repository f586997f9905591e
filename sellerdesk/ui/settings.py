"""Every setting SellerDesk remembers, declared once with its type and default.

Nothing else in the app reads or writes a raw QSettings key: code asks `Settings.get(KEY)`
for a declared `Key`, and a keyed family (one value per view, splitter or table) is reached
with `KEY.at("inbox")`. A stored value of the wrong type or shape reads as the default, so a
hand-edited or older settings file never breaks start-up.
"""

from __future__ import annotations

import copy
import json
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

import msgspec
from msgspec.structs import replace
from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, Signal

if TYPE_CHECKING:  # for types only: naming a Qt class makes PySide build its enums
    from PySide6.QtWidgets import QHeaderView, QSplitter

log = logging.getLogger("sellerdesk.ui")

T = TypeVar("T")

JsonDict = dict[str, Any]
_SUFFIX = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


class Key(msgspec.Struct, Generic[T], frozen=True):
    """One declared setting. `family=True` keys need `.at(name)` before use."""

    name: str
    default: T
    doc: str
    family: bool = False
    # Names the value was stored under by earlier versions, read when `name` is unset.
    legacy: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # QSettings' INI format keeps top-level keys in a section called [General] and
        # escapes a group of that name (any case) as [%General], which reads back under
        # another name: a value stored there would be forgotten on the next start.
        if self.name.split("/", 1)[0].lower() == "general":
            raise ValueError(f"{self.name}: 'general' is reserved by QSettings' INI format")

    def at(self, suffix: str) -> Key[T]:
        """The member of a keyed family for one view, splitter, table..."""
        if not self.family:
            raise ValueError(f"{self.name} is not a keyed family")
        if not _SUFFIX.match(suffix):
            raise ValueError(f"bad settings suffix {suffix!r}")
        return replace(self, name=f"{self.name}/{suffix}", family=False)


# ---- The declarations: the only place a key string appears. ---------------------------------

WINDOW_GEOMETRY: Key[bytes] = Key("window/geometry", b"", "Main window position and size.")
WINDOW_STATE: Key[bytes] = Key("window/state", b"", "Main window toolbars and docks.")
LAST_VIEW: Key[str] = Key("window/last_view", "inbox", "View shown when the app starts.")
SPLITTER_STATE: Key[bytes] = Key("splitters", b"", "Splitter positions, per splitter.",
                                 family=True)
HEADER_STATE: Key[bytes] = Key("headers", b"", "Column widths and order, per table.",
                               family=True)
HEADER_SIZED: Key[list[str]] = Key(
    "headers_sized", [], "Columns the seller resized by hand, per table: their widths are kept "
    "across languages; the others fit each language's words.", family=True)
VIEW_FILTERS: Key[JsonDict] = Key("filters", {}, "Filters and ordering, per view.", family=True)
SAVED_REPLIES: Key[list[JsonDict]] = Key(
    "inbox/saved_replies", [], "Saved answers: [{name, text}], text may hold {buyer}, {product}.")
SAVED_ORDER_VIEWS: Key[list[JsonDict]] = Key(
    "orders/saved_views", [], "Saved order views: [{name, filters}].")
EXPORT_FOLDER: Key[str] = Key("orders/export_folder", "",
                             "Folder of the last CSV export; empty: the user's Documents.")
LANGUAGE: Key[str] = Key("appearance/language", "",
                         "UI language (es, pt_BR, en); empty: the OS's.",
                         legacy=("General/language",))
COLOR_SCHEME: Key[str] = Key("appearance/color_scheme", "system", "system, light or dark.",
                             legacy=("General/color_scheme",))
REFRESH_INTERVAL_S: Key[int] = Key("sync/refresh_interval_s", 120,
                                   "Seconds between background refreshes while online.")
UNDO_DELAY_S: Key[int] = Key("inbox/undo_delay_s", 5,
                             "Seconds to undo a question delete before it is sent.")
INBOX_SUGGESTIONS_SHOWN: Key[bool] = Key("inbox/suggestions_shown", True,
                                         "Suggested answers shown beside the composer.")
LAST_PROFILE: Key[str] = Key("profiles/last", "", "Profile opened at start.")
PRINT_NOTE: Key[str] = Key("printing/note", "",
                           "The seller's line at the foot of every packing slip.")
PRINT_PAPER: Key[str] = Key("printing/paper", "auto",
                            "Paper of slips and pick lists: auto (by locale), a4 or letter.")
PRINT_PRICES: Key[bool] = Key("printing/prices", False, "Show item prices on packing slips.")

ALL_KEYS: tuple[Key[Any], ...] = (
    WINDOW_GEOMETRY, WINDOW_STATE, LAST_VIEW, SPLITTER_STATE, HEADER_STATE, HEADER_SIZED,
    VIEW_FILTERS,
    SAVED_REPLIES, SAVED_ORDER_VIEWS, EXPORT_FOLDER, LANGUAGE, COLOR_SCHEME, REFRESH_INTERVAL_S,
    UNDO_DELAY_S, INBOX_SUGGESTIONS_SHOWN, LAST_PROFILE, PRINT_NOTE, PRINT_PAPER, PRINT_PRICES,
)

COLOR_SCHEMES = ("system", "light", "dark")


class SavedReply(msgspec.Struct, frozen=True):
    name: str
    text: str


class SavedView(msgspec.Struct, frozen=True):
    name: str
    filters: JsonDict


class Settings(QObject):
    """Typed access to the declared settings over one QSettings store."""

    setting_changed = Signal(str)  # the key's name

    def __init__(self, store: QSettings | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # One of its own goes with these settings, destroyed by Qt: never later by the
        # cyclic collector, on whichever thread that runs (docs/decisions.md).
        self._store = store if store is not None else QSettings(self)

    def get(self, key: Key[T]) -> T:
        if key.family:
            raise ValueError(f"{key.name} is a family: use .at(name)")
        raw = self._store.value(key.name)
        for name in key.legacy:
            if raw is not None:
                break
            raw = self._store.value(name)
        if raw is None:
            return copy.deepcopy(key.default)
        try:
            return _decode(raw, key.default)
        except (TypeError, ValueError) as exc:
            log.warning("setting %s unreadable (%s); using its default", key.name, exc)
            return copy.deepcopy(key.default)

    def set(self, key: Key[T], value: T) -> None:
        if key.family:
            raise ValueError(f"{key.name} is a family: use .at(name)")
        _decode(_encode(value), key.default)  # refuse what could not be read back
        if self._store.value(key.name) is not None and self.get(key) == value:
            return
        self._store.setValue(key.name, _encode(value))
        self.setting_changed.emit(key.name)

    def reset(self, key: Key[Any]) -> None:
        for name in (key.name, *key.legacy):
            self._store.remove(name)
        self.setting_changed.emit(key.name)

    def sync(self) -> None:
        self._store.sync()

    # ---- Conveniences over the declarations above. ---------------------------------------

    def saved_replies(self) -> list[SavedReply]:
        return [SavedReply(str(r.get("name", "")), str(r.get("text", "")))
                for r in self.get(SAVED_REPLIES) if isinstance(r, dict)]

    def set_saved_replies(self, replies: list[SavedReply]) -> None:
        self.set(SAVED_REPLIES, [{"name": r.name, "text": r.text} for r in replies])

    def slow_answer_minutes(self) -> int:
        """The seller's goal for an answer, in minutes (conversations waiting longer are
        late); at least one."""
        return max(1, self.get(SLOW_ANSWER_MINUTES))

    def saved_order_views(self) -> list[SavedView]:
        return [SavedView(str(v.get("name", "")), dict(v.get("filters") or {}))
                for v in self.get(SAVED_ORDER_VIEWS)
                if isinstance(v, dict) and isinstance(v.get("filters", {}), dict)]

    def set_saved_order_views(self, views: list[SavedView]) -> None:
        self.set(SAVED_ORDER_VIEWS, [{"name": v.name, "filters": v.filters} for v in views])

    def save_splitter(self, name: str, splitter: QSplitter,
                      least: Sequence[int] = ()) -> None:
        """Remember the divider, each pane at least `least[i]` pixels: a pane found squeezed
        is never stored so. A splitter never laid out since its state was restored (a view
        built but not shown) has no sizes of its own: the stored ones stand."""
        sizes = splitter.sizes()
        if sum(sizes) <= 0 or splitter.findChild(_RestoreWhenShown) is not None:
            return
        fixed = at_least(sizes, least)
        if fixed != sizes:
            splitter.setSizes(fixed)
        self.set(SPLITTER_STATE.at(name), bytes(splitter.saveState().data()))
        if fixed != sizes:
            splitter.setSizes(sizes)

    def restore_splitter(self, name: str, splitter: QSplitter,
                         least: Sequence[int] = (),
                         then: Callable[[], object] | None = None) -> bool:
        """The divider as stored, each pane at least `least[i]` pixels (a squeezed pane
        stored by an older version comes back whole). A splitter not on screen yet gets it
        once it is shown at its size: restored before, its sizes were squeezed into the few
        pixels of a widget not laid out (a category tree of 68 px after a language switch).
        `then` runs once the sizes are applied. False: nothing usable was stored."""
        state = self.get(SPLITTER_STATE.at(name))
        if not state:
            return False
        if not _laid_out(splitter):
            from PySide6.QtWidgets import QSplitter, QWidget

            probe = QSplitter(splitter.orientation())  # is the state readable at all?
            for _ in range(splitter.count()):
                probe.addWidget(QWidget())
            readable = probe.restoreState(QByteArray(state))
            probe.deleteLater()
            if readable:
                _RestoreWhenShown(splitter, QByteArray(state), least, then)
            return readable
        applied = _apply_splitter(splitter, QByteArray(state), least)
        if applied and then is not None:
            then()
        return applied
    def save_header(self, name: str, header: QHeaderView,
                    least: Mapping[int, int] | None = None) -> None:
        """Remember column widths and order; a column is never stored narrower than
        `least[column]` (or the header's minimum section size)."""
        squeezed = _squeezed(header, least)
        for column, width in squeezed.items():
            header.resizeSection(column, width)
        self.set(HEADER_STATE.at(name), bytes(header.saveState().data()))

    def restore_header(self, name: str, header: QHeaderView,
                       least: Mapping[int, int] | None = None) -> bool:
        """Column widths and order as stored, none narrower than `least[column]` (or the
        header's minimum section size). False: nothing usable was stored."""
        state = self.get(HEADER_STATE.at(name))
        if not state or not header.restoreState(QByteArray(state)):
            return False
        for column, width in _squeezed(header, least).items():
            header.resizeSection(column, width)
        return True


def at_least(sizes: Sequence[int], least: Sequence[int]) -> list[int]:
    """`sizes` with each pane grown to `least[i]`, what it takes from the others (the
    widest first) so the total stays; as it was when the total cannot hold every least."""
    out = list(sizes)
    total = sum(out)
    floors = [*least, *([0] * (len(out) - len(least)))][:len(out)]
    if total <= 0 or sum(floors) > total:
        return out
    for i, floor in enumerate(floors):
        short = floor - out[i]
        while short > 0:
            donors = [j for j in range(len(out)) if out[j] > floors[j]]
            if not donors:
                break
            j = max(donors, key=lambda k: out[k] - floors[k])
            give = min(short, out[j] - floors[j])
            out[j] -= give
            out[i] += give
            short -= give
    return out


def _laid_out(splitter: QSplitter) -> bool:
    from PySide6.QtCore import Qt

    extent = (splitter.width() if splitter.orientation() == Qt.Orientation.Horizontal
              else splitter.height())
    return splitter.isVisible() and extent > 0


def _apply_splitter(splitter: QSplitter, state: QByteArray, least: Sequence[int]) -> bool:
    if not splitter.restoreState(state):
        return False
    sizes = splitter.sizes()
    fixed = at_least(sizes, least)
    if fixed != sizes:
        splitter.setSizes(fixed)
    return True


class _RestoreWhenShown(QObject):
    """Restores a splitter's state on its first resize on screen, then goes."""

    def __init__(self, splitter: QSplitter, state: QByteArray, least: Sequence[int],
                 then: Callable[[], object] | None) -> None:
        super().__init__(splitter)
        self._splitter, self._state, self._least = splitter, state, list(least)
        self._then = then
        splitter.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() in (QEvent.Type.Resize, QEvent.Type.Show)
                and _laid_out(self._splitter)):
            self._splitter.removeEventFilter(self)
            self.setParent(None)  # at once: save_splitter looks for it
            if _apply_splitter(self._splitter, self._state, self._least) and self._then:
                self._then()
            self.deleteLater()
        return False


def _squeezed(header: QHeaderView, least: Mapping[int, int] | None) -> dict[int, int]:
    """Shown sections narrower than their least width, and that width (a stretched
    section is left to the header)."""
    from PySide6.QtWidgets import QHeaderView

    out: dict[int, int] = {}
    for column in range(header.count()):
        if (header.isSectionHidden(column)
                or header.sectionResizeMode(column) != QHeaderView.ResizeMode.Interactive):
            continue
        floor = max(header.minimumSectionSize(), (least or {}).get(column, 0))
        if header.sectionSize(column) < floor:
            out[column] = floor
    return out


def _encode(value: object) -> object:
    if isinstance(value, bytes):
        return QByteArray(value)
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    if isinstance(value, (bool, int, str)):
        return value
    raise TypeError(f"cannot store a {type(value).__name__} in settings")


def _decode(raw: object, default: T) -> T:
    """Read `raw` as the type of `default`; QSettings' INI backend hands back strings."""
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return cast(T, raw)
        if isinstance(raw, str) and raw.lower() in ("true", "false"):
            return cast(T, raw.lower() == "true")
        raise ValueError(f"not a boolean: {raw!r}")
    if isinstance(default, int):
        if isinstance(raw, bool):
            raise ValueError("a boolean where a number belongs")
        return cast(T, int(cast(Any, raw)))
    if isinstance(default, str):
        if not isinstance(raw, str):
            raise ValueError(f"not text: {raw!r}")
        return cast(T, raw)
    if isinstance(default, bytes):
        if isinstance(raw, QByteArray):
            return cast(T, bytes(raw.data()))
        if isinstance(raw, bytes):
            return cast(T, raw)
        raise ValueError("not bytes")
    if isinstance(default, (dict, list)):
        value = json.loads(raw) if isinstance(raw, str) else raw
        if not isinstance(value, type(default)):
            raise ValueError(f"expected a {type(default).__name__}")
        return cast(T, value)
    raise TypeError(f"unsupported setting type {type(default).__name__}")


# ---- The seller's cockpit (issue 9): dashboard, notifications, response time. ---------------

SLOW_ANSWER_MINUTES: Key[int] = Key("inbox/slow_answer_minutes", 60,
                                    "A question unanswered for longer is counted as late.")
DASHBOARD_DAYS: Key[int] = Key("dashboard/days", 30, "Days the dashboard's charts cover (30/90).")
DASHBOARD_CURRENCY: Key[str] = Key("dashboard/currency", "",
                                   "Currency of the sales chart; empty: the busiest one.")
DASHBOARD_ALL_SHOPS: Key[bool] = Key("dashboard/all_shops", False,
                                     "Show every saved shop side by side on the dashboard.")
NOTIFY_DESKTOP: Key[bool] = Key("notify/desktop", True,
                                "Desktop notifications for new questions and orders.")
QUIET_HOURS: Key[bool] = Key("notify/quiet_hours", False, "No notifications in quiet hours.")
QUIET_FROM_HOUR: Key[int] = Key("notify/quiet_from", 22, "Quiet hours start (0-23, local).")
QUIET_TO_HOUR: Key[int] = Key("notify/quiet_to", 8, "Quiet hours end (0-23, local).")

ALL_KEYS = (*ALL_KEYS, SLOW_ANSWER_MINUTES, DASHBOARD_DAYS, DASHBOARD_CURRENCY,
            DASHBOARD_ALL_SHOPS, NOTIFY_DESKTOP, QUIET_HOURS, QUIET_FROM_HOUR, QUIET_TO_HOUR)
