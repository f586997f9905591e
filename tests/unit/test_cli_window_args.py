"""The window's start is parsed without building the commands' parsers (`cli._window_args`):
the same namespace as the whole parser for every start of the window, and the whole parser
for anything else (so its messages and errors stay its own)."""

from __future__ import annotations

import pytest

from sellerdesk import cli

WINDOW_STARTS = [
    [],
    ["--demo"],
    ["--profile", "shop one", "--data-dir", "/tmp/sd", "-vv"],
    ["--lang", "es", "--snapshot", "/tmp/pics", "--demo"],
    ["--prof", "x", "--data-dir=/tmp/d", "--verbose"],  # abbreviations and = forms
]


@pytest.mark.parametrize("argv", WINDOW_STARTS)
def test_a_window_start_parses_as_the_whole_parser_does(argv: list[str]) -> None:
    lean = cli._window_args(argv)
    assert lean is not None
    assert vars(lean) == vars(cli.build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [
    ["sync"], ["--profile", "p", "questions", "--unanswered"], ["-h"], ["--help"],
    ["--version"], ["bogus"], ["--no-such-option"], ["--profile"],
    ["--profile", "sync"],  # a value that names a command: the whole parser decides
])
def test_anything_else_goes_to_the_whole_parser(argv: list[str]) -> None:
    assert cli._window_args(argv) is None


def test_the_whole_parser_words_a_window_start_it_refuses(capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    argv = ["--base-url", "http://shop.example", "--shop-id", "3"]
    assert cli._window_args(argv) is not None  # parsed, but `_check` refuses it
    assert cli.main(argv) == cli.USAGE
    assert "--base-url and --shop-id are for commands" in capsys.readouterr().err
