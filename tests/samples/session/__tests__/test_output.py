"""Comparing what a block printed with the output its page shows (session/pagerun/output.py)."""

from pagerun.output import compare


def test_exact_output_matches_apart_from_trailing_spaces_and_blank_lines():
    assert compare("3 chunks\nok", "3 chunks  \nok\n\n") is None


def test_a_changed_count_does_not_match():
    assert "line 1" in compare("3 chunks", "4 chunks")


def test_ellipsis_lines_stand_for_any_lines():
    assert compare("start\n...\nend", "start\na\nb\nend") is None
    assert compare("start\n...\nend", "start\nend") is None
    assert compare("start\n...\nend", "start\na") is not None


def test_placeholders_and_ellipses_inside_a_line_stand_for_any_text():
    assert compare("<n> chunks from <file>", "12 chunks from report.pdf") is None
    assert compare("768 ... 10.0/10", "768      61.4    10.0/10") is None


def test_ids_and_times_vary():
    shown = "task 0f8d6c1e-2b4a-4e8f-9c37-5a1d2e7b9f40 done at 2025-03-14T09:30:00Z"
    assert compare(shown, "task 5b0c7e52-93a1-4c4e-8d0f-2f6a91c3e8b7 done at 2026-11-28T12:01:07.123+00:00") is None


def test_decimals_match_at_the_digits_shown():
    assert compare("score 0.81", "score 0.8123") is None
    assert compare("score 0.81", "score 0.8163") is not None


def test_a_code_that_lost_its_leading_zeros_does_not_match():
    assert compare("code 0099", "code 99.0") is not None
