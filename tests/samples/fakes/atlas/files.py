"""Files: upload slots and the storage PUT behind them, parse and extract tasks, task status and
cancel, the result files of finished tasks, and the public sample assets.

Time passes for tasks: each status read moves a task on one step, WAITING, then BUILDING,
then COMPLETED (or FAILED), so polling code runs its loop. `result_url` exists only once a
task has completed, as on the service. A task that ends FAILED is an error of the page that
started it (its file could not be read: the sample is wrong), and so is a task read more than
`READS_AFTER_END` times once it has ended: the loop is waiting for a status the API never sends,
and the block is stopped then, within seconds, not at a time limit minutes later. The storage hosts behave like S3 presigned URLs:
PUT only, no `Authorization` header (the URL carries its signature), and the
`x-amz-server-side-encryption: AES256` header the nomic client sends (nomic/client.py).
"""

import json
import uuid

from . import documents
from .common import RESULT_HOST, UPLOAD_HOST, ApiError, Reply, now, validation_error

# What a task reports on its first, second, ... status read; the last repeats.
STEPS = ("WAITING", "BUILDING", "DONE")
# Reads of an ended task that a page may make (its loop's last read, a later block's look at the result).
READS_AFTER_END = 5


def _s3_error(status: int, code: str, message: str = "") -> Reply:
    body = f"<Error><Code>{code}</Code><Message>{message}</Message></Error>".encode()
    return Reply(status, body, "application/xml")


def upload(atlas, req, world):
    body = req.json()
    files = body.get("files") if isinstance(body, dict) else None
    if not isinstance(files, list) or not files:
        raise validation_error(["body", "files"], "Field required", "missing")
    entries = []
    for entry in files:
        if not isinstance(entry.get("size"), int) or entry["size"] < 1:
            raise validation_error(["body", "files", "size"], "size must be at least 1")
        file_id = str(uuid.uuid4())
        atlas.uploads[file_id] = {**entry, "token": world.token, "data": None}
        entries.append(
            {
                "request_id": entry.get("id"),
                "upload_url": f"https://{UPLOAD_HOST}/{file_id}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600",
                "nomic_url": f"nomic://{file_id}",
            }
        )
    return Reply(201, {"files": entries})


def storage_put(atlas, req) -> tuple[Reply, str | None]:
    """A PUT to an `upload_url`; returns the reply and the API key that asked for the slot."""
    file_id = req.path.strip("/")
    entry = atlas.uploads.get(file_id)
    if req.method != "PUT" or entry is None:
        return _s3_error(403, "AccessDenied"), entry and entry["token"]
    if req.headers.get("Authorization"):
        return _s3_error(400, "InvalidArgument", "Only one auth mechanism allowed"), entry["token"]
    if req.headers.get("x-amz-server-side-encryption") != "AES256":
        message = "x-amz-server-side-encryption: AES256 is part of the signed request"
        return _s3_error(403, "SignatureDoesNotMatch", message), entry["token"]
    entry["data"] = req.body
    return Reply(200, b"", "application/xml"), entry["token"]


def _file(atlas, url: str, world) -> tuple[str, bytes] | str:
    """The (name, bytes) behind a file URL, or the reason it cannot be read."""
    if url.startswith("nomic://"):
        entry = atlas.uploads.get(url[len("nomic://") :])
        if entry is None or entry["token"] != world.token:
            return f"Unknown file {url}"
        if entry["data"] is None:
            return f"Nothing was uploaded to {url}"
        return entry.get("id") or "upload", entry["data"]
    asset = documents.asset(url)
    if asset is None:
        return "The file could not be downloaded from the given URL."
    return url.rsplit("/", 1)[-1], asset


def start_task(atlas, token: str, kind: str, outcome: dict | str, task_id: str | None = None) -> str:
    task_id = task_id or str(uuid.uuid4())
    atlas.tasks[task_id] = {"kind": kind, "token": token, "outcome": outcome, "created": now(), "reads": 0}
    return task_id


