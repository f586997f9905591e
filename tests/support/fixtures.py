"""The fixtures shared by the whole suite, each name meaning one thing everywhere.

- `seeded_db`: the seeded demo database, made once per test process; the others copy it.
- `sandbox` / `fresh_sandbox`: the sandbox as the field serves it (field values outside the
  spec's lists on), shared read-only / one's own for writes and faults.
- `spec_sandbox` / `fresh_spec_sandbox`: the same, spec-only (`--no-field-variety`): for
  tests that check the sandbox against the spec (orderings, filters, types).
- `synced_data_dir`: a data folder synced once with the demo shop; tests copy it.
- `store` / `async_store`: a real store (SQLite file) of the profile "test" in `data_dir`,
  opened directly / as a session opens it (off the event loop).
- `no_automatic_collections`: the cyclic collector off for the test, the garbage from
  before collected (tests/support/garbage.py).

Sandboxes have no rate limit unless a test asks for the field's (tests/support/sandbox.py).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from sellerdesk.store import Store
from tests.support.garbage import collections_off
from tests.support.sandbox import Sandbox

SPEC_ONLY = ["--no-field-variety"]


@pytest.fixture(scope="session")
def seeded_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A seeded demo database, made once per test process, copied by the fixtures below."""
    path = tmp_path_factory.mktemp("sandbox-template") / "sandbox.db"
    sb = Sandbox(db=path).start()
    sb.stop()
    return path


@pytest.fixture(scope="session")
def sandbox(seeded_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    """A sandbox shared by read-only tests. Do not write to it or leave faults on."""
    db = tmp_path_factory.mktemp("sandbox-shared") / "sandbox.db"
    shutil.copy(seeded_db, db)
    sb = Sandbox(db=db).start()
    yield sb
    sb.stop()


@pytest.fixture
def fresh_sandbox(seeded_db: Path, tmp_path: Path) -> Iterator[Sandbox]:
    """A sandbox of one's own, for writes and faults."""
    db = tmp_path / "sandbox.db"
    shutil.copy(seeded_db, db)
    sb = Sandbox(db=db).start()
    yield sb
    sb.stop()


@pytest.fixture(scope="session")
def synced_data_dir(sandbox: Sandbox, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder (profile "test") synced once with the demo shop; tests copy it. Every
    sandbox fixture starts from the same seeded database, so the copy matches any of them."""
    from tests.support.sessions import sync_into

    data = tmp_path_factory.mktemp("synced") / "data"
    sync_into(sandbox, data)
    return data


@pytest.fixture(scope="session")
def spec_sandbox(seeded_db: Path, tmp_path_factory: pytest.TempPathFactory
                 ) -> Iterator[Sandbox]:
    """A shared read-only sandbox, spec-only: the field's values outside the spec's lists
    (on in every other sandbox) would be findings by design in a check against the spec."""
    db = tmp_path_factory.mktemp("sandbox-spec") / "sandbox.db"
    shutil.copy(seeded_db, db)
    sb = Sandbox(db=db, extra_args=SPEC_ONLY).start()
    yield sb
    sb.stop()


@pytest.fixture
def fresh_spec_sandbox(seeded_db: Path, tmp_path: Path) -> Iterator[Sandbox]:
    """A spec-only sandbox of one's own, for writes and faults."""
    db = tmp_path / "sandbox.db"
    shutil.copy(seeded_db, db)
    sb = Sandbox(db=db, extra_args=SPEC_ONLY).start()
    yield sb
    sb.stop()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A private data folder standing in for the platform's user data folder."""
    return tmp_path / "data"


@pytest.fixture
def store(data_dir: Path) -> Iterator[Store]:
    """A fresh, migrated store of profile "test" (a real SQLite file), closed afterwards."""
    opened = Store.open("test", data_dir=data_dir)
    yield opened
    opened.close()



@pytest.fixture
def no_automatic_collections() -> Iterator[None]:
    with collections_off():
        yield
