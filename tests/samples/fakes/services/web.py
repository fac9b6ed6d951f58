"""The small request/response layer every HTTP fake uses.

A fake is a module with `HOSTS` (the hostnames it stands in for) and `handle(request)`, which returns a
`Response`. The server routes `/<host>/<path>` to the module that owns `<host>`; clients reach it through
the host rerouting of sitecustomize.py or through a base-URL setting that ends in `/<host>`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs


@dataclass
class Request:
    method: str
    host: str
    path: str  # without the host prefix, always starting with '/'
    query: dict[str, list[str]]
    headers: dict[str, str]  # lower-case names
    body: bytes
    base_url: str  # http://127.0.0.1:PORT/<host>, to build links back to this fake

    def arg(self, name: str, default: str | None = None) -> str | None:
        values = self.query.get(name)
        return values[0] if values else default

    def json(self) -> Any:
        return json.loads(self.body or b'null')

    def json_of(self, body: bytes) -> Any:
        """JSON from a body the fake decoded itself (a gzip-encoded request, say)."""
        return json.loads(body or b'null')

    def form(self) -> dict[str, str]:
        return {key: values[0] for key, values in parse_qs(self.body.decode('utf-8')).items()}


@dataclass
class Response:
    status: int = 200
    body: bytes = b''
    headers: dict[str, str] = field(default_factory=dict)


def json_response(value: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(
        status,
        json.dumps(value).encode('utf-8'),
        {'Content-Type': 'application/json; charset=utf-8', **(headers or {})},
    )


def text_response(text: str, status: int = 200, content_type: str = 'text/plain; charset=utf-8') -> Response:
    return Response(status, text.encode('utf-8'), {'Content-Type': content_type})


def not_found(request: Request, note: str = '') -> Response:
    """What a fake answers for a path it does not implement; the message says which fake and path."""
    message = f'fake {request.host}: no route for {request.method} {request.path}'
    return json_response({'message': message + (f' ({note})' if note else '')}, 404)
