"""The harness's own tests: its fakes and runners are imported from where they live."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "fakes"), str(HERE.parent / "session"), str(HERE.parent / "checks")]
