"""The fences that are checked rather than run (checks/checks.py)."""

import checks


def test_json_is_validated_against_the_operation_it_names():
    meta = 'schema="POST /v1/query/topk request"'
    assert checks.check_json('{"projection_id": "f1e499cd-b5c1-4d31-b38a-fff61e1f8b59", "k": 3, "query": "x"}', meta) is None
    assert "k" in checks.check_json('{"projection_id": "f1e499cd-b5c1-4d31-b38a-fff61e1f8b59", "query": "x"}', meta)


def test_json_responses_and_error_statuses():
    assert checks.check_json('{"task_id": "0f8d6c1e-2b4a-4e8f-9c37-5a1d2e7b9f40"}', 'schema="POST /v1/parse response"') is None
    assert checks.check_json('{"detail": "nope"}', 'schema="POST /v1/upload response 422"') is not None


def test_json_of_a_named_schema():
    selection = '{"method": "composition", "conjunctor": "ALL", "filters": []}'
    assert checks.check_json(selection, 'schema="atlas-v1#/components/schemas/Selection"') is None


def test_a_signature_must_equal_the_installed_clients():
    meta = 'signature="nomic.embed.image"'
    assert checks.check_signature('embed.image(images, model="nomic-embed-vision-v1.5")', meta) is None
    assert "installed client has" in checks.check_signature('embed.image(images, model="nomic-embed-vision-v1")', meta)
    assert checks.check_signature("embed.image(images)", meta) is not None


def test_a_workflow_runs_only_files_the_page_saves():
    workflow = "on: push\njobs:\n  a:\n    steps:\n      - run: python scripts/sync.py --full\n"
    assert checks.check_yaml(workflow, ["scripts/sync.py"]) is None
    assert "scripts/sync.py" in checks.check_yaml(workflow, ["sync.py"])


def test_a_json_schema_the_reader_writes_is_valid_and_uses_only_the_standards_keywords():
    good = '{"type": "object", "properties": {"total": {"type": "number", "description": "x"}}, "required": ["total"]}'
    assert checks.check_json(good, 'schema="json-schema"') is None
    assert "not a valid JSON Schema" in checks.check_json('{"type": "strng"}', 'schema="json-schema"')
    misspelt = '{"type": "object", "properties": {"total": {"type": "number", "descripton": "x"}}, "requried": ["total"]}'
    problems = checks.check_json(misspelt, 'schema="json-schema"')
    assert "'descripton'" in problems and "'requried'" in problems


def test_a_misspelt_optional_field_of_an_example_fails():
    meta = 'schema="POST /v1/query/topk request"'
    body = '{"projection_id": "f1e499cd-b5c1-4d31-b38a-fff61e1f8b59", "k": 3, "query": "x", "feilds": ["a"]}'
    assert "feilds" in checks.check_json(body, meta)
