"""The fake Atlas's resources, called directly: what they answer, and time passing."""

import io
import json
import uuid
from email.message import Message

import pyarrow as pa
import pytest
from pyarrow import feather

from atlas import state
from atlas.atlas import Atlas
from atlas.common import RESULT_HOST, UPLOAD_HOST, ApiError, Request
from atlas.seed import seed

TOKEN = "nk-test"


def request(method, path, body=None, host="api-atlas.nomic.ai", headers=None, query=None, raw=None):
    message = Message()
    message["Authorization"] = f"Bearer {TOKEN}"
    for key, value in (headers or {}).items():
        del message[key]
        if value is not None:
            message[key] = value
    data = raw if raw is not None else json.dumps(body).encode() if body is not None else b""
    return Request(method, host, path, query or {}, message, data)


def answer(atlas, *args, **kwargs):
    reply, _ = atlas.handle(request(*args, **kwargs))
    return reply


@pytest.fixture
def atlas():
    made = Atlas()
    seed(
        made,
        {
            "token": TOKEN,
            "datasets": [
                {
                    "identifier": "my-org/tickets",
                    "unique_id_field": "id",
                    "rows": "id,text,stars\n1,the order never arrived,1\n2,great service and fast,5\n3,order arrived broken,2\n",
                    "maps": [{"name": "tickets", "indexed_field": "text", "projection_id": str(uuid.UUID(int=7))}],
                }
            ],
        },
    )
    return made


def test_vector_search_whose_selection_matches_nothing_answers_no_rows(atlas):
    selection = {"method": "search", "field": "text", "query": "no such words"}
    body = {"projection_id": str(uuid.UUID(int=7)), "query": "order", "k": 2, "selection": selection}
    reply = answer(atlas, "POST", "/v1/query/topk", body)
    assert (reply.status, reply.body) == (200, {"data": []})


def test_range_selections_keep_rows_inside_the_range(atlas):
    selection = {"method": "range", "field": "stars", "range": [2, 5]}
    reply = answer(atlas, "POST", "/v1/query", {"projection_id": str(uuid.UUID(int=7)), "selection": selection})
    assert reply.body == {"data": [{"id_": "2"}, {"id_": "3"}]}


def test_a_task_is_waiting_then_building_then_completed_and_only_then_has_a_result(atlas):
    url = "https://assets.nomicatlas.com/department-of-labor-data.pdf"
    task_id = answer(atlas, "POST", "/v1/parse", {"file_url": url}).body["task_id"]
    result = request("GET", f"/{task_id}.json", host=RESULT_HOST, headers={"Authorization": None})
    assert atlas.handle(result)[0].status == 404
    steps = [answer(atlas, "GET", f"/v1/task/{task_id}").body for _ in range(4)]
    assert [s["status"] for s in steps] == ["WAITING", "BUILDING", "COMPLETED", "COMPLETED"]
    assert "result_url" not in steps[1] and steps[2]["result_url"].startswith(f"https://{RESULT_HOST}/")
    done = atlas.handle(result)[0]
    assert done.status == 200 and json.loads(done.body)["chunks"]


def test_a_result_download_with_an_api_key_is_refused_like_a_presigned_url(atlas):
    url = "https://assets.nomicatlas.com/department-of-labor-data.pdf"
    task_id = answer(atlas, "POST", "/v1/parse", {"file_url": url}).body["task_id"]
    for _ in range(3):
        answer(atlas, "GET", f"/v1/status/{task_id}")
    assert answer(atlas, "GET", f"/{task_id}.json", host=RESULT_HOST).status == 400


def test_the_storage_put_needs_the_encryption_header_and_no_authorization(atlas):
    body = {"files": [{"id": "a.pdf", "size": 3, "content_type": "application/pdf"}]}
    slot = answer(atlas, "POST", "/v1/upload", body).body["files"][0]
    path = "/" + slot["upload_url"].split("/", 3)[3].split("?")[0]
    bare = request("PUT", path, host=UPLOAD_HOST, headers={"Authorization": None}, raw=b"%PDF")
    signed = request(
        "PUT", path, host=UPLOAD_HOST, raw=b"%PDF",
        headers={"Authorization": None, "x-amz-server-side-encryption": "AES256"},
    )
    with_key = request("PUT", path, host=UPLOAD_HOST, raw=b"%PDF", headers={"x-amz-server-side-encryption": "AES256"})
    assert [atlas.handle(r)[0].status for r in (bare, with_key, signed)] == [403, 400, 200]
    assert atlas.handle(bare)[1] == TOKEN  # errors are recorded against the page that asked for the slot


