"""Packing slips and the pick list drawn with QPainter, on a PDF, a printer or an image.

Every text from the shop or the buyer is drawn as a plain string (QPainter never reads it as
rich text), flattened to one line with its controls removed and wrapped in FSI ... PDI, so a
name cannot reorder the words around it or pass for a heading (architecture rule 10).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMarginsF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from sellerdesk.services.printing import PickLine, Slip
from sellerdesk.services.safe_text import one_line
from sellerdesk.ui.printing import code128
from sellerdesk.ui.widgets.formatting import format_date, format_money, format_number

MARGIN_MM = 15.0
PDF_DPI = 300  # text is vector either way; this is the grid the barcode's modules sit on
PAGE_SIZES = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"  # "a4" or "letter" (see paper.paper_for)
    note: str = ""  # the seller's line at the foot of every slip
    prices: bool = False
    locale: str | None = None  # dates and numbers; None: the window's


def safe(text: str) -> str:
    """Buyer or shop text as drawn: one line, no controls, bidi isolated."""
    return one_line(text) if text else ""


def words() -> dict[str, str]:
    """The headings in the seller's language, read once per page header."""
    return {
        "slip": QCoreApplication.translate("Printing", "Packing slip"),
        "continued": QCoreApplication.translate("Printing", "continued"),
        "order": QCoreApplication.translate("Printing", "Order {id}"),
        "date": QCoreApplication.translate("Printing", "Date: {date}"),
        "ship_to": QCoreApplication.translate("Printing", "Ship to"),
        "tracking": QCoreApplication.translate("Printing", "Tracking code"),
        "quantity": QCoreApplication.translate("Printing", "Quantity"),
        "price": QCoreApplication.translate("Printing", "Price"),
        "item": QCoreApplication.translate("Printing", "Item"),
        "pick_list": QCoreApplication.translate("Printing", "Pick list"),
        "orders_count": QCoreApplication.translate("Printing", "Orders: {count}"),
        "orders": QCoreApplication.translate("Printing", "Orders"),
    }


class _Page:
    """A painter over one page's printable area, in device pixels, with a cursor."""

    def __init__(self, painter: QPainter, area: QRectF, dpi: float,
                 new_page: Callable[[], None]) -> None:
        self.p = painter
        self.area = area
        self.dpi = dpi
        self.y = area.top()
        self._new_page = new_page
        # Fonts and their metrics, made once per size: a slip sets a font some 15 times.
        self._fonts: dict[tuple[float, bool], tuple[QFont, QFontMetricsF]] = {}
        self.metrics = QFontMetricsF(painter.font(), painter.device())

    def mm(self, value: float) -> float:
        return value * self.dpi / 25.4

    def font(self, size: float, bold: bool = False) -> None:
        made = self._fonts.get((size, bold))
        if made is None:
            f = QFont("DejaVu Sans")
            f.setStyleHint(QFont.StyleHint.SansSerif)
            f.setPointSizeF(size)
            f.setBold(bold)
            made = self._fonts[(size, bold)] = (f, QFontMetricsF(f, self.p.device()))
        self.p.setFont(made[0])
        self.metrics = made[1]

    def line_height(self) -> float:
        return self.metrics.lineSpacing()

    def text(self, text: str, *, x: float | None = None, width: float | None = None,
             align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft, advance: bool = True,
             wrap: bool = False) -> float:
        """Draw `text` (already made safe) at the cursor; returns the height used."""
        left = self.area.left() if x is None else x
        w = (self.area.right() - left) if width is None else width
        if wrap:
            box = self.p.boundingRect(QRectF(left, self.y, w, 10 * self.area.height()),
                                      int(align | Qt.TextFlag.TextWordWrap), text)
            h = box.height()
            self.p.drawText(QRectF(left, self.y, w, h), int(align | Qt.TextFlag.TextWordWrap),
                            text)
        else:
            h = self.line_height() * (text.count("\n") + 1)
            shown = text
            # Measured only when it could be too wide: measuring costs as much as drawing.
            if ("\n" not in text and len(text) * self.metrics.maxWidth() > w
                    and self.metrics.horizontalAdvance(text) > w):
                shown = self.metrics.elidedText(text, Qt.TextElideMode.ElideRight, w)
                if text.endswith("\u2069"):
                    shown = shown.rstrip("\u2069") + "\u2069"  # keep the isolate closed
            self.p.drawText(QRectF(left, self.y, w, h), int(align | Qt.AlignmentFlag.AlignTop),
                            shown)
        if advance:
            self.y += h
        return h

    def gap(self, mm: float) -> None:
        self.y += self.mm(mm)

    def rule(self) -> None:
        self.p.save()
        self.p.setPen(QPen(QColor(120, 120, 120), self.mm(0.2)))
        self.p.drawLine(int(self.area.left()), int(self.y), int(self.area.right()), int(self.y))
        self.p.restore()
        self.y += self.mm(1.5)

    def room(self, height: float) -> bool:
        return self.y + height <= self.area.bottom()

    def next_page(self) -> None:
        self._new_page()
        self.y = self.area.top()


