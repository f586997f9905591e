"""`sellerdesk-sandbox`'s switches: harsh by default, --gentle, explicit switches winning."""

from __future__ import annotations

import pytest

from sellerdesk.sandbox.cli import harshness, parse_args


def settings(*argv: str) -> tuple[float, int, int, bool]:
    limits, variety = harshness(parse_args(list(argv)))
    return limits.rate_limit, limits.rate_burst, limits.token_ttl, variety


def test_no_flags_is_the_field() -> None:
    assert settings() == (5.0, 10, 21600, True)


def test_gentle_turns_every_harsh_part_off() -> None:
    assert settings("--gentle") == (0.0, 10, 0, False)


@pytest.mark.parametrize("argv", [
    ("--gentle", "--rate-limit", "3", "--field-variety"),
    ("--rate-limit", "3", "--field-variety", "--gentle"),
])
def test_explicit_switches_win_over_gentle_in_any_order(argv: tuple[str, ...]) -> None:
    assert settings(*argv) == (3.0, 10, 0, True)


def test_each_switch_alone() -> None:
    assert settings("--no-field-variety") == (5.0, 10, 21600, False)
    assert settings("--rate-limit", "0", "--rate-burst", "2", "--token-ttl", "30") == (
        0.0, 2, 30, True)


def test_oauth_client_defaults_and_flags() -> None:
    args = parse_args([])
    assert (args.client_id, args.client_secret) == ("sellerdesk-demo", "sandbox-secret")
    args = parse_args(["--client-id", "app", "--client-secret", "s3"])
    assert (args.client_id, args.client_secret) == ("app", "s3")


@pytest.mark.parametrize("argv", [("--rate-limit", "-1"), ("--rate-burst", "0"),
                                  ("--token-ttl", "-5")])
def test_bad_values_are_usage_errors(argv: tuple[str, ...]) -> None:
    with pytest.raises(SystemExit) as stop:
        parse_args(list(argv))
    assert stop.value.code == 2


def test_omit_retry_after_is_a_fault_flag() -> None:
    assert parse_args(["--omit-retry-after"]).omit_retry_after is True
    assert parse_args([]).omit_retry_after is False
