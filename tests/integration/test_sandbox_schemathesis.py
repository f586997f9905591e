"""Schemathesis probes the running sandbox through its own /openapi.json, over loopback.

Reads go to the shared `sandbox`; writes (POST/PUT/DELETE) go to a sandbox of this module's
own, so the shared one stays pristine. The token and shop id are pinned so generated cases
reach the endpoints' logic instead of stopping at authentication.

Both run gentle (no rate limit, tokens that never expire, no field variety): field variety
breaks the spec's shapes on purpose (numeric ids where it says string, `paging: null`), so
it has no place in a contract test, and a limiter would turn most cases into 429s. A third
run keeps the field's limits on (without variety) to check that the 429s every operation
may now answer are documented and shaped as documented.

Eight cases per operation and mode reach every status that 25 did (measured per operation:
200/201/204, 400 and 404 wherever the sandbox can answer them), at a third of the CPU. No
shrinking: the first failing case is reported as found, not minimised (a broken sandbox made
Hypothesis shrink for minutes). Generated ids never name a real record, so each read of one
record is also asked once with a real id, for its 200's shape.
"""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Err
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.support.sandbox import Sandbox

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]
MAX_EXAMPLES = 8
# The statuses that show a case got past authentication and the limiter to the endpoint.
REACHED = {200, 201, 204, 400, 404}


def _load(sb: Sandbox) -> schemathesis.BaseSchema:
    return schemathesis.openapi.from_url(f"{sb.base_url}/openapi.json", timeout=30)


@pytest.fixture(scope="module")
def writable_sandbox(seeded_db: Path, tmp_path_factory: pytest.TempPathFactory
                     ) -> Iterator[Sandbox]:
    db = tmp_path_factory.mktemp("schemathesis-writes") / "sandbox.db"
    shutil.copy(seeded_db, db)
    sb = Sandbox(db=db, extra_args=["--no-field-variety"]).start()
    yield sb
    sb.stop()




def _operations(schema: schemathesis.BaseSchema) -> list[Any]:
    """Every operation of `schema`; a part of the document it cannot read fails the test."""
    operations: list[Any] = []
    for result in schema.get_all_operations():
        if isinstance(result, Err):
            raise AssertionError(f"the OpenAPI document does not read: {result.err()}")
        operations.append(result.ok())
    return operations


def _param_names(operation: Any) -> set[str]:
    return {p.name for p in operation.query}


def _probe(schema: schemathesis.BaseSchema, sb: Sandbox, seen: Counter[int], *,
           examples: int = MAX_EXAMPLES, reached: set[str] | None = None) -> list[str]:
    """Run every operation of `schema` with positive and negative cases; return failures.
    `reached` gets the label of each operation that answered a case past the gate (REACHED).

    One Hypothesis run per operation and mode (schemathesis' pytest plugin does the same
    through `from_fixture`, which does not work with this pytest version).
    """
    failures: list[str] = []
    count = 0
    for operation in _operations(schema):
        with_token = "access_token" in _param_names(operation)
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            count += 1

            @given(case=operation.as_strategy(generation_mode=mode))
            @settings(max_examples=examples, deadline=None, derandomize=True,
                      database=None, suppress_health_check=list(HealthCheck),
                      phases=[Phase.explicit, Phase.generate])
            def run(case: schemathesis.Case[Any]) -> None:
                # Pin the shop and token so cases get past authentication.
                case.path_parameters = {**(case.path_parameters or {}), "shop_id": sb.shop_id}
                if with_token:  # noqa: B023 (run() is called within this iteration)
                    case.query = {**(case.query or {}), "access_token": sb.token}
                response = case.call_and_validate(checks=CHECKS, timeout=30)
                seen[response.status_code] += 1
                if reached is not None and response.status_code in REACHED:
                    reached.add(operation.label)  # noqa: B023 (as above)

            try:
                run()
            except Exception as exc:  # report every operation, not just the first
                failures.append(f"{operation.label} [{mode.value}]: {exc}")
    assert count, "the OpenAPI document lists no operations"
    return failures


