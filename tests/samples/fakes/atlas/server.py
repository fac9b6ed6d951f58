"""HTTP plumbing of the fake Atlas: threads, spec checks, the per-page log, admin endpoints.

Requests for the API arrive as they are; requests for the other hosts the fake answers
(storage, results, assets) arrive under `/_host/<host>/...`, the base URL the runner hands
out for them. curl's stand-in (tests/samples/session/bin/curl) also names its invocation
in the Host header (`<call>.localhost:PORT`), so each curl command's requests can be told
apart.

Every API request is checked against the specs before it is answered (spec.py), whoever
sends it: a request the specs refuse is answered 422 (or 400 where the operation documents
no 422) and recorded as an error of the page whose API key sent it, so the block that sent
it fails even when the sample never looks at the status. Only routes a spec documents are
answered: the published specs, and for the nomic client alone the few it calls that they do
not (client-routes.yaml); any other route is refused and recorded the same way. So is any 4xx
answered to a page's own request (Python or curl), a crash of the fake, and a response that
does not match its spec. A 4xx answered to the nomic client is a note
instead (the client asks for a dataset by name and creates it on a 404); notes are shown
with a failed block.

Admin endpoints (for the runner, never reached by samples):
- `POST /_fake/seed` — datasets and maps a page's prerequisites say the reader has;
- `GET /_fake/log?token=...&since=N` — errors and notes recorded for that API key since the Nth, and
  whether one of the errors asks to stop the block that is running;
- `GET /_fake/calls?ids=a,b` — what each named curl invocation asked and was answered;
- `GET /_fake/report` — the hosts besides the API it answers, and any route of its own no spec documents.
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

from . import seed
from .atlas import OTHER_HOSTS, Atlas
from .common import API_HOST, HOSTS, ApiError, Reply, Request
from .spec import Specs

ROOT = Path(__file__).resolve().parents[4]
SPEC_FILES = [ROOT / "openapi" / "atlas-v1.yaml", ROOT / "openapi" / "atlas-legacy.yaml"]
# Routes only the nomic client calls, checked as strictly; a page's own request there is an error.
CLIENT_ONLY = Path(__file__).with_name("client-routes.yaml")
HOST_PREFIX = re.compile(r"^/_host/([^/]+)(/.*)?$")
CALL_HOST = re.compile(r"^([a-z0-9]+)\.localhost(:\d+)?$", re.IGNORECASE)


def log(message: str) -> None:
    print(f"fake-atlas: {message}", file=sys.stderr, flush=True)


class State:
    def __init__(self):
        self.atlas = Atlas()
        self.specs = Specs([*SPEC_FILES, CLIENT_ONLY])
        self.lock = threading.Lock()
        self.events: dict[str, list[tuple[str, str]]] = {}  # API key -> [(kind, message)]
        self.calls: dict[str, list[dict]] = {}  # curl invocation -> its requests
        self.spec_gaps = self.routes_without_spec()

    def routes_without_spec(self) -> list[str]:
        """The fake's API routes that no spec documents: it would refuse to answer them (see `answer`)."""
        gaps = []
        for method, _, _, template in self.atlas.routes:
            # A path the route answers: "x" per parameter, a tile key with slashes for `{key:.+}`.
            example = re.sub(r"\{(\w+)(:[^}]+)?\}", lambda m: "0/0/0.feather" if m[2] else "x", template)
            if not self.specs.match(method, example):
                gaps.append(f"{method} {template} is a route of the fake that no spec documents")
        for gap in gaps:
            log(gap)
        return gaps

    def record(self, token: str | None, message: str, kind: str = "error") -> None:
        """Records an event for a page's API key: an `error` (fails the block), a `stop` (an error that also
        ends the block at once, see session/pagerun), or a `note` (shown with a failed block)."""
        if kind != "note":
            log(message)
        with self.lock:
            self.events.setdefault(token or "", []).append((kind, message))


STATE: State | None = None


