"""Packing slips for 500 orders, read from the local store and written as one PDF.

Issue 27 target: 500 orders' slips written in ≤ 5 s on the 2-core machine.
"""

from __future__ import annotations

import dataclasses
import gc
import shutil
import time
from pathlib import Path

import pypdf

from sellerdesk.services.printing import PrintJob
from sellerdesk.store.rows import OrderFilter
from sellerdesk.ui.printing.job import save_pdf
from sellerdesk.ui.printing.render import PrintOptions
from tests.benchmarks.figures import Figures, value_at_most
from tests.i18n.test_printing import read_job
from tests.support.sandbox import Sandbox

TARGET_S = 5.0
ORDERS = 500


def test_500_packing_slips(sandbox: Sandbox, synced_data_dir: Path, tmp_path: Path,
                           qapp: object, bench: Figures) -> None:
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    start = time.perf_counter()
    every = read_job(sandbox, data, view=OrderFilter())  # every order of the demo shop
    read_s = time.perf_counter() - start
    # The demo holds fewer orders: its slips again, under ids of their own, up to 500.
    slips = [dataclasses.replace(every.slips[i % len(every.slips)], order_id=f"9{i:09d}")
             for i in range(ORDERS)]
    job = PrintJob(slips=tuple(slips), missing=())
    options = PrintOptions(paper="a4", note="Thank you for your order!", locale="en")
    out = tmp_path / "slips.pdf"
    best = cpu = float("inf")
    for _ in range(3):
        gc.collect()
        start, start_cpu = time.perf_counter(), time.process_time()
        pages = save_pdf(out, "slips", job, options)
        best = min(best, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)  # this process's share of a busy box
    assert pages == len(pypdf.PdfReader(out).pages) >= ORDERS
    per_read = read_s * ORDERS / len(every.slips)  # reading scaled to 500 orders
    bench.record("500 packing slips to PDF", best + per_read, "s",
                 target=value_at_most(TARGET_S),
                 note=f"render {best:.2f} s ({cpu:.2f} s CPU) + read {per_read:.2f} s (from "
                      f"{len(every.slips)} orders, scaled); {pages} pages, "
                      f"{out.stat().st_size // 1024} KiB")
