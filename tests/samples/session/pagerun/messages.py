"""Failure messages a writer can act on: tracebacks point at the page's own lines, the
harness's frames are left out, and paths read relative to the repository.

A block's code runs as `<block at line N>` (N is its fence's line in the page file), and a
block the page saves as a file runs from that file in the working folder; both become
`docs/…/page.mdx:LINE`, with the page's line for the failing code.
"""

import re
import traceback
from pathlib import Path

HARNESS = Path(__file__).resolve().parent
BLOCK = re.compile(r"^<block at line (\d+)>$")


class Page:
    def __init__(self, file: str, sandbox: str, blocks: list[dict], venv: str):
        self.file = file  # repository-relative
        self.sandbox = str(Path(sandbox).resolve())
        self.codes = {b["line"]: b["code"].split("\n") for b in blocks}
        # Saved files: their path in the sandbox -> the fence line of the block that holds them.
        self.saved = {str(Path(self.sandbox, b["title"]).resolve()): b["line"] for b in blocks if b.get("title")}
        self.venv = venv

    def place(self, filename: str, lineno: int | None) -> tuple[str, int | None, str | None] | None:
        """(page file, page line, code) for a frame in a block or a saved file; None for other files."""
        block = BLOCK.match(filename)
        fence = int(block[1]) if block else self.saved.get(str(Path(self.sandbox, filename).resolve()))
        if fence is None or lineno is None:
            return None
        code = self.codes.get(fence, [])
        text = code[lineno - 1].strip() if 0 < lineno <= len(code) else None
        return self.file, fence + lineno, text

    def tidy(self, text: str) -> str:
        """Paths in printed text: saved files as page lines, the sandbox and the environment shortened."""

        def frame(match: re.Match) -> str:
            found = self.place(match[1], int(match[2]))
            return f'File "{found[0]}", line {found[1]}' if found else match[0]

        text = re.sub(r'File "([^"]+)", line (\d+)', frame, text)
        text = text.replace(self.venv + "/lib/", ".venv/lib/")
        return text.replace(self.sandbox + "/", "").replace(self.sandbox, ".")

    def format_error(self, error: BaseException) -> str:
        """The error's traceback with the page's lines, without frames of the harness."""
        summary = traceback.TracebackException.from_exception(error)
        self._retarget(summary, set())
        return self.tidy("".join(summary.format()))

    def _retarget(self, summary: traceback.TracebackException, seen: set) -> None:
        if id(summary) in seen:
            return
        seen.add(id(summary))
        frames = []
        for frame in summary.stack:
            if Path(frame.filename).resolve().parent == HARNESS:  # the runner's own frames
                continue
            found = self.place(frame.filename, frame.lineno)
            if found:
                frame = traceback.FrameSummary(found[0], found[1], frame.name, line=found[2] or "")
            frames.append(frame)
        summary.stack = traceback.StackSummary.from_list(frames)
        if summary.exc_type is SyntaxError and summary.filename:
            found = self.place(summary.filename, summary.lineno)
            if found:
                summary.filename, summary.lineno = found[0], found[1]
        for linked in (summary.__cause__, summary.__context__):
            if linked is not None:
                self._retarget(linked, seen)
