"""The tables the pages' sessions load are as messy as real exports (tests/samples/README.md, Prerequisites):
every table a prerequisites file gives, as a file or as rows already in the reader's Atlas, has a blank cell in
a text column, and a null in each numeric and boolean column that is not an identifier, so a sample that breaks
on a blank breaks here too."""

import io
import json
from pathlib import Path

import pandas as pd
import pytest
import yaml

from conftest import HERE

ROOT = HERE.parents[1]
TABLES = (".csv", ".tsv", ".jsonl", ".xlsx")
# Tables whose every cell the page itself defines (a file it shows in full), or that are too small to be an
# export: left as they are, each with its reason.
CLEAN = {
    ("platform__release-notes", "reviews_all_languages.csv"): "one text column of five sentences the page lists",
}


def tables():
    for file in sorted((HERE / "prerequisites").glob("*.yaml")):
        data = yaml.safe_load(file.read_text()) or {}
        given = [(name, value) for name, value in (data.get("files") or {}).items() if name.endswith(TABLES)]
        given += [(f"rows of {d['identifier']}", d["rows"]) for d in (data.get("atlas") or {}).get("datasets", []) if "rows" in d]
        for name, value in given:
            yield pytest.param(file.stem, name, value, id=f"{file.stem}:{name}")


def read(name: str, value) -> pd.DataFrame:
    raw = value.encode() if isinstance(value, str) else (ROOT / value["copy"]).read_bytes()
    if name.endswith(".jsonl"):
        return pd.DataFrame([json.loads(line) for line in raw.decode().splitlines() if line.strip()])
    if name.endswith(".xlsx"):
        return pd.read_excel(io.BytesIO(raw), header=None)
    return pd.read_csv(io.BytesIO(raw), sep="\t" if name.endswith(".tsv") else ",", dtype=str, keep_default_na=False)


def blank(value) -> bool:
    return value is None or (isinstance(value, float) and value != value) or (isinstance(value, str) and not value.strip())


def identifier(column: str) -> bool:
    words = str(column).lower().replace("-", "_").replace(" ", "_").split("_")
    return "id" in words or "key" in words or str(column).lower() in ("id", "ts")


def kind(values: list) -> str:
    filled = [v for v in values if not blank(v)]
    if filled and all(isinstance(v, bool) or str(v).lower() in ("true", "false") for v in filled):
        return "boolean"
    try:
        [float(v) for v in filled]
        return "numeric" if filled else "text"
    except (TypeError, ValueError):
        return "text"


@pytest.mark.parametrize("page,name,value", list(tables()))
def test_a_table_a_page_loads_has_the_blanks_real_exports_have(page, name, value):
    if (page, name) in CLEAN:
        return
    table = read(name, value)
    if len(table) < 5 or name.endswith(".xlsx"):
        return  # a handful of rows (a hand-made evaluation set), or a workbook whose blanks are its layout (checked by its page)
    columns = {column: list(table[column]) for column in table.columns if not identifier(column)}
    kinds = {column: kind(values) for column, values in columns.items()}
    text = [column for column, k in kinds.items() if k == "text"]
    if text:
        assert any(any(blank(v) for v in columns[c]) for c in text), f"{name}: no blank cell in {text}"
    for column, k in kinds.items():
        if k in ("numeric", "boolean"):
            assert any(blank(v) for v in columns[column]), f"{name}: the {k} column {column} has no null"