def _real_ids(sb: Sandbox) -> dict[str, str]:
    """One existing record for each path parameter of the single-record reads."""
    def first(path: str) -> str:
        found = sb.get(path, limit=1).json()
        return str((found["results"] if isinstance(found, dict) else found)[0]["id"])
    return {"category_id": first("/categories"), "id": first("/metrics"),
            "thread_id": first("/questions/threads/search"),
            "question_id": first("/questions/search"), "order_id": first("/orders/search")}


def _read_real_records(schema: schemathesis.BaseSchema, sb: Sandbox) -> list[str]:
    """Read one real record through every operation that names one; return failures."""
    ids = _real_ids(sb)
    failures: list[str] = []
    for operation in _operations(schema):
        names = {p.name for p in operation.path_parameters} - {"shop_id"}
        if not names:
            continue
        assert names <= ids.keys(), f"{operation.label}: no real id known for {names}"
        case = operation.Case(path_parameters={"shop_id": sb.shop_id,
                                               **{n: ids[n] for n in names}},
                              query={"access_token": sb.token})
        try:
            response = case.call_and_validate(checks=CHECKS, timeout=30)
            assert response.status_code == 200, f"{response.status_code} for a real record"
        except Exception as exc:
            failures.append(f"{operation.label} [real record]: {exc}")
    return failures


def test_reads_conform(spec_sandbox: Sandbox) -> None:
    seen: Counter[int] = Counter()
    reached: set[str] = set()
    schema = _load(spec_sandbox).include(method="GET")
    failures = _probe(schema, spec_sandbox, seen, reached=reached)
    failures += _read_real_records(schema, spec_sandbox)
    print("statuses seen:", dict(sorted(seen.items())))
    assert not failures, "\n\n".join(failures)
    assert seen[200] > 0 and seen[400] > 0, "pinned token/shop id never reached the logic"
    everyone = {operation.label for operation in _operations(schema)}
    assert reached == everyone, f"never past the gate: {sorted(everyone - reached)}"


@pytest.fixture(scope="module")
def limited_sandbox(seeded_db: Path, tmp_path_factory: pytest.TempPathFactory
                    ) -> Iterator[Sandbox]:
    db = tmp_path_factory.mktemp("schemathesis-limited") / "sandbox.db"
    shutil.copy(seeded_db, db)
    # A bucket of 20 that refills once in 100 s: the reads after the twentieth are refused
    # however slowly a loaded machine sends them (at the field's 5/s a slow run never
    # reached the limit and saw no 429).
    sb = Sandbox(db=db, extra_args=["--rate-limit", "0.01", "--rate-burst", "20",
                                    "--token-ttl", "21600", "--no-field-variety"]).start()
    yield sb
    sb.stop()


def test_limited_reads_conform(limited_sandbox: Sandbox) -> None:
    seen: Counter[int] = Counter()
    # The reads' shapes are test_reads_conform's subject; here only what the limit adds (429s
    # and their bodies) is, which a few cases per operation reach.
    failures = _probe(_load(limited_sandbox).include(method="GET"), limited_sandbox, seen,
                      examples=4)
    print("statuses seen:", dict(sorted(seen.items())))
    assert not failures, "\n\n".join(failures)
    assert seen[429] > 0 and seen[200] > 0


def test_writes_conform(writable_sandbox: Sandbox) -> None:
    seen: Counter[int] = Counter()
    reached: set[str] = set()
    schema = _load(writable_sandbox).exclude(method="GET")
    failures = _probe(schema, writable_sandbox, seen, reached=reached)
    print("statuses seen:", dict(sorted(seen.items())))
    assert not failures, "\n\n".join(failures)
    assert seen[400] > 0 and seen[404] > 0 and seen[201] > 0
    everyone = {operation.label for operation in _operations(schema)}
    assert reached == everyone, f"never past the gate: {sorted(everyone - reached)}"