def draw_barcode(page: _Page, code: str, height_mm: float = 14.0,
                 max_width_mm: float = 90.0) -> None:
    """`code` as Code 128 B under the cursor, modules on whole device pixels."""
    modules = code128.width(code)
    module = max(1, int(page.mm(max_width_mm) / modules))
    module = min(module, max(1, int(page.mm(0.5))))  # no wider than half a millimetre
    h = page.mm(height_mm)
    left = page.area.left()
    page.p.save()
    page.p.setPen(Qt.PenStyle.NoPen)
    page.p.setBrush(QColor(0, 0, 0))
    for start, w in code128.bars(code):
        page.p.drawRect(QRectF(left + start * module, page.y, w * module, h))
    page.p.restore()
    page.y += h + page.mm(1)


def draw_slip(page: _Page, slip: Slip, options: PrintOptions) -> None:
    """One order's slip from the top of a page; items that do not fit go on to the next."""
    loc = options.locale
    w = words()

    def header(continued: bool) -> None:
        page.font(15, bold=True)
        title = w["slip"] + (" — " + w["continued"] if continued else "")
        page.text(title, align=Qt.AlignmentFlag.AlignRight, advance=False)
        page.text(safe(slip.shop_name) or " ", width=page.area.width() * 0.6)
        page.font(10)
        page.text(w["order"].format(id=safe(slip.order_id)))
        page.text(w["date"].format(date=format_date(slip.created, "long", loc)))
        page.gap(2)
        page.rule()

    header(False)
    page.font(9, bold=True)
    page.text(w["ship_to"])
    page.font(12, bold=True)
    page.text(safe(slip.buyer) or "—")
    page.font(10)
    if slip.address:  # one call for the lines: a slip's cost is its drawText calls
        page.text("\n".join(safe(line) for line in slip.address))
    page.gap(3)
    for code in slip.tracking_codes:
        page.font(9, bold=True)
        page.text(w["tracking"])
        page.font(11)
        page.text(safe(code))
        if code128.encodable(code):
            page.gap(1)
            draw_barcode(page, code)
        page.gap(2)
    page.gap(2)
    _items(page, slip, options, header)
    if options.note.strip():
        page.font(10)
        note = safe(options.note)
        lines = page.p.boundingRect(QRectF(0, 0, page.area.width(), page.area.height()),
                                    int(Qt.TextFlag.TextWordWrap), note).height()
        if not page.room(page.mm(4) + lines):
            page.next_page()
            header(True)
        page.gap(4)
        page.rule()
        page.text(note, wrap=True)


def _items(page: _Page, slip: Slip, options: PrintOptions,
           header: Callable[[bool], None]) -> None:
    loc = options.locale
    w = words()
    page.font(9, bold=True)  # the quantity column is as wide as its heading needs
    qty_w = max(page.mm(16), page.metrics.horizontalAdvance(w["quantity"]) + page.mm(4))
    price_w = page.mm(35) if options.prices else 0.0
    left = page.area.left()
    item_w = page.area.width() - qty_w - price_w

    def heads() -> None:
        page.font(9, bold=True)
        page.text(w["quantity"], x=left, width=qty_w - page.mm(3),
                  align=Qt.AlignmentFlag.AlignRight, advance=False)
        if options.prices:
            page.text(w["price"], x=left + qty_w + item_w, width=price_w,
                      align=Qt.AlignmentFlag.AlignRight, advance=False)
        page.text(w["item"], x=left + qty_w, width=item_w)
        page.rule()

    heads()
    for item in slip.items:
        page.font(10)
        need = page.line_height() * (2 if item.variation or item.sku else 1) + page.mm(2)
        if not page.room(need):
            page.next_page()
            header(True)
            heads()
            page.font(10)
        page.text(format_number(item.quantity, loc), x=left, width=qty_w - page.mm(3),
                  align=Qt.AlignmentFlag.AlignRight, advance=False)
        if options.prices:
            page.text(format_money(item.unit_price, slip.currency or None), x=left + qty_w + item_w,
                      width=price_w, align=Qt.AlignmentFlag.AlignRight, advance=False)
        page.text(safe(item.title) or "—", x=left + qty_w, width=item_w)
        details = [safe(x) for x in (item.variation, item.sku and f"SKU {item.sku}") if x]
        if details:
            page.font(8.5)
            page.text(" · ".join(details), x=left + qty_w, width=item_w)
        page.gap(2)


