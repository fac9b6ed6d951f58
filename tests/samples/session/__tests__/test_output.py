"""Comparing what a block printed with the output its page shows (session/pagerun/output.py)."""

from pagerun.output import compare


def test_exact_output_matches_apart_from_trailing_spaces_and_blank_lines():
    assert compare("3 chunks\nok", "3 chunks  \nok\n\n") is None


def test_a_changed_count_does_not_match():
    assert "line 1" in compare("3 chunks", "4 chunks")


def test_a_skipped_run_of_lines_says_how_many():
    assert compare("start\n... (2 lines)\nend", "start\na\nb\nend") is None
    assert compare("start\n... (2 lines)\nend", "start\na\nend") is not None
    assert compare("start\n... (up to 3 lines)\nend", "start\nend") is None
    assert compare("start\n... (up to 3 lines)\nend", "start\na\nb\nc\nd\nend") is not None


def test_a_bare_ellipsis_or_a_free_placeholder_is_the_shown_outputs_own_problem():
    # Each would match whatever the block printed.
    assert "say how many" in compare("start\n...\nend", "start\nend")
    assert "<first chunk> matches anything" in compare("<first chunk>", "anything at all")
    # In a line, '...' is text like any other.
    assert compare("768 ... 10.0/10", "768      61.4    10.0/10") is not None


def test_numbers_ids_times_and_urls_vary_where_the_page_says_so():
    assert compare("<number> chunks of <id> at <time>", "12 chunks of report-3.pdf at 2026-11-28T12:01:07Z") is None
    assert compare("<number> chunks", "twelve chunks") is not None
    assert compare("<id> done", "two words done") is not None
    assert compare("Map: <url>", "Map: https://atlas.nomic.ai/data/my-org/tickets/map") is None


def test_ids_and_times_vary():
    shown = "task 0f8d6c1e-2b4a-4e8f-9c37-5a1d2e7b9f40 done at 2025-03-14T09:30:00Z"
    assert compare(shown, "task 5b0c7e52-93a1-4c4e-8d0f-2f6a91c3e8b7 done at 2026-11-28T12:01:07.123+00:00") is None


def test_decimals_match_at_the_digits_shown():
    assert compare("score 0.81", "score 0.8123") is None
    assert compare("score 0.81", "score 0.8163") is not None


def test_a_code_that_lost_its_leading_zeros_does_not_match():
    assert compare("code 0099", "code 99.0") is not None


def test_the_columns_of_a_table_may_be_aligned_to_other_values():
    shown = "    id          x          y\n0  t-1  <number>  <number>"
    assert compare(shown, "    id          x          y\n0  t-1 -30.674965   3.422339") is None
    assert compare("a  b", "a b") is None and compare("a b", "a  b") is not None


def test_a_range_of_lines_and_numbers_with_thousands_separators():
    assert compare("a\n... (1 to 2 lines)\nb", "a\nx\nb") is None
    assert compare("a\n... (1 to 2 lines)\nb", "a\nb") is not None
    assert compare("embedded <number> of <number> texts", "embedded 1,200 of 20,000 texts") is None
