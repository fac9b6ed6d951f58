"""The fake Atlas API: shared in-memory state and the route table of the resource modules.

Each API key gets a world of its own (a user, an organization `my-org`, datasets), so pages
running side by side never see each other's data. Handlers answer what nomic 3.9.0 sends
and parses (nomic/cli.py, dataset.py, data_operations.py, embed.py, client.py, atlas.py)
and what the pages' own requests (Python or curl) expect; see one module per resource.
"""

import re
import threading
from typing import Callable

from . import datasets, embeddings, files, maps, query, tags, users
from .common import ASSET_HOST, BLOB_HOST, RESULT_HOST, UPLOAD_HOST, ApiError, Reply, Request
from .state import World

# Hosts other than the API: storage URLs the fake hands out and files the pages download.
OTHER_HOSTS = [
    ("PUT", f"https://{UPLOAD_HOST}/{{file_id}}", "upload_url handed out by POST /v1/upload"),
    ("GET", f"https://{RESULT_HOST}/{{task_id}}.json", "result_url of a completed task"),
    ("GET", f"https://{BLOB_HOST}/{{blob_hash}}", "url returned by the get-blob endpoints"),
    ("GET", f"https://{ASSET_HOST}/{{name}}", "sample files the pages download or parse"),
]
# Most specific first: the dataset module's `/v1/project/{org}/{slug}` and `/v1/project/{project_id}` catch the rest.
MODULES = [users, maps, tags, embeddings, files, query, datasets]


class Atlas:
    def __init__(self):
        self.lock = threading.RLock()
        self.worlds: dict[str, World] = {}
        self.jobs: dict[str, dict] = {}
        self.uploads: dict[str, dict] = {}  # file id -> {id, size, content_type, data, token}
        self.tasks: dict[str, dict] = {}
        self.blobs: dict[str, bytes] = {}
        # Maps a page builds itself, with what its reader then does to them in the web app (the
        # ID the page's placeholder stands for, tags made by hand): {token: [plan, ...]}.
        self.plans: dict[str, list[dict]] = {}
        self.routes: list[tuple[str, re.Pattern, Callable, str]] = []
        for module in MODULES:
            for method, template, handler in module.ROUTES:
                regex = re.sub(r"\{(\w+)(?::([^}]+))?\}", lambda m: f"(?P<{m[1]}>{m[2] or '[^/]+'})", template)
                self.routes.append((method, re.compile(f"^{regex}$"), handler, template))

    def world(self, token: str) -> World:
        with self.lock:
            if token not in self.worlds:
                self.worlds[token] = World(token)
            return self.worlds[token]

    def knows(self, path: str) -> bool:
        return any(pattern.match(path) for _, pattern, _, _ in self.routes)

    def handle(self, req: Request) -> tuple[Reply, str | None]:
        """The reply, and the API key whose page the request belongs to (for storage hosts, the
        key that was given the URL)."""
        with self.lock:  # the storage hosts: quick, and shared by every page
            if req.host == UPLOAD_HOST:
                return files.storage_put(self, req)
            if req.host == RESULT_HOST:
                return files.result_file(self, req)
            if req.host == BLOB_HOST:
                return datasets.blob_file(self, req), None
            if req.host == ASSET_HOST:
                return files.asset(self, req), None
        for method, pattern, handler, template in self.routes:
            match = pattern.match(req.path)
            if match and method == req.method:
                req.route = template
                if req.token is None:
                    raise ApiError(401, "Not authenticated")
                world = self.world(req.token)
                with world.lock:  # one page's requests in turn; other pages' go on beside them
                    return handler(self, req, world, **match.groupdict()), req.token
        raise ApiError(404, "Not Found")
