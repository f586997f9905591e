"""The dashboard's charts, drawn with pyqtgraph (imported on first use, not at start-up).

Every chart is static (no pan or zoom to get lost in), coloured from the palette at draw
time so it follows light and dark, labelled in the UI language, and paired with a sentence
that says the same in words (screen readers read that; the plot itself takes no focus).
"""

from __future__ import annotations

import functools
import html
import logging
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtGui import QColor, QCursor, QFont, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.types import WeekAnswerTime
from sellerdesk.ui import theme
from sellerdesk.ui.dashboard import figures
from sellerdesk.ui.dashboard.figures import DaySeries
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.formatting import format_money
from sellerdesk.ui.widgets.text import heading_label, plain_label


@functools.cache
def pyqtgraph() -> Any:
    """pyqtgraph, imported once on first use (it takes a moment and pulls in numpy)."""
    import pyqtgraph as pg

    pg.setConfigOptions(antialias=True)
    return pg


def charts_available() -> bool:
    try:
        pyqtgraph()
    except ImportError as exc:  # a bundle without it still shows every figure, in words
        # Said once in the log: a broken library inside a bundle looks like this too.
        _say_no_charts(exc)
        return False
    return True


_NO_CHARTS_TOLD: list[bool] = []


def _say_no_charts(exc: ImportError) -> None:
    if not _NO_CHARTS_TOLD:
        _NO_CHARTS_TOLD.append(True)
        logging.getLogger(__name__).warning("charts are not available: %s", exc)


