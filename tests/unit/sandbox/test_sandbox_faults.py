"""Fault switches of the sandbox: validation, draw order and determinism, CLI flags."""

from __future__ import annotations

from sellerdesk.sandbox.cli import parse_args
from sellerdesk.sandbox.faults import Faults, FaultState, check_fields


def test_check_fields_accepts_partial_valid_states() -> None:
    assert check_fields({}) is None
    assert check_fields({"latency_ms": 20, "error_rate": 0.5, "token_revoked": True}) is None
    assert check_fields({"error_status": 502, "retry_after": 3, "drop_next": 2}) is None


def test_check_fields_refuses_bad_names_and_values() -> None:
    assert "unknown" in (check_fields({"nope": 1}) or "")
    assert check_fields({"error_rate": 1.5}) is not None
    assert check_fields({"latency_ms": -1}) is not None
    assert check_fields({"latency_ms": 1.5}) is not None
    assert check_fields({"drop_next": True}) is not None
    assert check_fields({"token_revoked": 1}) is not None
    assert check_fields({"error_status": 200}) is not None


def test_next_counters_come_first_and_count_down() -> None:
    faults = Faults(FaultState(error_next=1, rate_limit_next=1, drop_next=1, malformed_next=1))
    assert [faults.draw() for _ in range(5)] == ["error", "rate_limit", "drop", "malformed",
                                                 None]


def test_rates_are_deterministic_per_seed() -> None:
    def draws(seed: int) -> list[str | None]:
        faults = Faults(FaultState(error_rate=0.3, drop_rate=0.3), seed=seed)
        return [faults.draw() for _ in range(200)]

    first = draws(5)
    assert first == draws(5)
    assert first != draws(6)
    assert 0.35 < sum(d is not None for d in first) / 200 < 0.65


def test_merge_and_reset() -> None:
    faults = Faults()
    faults.merge({"latency_ms": 40, "error_rate": 1})
    assert faults.as_dict()["latency_ms"] == 40
    assert isinstance(faults.state.error_rate, float)
    faults.reset()
    assert faults.as_dict() == FaultState().__dict__


def test_cli_defaults_and_fault_flags() -> None:
    args = parse_args([])
    assert (args.host, args.port, args.db, args.shop_id, args.token, args.seed, args.orders) == (
        "127.0.0.1", 8765, "sandbox.db", 1001, "sandbox-token", 1, 2000)
    args = parse_args(["--latency-ms", "50", "--error-rate", "0.2", "--token-revoked"])
    assert (args.latency_ms, args.error_rate, args.token_revoked) == (50, 0.2, True)