def test_a_map_build_locks_its_dataset_until_it_finishes(atlas, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(state.time, "monotonic", lambda: clock[0])
    from atlas import maps

    monkeypatch.setattr(maps.time, "monotonic", lambda: clock[0])
    dataset = next(iter(atlas.worlds[TOKEN].datasets.values()))
    job = answer(atlas, "POST", "/v1/project/index/create", {"project_id": dataset.id, "indexed_field": "text"})
    assert job.status == 200
    assert answer(atlas, "GET", f"/v1/project/{dataset.id}").body["insert_update_delete_lock"] is True
    table = pa.table({"id": ["9"], "text": ["late row"], "stars": pa.array([3], pa.int32())})
    table = table.replace_schema_metadata({"project_id": dataset.id})
    sink = io.BytesIO()
    feather.write_feather(table, sink)
    with pytest.raises(ApiError) as refused:
        atlas.handle(request("POST", "/v1/project/data/add/arrow", raw=sink.getvalue()))
    assert refused.value.status == 422 and "lock" in json.dumps(refused.value.detail)
    clock[0] += state.BUILD_SECONDS
    assert answer(atlas, "GET", f"/v1/project/{dataset.id}").body["insert_update_delete_lock"] is False


def test_maps_the_prerequisites_seed_were_built_earlier(atlas):
    dataset = next(iter(atlas.worlds[TOKEN].datasets.values()))
    assert answer(atlas, "GET", f"/v1/project/{dataset.id}").body["insert_update_delete_lock"] is False


def test_a_request_without_a_key_is_refused(atlas):
    with pytest.raises(ApiError) as refused:
        atlas.handle(request("GET", "/v1/user", headers={"Authorization": None}))
    assert refused.value.status == 401


def test_a_task_that_ends_failed_is_an_error_of_the_page_that_started_it(atlas):
    task_id = answer(atlas, "POST", "/v1/parse", {"file_url": "https://example.com/not-a-sample.pdf"}).body["task_id"]
    steps = [answer(atlas, "GET", f"/v1/task/{task_id}") for _ in range(4)]
    assert [s.body["status"] for s in steps] == ["WAITING", "BUILDING", "FAILED", "FAILED"]
    assert not steps[1].problems and "ended FAILED" in steps[2].problems[0] and not steps[3].problems


def test_a_loop_that_waits_for_a_status_that_never_comes_is_stopped_after_a_few_reads(atlas):
    url = "https://assets.nomicatlas.com/department-of-labor-data.pdf"
    task_id = answer(atlas, "POST", "/v1/parse", {"file_url": url}).body["task_id"]
    from atlas.files import READS_AFTER_END, STEPS

    replies = [answer(atlas, "GET", f"/v1/task/{task_id}") for _ in range(len(STEPS) + READS_AFTER_END + 1)]
    assert not any(r.stop for r in replies[:-1])  # a page's last read, and a later look at the result, are fine
    assert replies[-1].stop and "never sends" in replies[-1].problems[0]


def test_a_result_download_before_the_task_completed_belongs_to_the_page_that_started_it(atlas):
    url = "https://assets.nomicatlas.com/department-of-labor-data.pdf"
    task_id = answer(atlas, "POST", "/v1/parse", {"file_url": url}).body["task_id"]
    early = request("GET", f"/{task_id}.json", host=RESULT_HOST, headers={"Authorization": None})
    reply, owner = atlas.handle(early)
    assert reply.status == 404 and owner == TOKEN


def test_a_parse_result_file_has_the_shape_the_docs_describe():
    from pathlib import Path

    from atlas import documents
    from atlas.spec import Specs

    here = Path(__file__).resolve().parents[1]
    specs = Specs([here.parents[3] / "openapi" / "atlas-v1.yaml", here / "client-routes.yaml"])
    pdf = (here.parents[1] / "fixtures" / "department-of-labor-data.pdf").read_bytes()
    for options in ({}, {"figure_summary": {"enabled": False}}, {"table_summary": {"enabled": True}}):
        result = documents.parse("department-of-labor-data.pdf", pdf, options)
        assert specs._errors("urn:client-routes#/components/schemas/ParseResultFile", result) == []
    broken = {"chunks": [{"content": "x", "blocks": []}]}  # no `embed`
    assert specs._errors("urn:client-routes#/components/schemas/ParseResultFile", broken)
