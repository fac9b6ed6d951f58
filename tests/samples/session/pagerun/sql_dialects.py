"""SQL the samples cannot run here, checked in its own dialect: Snowflake worksheets (`sql dialect="snowflake"`).

Each statement must parse with sqlglot's Snowflake dialect, so a misspelt keyword, a missing parenthesis or a
dangling clause fails. sqlglot does not model some administration statements and reads them only as a generic
command; those pass only when they open with one of Snowflake's own statements below (Snowflake's SQL command
reference, docs.snowflake.com/en/sql-reference-commands), so a command no dialect knows still fails.
"""

import re

COMMANDS = {
    "snowflake": (
        "ALTER USER",
        "CREATE NETWORK POLICY",
        "CREATE NETWORK RULE",
        "CREATE ROLE",
        "CREATE USER",
        "GRANT ROLE",
    ),
}


def problems(code: str, dialect: str, line: int) -> list[str]:
    """Problems with the SQL of a fence at `line` of its page, read in `dialect`."""
    import logging

    import sqlglot
    from sqlglot import exp
    from sqlglot.errors import ParseError

    logging.getLogger("sqlglot").setLevel(logging.ERROR)  # its "falling back to a Command" warnings: judged below
    try:
        statements = sqlglot.parse(code, read=dialect)
    except ParseError as error:
        first = error.errors[0] if error.errors else {}
        where = f"line {line + first['line']}: " if first.get("line") else ""
        return [f"{where}does not parse as {dialect} SQL: {first.get('description') or error}"]
    found = []
    for statement in statements:
        if isinstance(statement, exp.Command):
            text = re.sub(r"/\*.*?\*/", " ", statement.sql(dialect=dialect), flags=re.S)  # sqlglot keeps comments
            words = " ".join(text.upper().split()[:4])
            if not words.startswith(tuple(f"{c} " for c in COMMANDS.get(dialect, ()))):
                found.append(f"{dialect} SQL that no parser reads: {words} …")
    return found