def parse(atlas, req, world):
    body = req.json()
    if not isinstance(body, dict) or not isinstance(body.get("file_url"), str):
        raise validation_error(["body", "file_url"], "Field required", "missing")
    found = _file(atlas, body["file_url"], world)
    outcome = found if isinstance(found, str) else documents.parse(found[0], found[1], body.get("options") or {})
    return Reply(201, {"task_id": start_task(atlas, world.token, "parse", outcome)})


def extract(atlas, req, world):
    body = req.json()
    urls = body.get("file_urls") if isinstance(body, dict) else None
    if not isinstance(urls, list) or not urls or not isinstance(body.get("extraction_schema"), dict):
        raise validation_error(["body", "file_urls"], "file_urls and extraction_schema are required", "missing")
    texts = []
    for url in urls:
        found = _file(atlas, url, world)
        if isinstance(found, str):
            return Reply(201, {"task_id": start_task(atlas, world.token, "extract", found)})
        texts.append(documents.text_of(found[0], found[1]))
    outcome = documents.extract(body["extraction_schema"], "\n".join(texts))
    return Reply(201, {"task_id": start_task(atlas, world.token, "extract", outcome)})


def _task(atlas, world, task_id) -> dict:
    task = atlas.tasks.get(task_id)
    if task is None or task["token"] != world.token:
        raise ApiError(404, "Not Found")
    return task


def task_status(atlas, req, world, task_id):
    task = _task(atlas, world, task_id)
    step = STEPS[min(task["reads"], len(STEPS) - 1)]
    task["reads"] += 1
    if step != "DONE":
        return Reply(200, {"task_id": task_id, "status": step, "error": None, "result": None})
    after = task["reads"] - len(STEPS)
    ended = "FAILED" if isinstance(task["outcome"], str) else "COMPLETED"
    if isinstance(task["outcome"], str):
        reply = Reply(200, {"task_id": task_id, "status": "FAILED", "error": task["outcome"], "result": None})
        if after == 0:
            reply.problems.append(f"the {task['kind']} task {task_id} ended FAILED: {task['outcome']}")
    else:
        task["completed"] = True
        reply = Reply(
            200,
            {
                "task_id": task_id,
                "status": "COMPLETED",
                "error": None,
                "result": {},
                "duration": 0.42,
                "result_url": f"https://{RESULT_HOST}/{task_id}.json?X-Amz-Expires=3600",
            },
        )
    if after > READS_AFTER_END:
        reply.stop = True
        reply.problems.append(
            f"{req.method} {req.path} was read {after} times after the task ended {ended}: the loop is waiting for "
            "a status the API never sends (WAITING, BUILDING, COMPLETED, FAILED)"
        )
    return reply


def cancel_task(atlas, req, world, task_id):
    task = _task(atlas, world, task_id)
    if task["kind"] != "parse":
        raise ApiError(501, "Cancellation only implemented for parse tasks.")
    return Reply(204)


def result_file(atlas, req) -> tuple[Reply, str | None]:
    """GET of a completed task's `result_url`; with the API key that started the task, whose page asked."""
    task = atlas.tasks.get(req.path.strip("/").removesuffix(".json"))
    owner = task and task["token"]
    if task is None or not task.get("completed"):
        return _s3_error(404, "NoSuchKey"), owner
    if req.headers.get("Authorization"):
        return _s3_error(400, "InvalidArgument", "Only one auth mechanism allowed"), owner
    return Reply(200, json.dumps(task["outcome"]).encode(), "application/json"), owner


def asset(atlas, req) -> Reply:
    content = documents.asset(f"https://{req.host}{req.path}")
    if content is None:
        return _s3_error(404, "NoSuchKey")
    return Reply(200, content, "application/pdf" if req.path.endswith(".pdf") else "application/octet-stream")


ROUTES = [
    ("POST", "/v1/upload", upload),
    ("POST", "/v1/parse", parse),
    ("POST", "/v1/extract", extract),
    ("GET", "/v1/status/{task_id}", task_status),
    ("GET", "/v1/task/{task_id}", task_status),
    ("DELETE", "/v1/task/{task_id}", cancel_task),
]
