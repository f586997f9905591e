"""The dashboard's chart area: sales per day (per currency), answer time, channels, shippings.

Each box pairs its chart with one sentence saying the same in words, and says so plainly
when there is nothing to draw ("No sales in ARS in the last 30 days").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QVBoxLayout, QWidget

from sellerdesk.services.dashboard import Glance
from sellerdesk.services.safe_text import one_line
from sellerdesk.ui.dashboard import charts, figures
from sellerdesk.ui.dashboard.charts import ChartBox
from sellerdesk.ui.dashboard.figures import DaySeries
from sellerdesk.ui.vocabulary import channel_label, shipping_label
from sellerdesk.ui.widgets.formatting import format_money, format_number
from sellerdesk.ui.widgets.labelled import Labelled


def _said(label: str, raw: str) -> str:
    """A channel's or a shipping state's name; one the client does not know is the
    service's own word, shown as one isolated line."""
    return one_line(label) if label in (raw, raw.replace("_", " ")) else label


def _channel(value: str) -> str:
    return _said(channel_label(value), value)


def _shipping(value: str) -> str:
    return _said(shipping_label(value), value)


@dataclass(frozen=True)
class ChartInput:
    glance: Glance
    days: int
    currency: str  # the seller's choice; "" or absent from the data: the busiest currency
    today: date
    goal_minutes: int


