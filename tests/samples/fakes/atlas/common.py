"""What every resource module of the fake Atlas shares: requests, replies, errors, hosts."""

import json
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from email import message_from_bytes
from email.policy import compat32
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qs

import numpy as np

API_HOST = "api-atlas.nomic.ai"
# Hosts the fake answers besides the API itself: storage URLs it hands out, files the pages download.
UPLOAD_HOST = "nomic-uploads.s3.amazonaws.com"
RESULT_HOST = "nomic-results.s3.amazonaws.com"
BLOB_HOST = "nomic-blobs.s3.amazonaws.com"
ASSET_HOST = "assets.nomicatlas.com"
HOSTS = [API_HOST, ASSET_HOST, UPLOAD_HOST, RESULT_HOST, BLOB_HOST]


class ApiError(Exception):
    def __init__(self, status: int, detail: Any):
        super().__init__(detail)
        self.status = status
        self.detail = detail


def validation_error(loc: list, msg: str, kind: str = "value_error") -> ApiError:
    """A 422 in FastAPI's shape (`detail[]` with `loc`, `msg`, `type`), as the specs document it."""
    return ApiError(422, [{"loc": loc, "msg": msg, "type": kind}])


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def jsonable(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, float) and not np.isfinite(value):
        return None
    return value


@dataclass
class Request:
    method: str
    host: str
    path: str
    query: dict[str, list[str]]
    headers: Any  # email.message.Message: case-insensitive
    body: bytes
    route: str | None = None  # the fake's route template, once matched

    def json(self) -> Any:
        try:
            return json.loads(self.body or b"null")
        except ValueError:
            raise validation_error(["body"], "JSON decode error", "json_invalid")

    def arg(self, name: str) -> str | None:
        values = self.query.get(name)
        return values[0] if values else None

    @property
    def token(self) -> str | None:
        value = self.headers.get("Authorization") or ""
        return value[len("Bearer ") :].strip() if value.startswith("Bearer ") else None

    @property
    def from_client(self) -> bool:
        return (self.headers.get("User-Agent") or "").startswith("py-nomic/")


@dataclass
class Reply:
    status: int
    body: Any = None  # JSON-able, or bytes with content_type
    content_type: str = "application/json"
    headers: dict = field(default_factory=dict)
    # What the answer says went wrong in the sample although the request itself was fine (a task that
    # failed): recorded as errors of the page. `stop` also ends the block that asked (a loop that waits
    # for what never comes).
    problems: list = field(default_factory=list)
    stop: bool = False


@lru_cache(maxsize=4)
def parse_form(content_type: str, body: bytes) -> tuple[dict[str, list[str]], dict[str, list[tuple[str, bytes]]]]:
    """Fields and files of a multipart or urlencoded form body; read-only, as the result is shared.

    Cached because each request's body is parsed twice, by the spec check and by its handler, and parsing a
    batch of images was a third of the fake's time. `compat32` parses the parts' headers as plainly as a
    server must; the default email policy builds a typed object per header, at twice the cost.
    """
    fields: dict[str, list[str]] = {}
    files: dict[str, list[tuple[str, bytes]]] = {}
    if content_type.startswith("multipart/form-data"):
        message = message_from_bytes(f"Content-Type: {content_type}\r\n\r\n".encode() + body, policy=compat32)
        for part in message.get_payload() if message.is_multipart() else []:
            name = part.get_param("name", header="content-disposition")
            payload = part.get_payload(decode=True) or b""
            filename = part.get_filename()
            if filename is not None:
                files.setdefault(name, []).append((filename, payload))
            else:
                fields.setdefault(name, []).append(payload.decode())
    elif content_type.startswith("application/x-www-form-urlencoded"):
        fields = parse_qs(body.decode(), keep_blank_values=True)
    return fields, files
