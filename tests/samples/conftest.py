"""The harness's own tests, in `__tests__/` beside its fakes, runners and checks, import them from where they live."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE / "fakes"), str(HERE / "session"), str(HERE / "checks")]
