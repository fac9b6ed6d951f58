"""The fake Atlas over HTTP: every request checked against the specs, and what it records for a page."""

import json
import threading
import urllib.error
import urllib.request

import pytest

from atlas import server
from local_server import Server

TOKEN = "nk-server-test"


@pytest.fixture(scope="module")
def base():
    server.STATE = server.State()
    httpd = Server(("127.0.0.1", 0), server.Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def call(base, method, path, body=None, headers=None, raw=None, host=None):
    data = raw if raw is not None else json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{base}{path}", data=data, method=method)
    request.add_header("Authorization", f"Bearer {TOKEN}")
    if body is not None:
        request.add_header("Content-Type", "application/json")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    if host:
        request.add_header("Host", host)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def log(base, since=0):
    return json.loads(call(base, "GET", f"/_fake/log?token={TOKEN}&since={since}")[1])


def test_a_body_the_spec_refuses_is_answered_422_and_recorded_against_the_page(base):
    since = log(base)["count"]
    status, body = call(base, "POST", "/v1/embedding/text", {"text": ["hello"]})
    assert status == 422 and "texts" in body.decode()
    assert any("'texts' is a required property" in e for e in log(base, since)["errors"])


def test_json_sent_as_text_plain_is_refused_for_its_content_type_and_still_checked(base):
    since = log(base)["count"]
    raw = json.dumps({"texts": "not a list"}).encode()
    status, _ = call(base, "POST", "/v1/embedding/text", raw=raw, headers={"Content-Type": "text/plain"})
    errors = " ".join(log(base, since)["errors"])
    assert status == 422 and "sent as text/plain" in errors and "is not of type 'array'" in errors


def test_query_parameters_are_checked(base):
    since = log(base)["count"]
    status, _ = call(base, "GET", "/v1/project/projection/tags/status?project_id=x")
    assert status == 422 and any("query parameter tag_id is required" in e for e in log(base, since)["errors"])


def test_multipart_parts_are_checked_by_name(base):
    since = log(base)["count"]
    boundary = "XyZ"
    parts = f'--{boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nnomic-embed-vision-v9\r\n--{boundary}--\r\n'
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
    status, _ = call(base, "POST", "/v1/embedding/image", raw=parts.encode(), headers=headers)
    assert status == 422 and log(base, since)["errors"]


def test_a_page_request_answered_4xx_fails_its_block_and_the_clients_is_a_note(base):
    since = log(base)["count"]
    assert call(base, "GET", "/v1/project/my-org/nothing-here")[0] == 404
    page = log(base, since)
    assert page["errors"] and "Dataset my-org/nothing-here not found" in page["errors"][0]
    since = page["count"]
    assert call(base, "GET", "/v1/project/my-org/nothing-here", headers={"User-Agent": "py-nomic/3.9.0"})[0] == 404
    client = log(base, since)
    assert not client["errors"] and "not found" in client["notes"][0]


def test_a_route_no_spec_documents_is_refused_and_an_error_whoever_asks(base):
    since = log(base)["count"]
    assert call(base, "POST", "/v1/tag/apply-to-id", {"projection_id": "x"})[0] == 404
    assert call(base, "GET", "/v1/dataset/data/get/blob/x/y", headers={"User-Agent": "py-nomic/3.9.0"})[0] == 404
    errors = log(base, since)["errors"]
    assert any("no spec documents POST /v1/tag/apply-to-id" in e for e in errors)
    assert any("no spec documents GET /v1/dataset/data/get/blob/x/y" in e for e in errors)


def test_a_route_only_the_client_calls_is_an_error_for_a_page(base):
    task = "0f8d6c1e-2b4a-4e8f-9c37-5a1d2e7b9f40"
    since = log(base)["count"]
    status, _ = call(base, "GET", f"/v1/status/{task}")
    assert status == 404 and any("only the nomic client calls" in e for e in log(base, since)["errors"])
    since = log(base)["count"]
    status, _ = call(base, "GET", f"/v1/status/{task}", headers={"User-Agent": "py-nomic/3.9.0"})
    assert status == 404 and not log(base, since)["errors"]  # the client is answered (this task does not exist)


def test_a_header_or_query_parameter_the_spec_does_not_define_fails(base):
    since = log(base)["count"]
    body = {"texts": ["a"], "model": "nomic-embed-text-v1.5"}
    assert call(base, "POST", "/v1/embedding/text", body, headers={"X-Nomic-Org": "my-org"})[0] == 422
    assert call(base, "POST", "/v1/embedding/text?dimensions=64", body)[0] == 422
    errors = log(base, since)["errors"]
    assert any("header X-Nomic-Org" in e for e in errors) and any("query parameter dimensions" in e for e in errors)


def test_each_curl_invocation_is_recorded_under_its_host_label(base):
    port = base.rsplit(":", 1)[1]
    call(base, "POST", "/v1/embedding/text", {"texts": ["a"], "model": "nomic-embed-text-v1.5"}, host=f"c42.localhost:{port}")
    calls = json.loads(call(base, "GET", "/_fake/calls?ids=c42")[1])["c42"]
    assert calls == [{"method": "POST", "url": "POST /v1/embedding/text", "status": 200, "problems": []}]


def test_every_route_of_the_fake_has_a_spec(base):
    report = json.loads(call(base, "GET", "/_fake/report")[1])
    assert report["routes_without_spec"] == []