@functools.cache
def _axis_class() -> Any:
    base: Any = pyqtgraph().AxisItem

    class LabelledAxis(base):  # type: ignore[misc]
        """An axis whose tick labels come from a function (money, durations, counts) and,
        given `steps`, whose ticks fall on round values of those steps (30 min, 1 h, 2 h)."""

        def __init__(self, orientation: str, label_of: Callable[[float], str],
                     steps: Sequence[float] = ()) -> None:
            super().__init__(orientation)
            self.label_of = label_of
            self.steps = list(steps)

        def tickValues(self, minVal: float, maxVal: float,
                       size: float) -> list[tuple[float, list[float]]]:
            if not self.steps or maxVal <= minVal:
                return list(super().tickValues(minVal, maxVal, size))
            span = maxVal - minVal
            step = next((s for s in self.steps if span / s <= 5), self.steps[-1])
            first = math.ceil(minVal / step) * step
            count = int((maxVal - first) // step) + 1
            return [(step, [first + i * step for i in range(max(count, 0))])]

        def tickStrings(self, values: list[float], scale: float,
                        spacing: float) -> list[str]:
            return [self.label_of(v) for v in values]

    return LabelledAxis


# Round steps for the answer-time axis, in minutes: 15 min ... 2 days.
DURATION_STEPS = (15, 30, 60, 120, 180, 240, 360, 480, 720, 1440, 2880)


def _count_label(value: float) -> str:
    return figures.format_count(value)


class ChartBox(QFrame):
    """A titled box: a tool or two at the right of the title, one sentence, then the chart."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chart-box")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._title = heading_label(title, self, scale=1.05)
        self._legend_names: list[str] = []
        self._tools = QHBoxLayout()
        self._tools.setSpacing(6)
        self.headline = plain_label("", self, wrap=True, muted=True)
        # The key to the chart's lines: a line of the box that wraps, never a box drawn
        # inside the plot that a narrow column or a longer language cuts.
        self.legend = QLabel(self)
        self.legend.setTextFormat(Qt.TextFormat.RichText)  # our own words, escaped
        self.legend.setWordWrap(True)
        self.legend.setVisible(False)
        self.message = plain_label("", self, wrap=True, muted=True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.body = QStackedWidget(self)
        self.body.addWidget(self.message)
        self.body.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        top = QHBoxLayout()
        top.addWidget(self._title, 1)
        top.addLayout(self._tools)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 10)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.headline)
        layout.addWidget(self.legend)
        layout.addWidget(self.body, 1)

    def title(self) -> str:
        return self._title.text()

    def add_tool(self, widget: QWidget) -> None:
        self._tools.addWidget(widget)

    def set_headline(self, text: str) -> None:
        self.headline.setText(text)
        self.headline.setVisible(bool(text))

    def set_legend(self, entries: Sequence[LegendEntry]) -> None:
        """Name each line of the chart beside a sample of it (none: no legend)."""
        self.legend.setText(legend_html(entries))
        names = self._legend_names = [e.name for e in entries]
        self.legend.setAccessibleName(
            QCoreApplication.translate("DashboardCharts", "Legend: {names}")
            .format(names=", ".join(names)) if names else "")
        self.legend.setVisible(bool(entries))

    def legend_names(self) -> list[str]:
        return list(self._legend_names)

    def show_chart(self, chart: QWidget) -> None:
        if self.body.indexOf(chart) < 0:
            self.body.addWidget(chart)
        self.body.setCurrentWidget(chart)

    def show_message(self, text: str) -> None:
        self.message.setText(text)
        self.body.setCurrentWidget(self.message)

    def showing_chart(self) -> bool:
        return self.body.currentWidget() is not self.message


@dataclass(frozen=True)
class LegendEntry:
    name: str
    color: QColor
    dashed: bool = False


def legend_html(entries: Sequence[LegendEntry]) -> str:
    """Each entry as a sample of its line in its colour, then its name; entries are kept
    whole when the line wraps (non-breaking spaces inside, plain spaces between)."""
    parts = []
    for entry in entries:
        sample = "╍╍" if entry.dashed else "━━"
        name = html.escape(entry.name).replace(" ", "&nbsp;")
        parts.append(f"<span style='color:{entry.color.name()}'>{sample}</span>&nbsp;{name}")
    return "&nbsp;&nbsp; ".join(parts)


# ---- Plots. -------------------------------------------------------------------------------------

def _colours() -> dict[str, QColor]:
    pal = theme.palette()
    base = pal.color(QPalette.ColorRole.Base)
    text = pal.color(QPalette.ColorRole.WindowText)
    return {"background": base, "axis": theme.mix(text, base, 0.35),
            "text": theme.tone_color(Tone.MUTED, pal), "grid": theme.mix(text, base, 0.08),
            "accent": theme.tone_color(Tone.ACCENT, pal),
            "warning": theme.tone_color(Tone.WARNING, pal),
            "success": theme.tone_color(Tone.SUCCESS, pal), "ink": text}


def _axis_font() -> QFont:
    font = QFont(QLabel().font())
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * 0.9)
    return font


def new_plot(left: Callable[[float], str] = _count_label, *, bottom_ticks: bool = True,
             steps: Sequence[float] = ()) -> Any:
    """A static PlotWidget with palette colours and a left axis labelled by `left`."""
    pg = pyqtgraph()
    cls = _axis_class()
    plot = pg.PlotWidget(axisItems={"left": cls("left", left, steps),
                                    "right": cls("right", str)})
    item = plot.getPlotItem()
    item.hideButtons()
    item.setMenuEnabled(False)
    item.setMouseEnabled(x=False, y=False)
    plot.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # nothing to do with keys; the words say it
    plot.setMinimumHeight(60)
    plot.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
    item.getAxis("bottom").setStyle(showValues=bottom_ticks)
    item.hideAxis("right")  # only bar charts show their notes there
    return plot


def style_plot(plot: Any) -> None:
    """Paint `plot` in the palette's colours (again, after a light/dark switch)."""
    pg = pyqtgraph()
    c = _colours()
    # The graphics view hands focus to its viewport now and then (a style or palette change):
    # keep the plot out of the Tab chain for good.
    plot.viewport().setFocusPolicy(Qt.FocusPolicy.NoFocus)
    plot.setBackground(c["background"])
    font = _axis_font()
    for name in ("left", "bottom", "right"):
        axis = plot.getPlotItem().getAxis(name)
        axis.setPen(pg.mkPen(c["axis"]))
        axis.setTextPen(pg.mkPen(c["text"]))
        axis.setStyle(tickFont=font, tickLength=-4)
    plot.getPlotItem().showGrid(x=False, y=True, alpha=0.12)


def hover_tips(plot: Any, tip_at: Callable[[float, float], str]) -> None:
    """Show `tip_at(x, y)` (in data coordinates) as the pointer moves over `plot`."""
    view = plot.getPlotItem().getViewBox()

    def moved(pos: QPointF) -> None:
        point = view.mapSceneToView(pos)
        text = tip_at(point.x(), point.y())
        if text:
            QToolTip.showText(QCursor.pos(), text, plot)
        else:
            QToolTip.hideText()

    plot.scene().sigMouseMoved.connect(moved)


def draw_day_bars(plot: Any, values: Sequence[float], days: Sequence[date], *,
                  tone: str = "accent") -> None:
    """Vertical bars, one per day; ticks on Mondays (every other one over 90 days)."""
    pg = pyqtgraph()
    c = _colours()
    plot.clear()
    style_plot(plot)
    fill = QColor(c[tone])
    fill.setAlphaF(0.85)
    plot.addItem(pg.BarGraphItem(x=list(range(len(values))), height=list(values), width=0.72,
                                 brush=fill, pen=pg.mkPen(None)))
    mondays = [i for i, d in enumerate(days) if d.weekday() == 0]
    every = 1 if len(days) <= 31 else 2
    ticks = [(i, figures.day_label(days[i])) for i in mondays[::-1][::every]]
    plot.getPlotItem().getAxis("bottom").setTicks([ticks, []])
    top = max(values, default=0.0)
    plot.setXRange(-0.6, len(values) - 0.4, padding=0)
    plot.setYRange(0, top * 1.12 if top > 0 else 1, padding=0)


def draw_bars(plot: Any, names: Sequence[str], values: Sequence[int],
              notes: Sequence[str]) -> None:
    """Horizontal bars, the first name on top; each bar's note ("1.230 · 62 %") on the right
    axis, so the layout always leaves it room."""
    pg = pyqtgraph()
    c = _colours()
    plot.clear()
    style_plot(plot)
    n = len(values)
    ys = [n - 1 - i for i in range(n)]
    fill = QColor(c["accent"])
    fill.setAlphaF(0.85)
    plot.addItem(pg.BarGraphItem(x0=[0] * n, y=ys, height=0.62, width=list(values),
                                 brush=fill, pen=pg.mkPen(None)))
    item = plot.getPlotItem()
    item.getAxis("left").setTicks([list(zip(ys, names, strict=True)), []])
    item.showAxis("right")
    item.getAxis("right").setTicks([list(zip(ys, notes, strict=True)), []])
    item.getAxis("right").setPen(pg.mkPen(None))
    item.hideAxis("bottom")
    item.showGrid(x=False, y=False)
    plot.setYRange(-0.6, n - 0.4, padding=0)
    plot.setXRange(0, max(values, default=0) or 1, padding=0.02)


def draw_answer_times(plot: Any, weeks: Sequence[WeekAnswerTime],
                      goal_minutes: int) -> list[LegendEntry]:
    """Median and 90th percentile per week, with the seller's goal as a dashed line; gives
    the legend's entries (shown by the box, outside the plot)."""
    pg = pyqtgraph()
    c = _colours()
    plot.clear()
    style_plot(plot)
    xs = list(range(len(weeks)))
    plot.plot(xs, [w.median_minutes for w in weeks], pen=pg.mkPen(c["accent"], width=2.5),
              symbol="o", symbolSize=5, symbolBrush=c["accent"], symbolPen=None)
    plot.plot(xs, [w.p90_minutes for w in weeks], pen=pg.mkPen(c["warning"], width=2),
              symbol="o", symbolSize=5, symbolBrush=c["warning"], symbolPen=None)
    goal_pen = pg.mkPen(c["success"], width=1.5, style=Qt.PenStyle.DashLine)
    plot.addItem(pg.InfiniteLine(pos=goal_minutes, angle=0, pen=goal_pen))
    step = max(1, (len(weeks) + 5) // 6)
    ticks = [(i, figures.week_label(weeks[i].week_start)) for i in range(0, len(weeks), step)]
    plot.getPlotItem().getAxis("bottom").setTicks([ticks, []])
    top = max([w.p90_minutes for w in weeks] + [float(goal_minutes)])
    plot.setXRange(-0.4, max(len(weeks) - 0.6, 0.6), padding=0)
    plot.setYRange(0, top * 1.08, padding=0)
    return answer_time_legend()


def answer_time_legend() -> list[LegendEntry]:
    c = _colours()
    return [
        LegendEntry(QCoreApplication.translate("DashboardCharts", "Half answered within"),
                    c["accent"]),
        LegendEntry(QCoreApplication.translate("DashboardCharts", "9 in 10 answered within"),
                    c["warning"]),
        LegendEntry(QCoreApplication.translate("DashboardCharts", "Your goal"), c["success"],
                    dashed=True),
    ]


def series_tip(series: DaySeries, x: float) -> str:
    """The tooltip of the day under the pointer: its date, orders and exact revenue."""
    i = round(x)
    if not 0 <= i < len(series.days):
        return ""
    text = QCoreApplication.translate("DashboardCharts", "{day}: {orders} orders, {revenue}")
    return text.format(
        day=figures.day_label(series.days[i]), orders=series.orders[i],
        revenue=format_money(series.revenue[i], series.currency))
