"""The specs as a request validator (fakes/atlas/spec.py), on a small spec of its own."""

import json

import pytest

from atlas.spec import Specs

SPEC = """
openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /v1/items/{item_id}:
    parameters:
      - name: item_id
        in: path
        required: true
        schema: {type: string, format: uuid}
    post:
      parameters:
        - name: limit
          in: query
          schema: {type: integer, maximum: 10}
        - name: X-Request-Tag
          in: header
          schema: {type: string}
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties:
                name: {type: string}
                note: {type: string}
                filter: {$ref: '#/components/schemas/Filter'}
                metadata: {type: object}
                labels: {type: object, additionalProperties: {type: string}}
          multipart/form-data:
            schema:
              type: object
              properties:
                files: {type: array, items: {type: string, format: binary}}
                count: {type: integer}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Item'}
  /v1/raw:
    post:
      requestBody:
        content:
          application/vnd.apache.arrow.file:
            schema: {type: string, format: binary}
      responses:
        "200": {description: ok}
components:
  schemas:
    Item:
      type: object
      properties:
        id: {type: string}
    Filter:
      type: object
      required: [method]
      properties:
        method: {type: string}
      allOf:
        - if: {properties: {method: {const: search}}}
          then: {$ref: '#/components/schemas/Search'}
    Search:
      type: object
      properties:
        method: {const: search}
        query: {type: string}
"""
ITEM = "/v1/items/3f2504e0-4f89-41d3-9a0c-0305e82c3301"


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    path = tmp_path_factory.mktemp("spec") / "small.yaml"
    path.write_text(SPEC)
    return Specs([path])


def check(specs, path, query=None, content_type="application/json", body=b'{"name": "a"}', headers=()):
    (op,) = specs.match("post", path)
    return specs.check_request(op, path, query or {}, content_type, body, list(headers))


def body(value) -> bytes:
    return json.dumps(value).encode()


def test_a_conforming_request_has_no_problems(specs):
    assert check(specs, ITEM, {"limit": ["5"]}) == []


def test_path_parameters_are_checked_against_their_schema(specs):
    assert any("path parameter item_id" in p and "uuid" in p for p in check(specs, "/v1/items/42"))


def test_query_parameters_are_read_as_their_type(specs):
    assert check(specs, ITEM, {"limit": ["11"]}) and check(specs, ITEM, {"limit": ["many"]})


def test_a_missing_required_body_and_a_wrong_content_type_are_problems(specs):
    assert any("body is required" in p for p in check(specs, ITEM, body=b""))
    problems = check(specs, ITEM, content_type="text/plain", body=json.dumps({"nom": 1}).encode())
    assert any("sent as text/plain" in p for p in problems) and any("'name' is a required" in p for p in problems)


def test_a_body_without_content_type_is_read_as_json(specs):
    assert check(specs, ITEM, content_type=None) == []


def test_multipart_parts_are_grouped_by_name(specs):
    boundary = "B"
    part = '--B\r\nContent-Disposition: form-data; name="{0}"{1}\r\n\r\n{2}\r\n'
    body = (
        part.format("files", '; filename="a.jpg"', "x")
        + part.format("files", '; filename="b.jpg"', "y")
        + part.format("count", "", "2")
        + "--B--\r\n"
    ).encode()
    assert check(specs, ITEM, content_type=f"multipart/form-data; boundary={boundary}", body=body) == []
    wrong = body.replace(b"\r\n2\r\n", b"\r\ntwo\r\n")
    assert check(specs, ITEM, content_type="multipart/form-data; boundary=B", body=wrong)


def test_a_raw_body_route_needs_no_content_type(specs):
    assert check(specs, "/v1/raw", content_type=None, body=b"ARROW1") == []


def test_a_property_the_schema_does_not_list_is_a_problem_in_a_request_and_in_a_response(specs):
    assert check(specs, ITEM, body=body({"name": "a", "note": "b"})) == []
    misspelt = check(specs, ITEM, body=body({"name": "a", "noet": "b"}))
    assert any("noet" in p and "nexpected" in p for p in misspelt), misspelt
    (op,) = specs.match("post", ITEM)
    assert specs.check_response(op, 200, {"id": "x"}) == []
    assert any("extra" in p for p in specs.check_response(op, 200, {"id": "x", "extra": 1}))


def test_a_branch_of_a_composition_adds_properties_and_free_objects_stay_free(specs):
    assert check(specs, ITEM, body=body({"name": "a", "filter": {"method": "search", "query": "q"}})) == []
    assert check(specs, ITEM, body=body({"name": "a", "filter": {"method": "search", "qurey": "q"}}))
    assert check(specs, ITEM, body=body({"name": "a", "metadata": {"any": 1}, "labels": {"k": "v"}})) == []


def test_a_query_parameter_or_header_the_operation_does_not_define_is_a_problem(specs):
    assert any("query parameter limt" in p for p in check(specs, ITEM, {"limt": ["5"]}))
    standard = ["Authorization", "Content-Type", "User-Agent", "Accept", "Accept-Encoding", "Host", "X-Request-Tag"]
    assert check(specs, ITEM, headers=standard) == []
    assert any("header X-Api-Key" in p for p in check(specs, ITEM, headers=["X-Api-Key"]))
