"""A local fake of the Atlas API for the docs samples harness (tests/samples/README.md).

It keeps organizations, datasets, maps, tags, uploaded files and tasks in memory, one
world per API key, and answers what the nomic 3.9.0 client and the pages' own
`requests` calls ask for. Every JSON response whose operation is in
openapi/atlas-v1.yaml or openapi/atlas-legacy.yaml is validated against that spec
before it is sent.
"""