def _detail(reply: Reply) -> str:
    if isinstance(reply.body, bytes):
        return reply.body.decode("utf-8", "replace")[:500]
    detail = reply.body.get("detail", reply.body) if isinstance(reply.body, dict) else reply.body
    return json.dumps(detail)[:1000] if not isinstance(detail, str) else detail[:1000]


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
        if parts.path.startswith("/_fake/"):
            return self.send(self.admin(state, parts.path, parse_qs(parts.query), body))
        host, path = API_HOST, parts.path
        prefixed = HOST_PREFIX.match(parts.path)
        if prefixed:
            host, path = prefixed[1].lower(), prefixed[2] or "/"
        call = CALL_HOST.match(self.headers.get("Host") or "")
        req = Request(self.command, host, path, parse_qs(parts.query, keep_blank_values=True), self.headers, body)
        shown = f"{req.method} {'' if host == API_HOST else 'https://' + host}{path}"
        reply, token, problems = self.answer(state, req)
        if call:
            entry = {"method": req.method, "url": shown, "status": reply.status, "problems": problems}
            if reply.status >= 400:
                entry["reason"] = _detail(reply)
            with state.lock:
                state.calls.setdefault(call[1], []).append(entry)
        self.send(reply)

    def answer(self, state: State, req: Request) -> tuple[Reply, str | None, list[str]]:
        """The reply, the API key the request belongs to, and the errors recorded for it."""
        token = req.token
        operations = state.specs.match(req.method, req.path) if req.host == API_HOST else []
        problems, reply = self.refusal(req, operations)
        if reply is None and operations:
            found = [
                state.specs.check_request(
                    op, req.path, req.query, req.headers.get("Content-Type"), req.body, list(req.headers.keys())
                )
                for op in operations
            ]
            if all(found):  # conforms to no spec that documents the operation
                problems = [p for some in found for p in some]
                documented = all("422" in op.operation.get("responses", {}) for op in operations)
                details = [{"loc": ["request"], "msg": p, "type": "value_error"} for p in problems]
                reply = Reply(422, {"detail": details}) if documented else Reply(400, {"detail": "; ".join(problems)})
        if reply is None:
            try:
                reply, owner = state.atlas.handle(req)
                token = token or owner
            except ApiError as error:
                reply = Reply(error.status, {"detail": error.detail})
                if error.status == 404 and error.detail == "Not Found" and not state.atlas.knows(req.path):
                    problems.append(f"no route for {req.method} {req.path}: the fake Atlas does not answer it")
            except Exception:  # noqa: BLE001 - a crash of the fake must reach the sample and the log
                problems.append(f"{req.method} {req.path} crashed the fake:\n{traceback.format_exc()}")
                reply = Reply(500, {"detail": f"fake Atlas crashed: {traceback.format_exc(limit=3)}"})
        shown = req.path if req.host == API_HOST else f"https://{req.host}{req.path}"
        for op in operations if reply.status < 400 else []:
            if isinstance(reply.body, bytes):  # a binary answer must be one the spec documents
                documented = state.specs.content_types(op, reply.status) or []
                if reply.content_type not in documented:
                    problems.append(
                        f"{op.spec} {op.method.upper()} {op.template} {reply.status}: the spec documents "
                        f"{documented}, the fake answers {reply.content_type}"
                    )
        if operations and isinstance(reply.body, (dict, list)) and reply.content_type == "application/json":
            found = [state.specs.check_response(op, reply.status, reply.body) for op in operations]
            if all(found):
                message = f"{req.method} {shown}: response {reply.status} does not match the spec:\n  " + "\n  ".join(
                    p for some in found for p in some
                )
                problems.append(message)
                reply = Reply(500, {"detail": f"fake Atlas: {message}"})
        for problem in problems:
            state.record(token, problem)
        for problem in reply.problems:
            state.record(token, problem, "stop" if reply.stop else "error")
        if 400 <= reply.status < 500 and not problems:
            # The fake's reason, for the page's log: an error for the page's own requests, a note for the client's.
            kind = "note" if req.from_client else "error"
            state.record(token, f"the fake Atlas answered {reply.status} to {req.method} {shown}: {_detail(reply)}", kind)
        return reply, token, problems

    @staticmethod
    def refusal(req: Request, operations: list) -> tuple[list[str], Reply | None]:
        """Why an API request is not answered at all, and the reply: a route no spec documents (what no spec
        describes, no page may show, whoever asks), or one only the nomic client calls asked by a page."""
        if req.host != API_HOST:
            return [], None
        if not operations:
            problem = f"no spec documents {req.method} {req.path}: the fake Atlas answers only documented routes"
            return [problem], Reply(404, {"detail": "Not Found"})
        if not req.from_client and all(op.spec == CLIENT_ONLY.stem for op in operations):
            problem = f"{req.method} {req.path} is a route only the nomic client calls; the docs document another"
            return [problem], Reply(404, {"detail": "Not Found"})
        return [], None

    def admin(self, state: State, path: str, query: dict, body: bytes) -> Reply:
        if path == "/_fake/seed":
            try:
                return Reply(200, seed.seed(state.atlas, json.loads(body)))
            except Exception:  # noqa: BLE001 - a bad seed is the prerequisites file's problem
                return Reply(400, {"detail": traceback.format_exc()})
        if path == "/_fake/log":
            token = (query.get("token") or [""])[0]
            since = int((query.get("since") or ["0"])[0])
            with state.lock:
                events = list(state.events.get(token, []))
            return Reply(
                200,
                {
                    "errors": [m for kind, m in events[since:] if kind != "note"],
                    "notes": [m for kind, m in events[since:] if kind == "note"],
                    "stop": any(kind == "stop" for kind, _ in events[since:]),
                    "count": len(events),
                },
            )
        if path == "/_fake/calls":
            ids = [i for i in (query.get("ids") or [""])[0].split(",") if i]
            with state.lock:
                return Reply(200, {i: list(state.calls.get(i, [])) for i in ids})
        if path == "/_fake/report":
            return Reply(
                200,
                {
                    "other_hosts": [f"{m} {t}  ({why})" for m, t, why in OTHER_HOSTS],
                    "routes_without_spec": state.spec_gaps,
                },
            )
        return Reply(404, {"detail": "unknown admin path"})


def main() -> None:
    global STATE
    STATE = State()
    server = Server(("127.0.0.1", 0), Handler)
    port = server.server_address[1]
    base = f"http://127.0.0.1:{port}"
    hosts = {host: base if host == API_HOST else f"{base}/_host/{host}" for host in HOSTS}
    print(json.dumps({"port": port, "hosts": hosts}), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
