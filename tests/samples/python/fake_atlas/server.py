"""HTTP plumbing of the fake Atlas: threads, spec checks, error log, admin endpoints.

Requests for other hosts arrive rerouted by tests/samples/python/sitecustomize.py with
the original host in `X-Original-Host`; requests without it are for the API.

Admin endpoints (for the runner, never reached by samples):
- `POST /_fake/seed` — datasets and maps a page's prerequisites say the reader has;
- `GET /_fake/errors?token=...&since=N` — problems recorded for that API key: responses
  that did not match the specs, requests to routes the fake does not know, crashes;
- `GET /_fake/report` — endpoints answered without a spec, and requests from the nomic
  client itself that the specs would reject (findings about the specs, not the pages).
"""

import json
import re
import sys
import threading
import traceback
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from local_server import Server

from .atlas import API_HOST, HOSTS, NO_SPEC, OTHER_HOSTS, ApiError, Atlas, Reply, Request
from .spec import Specs

ROOT = Path(__file__).resolve().parents[4]
SPEC_FILES = [ROOT / "openapi" / "atlas-v1.yaml", ROOT / "openapi" / "atlas-legacy.yaml"]


def log(message: str) -> None:
    print(f"fake-atlas: {message}", file=sys.stderr, flush=True)


class State:
    def __init__(self):
        self.atlas = Atlas()
        self.specs = Specs(SPEC_FILES)
        self.lock = threading.Lock()
        self.errors: dict[str, list[str]] = {}
        self.unspecified: set[str] = set()
        self.client_findings: set[str] = set()
        self.binary_findings: set[str] = set()
        self.spec_gaps = self.check_no_spec()

    def check_no_spec(self) -> list[str]:
        """Where the NO_SPEC list and the specs disagree: routes without a spec that the list lacks, and
        listed routes that a spec now defines."""
        listed = {(method, template) for method, template, _ in NO_SPEC}
        gaps = []
        for method, _, _, template in self.atlas.routes:
            # A path the route answers: "x" per parameter, a tile key with slashes for `{key:.+}`.
            example = re.sub(r"\{(\w+)(:[^}]+)?\}", lambda m: "0/0/0.feather" if m[2] else "x", template)
            has_spec = bool(self.specs.match(method, example))
            if not has_spec and (method, template) not in listed:
                gaps.append(f"{method} {template} has no spec and is missing from NO_SPEC")
            if has_spec and (method, template) in listed:
                gaps.append(f"{method} {template} is in NO_SPEC but a spec now defines it")
        for gap in gaps:
            log(gap)
        return gaps

    def record(self, token: str | None, message: str) -> None:
        log(message)
        with self.lock:
            self.errors.setdefault(token or "", []).append(message)


