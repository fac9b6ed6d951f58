"""SQL checked in its dialect (session/pagerun/sql_dialects.py): Snowflake worksheets parse, and a statement no
parser reads passes only when it opens with one of Snowflake's own commands."""

from pagerun.sql_dialects import problems


def test_snowflake_sql_that_parses_passes_and_broken_sql_fails_with_its_page_line():
    assert problems("SELECT IFF(a, 'yes', 'no'), t.CUSTOMER:plan::VARCHAR FROM t;", "snowflake", 10) == []
    assert problems("SELEC 1;", "snowflake", 10)[0].startswith("line 11: does not parse as snowflake SQL")
    assert problems("SELECT a FROM t WHERE;", "snowflake", 10)


def test_an_administration_statement_passes_only_as_one_of_snowflakes_commands():
    assert problems("-- a note\nCREATE ROLE IF NOT EXISTS ATLAS_READER;\nGRANT ROLE R TO USER U;", "snowflake", 1) == []
    assert "CREATE ROLLE" in problems("CREATE ROLLE ATLAS_READER;", "snowflake", 1)[0]
