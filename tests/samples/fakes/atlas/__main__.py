"""`python -m atlas` (with tests/samples/fakes on PYTHONPATH): serves on a free port of 127.0.0.1 and prints, once ready, one JSON
line `{"port": N, "hosts": {host: base URL}}` for the hosts it answers."""

from .server import main

main()