STATE: State | None = None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fake-atlas"

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass  # one line per request would drown the samples' own output

    def do_GET(self):
        self.dispatch()

    def do_POST(self):
        self.dispatch()

    def do_PUT(self):
        self.dispatch()

    def do_DELETE(self):
        self.dispatch()

    def do_PATCH(self):
        self.dispatch()

    def read_body(self) -> bytes:
        if (self.headers.get("Transfer-Encoding") or "").lower() == "chunked":
            body = bytearray()
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    return bytes(body)
                body += self.rfile.read(size)
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def send(self, reply: Reply) -> None:
        if reply.body is None:
            payload = b""
        elif isinstance(reply.body, bytes):
            payload = reply.body
        else:
            payload = json.dumps(reply.body).encode()
        self.send_response(reply.status)
        if payload or reply.status != 204:
            self.send_header("Content-Type", reply.content_type)
        self.send_header("Content-Length", str(len(payload)))
        for key, value in reply.headers.items():
            self.send_header(key, value)
        self.end_headers()
        if payload and self.command != "HEAD":
            self.wfile.write(payload)

    def dispatch(self) -> None:
        state = STATE
        body = self.read_body()
        parts = urlsplit(self.path)
        host = (self.headers.get("X-Original-Host") or API_HOST).split(":")[0].lower()
        if parts.path.startswith("/_fake/"):
            return self.send(self.admin(state, parts.path, parse_qs(parts.query), body))
        req = Request(self.command, host, parts.path, parse_qs(parts.query, keep_blank_values=True), self.headers, body)
        operations = state.specs.match(req.method, req.path) if host == API_HOST else []
        reply = None
        if operations and "json" in (self.headers.get("Content-Type") or ""):
            try:
                problems = [p for op in operations for p in state.specs.check_request(op, json.loads(body or b"null"))]
            except ValueError:
                problems = ["request body is not JSON"]
            if problems and req.from_client:
                state.client_findings.update(problems)  # the client is the reference; report, don't refuse
            elif problems:
                # A page's own request that the spec refuses: answered with the operation's documented
                # validation status (422, or 400 where the spec lists no 422).
                documented = all("422" in op.operation.get("responses", {}) for op in operations)
                details = [{"loc": ["body"], "msg": p, "type": "value_error"} for p in problems]
                reply = Reply(422, {"detail": details}) if documented else Reply(400, {"detail": "; ".join(problems)})
        if reply is None:
            try:
                reply = state.atlas.handle(req)
            except ApiError as error:
                reply = Reply(error.status, {"detail": error.detail})
                if error.status == 404 and error.detail == "Not Found" and host == API_HOST:
                    if not any(p.match(req.path) for _, p, _, _ in state.atlas.routes):
                        state.record(
                            req.token, f"no route for {req.method} {req.path}: the fake Atlas does not answer it"
                        )
            except Exception:  # noqa: BLE001 - a crash of the fake must reach the sample and the log
                state.record(req.token, f"{req.method} {req.path} crashed the fake:\n{traceback.format_exc()}")
                reply = Reply(500, {"detail": f"fake Atlas crashed: {traceback.format_exc(limit=3)}"})
        if host == API_HOST and not operations and reply.status < 400:
            state.unspecified.add(f"{req.method} {req.route or req.path}")
        if operations and isinstance(reply.body, bytes) and reply.status < 400:
            for op in operations:  # a binary answer the client needs where a spec documents JSON
                documented = state.specs.content_types(op, reply.status) or []
                if reply.content_type not in documented:
                    state.binary_findings.add(
                        f"{op.spec} {op.method.upper()} {op.template} {reply.status}: documents {documented}, "
                        f"the client reads {reply.content_type}"
                    )
        if operations and isinstance(reply.body, (dict, list)) and reply.content_type == "application/json":
            problems = [p for op in operations for p in state.specs.check_response(op, reply.status, reply.body)]
            if problems:
                message = (
                    f"{req.method} {req.path}: response {reply.status} does not match the spec:\n  "
                    + "\n  ".join(problems)
                )
                state.record(req.token, message)
                reply = Reply(500, {"detail": f"fake Atlas: {message}"})
        self.send(reply)

    def admin(self, state: State, path: str, query: dict, body: bytes) -> Reply:
        if path == "/_fake/seed":
            try:
                return Reply(200, state.atlas.seed(json.loads(body)))
            except Exception:  # noqa: BLE001 - a bad seed is the prerequisites file's problem
                return Reply(400, {"detail": traceback.format_exc()})
        if path == "/_fake/errors":
            token = (query.get("token") or [""])[0]
            since = int((query.get("since") or ["0"])[0])
            with state.lock:
                errors = list(state.errors.get(token, []))
            return Reply(200, {"errors": errors[since:], "count": len(errors)})
        if path == "/_fake/report":
            return Reply(
                200,
                {
                    "no_spec": [f"{m} {t}  ({why})" for m, t, why in NO_SPEC + OTHER_HOSTS],
                    "no_spec_list_problems": state.spec_gaps,
                    "answered_without_spec": sorted(state.unspecified),
                    "client_requests_the_specs_refuse": sorted(state.client_findings),
                    "binary_responses_the_specs_describe_otherwise": sorted(state.binary_findings),
                },
            )
        return Reply(404, {"detail": "unknown admin path"})



def main() -> None:
    global STATE
    STATE = State()
    server = Server(("127.0.0.1", 0), Handler)
    port = server.server_address[1]
    base = f"http://127.0.0.1:{port}"
    print(json.dumps({"port": port, "hosts": {host: base for host in HOSTS}}), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