def draw_pick_list(page: _Page, lines: Sequence[PickLine], orders: int,
                   options: PrintOptions) -> None:
    loc = options.locale
    left = page.area.left()
    box_w = page.mm(10)
    w = words()
    page.font(9, bold=True)
    qty_w = max(page.mm(16), page.metrics.horizontalAdvance(w["quantity"]) + page.mm(4))
    orders_w = page.area.width() * 0.32
    item_w = page.area.width() - box_w - qty_w - orders_w

    def header(continued: bool) -> None:
        page.font(15, bold=True)
        page.text(w["pick_list"] + (" — " + w["continued"] if continued else ""))
        page.font(10)
        page.text(w["orders_count"].format(count=format_number(orders, loc)))
        page.gap(2)
        page.font(9, bold=True)
        page.text(w["quantity"], x=left + box_w, width=qty_w - page.mm(3),
                  align=Qt.AlignmentFlag.AlignRight, advance=False)
        page.text(w["orders"], x=left + box_w + qty_w + item_w, width=orders_w,
                  advance=False)
        page.text(w["item"], x=left + box_w + qty_w, width=item_w)
        page.rule()

    header(False)
    for line in lines:
        page.font(10)
        ids = ", ".join(line.order_ids)
        ids_h = page.p.boundingRect(QRectF(0, 0, orders_w, page.area.height()),
                                    int(Qt.TextFlag.TextWordWrap), ids).height()
        rows = page.line_height() * (2 if line.variation else 1)
        need = max(rows, ids_h) + page.mm(2)
        if not page.room(need):
            page.next_page()
            header(True)
            page.font(10)
        top = page.y
        side = page.mm(4)
        page.p.save()
        page.p.setPen(QPen(QColor(0, 0, 0), page.mm(0.3)))
        page.p.drawRect(QRectF(left + page.mm(1), top + page.mm(0.5), side, side))
        page.p.restore()
        page.text(format_number(line.quantity, loc), x=left + box_w, width=qty_w - page.mm(3),
                  align=Qt.AlignmentFlag.AlignRight, advance=False)
        page.text(ids, x=left + box_w + qty_w + item_w, width=orders_w, wrap=True,
                  advance=False)
        page.text(safe(line.title) or "—", x=left + box_w + qty_w, width=item_w)
        if line.variation:
            page.font(8.5)
            page.text(safe(line.variation), x=left + box_w + qty_w, width=item_w)
        page.y = max(page.y, top + ids_h) + page.mm(2)


def _layout(paper: str) -> QPageLayout:
    return QPageLayout(QPageSize(PAGE_SIZES.get(paper, QPageSize.PageSizeId.A4)),
                       QPageLayout.Orientation.Portrait,
                       QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                       QPageLayout.Unit.Millimeter)


class _Counter:
    def __init__(self, device: QPagedPaintDevice) -> None:
        self.device = device
        self.pages = 1

    def new_page(self) -> None:
        self.device.newPage()
        self.pages += 1


def paint_slips(device: QPagedPaintDevice, slips: Sequence[Slip],
                options: PrintOptions) -> int:
    """Each slip from a new page of `device` (a QPdfWriter or QPrinter, its layout set);
    returns the pages drawn."""
    counter = _Counter(device)
    painter = QPainter(device)
    try:
        area = QRectF(device.pageLayout().paintRectPixels(device.logicalDpiX()))
        area.moveTo(0, 0)
        page = _Page(painter, area, device.logicalDpiX(), counter.new_page)
        for i, slip in enumerate(slips):
            if i:
                page.next_page()
            draw_slip(page, slip, options)
    finally:
        painter.end()
    return counter.pages


def paint_pick_list(device: QPagedPaintDevice, lines: Sequence[PickLine], orders: int,
                    options: PrintOptions) -> int:
    counter = _Counter(device)
    painter = QPainter(device)
    try:
        area = QRectF(device.pageLayout().paintRectPixels(device.logicalDpiX()))
        area.moveTo(0, 0)
        draw_pick_list(_Page(painter, area, device.logicalDpiX(), counter.new_page), lines,
                       orders, options)
    finally:
        painter.end()
    return counter.pages


def write_pdf(path: Path, paint: Callable[[QPagedPaintDevice], int], paper: str,
              title: str) -> int:
    """Paint into a PDF at `path`, written whole or not at all (a temporary file in the same
    folder, then renamed over): a reader never opens half a file. Returns the pages."""
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=".sellerdesk-", suffix=".pdf", dir=folder)
    os.close(fd)
    try:
        writer = QPdfWriter(tmp)
        writer.setResolution(PDF_DPI)
        writer.setPageLayout(_layout(paper))
        writer.setTitle(title)
        writer.setCreator("SellerDesk")
        pages = paint(writer)
        del writer  # the file is finished when the writer goes
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return pages


def slip_image(slip: Slip, options: PrintOptions, dpi: int = 60) -> QImage:
    """The first page of `slip` as an image (a preview, the README's picture, the tests'
    layout check), drawn by the same code as the PDF."""
    layout = _layout(options.paper)
    size = layout.fullRectPixels(dpi).size()
    image = QImage(size, QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(dpi / 0.0254))
    image.setDotsPerMeterY(round(dpi / 0.0254))
    image.fill(QColor(255, 255, 255))
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        area = QRectF(layout.paintRectPixels(dpi))
        done: list[bool] = []

        def stop() -> None:  # the image holds the first page only: draw nothing further
            done.append(True)
            painter.setClipRect(QRectF(0, 0, 0, 0))

        draw_slip(_Page(painter, area, dpi, stop), slip, options)
    finally:
        painter.end()
    return image


__all__ = ["PAGE_SIZES", "PrintOptions", "paint_pick_list", "paint_slips", "safe",
           "slip_image", "write_pdf"]
