"""A local fake of the Atlas API for the docs samples harness (tests/samples/README.md).

It keeps organizations, datasets, maps, tags, uploaded files and tasks in memory, one
world per API key, and answers what the nomic 3.9.0 client, the pages' own requests and
their curl commands ask for: one module per resource (users, datasets, maps, tags,
embeddings, files, query), the map computations in mapbuild.py, the specs' checks in
spec.py and the HTTP plumbing in server.py.
"""
