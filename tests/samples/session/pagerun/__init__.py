"""The page runner of the samples harness: `python -m pagerun` runs one page's blocks (see __main__.py)."""