class ChartsArea(QWidget):
    """Four chart boxes in a grid; `draw(ChartInput)` fills them all."""

    currency_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sales = ChartBox(self.tr("Orders and revenue per day"), self)
        self.answers = ChartBox(self.tr("Answer time"), self)
        self.channels = ChartBox(self.tr("Orders by channel"), self)
        self.shipping = ChartBox(self.tr("Shippings by status"), self)
        self.currency = QComboBox(self)
        self.currency.setAccessibleName(self.tr("Currency of the sales chart"))
        self.currency.setToolTip(self.tr("Sales in different currencies are never added up"))
        self.currency.activated.connect(self._on_currency_activated)
        self.currency_box = Labelled(self.tr("Currency"), self.currency, self)
        self.sales.add_tool(self.currency_box)
        # Fixed heights: a plot's own size hint is a desktop's worth of pixels.
        self.sales.setFixedHeight(262)
        for box in (self.answers, self.channels, self.shipping):
            box.setFixedHeight(240)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(10)
        grid.addWidget(self.sales, 0, 0, 1, 3)
        grid.addWidget(self.answers, 1, 0)
        grid.addWidget(self.channels, 1, 1)
        grid.addWidget(self.shipping, 1, 2)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        self._plots: dict[str, Any] = {}
        self._last: ChartInput | None = None
        self._series: DaySeries | None = None
        self.drawn = False
        self._available = charts.charts_available()
        if not self._available:
            for box in (self.sales, self.answers, self.channels, self.shipping):
                box.show_message(self.tr("Charts are not available in this installation; "
                                     "the figures above are complete."))

    def shown_currency(self) -> str:
        return str(self.currency.currentData() or "")

    def series(self) -> DaySeries | None:
        return self._series

    # ---- Drawing. -------------------------------------------------------------------------------

    def draw(self, data: ChartInput) -> None:
        self._last = data
        since = data.today - timedelta(days=data.days - 1)
        self._fill_currencies(figures.currencies(data.glance.stats.per_day, since),
                              data.currency)
        self._draw_sales(data)
        self._draw_answers(data, since)
        self._draw_channels(data.glance)
        self._draw_shipping(data.glance)
        self.drawn = True

    def _fill_currencies(self, found: list[str], wanted: str) -> None:
        self.currency.blockSignals(True)
        try:
            self.currency.clear()
            for code in found:
                self.currency.addItem(code, code)
            index = self.currency.findData(wanted) if wanted in found else 0
            self.currency.setCurrentIndex(index if found else -1)
        finally:
            self.currency.blockSignals(False)
        self.currency_box.setVisible(len(found) > 1)

    def _plot(self, key: str, title: str, **kwargs: Any) -> Any:
        """The plot kept under `key`, named `title` for screen readers (in the language
        shown now: the name is set at every draw)."""
        if key not in self._plots:
            self._plots[key] = charts.new_plot(**kwargs)
        self._plots[key].setAccessibleName(title)
        return self._plots[key]

    def _draw_sales(self, data: ChartInput) -> None:
        currency = self.shown_currency()
        days = figures.window(data.today, data.days)
        if not currency:
            self._series = None
            self.sales.set_headline("")
            self.sales.show_message(self.tr("No sales in the last {n} days.").format(n=data.days))
            return
        series = figures.day_series(data.glance.stats.per_day, currency, days)
        self._series = series
        # The count picks the plural form; {orders} shows it formatted like every figure.
        self.sales.set_headline(self.tr("{currency}, last {n} days: {orders} orders, {revenue}",
                                        "", series.total_orders)
                                .format(currency=currency, n=data.days,
                                        orders=format_number(series.total_orders),
                                        revenue=format_money(series.total_revenue, currency)))
        if not self._available:
            return
        revenue = self._plot("revenue", self.tr("Revenue per day"),
                             left=lambda v: figures.axis_amount(v, currency), bottom_ticks=False)
        orders = self._plot("orders", self.tr("Orders per day"))
        charts.draw_day_bars(revenue, series.as_floats(), days)
        charts.draw_day_bars(orders, [float(n) for n in series.orders], days, tone="success")
        revenue.getPlotItem().getAxis("left").label_of = (
            lambda v: figures.axis_amount(v, currency))
        revenue.getPlotItem().getAxis("left").setLabel(self.tr("Revenue ({currency})")
                                                       .format(currency=currency))
        orders.getPlotItem().getAxis("left").setLabel(self.tr("Orders"))
        orders.setXLink(revenue)
        if "sales" not in self._plots:
            self._plots["sales"] = body = QWidget(self.sales)
            column = QVBoxLayout(body)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(0)
            column.addWidget(revenue, 3)
            column.addWidget(orders, 2)
            for plot in (revenue, orders):
                charts.hover_tips(plot, self._sales_tip)
        self._plots["sales"].setAccessibleName(self.sales.title())
        self._plots["sales"].setAccessibleDescription(self.sales.headline.text())
        self.sales.show_chart(self._plots["sales"])

    def _sales_tip(self, x: float, _y: float) -> str:
        return charts.series_tip(self._series, x) if self._series is not None else ""

    def _draw_answers(self, data: ChartInput, since: date) -> None:
        weeks = figures.weeks_since(data.glance.stats.answer_times, since)
        if not weeks:
            self.answers.set_headline("")
            self.answers.set_legend([])
            self.answers.show_message(self.tr("No answered questions in the last {n} days.")
                                      .format(n=data.days))
            return
        last = weeks[-1]
        self.answers.set_headline(
            self.tr("Week of {week}: half answered within {median}, 9 in 10 within {p90} "
                "({n} answers). Goal: {goal}.").format(
                week=figures.week_label(last.week_start),
                median=figures.duration_text(last.median_minutes),
                p90=figures.duration_text(last.p90_minutes),
                n=format_number(last.answered),
                goal=figures.duration_text(data.goal_minutes)))
        if not self._available:
            return
        plot = self._plot("answers", self.answers.title(), left=figures.axis_duration,
                          steps=charts.DURATION_STEPS)
        self.answers.set_legend(charts.draw_answer_times(plot, weeks, data.goal_minutes))
        plot.setAccessibleDescription(self.answers.headline.text())
        self.answers.show_chart(plot)

    def _draw_channels(self, glance: Glance) -> None:
        counts = glance.stats.by_channel
        total = sum(counts.values())
        if not total:
            self.channels.set_headline("")
            self.channels.show_message(self.tr("No orders yet."))
            return
        names = sorted(counts, key=lambda c: -counts[c])
        self.channels.set_headline(self.tr("All {n} orders kept on this computer.", "", total)
                                   .format(n=format_number(total)))
        if not self._available:
            return
        plot = self._plot("channels", self.channels.title())
        charts.draw_bars(plot, [_channel(n) for n in names], [counts[n] for n in names],
                         [figures.count_and_share(counts[n], total) for n in names])
        plot.setAccessibleDescription(", ".join(
            f"{_channel(n)}: {format_number(counts[n])}" for n in names))
        self.channels.show_chart(plot)

    def _draw_shipping(self, glance: Glance) -> None:
        counts = glance.stats.shipping_status
        total = sum(counts.values())
        if not total:
            self.shipping.set_headline("")
            self.shipping.show_message(self.tr("No shippings yet."))
            return
        order = ["pending", "in_progress", "pickup", "on_route", "delivered"]
        names = [s for s in order if s in counts] + sorted(s for s in counts if s not in order)
        self.shipping.set_headline(self.tr("{n} shippings; {share} delivered.", "", total).format(
            n=format_number(total), share=figures.percent(counts.get("delivered", 0), total)))
        if not self._available:
            return
        plot = self._plot("shipping", self.shipping.title())
        charts.draw_bars(plot, [_shipping(s) for s in names], [counts[s] for s in names],
                         [figures.count_and_share(counts[s], total) for s in names])
        plot.setAccessibleDescription(", ".join(
            f"{_shipping(s)}: {figures.percent(counts[s], total)}" for s in names))
        self.shipping.show_chart(plot)

    # ---- Slots. ---------------------------------------------------------------------------------

    def _on_currency_activated(self, _index: int) -> None:
        code = self.shown_currency()
        self.currency_chosen.emit(code)
        if self._last is not None:
            self._draw_sales(self._last)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._last is not None:
            self.draw(self._last)  # the plots take their colours from the palette
