"""pytest-xdist's loadgroup scheduling, made to survive a crashed test process.

The watchdog (tests/support/watchdog.py) ends a hung test's process. xdist 3.8's loadgroup
then (1) put the crashed test back in the queue with the rest of its unit, so a hung test
would hang again in the replacement process, and (2) offered work to the replacement before
it had collected, and the run died of a KeyError. Here the crashed test counts as done (xdist
reports it failed) and a process gets work only once its collection is known.
"""

from __future__ import annotations

from typing import Any

import pytest


def _scheduler_class() -> type:
    from xdist.scheduler import LoadGroupScheduling

    class SurvivingGroups(LoadGroupScheduling):  # type: ignore[misc]
        def remove_node(self, node: Any) -> str | None:
            workload = self.assigned_work.get(node, {})
            for unit in workload.values():
                crashed = next((nodeid for nodeid, done in unit.items() if not done), None)
                if crashed is not None:
                    unit[crashed] = True  # reported as crashed; never run again
                    crashitem: str | None = crashed
                    break
            else:
                crashitem = None
            super().remove_node(node)
            return crashitem

        def _reschedule(self, node: Any) -> None:
            if node in self.registered_collections:
                super()._reschedule(node)

    return SurvivingGroups


@pytest.hookimpl(tryfirst=True, optionalhook=True)  # optional: benchmarks run with -p no:xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") != "loadgroup":
        return None
    return _scheduler_class()(config, log)
