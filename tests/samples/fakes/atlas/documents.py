"""Files behind the fake: the sample assets the pages download, and what parsing and
extraction return for a file.

Parse results have the shape the pages and Nomic's docs describe (FACTS.md §9):
`chunks[]`, each with `content`, `embed` and `blocks[]`, a block having `type`,
`content` and a `bbox` with `left`, `top`, `width`, `height` (page-normalized) and a
1-based `page`. Text comes from the PDF itself (pypdf), so what a sample prints is the
fixture's own words.
"""

import io
import re
from pathlib import Path

from pypdf import PdfReader

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
ASSETS = {"https://assets.nomicatlas.com/department-of-labor-data.pdf": "department-of-labor-data.pdf"}
NUMBERS = re.compile(r"\d[\d,.%]*")


def asset(url: str) -> bytes | None:
    name = ASSETS.get(url.split("?", 1)[0])
    return (FIXTURES / name).read_bytes() if name else None


def fixture_image(names: list[str] | str, position: int) -> bytes:
    names = [names] if isinstance(names, str) else names
    return (FIXTURES / names[position % len(names)]).read_bytes()


def pages_of(name: str, content: bytes) -> list[str]:
    if content[:5] == b"%PDF-":
        return [page.extract_text() or "" for page in PdfReader(io.BytesIO(content)).pages]
    if content[:2] == b"PK":
        return [f"{name}: an Office document the fake cannot read."]
    if content[:3] == b"\xff\xd8\xff" or content[:8] == b"\x89PNG\r\n\x1a\n":
        return [""]
    return [content.decode("utf-8", "replace")]


def text_of(name: str, content: bytes) -> str:
    return "\n".join(pages_of(name, content))


def _block_type(line: str, first: bool) -> str:
    if len(NUMBERS.findall(line)) >= 3:
        return "Table"
    if first or (len(line) < 60 and line.isupper()):
        return "Section Header"
    return "Text"


def parse(name: str, content: bytes, options: dict) -> dict:
    blocks = []
    for number, text in enumerate(pages_of(name, content), start=1):
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if not lines:
            figure = "An image with no text."
            if (options.get("figure_summary") or {}).get("enabled", True):
                blocks.append(_block("Figure", figure, number, 0, 1))
            continue
        for position, line in enumerate(lines):
            blocks.append(_block(_block_type(line, position == 0), line, number, position, len(lines)))
    chunks, current = [], []
    for block in blocks:
        if current and (block["type"] == "Section Header" or sum(len(b["content"]) for b in current) > 600):
            chunks.append(_chunk(current, options))
            current = []
        current.append(block)
    if current:
        chunks.append(_chunk(current, options))
    return {"chunks": chunks}


def _block(kind: str, text: str, page: int, position: int, count: int) -> dict:
    top = 0.08 + 0.84 * position / max(count, 1)
    return {
        "type": kind,
        "content": text,
        "bbox": {
            "left": 0.1,
            "top": round(top, 4),
            "width": 0.8,
            "height": round(0.84 / max(count, 1), 4),
            "page": page,
        },
    }


def _chunk(blocks: list[dict], options: dict) -> dict:
    content = "\n".join(b["content"] for b in blocks)
    embed = content
    if (options.get("table_summary") or {}).get("enabled", False):
        tables = [b["content"] for b in blocks if b["type"] == "Table"]
        if tables:
            embed += "\nTable summary: " + "; ".join(tables)
    return {"content": content, "embed": embed, "blocks": blocks}


def extract(schema: dict, text: str) -> object:
    """A value that matches `schema`, with strings taken from the document's lines."""
    lines = [line.strip() for line in text.splitlines() if line.strip()] or ["(empty document)"]
    counter = iter(range(10_000))

    def value(node: dict, name: str) -> object:
        kind = node.get("type")
        if isinstance(kind, list):
            kind = next((k for k in kind if k != "null"), "null")
        if "enum" in node:
            return node["enum"][0]
        if kind == "object" or "properties" in node:
            return {key: value(child, key) for key, child in (node.get("properties") or {}).items()}
        if kind == "array":
            return [value(node.get("items") or {}, name) for _ in range(max(1, node.get("minItems", 2)))]
        if kind == "number":
            for found in NUMBERS.findall(text):
                try:
                    return float(found.replace(",", "").rstrip("%."))
                except ValueError:
                    continue
            return 1.0
        if kind == "integer":
            return 1
        if kind == "boolean":
            return True
        if kind == "null":
            return None
        if node.get("format") == "date" or "date" in name:
            return "2025-03-01"
        return lines[next(counter) % len(lines)][:200]

    return value(schema, "")
