"""The pause a refused token leaves: its fingerprint and the store's key, both persisted."""

from __future__ import annotations

from pathlib import Path

from sellerdesk.store import Store


def test_the_refused_tokens_fingerprint_is_kept_with_the_pause(store: Store,
                                                               data_dir: Path) -> None:
    outbox = store.outbox
    key = outbox.fingerprint_key()
    assert len(key) == 32 and outbox.fingerprint_key() == key  # made once, then kept
    assert outbox.paused_by() is None
    outbox.pause_all("The shop refused the token.", "f1" * 32)
    assert outbox.paused_by() == "f1" * 32
    store.close()
    with Store.open("test", data_dir=data_dir) as again:
        assert again.outbox.paused() == "The shop refused the token."
        assert again.outbox.paused_by() == "f1" * 32
        assert again.outbox.fingerprint_key() == key
        again.outbox.pause_all("again, no fingerprint")
        assert again.outbox.paused_by() is None
        again.outbox.pause_all("refused", "ab" * 32)
        again.outbox.resume_all()
        assert again.outbox.paused() is None and again.outbox.paused_by() is None


def test_each_store_has_its_own_key(tmp_path: Path) -> None:
    with Store.open("one", data_dir=tmp_path) as one, Store.open("two", data_dir=tmp_path) as two:
        assert one.outbox.fingerprint_key() != two.outbox.fingerprint_key()
