"""Run by tests/gui/test_fit_1280.py in a process of its own: `sellerdesk --demo` on a real X
server (Qt's xcb platform) at 1280×720, driven by keys typed with xdotool, through English,
then a live switch to Spanish, then to Portuguese (Brazil). In each language it reads what
the orders list and the category tree show and prints one line, `FIT {json}`; pictures of
both views go to the folder given.

    python -m tests.support.fit_worker DATA_DIR SHOTS_DIR
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

# (language code, its place in View › Language after "System language")
LANGUAGES = (("en", 1), ("es", 2), ("pt_BR", 3))
# The View menu's accelerator in the language the window is in when switching from it.
VIEW_MENU = {"en": "alt+v", "es": "alt+v", "pt_BR": "alt+x"}
POLL = 0.05


class Driver:
    def __init__(self, shots: Path) -> None:
        self.shots = shots
        self.report: dict[str, Any] = {}
        self.xdotool = shutil.which("xdotool") or "xdotool"

    async def keys(self, *keys: str, idle: bool = True) -> None:
        """Type `keys` into the window (given the focus first: no window manager runs); then
        let it handle them, unless the caller waits for what they do (`idle=False`)."""
        cmd = [self.xdotool, "search", "--onlyvisible", "--class", "SellerDesk", "windowfocus",
               "--sync", "key", "--clearmodifiers", "--delay", "60", *keys]
        await asyncio.to_thread(subprocess.run, cmd, check=True, timeout=60)
        if idle:
            await self.idle()

    async def idle(self, turns: int = 10) -> None:
        for _ in range(turns):
            await asyncio.sleep(POLL)

    async def until(self, what: Callable[[], object], tries: int = 1200) -> Any:
        for _ in range(tries):
            found = what()
            if found:
                return found
            await asyncio.sleep(POLL)
        raise AssertionError(f"never came: {getattr(what, '__name__', what)}")

    # ---- The window. ----------------------------------------------------------------------

    def window(self) -> Any:
        from PySide6.QtWidgets import QApplication

        from sellerdesk.ui.main_window import MainWindow

        return next((w for w in QApplication.topLevelWidgets()
                     if isinstance(w, MainWindow) and w.isVisible() and w.painted()), None)

    async def settled(self, old: object = None) -> Any:
        """The window (another than `old`), shown, with the demo's orders listed."""
        def ready() -> Any:
            w = self.window()
            if w is None or w is old or w.ctx.runner.is_busy():
                return None
            return w
        await self.until(ready)
        await self.idle(20)
        return await self.until(ready)

    async def switch_language(self, menu_key: str, place: int) -> None:
        """View › Language › the language at `place` (after "System language"), by keys."""
        old = self.window()
        await self.keys(menu_key)
        await self.keys("Up", "Right", *(["Down"] * place), "Return")
        await self.settled(old)

    # ---- What is on show. -----------------------------------------------------------------

    def picture(self, window: Any, name: str) -> None:
        from PySide6.QtWidgets import QApplication

        QApplication.processEvents()
        self.shots.mkdir(parents=True, exist_ok=True)
        window.grab().save(str(self.shots / name))

    def orders(self, window: Any) -> dict[str, Any]:
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QFontMetricsF

        from sellerdesk.ui.orders.columns import Column
        from sellerdesk.ui.orders.row_delegate import text_width

        panel = window.panel("orders")
        table, model = panel.table, panel.model
        fm = QFontMetricsF(table.font())  # fractional, as the rows are laid out
        cut: list[dict[str, Any]] = []
        rows = min(model.rowCount(), max(1, table.viewport().height()
                                         // table.verticalHeader().defaultSectionSize()))
        for row in range(rows):
            for column in Column:
                if table.isColumnHidden(column):
                    continue
                text = model.cell_text(row, column)
                room = text_width(column, table.columnWidth(column))
                if not text or fm.horizontalAdvance(text) <= room:
                    continue
                index = model.index(row, column)
                tip = str(index.data(Qt.ItemDataRole.ToolTipRole) or "")
                name = str(index.data(Qt.ItemDataRole.AccessibleTextRole) or "")
                cut.append({"column": column.name, "text": text,
                            "shown": fm.elidedText(text, Qt.TextElideMode.ElideRight, room),
                            "in_tooltip": text in tip.replace("&amp;", "&").replace(
                                "&#x27;", "'").replace("&quot;", '"'),
                            "in_name": text in name})
        chars = fm.averageCharWidth()
        header = table.horizontalHeader()
        return {
            "cut": cut,
            "widths": {c.name: table.columnWidth(c) for c in Column},
            "buyer_chars": text_width(Column.BUYER, table.columnWidth(Column.BUYER)) / chars,
            "products_chars": (text_width(Column.PRODUCTS, table.columnWidth(Column.PRODUCTS))
                               / chars),
            "scrolls_sideways": table.horizontalScrollBar().maximum() > 0,
            "split": panel.split.sizes(),
            "viewport": table.viewport().width(),
            "sort": model.order_sort().value,
            "total_tip": str(model.headerData(Column.TOTAL, Qt.Orientation.Horizontal,
                                              Qt.ItemDataRole.ToolTipRole) or ""),
            "total_name": str(model.headerData(Column.TOTAL, Qt.Orientation.Horizontal,
                                               Qt.ItemDataRole.AccessibleTextRole) or ""),
            "header_cut": [str(model.headerData(c, Qt.Orientation.Horizontal))
                           for c in Column if not table.isColumnHidden(c)
                           and fm.horizontalAdvance(str(model.headerData(
                               c, Qt.Orientation.Horizontal))) > header.sectionSize(c) - 8],
        }

    @staticmethod
    def money(model: Any) -> list[list[Any]]:
        """(currency, total) of every row, in the list's order."""
        return [[item.currency, None if item.total is None else float(item.total)]
                for item in model.lines()]

    def categories(self, window: Any) -> dict[str, Any]:
        from PySide6.QtCore import QModelIndex
        from PySide6.QtGui import QFontMetrics

        from sellerdesk.ui.categories.model import Column

        panel = window.panel("categories")
        tree = panel.tree
        fm = QFontMetrics(tree.font())
        names: list[str] = []
        cut: list[str] = []

        def walk(parent: Any) -> None:
            for row in range(panel.proxy.rowCount(parent)):
                index = panel.proxy.index(row, Column.NAME, parent)
                text = str(index.data() or "")
                names.append(text)
                rect = tree.visualRect(index)
                if rect.isValid() and fm.horizontalAdvance(text) > rect.width() - 8:
                    cut.append(text)
                if tree.isExpanded(index):
                    walk(index)

        walk(QModelIndex())
        return {"tree": panel.splitter.sizes()[0], "sizes": panel.splitter.sizes(),
                "needs": panel.tree_width(), "cut": cut, "names": len(names)}

    # ---- The walk. ------------------------------------------------------------------------

    def outbox(self, window: Any) -> dict[str, Any]:
        from PySide6.QtCore import QCoreApplication

        from sellerdesk.services.types import OutboxState
        from sellerdesk.ui.outbox.model import Column
        from sellerdesk.ui.widgets.chip_delegate import chip_width
        from sellerdesk.ui.widgets.state_chip import chip_style

        panel = window.panel("outbox")
        fm = panel.table.fontMetrics()
        room = panel.table.header().sectionSize(Column.STATE)
        chips = [chip_style(s.value)[0] for s in OutboxState]
        chips.append(QCoreApplication.translate("OutboxModel", "Waiting to retry"))
        return {"state_width": room, "cut": [w for w in chips if chip_width(fm, w) > room]}

    async def visit(self, window: Any, code: str) -> dict[str, Any]:
        """The orders sorted by total (by keys), the outbox, then the categories."""
        seen: dict[str, Any] = {"size": [window.width(), window.height()]}
        await self.keys("ctrl+2")  # Orders
        panel = await self.until(lambda: window.current_view() == "orders"
                                 and window.panel("orders"))
        await self.until(lambda: panel.model.rowCount() > 0)
        # Sort by total from the sort box: Ctrl+F, Tab to it, Home, then the first letter of
        # its "highest total first" entry until that entry is picked.
        await self.keys("ctrl+f", "Tab", "Home")
        combo = panel.sort_combo
        letter = combo.itemText(combo.findData("total_desc"))[:1].lower()
        for _ in range(combo.count()):
            if combo.currentData() == "total_desc":
                break
            await self.keys(letter)
        await self.until(lambda: panel.model.order_sort().value == "total_desc"
                         and panel.model.rowCount() >= 60 and not panel.model.is_fetching())
        # The list, to its end: every page read (Ctrl+End asks for the next one).
        await self.keys("ctrl+shift+l")
        model = panel.model
        while model.canFetchMore() or model.is_fetching():
            rows = model.rowCount()
            await self.keys("ctrl+End", idle=False)
            # Waited for by count: the page read and listed, or none left to read.
            await self.until(lambda rows=rows: not model.is_fetching() and (
                model.rowCount() > rows or not model.canFetchMore()))
        seen["money"] = self.money(panel.model)
        await self.keys("ctrl+Home")
        await self.idle(10)
        seen["orders"] = self.orders(window)
        self.picture(window, f"orders-{code}.png")
        await self.keys("ctrl+6")  # Outbox
        await self.until(lambda: window.current_view() == "outbox")
        await self.idle(5)
        seen["outbox"] = self.outbox(window)
        await self.keys("ctrl+3")  # Categories, where the language is then switched
        await self.until(lambda: window.current_view() == "categories")
        await self.idle(10)
        seen["categories"] = self.categories(window)
        self.picture(window, f"categories-{code}.png")
        return seen

    @staticmethod
    def squeeze_categories(data_dir: Path) -> None:
        """Store the category tree at 68 px, as an earlier version saved it after a live
        language switch, before the app starts (the view is built with the window)."""
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QApplication, QSplitter, QWidget

        from sellerdesk.ui import settings as keys
        from sellerdesk.ui.settings import Settings

        if QApplication.instance() is None:
            # The app's start takes this one over; named now, as the window's X class is.
            QApplication(["sellerdesk"]).setApplicationName("SellerDesk")

        splitter = QSplitter()
        splitter.addWidget(QWidget())
        splitter.addWidget(QWidget())
        splitter.resize(1043, 500)
        splitter.show()
        splitter.setSizes([68, 975])
        data_dir.mkdir(parents=True, exist_ok=True)
        store = QSettings(str(data_dir / "settings.ini"), QSettings.Format.IniFormat)
        Settings(store).set(keys.SPLITTER_STATE.at("categories"),
                            bytes(splitter.saveState().data()))
        store.sync()
        splitter.close()
        splitter.deleteLater()

    async def run(self) -> None:
        window = await self.settled()
        window.setGeometry(window.screen().geometry())  # the whole 1280×720 screen
        await self.idle(10)
        for n, (code, place) in enumerate(LANGUAGES):
            if n:  # switched from the categories, as a seller looking at them would
                await self.switch_language(VIEW_MENU[LANGUAGES[n - 1][0]], place)
                window = self.window()
            self.report[code] = await self.visit(window, code)
        window.close()


def unlimited_demo() -> None:
    """The demo's sandbox without the field's rate limit, as `--snapshot` starts it: paced, its
    first sync took 30 s more of waiting (43 s to the first list, 13 s without), and what the
    walk reads does not depend on the pace."""
    from sellerdesk.services.shops import Shops

    # app.py sets the flag on each start; a property that ignores it keeps it on.
    Shops.demo_unlimited = property(  # type: ignore[assignment]
        lambda _self: True, lambda _self, _value: None)


def main(data_dir: str, shots: str) -> int:
    import sellerdesk.app as app_module

    driver = Driver(Path(shots))
    original = app_module._main
    failure: list[str] = []

    async def main_with_driver(*args: Any) -> int:
        async def drive() -> None:
            try:
                await driver.run()
            except BaseException as exc:  # told to the test, the window closed
                import traceback

                failure.append("".join(traceback.format_exception(exc)))
                w = driver.window()
                if w is not None:
                    w.close()

        task = asyncio.ensure_future(drive())
        try:
            return await original(*args)
        finally:
            if not task.done():
                task.cancel()

    app_module._main = main_with_driver  # type: ignore[assignment]
    unlimited_demo()
    driver.squeeze_categories(Path(data_dir))
    code = app_module.run_gui(demo=True, data_dir=Path(data_dir), lang="en")
    print("FIT " + json.dumps({"report": driver.report, "failure": failure, "code": code}),
          flush=True)
    return 0 if not failure and code == 0 else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
