"""The fake Atlas API: in-memory state and the endpoint handlers.

Each API key gets a world of its own (a user, an organization `my-org`, datasets), so
pages running side by side never see each other's data. Handlers answer what nomic
3.9.0 sends and parses (nomic/cli.py, dataset.py, data_operations.py, embed.py,
client.py, atlas.py) and what the pages' own `requests` calls expect.
"""

import base64
import hashlib
import io
import json
import re
import threading
import uuid
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from email import message_from_bytes
from email.policy import HTTP
from typing import Any, Callable
from urllib.parse import parse_qs

import numpy as np
import pyarrow as pa
from pyarrow import csv as pacsv
from pyarrow import feather

from . import documents, maps, vectors

UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
TEXT_MODELS = {"nomic-embed-text-v1", "nomic-embed-text-v1.5", "gte-multilingual-base"}
VISION_MODELS = {"nomic-embed-vision-v1", "nomic-embed-vision-v1.5"}
TASK_TYPES = {"search_document", "search_query", "classification", "clustering"}
# Hosts the fake answers besides the API itself; the runner reroutes them here.
UPLOAD_HOST = "nomic-uploads.s3.amazonaws.com"
RESULT_HOST = "nomic-results.s3.amazonaws.com"
BLOB_HOST = "nomic-blobs.s3.amazonaws.com"
ASSET_HOST = "assets.nomicatlas.com"
API_HOST = "api-atlas.nomic.ai"
HOSTS = [API_HOST, ASSET_HOST, UPLOAD_HOST, RESULT_HOST, BLOB_HOST]

# Endpoints this fake answers that neither openapi/atlas-v1.yaml nor openapi/atlas-legacy.yaml defines, and
# who calls them. The server checks this list against the specs when it starts (see `spec_gaps`).
NO_SPEC = [
    ("GET", "/v1/status/{task_id}", "nomic 3.9.0 client.py PlatformTask.get polls it"),
    ("POST", "/v1/query/update/tag/ids", "the path Nomic's programmatic-tagging guide shows (FACTS §10)"),
    ("GET", "/v1/dataset/data/get/blob/{dataset_id}/{blob_hash}", "cookbook image search (FACTS §6)"),
    (
        "GET",
        "/v1/project/{project_id}/index/projection/{projection_id}/quadtree/{key:.+}",
        "tile keys hold slashes (0/0/0.feather); the legacy spec's {quadtree_key} is one path segment",
    ),
]
# Hosts other than the API: storage URLs the fake hands out and files the pages download.
OTHER_HOSTS = [
    ("PUT", f"https://{UPLOAD_HOST}/{{file_id}}", "upload_url handed out by POST /v1/upload"),
    ("GET", f"https://{RESULT_HOST}/{{task_id}}.json", "result_url of a completed task"),
    ("GET", f"https://{BLOB_HOST}/{{blob_hash}}", "url returned by the get-blob endpoints"),
    ("GET", f"https://{ASSET_HOST}/{{name}}", "sample files the pages download or parse"),
]


class ApiError(Exception):
    def __init__(self, status: int, detail: Any):
        super().__init__(detail)
        self.status = status
        self.detail = detail


def validation_error(loc: list, msg: str, kind: str = "value_error") -> ApiError:
    return ApiError(422, [{"loc": loc, "msg": msg, "type": kind}])


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


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


@dataclass
class Index:
    id: str
    name: str
    indexed_field: str | None
    model: str | None
    modality: str
    projection: maps.MapBuild
    hyperparameters: dict
    created: str = field(default_factory=now)


class Dataset:
    def __init__(self, world: "World", name: str, description: str, unique_id_field: str | None, is_public: bool):
        self.id = str(uuid.uuid4())
        self.world = world
        self.name = name
        self.slug = name
        self.description = description or ""
        self.unique_id_field = unique_id_field
        self.is_public = is_public
        self.modality: str | None = None
        self.schema: pa.Schema | None = None
        self.table: pa.Table | None = None
        self.indices: list[Index] = []
        self.created = now()

    @property
    def fields(self) -> list[str]:
        return [f.name for f in self.schema if f.name != "_embeddings"] if self.schema is not None else []

    def meta(self) -> dict:
        out = {
            "id": self.id,
            "owner": self.world.org_id,
            "project_name": self.name,
            "creator": self.world.user_id,
            "description": self.description,
            "is_public": self.is_public,
            "project_fields": self.fields,
            "unique_id_field": self.unique_id_field,
            "modality": self.modality,
            "total_datums_in_project": self.table.num_rows if self.table is not None else 0,
            "created_timestamp": self.created,
            "slug": self.slug,
            "atlas_indices": [index_meta(self, index) for index in self.indices],
            "insert_update_delete_lock": False,  # builds finish at once
            "access_role": "ADMIN",
            "organization_slug": self.world.org_slug,
        }
        if self.schema is not None:
            out["schema"] = base64.b64encode(self.schema.serialize().to_pybytes()).decode()
        return out

    def summary(self) -> dict:
        return {
            key: value
            for key, value in self.meta().items()
            if key in ("id", "owner", "project_name", "creator", "description", "is_public", "project_fields")
            or key in ("unique_id_field", "modality", "total_datums_in_project", "created_timestamp", "slug")
        } | {"nickname": self.world.org_slug, "thumbnail": ""}


def index_meta(dataset: Dataset, index: Index) -> dict:
    projection = index.projection
    embedders = []
    if index.model:
        embedders.append(
            {
                "id": str(uuid.uuid5(uuid.NAMESPACE_URL, index.id + "/embedder")),
                "atlas_index_id": index.id,
                "ready": True,
                "model_name": index.model,
                "hyperparameters": {},
            }
        )
    return {
        "id": index.id,
        "project_id": dataset.id,
        "index_name": index.name,
        "indexed_field": index.indexed_field,
        "created_timestamp": index.created,
        "updated_timestamp": index.created,
        "atoms": [],
        "colorable_fields": [f for f in dataset.fields if f != index.indexed_field and not f.startswith("_")],
        "embedders": embedders,
        "nearest_neighbor_indices": [
            {
                "id": str(uuid.uuid5(uuid.NAMESPACE_URL, index.id + "/nn")),
                "index_name": "HNSWIndex",
                "ready": True,
                "hyperparameters": {"space": "l2", "ef_construction": 100, "M": 16},
                "atom_strategies": ["document"],
            }
        ],
        "projections": [
            {
                "id": projection.id,
                "projection_name": index.name,
                "ready": True,
                "hyperparameters": index.hyperparameters,
                "atom_strategies": ["document"],
                "created_timestamp": index.created,
                "updated_timestamp": index.created,
            }
        ],
    }


class World:
    """Everything one API key sees."""

    def __init__(self, token: str):
        digest = hashlib.sha256(token.encode()).hexdigest()
        self.token = token
        self.user_id = f"auth0|{digest[:24]}"
        self.org_id = str(uuid.UUID(digest[:32]))
        self.org_slug = "my-org"
        self.created = now()
        self.datasets: dict[str, Dataset] = {}
        self.keys: list[dict] = []

    def dataset(self, dataset_id: str) -> Dataset:
        if dataset_id not in self.datasets:
            raise ApiError(404, f"Dataset {dataset_id} not found")
        return self.datasets[dataset_id]

    def by_slug(self, slug: str) -> Dataset | None:
        return next((d for d in self.datasets.values() if d.slug == slug), None)

    def projection(self, projection_id: str) -> tuple[Dataset, Index]:
        for dataset in self.datasets.values():
            for index in dataset.indices:
                if index.projection.id == projection_id:
                    return dataset, index
        raise ApiError(404, f"Projection {projection_id} not found")

    def index(self, index_id: str) -> tuple[Dataset, Index]:
        for dataset in self.datasets.values():
            for index in dataset.indices:
                if index.id == index_id:
                    return dataset, index
        raise ApiError(404, f"Index {index_id} not found")


def to_atlas_schema(schema: pa.Schema) -> pa.Schema:
    """The column types Atlas stores (nomic/data_inference.py `permitted_types`), for seeded data."""
    fields = []
    for f in schema:
        if f.name.startswith("_"):
            fields.append(f)
        elif pa.types.is_integer(f.type):
            fields.append(pa.field(f.name, pa.int32()))
        elif pa.types.is_floating(f.type):
            fields.append(pa.field(f.name, pa.float32()))
        elif pa.types.is_temporal(f.type):
            fields.append(pa.field(f.name, pa.timestamp("ms")))
        else:
            fields.append(pa.field(f.name, pa.string()))
    return pa.schema(fields)


def jsonable(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, float) and not np.isfinite(value):
        return None
    return value


class Atlas:
    def __init__(self):
        self.lock = threading.RLock()
        self.worlds: dict[str, World] = {}
        self.jobs: dict[str, dict] = {}
        self.uploads: dict[str, dict] = {}  # file id -> {name, size, content_type, data, token}
        self.tasks: dict[str, dict] = {}
        self.blobs: dict[str, bytes] = {}
        # Maps a page builds itself, with what its reader then does to them in the web app (the
        # ID the page's placeholder stands for, tags made by hand): {token: [plan, ...]}.
        self.plans: dict[str, list[dict]] = {}
        self.routes: list[tuple[str, re.Pattern, Callable, str]] = []
        for method, template, handler in [
            ("GET", "/v1/user", self.user),
            ("GET", "/v1/organization/{slug}", self.organization),
            ("POST", "/v1/project/create", self.create_dataset),
            ("POST", "/v1/project/remove", self.remove_dataset),
            ("GET", "/v1/project/index/job/{job_id}", self.job),
            ("GET", "/v1/project/index/job/progress/{index_id}", self.job_progress),
            ("POST", "/v1/project/index/create", self.create_index),
            ("POST", "/v1/project/data/add/arrow", self.add_arrow),
            ("POST", "/v1/project/data/add/blobs", self.add_blobs),
            ("POST", "/v1/project/data/get", self.get_data),
            ("POST", "/v1/project/data/get/nearest_neighbors/by_embedding", self.neighbours_by_embedding),
            ("POST", "/v1/project/data/get/nearest_neighbors/by_id", self.neighbours_by_id),
            ("POST", "/v1/project/data/get/embedding/topic", self.topics_by_embedding),
            ("GET", "/v1/project/data/get/blob/{dataset_id}/{blob_hash}", self.blob_url),
            ("GET", "/v1/dataset/data/get/blob/{dataset_id}/{blob_hash}", self.blob_url),
            ("GET", "/v1/project/projection/{projection_id}/schema", self.projection_schema),
            ("GET", "/v1/project/projection/tags/get/all", self.tags_all),
            ("GET", "/v1/project/projection/tags/status", self.tag_status),
            ("POST", "/v1/project/topics/update/{topic_model_id}", self.update_topics),
            ("GET", "/v1/project/{project_id}/index/projection/{projection_id}/quadtree/{key:.+}", self.quadtree),
            ("GET", "/v1/project/{project_id}/index/projection/{projection_id}", self.map_information),
            ("GET", "/v1/project/{org}/{slug}", self.dataset_by_slug),
            ("GET", "/v1/project/{project_id}", self.dataset_by_id),
            ("GET", "/v1/user/authorization/keys/{org_id}", self.list_keys),
            ("POST", "/v1/user/authorization/keys/{org_id}/create", self.create_key),
            ("POST", "/v1/user/authorization/keys/{org_id}/delete", self.delete_key),
            ("POST", "/v1/embedding/text", self.embed_text),
            ("POST", "/v1/embedding/image", self.embed_image),
            ("POST", "/v1/upload", self.upload),
            ("POST", "/v1/parse", self.parse),
            ("POST", "/v1/extract", self.extract),
            ("GET", "/v1/status/{task_id}", self.task_status),
            ("GET", "/v1/task/{task_id}", self.task_status),
            ("DELETE", "/v1/task/{task_id}", self.cancel_task),
            ("POST", "/v1/tag/apply-to-ids", self.apply_tag),
            ("POST", "/v1/query/update/tag/ids", self.apply_tag),
            ("POST", "/v1/query/topk", self.topk),
            ("POST", "/v1/query", self.select),
        ]:
            regex = re.sub(r"\{(\w+)(?::([^}]+))?\}", lambda m: f"(?P<{m[1]}>{m[2] or '[^/]+'})", template)
            self.routes.append((method, re.compile(f"^{regex}$"), handler, template))

    # --- plumbing ---------------------------------------------------------------------------
    def world(self, token: str) -> World:
        with self.lock:
            if token not in self.worlds:
                self.worlds[token] = World(token)
            return self.worlds[token]

    def handle(self, req: Request) -> Reply:
        if req.host == UPLOAD_HOST:
            return self.storage_put(req)
        if req.host == RESULT_HOST:
            return self.result_file(req)
        if req.host == BLOB_HOST:
            return self.blob_file(req)
        if req.host == ASSET_HOST:
            return self.asset(req)
        for method, pattern, handler, template in self.routes:
            match = pattern.match(req.path)
            if match and method == req.method:
                req.route = template
                if req.token is None:
                    raise ApiError(401, "Not authenticated")
                with self.lock:
                    return handler(req, self.world(req.token), **match.groupdict())
        raise ApiError(404, "Not Found")

    # --- users and organizations ------------------------------------------------------------
    def user(self, req, world):
        membership = {
            "organization_id": world.org_id,
            "nickname": "My Org",
            "user_id": world.user_id,
            "access_role": "OWNER",
            "slug": world.org_slug,
        }
        return Reply(
            200,
            {
                "sub": world.user_id,
                "nickname": "samples",
                "name": "Docs Samples",
                "picture": "",
                "updated_at": world.created,
                "default_organization": world.org_id,
                "email": "samples@example.com",
                "organizations": [membership],
            },
        )

    def organization(self, req, world, slug):
        if slug not in (world.org_slug, world.org_id):
            raise ApiError(404, f"Organization {slug} not found")
        return Reply(
            200,
            {
                "id": world.org_id,
                "nickname": "My Org",
                "plan_type": "atlas_pro",
                "time_created": world.created,
                "members": [
                    {
                        "organization_id": world.org_id,
                        "nickname": "samples",
                        "user_id": world.user_id,
                        "access_role": "OWNER",
                        "email": "samples@example.com",
                    }
                ],
                "projects": [d.summary() for d in world.datasets.values()],
                "slug": world.org_slug,
                "organization_type": "organization",
                "linked_user_account_id": world.user_id,
                "access_role": "OWNER",
                "public_organization": False,
                "features": [],
                "max_datums_per_project": "10000000",
                "max_members": "100",
                "max_projects": 1000,
                "stripe_subscription_id": "",
                "stripe_customer_id": "",
                "stripe_subscription_start_timestamp": world.created,
                "stripe_subscription_end_timestamp": world.created,
                "max_external_collaborators": 10,
                "project_count": len(world.datasets),
                "max_datums_across_all_projects": 100_000_000,
            },
        )

    # --- datasets ---------------------------------------------------------------------------
    def dataset_by_slug(self, req, world, org, slug):
        dataset = world.by_slug(slug) if org == world.org_slug else None
        if dataset is None:
            raise ApiError(404, f"Dataset {org}/{slug} not found")
        return Reply(200, dataset.meta())

    def dataset_by_id(self, req, world, project_id):
        return Reply(200, world.dataset(project_id).meta())

    def create_dataset(self, req, world):
        body = req.json()
        if body.get("organization_id") != world.org_id:
            raise ApiError(404, "Organization not found")
        name = body.get("project_name") or ""
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
            raise validation_error(["body", "project_name"], "Invalid project name")
        if world.by_slug(name):
            raise ApiError(409, f"A dataset named {name} already exists")
        dataset = Dataset(
            world, name, body.get("description"), body.get("unique_id_field"), body.get("is_public", False)
        )
        world.datasets[dataset.id] = dataset
        return Reply(201, {"project_id": dataset.id, "slug": dataset.slug})

    def remove_dataset(self, req, world):
        dataset = world.dataset(req.json().get("project_id", ""))
        del world.datasets[dataset.id]
        return Reply(200, {"result": "ok"})

    def add_arrow(self, req, world):
        try:
            table = feather.read_table(io.BytesIO(req.body))
        except pa.ArrowInvalid as error:
            raise validation_error(["body"], f"Not an Arrow file: {error}")
        project_id = (table.schema.metadata or {}).get(b"project_id", b"").decode()
        dataset = world.dataset(project_id)
        table = table.replace_schema_metadata(None)
        self._append(dataset, table)
        return Reply(200, {"result": "ok"})

    def _append(self, dataset: Dataset, table: pa.Table) -> None:
        if dataset.schema is None:
            dataset.schema = table.schema
            names = set(table.column_names)
            dataset.modality = "embedding" if "_embeddings" in names else "image" if "_blob_hash" in names else "text"
        elif not table.schema.equals(dataset.schema):
            raise validation_error(
                ["body"], f"Upload schema {table.schema} does not match the dataset's {dataset.schema}"
            )
        if dataset.unique_id_field and dataset.table is not None:
            existing = set(map(str, dataset.table.column(dataset.unique_id_field).to_pylist()))
            clash = [v for v in map(str, table.column(dataset.unique_id_field).to_pylist()) if v in existing]
            if clash:
                raise validation_error(["body"], f"Insert failed due to ID conflict: {clash[:5]}")
        dataset.table = table if dataset.table is None else pa.concat_tables([dataset.table, table])

    def add_blobs(self, req, world):
        fields, files = parse_form(req)
        world.dataset((fields.get("dataset_id") or [""])[0])
        hashes = []
        for _name, content in files.get("blobs", []):
            digest = hashlib.sha256(content).hexdigest()
            self.blobs[digest] = content
            hashes.append(digest)
        return Reply(200, {"hashes": hashes})

    def get_data(self, req, world):
        body = req.json()
        dataset = world.dataset(body.get("project_id", ""))
        wanted = [str(v) for v in body.get("datum_ids") or []]
        if dataset.table is None or not dataset.unique_id_field:
            return Reply(200, {"datums": []})
        rows = dataset.table.drop_columns([c for c in dataset.table.column_names if c == "_embeddings"]).to_pylist()
        by_id = {str(row[dataset.unique_id_field]): row for row in rows}
        datums = [{k: jsonable(v) for k, v in by_id[i].items()} for i in wanted if i in by_id]
        return Reply(200, {"datums": datums})

    # --- maps -------------------------------------------------------------------------------
    def create_index(self, req, world):
        body = req.json()
        dataset = world.dataset(body.get("project_id", ""))
        if dataset.table is None or dataset.table.num_rows == 0:
            raise validation_error(["body", "project_id"], "The dataset has no data to index")
        indexed_field = body.get("indexed_field")
        hyper = {
            key: json.loads(body[key]) if isinstance(body.get(key), str) else body.get(key) or {}
            for key in (
                "projection_hyperparameters",
                "topic_model_hyperparameters",
                "duplicate_detection_hyperparameters",
            )
        }
        reuse = body.get("reuse_atoms_and_embeddings_from")
        plan = self._plan(world, dataset, body.get("index_name"))
        index = self.build(
            dataset,
            name=body.get("index_name"),
            indexed_field=indexed_field,
            model=body.get("model"),
            build_topics=hyper["topic_model_hyperparameters"].get("build_topic_model", True),
            topic_label_field=hyper["topic_model_hyperparameters"].get("community_description_target_field"),
            duplicates=hyper["duplicate_detection_hyperparameters"].get("tag_duplicates", True),
            duplicate_cutoff=hyper["duplicate_detection_hyperparameters"].get("duplicate_cutoff", 0.1),
            projection_hyperparameters=hyper["projection_hyperparameters"],
            reuse=world.index(reuse)[1] if reuse else None,
            projection_id=plan.get("projection_id"),
            topic_model_id=plan.get("topic_model_id"),
        )
        self._tag(index.projection, plan.get("tags"), world)
        job_id = str(uuid.uuid4())
        self.jobs[job_id] = {"id": job_id, "index_id": index.id, "created": index.created}
        return Reply(200, {"job_id": job_id})

    def build(
        self,
        dataset: Dataset,
        name=None,
        indexed_field=None,
        model=None,
        build_topics=True,
        topic_label_field=None,
        duplicates=True,
        duplicate_cutoff=0.1,
        projection_hyperparameters=None,
        reuse: Index | None = None,
        projection_id=None,
        topic_model_id=None,
    ) -> Index:
        table = dataset.table
        if indexed_field is None:
            modality = "embedding"
            if "_embeddings" not in table.column_names:
                raise validation_error(["body", "indexed_field"], "An embedding index needs uploaded embeddings")
        elif indexed_field == "_blob_hash":
            modality = "image"
        else:
            modality = "text"
        if indexed_field is not None and indexed_field not in table.column_names:
            raise validation_error(["body", "indexed_field"], f"Field {indexed_field} is not in the dataset")
        if model is not None and model not in TEXT_MODELS | VISION_MODELS:
            raise validation_error(["body", "model"], f"Unknown embedding model {model}")
        if reuse is not None and reuse.projection.n == table.num_rows:
            matrix = reuse.projection.vectors
        elif modality == "embedding":
            column = table.column("_embeddings").combine_chunks()
            matrix = np.asarray(column.flatten().to_numpy(zero_copy_only=False), dtype=np.float32).reshape(
                table.num_rows, -1
            )
        elif modality == "image":
            missing = [h for h in table.column("_blob_hash").to_pylist() if h not in self.blobs]
            if missing:
                raise validation_error(["body"], f"{len(missing)} rows have no uploaded image")
            matrix = vectors.embed_blobs([self.blobs[h] for h in table.column("_blob_hash").to_pylist()])
        else:
            matrix = vectors.embed_texts(["" if v is None else str(v) for v in table.column(indexed_field).to_pylist()])
        if modality == "text" and topic_label_field is None:
            topic_label_field = indexed_field
        if topic_label_field is not None and topic_label_field not in table.column_names:
            topic_label_field = None
        # The map keeps `_blob_hash` (top-k results carry it, as Nomic's image-search example reads).
        rows = table.drop_columns([c for c in table.column_names if c.startswith("_") and c != "_blob_hash"])
        projection = maps.MapBuild(
            rows,
            dataset.unique_id_field,
            matrix,
            topic_label_field,
            bool(build_topics),
            float(duplicate_cutoff) if duplicates else None,
            projection_id=projection_id,
            topic_model_id=topic_model_id,
        )
        index = Index(
            id=str(uuid.uuid4()),
            name=name or dataset.name,
            indexed_field=indexed_field,
            model=model if modality != "embedding" else None,
            modality=modality,
            projection=projection,
            hyperparameters={k: v for k, v in (projection_hyperparameters or {}).items() if v is not None},
        )
        dataset.indices.append(index)
        return index

    def _plan(self, world: World, dataset: Dataset, name: str | None) -> dict:
        for plan in self.plans.get(world.token, []):
            if (
                plan["dataset"] == dataset.slug
                and plan.get("map") in (None, name or dataset.name)
                and not plan.get("used")
            ):
                plan["used"] = True
                return plan
        return {}

    def _tag(self, projection: maps.MapBuild, tags: dict | None, world: World) -> None:
        """Tags as a reader makes them in the web app: a list of ids, or rows whose `field` matches a regex."""
        for tag_name, rule in (tags or {}).items():
            if isinstance(rule, dict):
                pattern = re.compile(rule["matches"], re.IGNORECASE)
                values = projection.rows.column(rule["field"]).to_pylist()
                mask = np.array([bool(pattern.search(str(v))) for v in values], dtype=bool)
            else:
                wanted = {str(i) for i in rule}
                mask = np.array([i in wanted for i in projection.ids], dtype=bool)
            projection.tags[tag_name] = maps.Tag(tag_name, user_id=world.user_id, mask=mask)

    def job(self, req, world, job_id):
        if job_id not in self.jobs:
            raise ApiError(404, f"Job {job_id} not found")
        job = self.jobs[job_id]
        return Reply(
            200,
            {
                "id": job["id"],
                "index_id": job["index_id"],
                "job_start_timestamp": job["created"],
                "job_end_timestamp": job["created"],
                "total_datums_remaining_to_atomize": 0,
                "total_atoms_remaining_to_embed": 0,
                "nearest_neighbor_indices_remaining_to_build": 0,
                "projections_remaining_to_build": 0,
                "topic_models_remaining_to_build": 0,
                "rebuild_topic_models": False,
            },
        )

    def job_progress(self, req, world, index_id):
        _, index = world.index(index_id)
        return Reply(
            200,
            {
                "result": 100,
                "job_start_timestamp": index.created,
                "job_end_timestamp": index.created,
                "index_build_stage": "Completed",
            },
        )

    def map_information(self, req, world, project_id, projection_id):
        dataset, index = world.projection(projection_id)
        if dataset.id != project_id:
            raise ApiError(404, "Projection not found in this dataset")
        projection = index.projection
        topic_models = [{"type": "FeatureCollection", "features": projection.features}] if projection.depth else []
        return Reply(200, {"topic_models": topic_models, "topic_model_metadatas": [{}] if topic_models else []})

    def projection_schema(self, req, world, projection_id):
        _, index = world.projection(projection_id)
        return Reply(200, index.projection.schema_bytes(), "application/vnd.apache.arrow.stream")

    def quadtree(self, req, world, project_id, projection_id, key):
        dataset, index = world.projection(projection_id)
        content = index.projection.tile(key) if dataset.id == project_id else None
        if content is None:
            raise ApiError(404, f"No tile {key}")
        return Reply(200, content, "application/vnd.apache.arrow.file")

    def update_topics(self, req, world, topic_model_id):
        body = req.json()
        dataset = world.dataset(body.get("project_id", ""))
        for index in dataset.indices:
            if index.projection.topic_model_id == topic_model_id:
                index.projection.features = body["topic_geojson"]["features"]
                return Reply(200, {"result": "ok"})
        raise ApiError(404, f"Topic model {topic_model_id} not found")

    def _queries(self, body) -> np.ndarray:
        try:
            return np.load(io.BytesIO(base64.b64decode(body["queries"])), allow_pickle=False)
        except Exception as error:  # noqa: BLE001 - any decoding problem is the caller's
            raise validation_error(["body", "queries"], f"queries must be a base64 .npy array: {error}")

    def neighbours_by_embedding(self, req, world):
        body = req.json()
        _, index = world.index(body.get("atlas_index_id", ""))
        queries = self._queries(body)
        if queries.ndim != 2 or queries.shape[1] != index.projection.vectors.shape[1]:
            raise validation_error(
                ["body", "queries"], f"Expected queries of shape (n, {index.projection.vectors.shape[1]})"
            )
        neighbours, distances = index.projection.neighbours(queries, int(body.get("k", 5)))
        return Reply(200, {"neighbors": neighbours, "distances": distances})

    def neighbours_by_id(self, req, world):
        body = req.json()
        _, index = world.index(body.get("atlas_index_id", ""))
        positions = index.projection.index_of()
        ids = [str(i) for i in body.get("datum_ids") or []]
        unknown = [i for i in ids if i not in positions]
        if unknown:
            raise ApiError(404, f"Unknown datum ids: {unknown[:5]}")
        queries = index.projection.vectors[[positions[i] for i in ids]]
        neighbours, distances = index.projection.neighbours(queries, int(body.get("k", 5)))
        return Reply(200, {"neighbors": neighbours, "distances": distances})

    def topics_by_embedding(self, req, world):
        body = req.json()
        _, index = world.index(body.get("atlas_index_id", ""))
        projection = index.projection
        if not projection.depth:
            raise ApiError(404, "This map has no topic model")
        depth = max(1, min(int(body.get("depth", 3)), projection.depth))
        labels = {f["properties"]["topic"]: f["properties"]["topic_short_description"] for f in projection.features}
        positions = projection.index_of()
        neighbour_ids, _ = projection.neighbours(self._queries(body), int(body.get("k", 32)))
        out = []
        for row in neighbour_ids:
            topics = [labels[int(projection.topic_ids[depth - 1][positions[i]])] for i in row]
            out.append({topic: round(topics.count(topic) / len(topics), 4) for topic in dict.fromkeys(topics)})
        return Reply(200, out)

    def tags_all(self, req, world):
        dataset, index = world.projection(req.arg("projection_id") or "")
        tags = []
        for tag in index.projection.tags.values():
            entry = {
                "tag_id": tag.tag_id,
                "tag_definition_id": tag.definition_id,
                "tag_name": tag.name,
                "user_id": tag.user_id,
            }
            if (req.arg("include_dsl_rule") or "").lower() == "true":
                entry["dsl_rule"] = "{}"
            tags.append(entry)
        return Reply(200, tags)

    def tag_status(self, req, world):
        tag_id = req.arg("tag_id")
        dataset = world.dataset(req.arg("project_id") or "")
        if not any(t.tag_id == tag_id for i in dataset.indices for t in i.projection.tags.values()):
            raise ApiError(404, f"Tag {tag_id} not found")
        return Reply(200, {"is_complete": True})

    def apply_tag(self, req, world):
        body = req.json()
        projection_id = str(body.get("projection_id", ""))
        if not UUID.match(projection_id):
            raise validation_error(["body", "projection_id"], "Input should be a valid UUID", "uuid_parsing")
        dataset, index = world.projection(projection_id)
        projection = index.projection
        id_field = body.get("id_field") or dataset.unique_id_field
        if not id_field:
            raise ApiError(400, "The dataset has no unique id field; name the id column in id_field")
        values = [str(v) for v in projection.rows.column(id_field).to_pylist()]
        wanted = {str(i) for i in body.get("ids") or []}
        hits = np.array([v in wanted for v in values], dtype=bool)
        name = body.get("tag_name") or ""
        tag = projection.tags.get(name)
        if tag is None:
            tag = projection.tags[name] = maps.Tag(name, user_id=world.user_id, mask=np.zeros(projection.n, dtype=bool))
        if body.get("operation", "add") == "remove":
            tag.mask = tag.mask & ~hits
        else:
            tag.mask = tag.mask | hits
        return Reply(200, {"success": True, "tag_id": tag.tag_id, "points_tagged": int(hits.sum())})

    def blob_url(self, req, world, dataset_id, blob_hash):
        world.dataset(dataset_id)
        if blob_hash not in self.blobs:
            raise ApiError(404, f"Blob {blob_hash} not found")
        return Reply(200, {"url": f"https://{BLOB_HOST}/{blob_hash}?X-Amz-Expires=3600"})

    def blob_file(self, req):
        blob = self.blobs.get(req.path.strip("/"))
        if blob is None:
            return Reply(404, b"NoSuchKey", "application/xml")
        return Reply(200, blob, "image/jpeg")

    # --- query API --------------------------------------------------------------------------
    def _selection_mask(self, projection: maps.MapBuild, selection: dict | None) -> np.ndarray:
        if not selection:
            return np.ones(projection.n, dtype=bool)
        method = selection.get("method")
        if method == "composition":
            parts = [self._selection_mask(projection, f) for f in selection.get("filters") or []]
            if not parts:
                mask = np.ones(projection.n, dtype=bool)
            elif selection.get("conjunctor", "ALL") == "ANY":
                mask = np.logical_or.reduce(parts)
            else:
                mask = np.logical_and.reduce(parts)
        elif method == "search":
            column = selection.get("field")
            if column not in projection.rows.column_names:
                raise ApiError(400, f"Unknown field {column}")
            query = str(selection.get("query", ""))
            pattern = query if selection.get("regex") else re.escape(query)
            if selection.get("wordBoundary"):
                pattern = rf"\b(?:{pattern})\b"
            flags = re.IGNORECASE if selection.get("ignoreCase", True) else 0
            try:
                compiled = re.compile(pattern, flags)
            except re.error as error:
                raise ApiError(400, f"Invalid regular expression: {error}")
            mask = np.array([bool(compiled.search(str(v))) for v in projection.rows.column(column).to_pylist()])
        elif method == "range":
            column = projection.rows.column(selection.get("field"))
            low, high = (selection.get("range") or [None, None]) + [None, None]
            values = column.to_pylist()
            mask = np.array(
                [v is not None and (low is None or v >= low) and (high is None or v <= high) for v in values]
            )
        else:
            raise ApiError(400, f"Unsupported selection method {method!r}")
        if selection.get("polarity", True) is False:
            mask = ~mask
        return mask.astype(bool).reshape(projection.n)

    def _query_projection(self, world: World, body: dict) -> tuple[Dataset, Index]:
        projection_id = str(body.get("projection_id", ""))
        if not UUID.match(projection_id):
            raise ApiError(400, f"projection_id must be a UUID, not {projection_id!r}")
        try:
            return world.projection(projection_id)
        except ApiError:
            raise ApiError(400, f"No map with projection_id {projection_id}") from None

    def topk(self, req, world):
        body = req.json()
        dataset, index = self._query_projection(world, body)
        projection = index.projection
        if not isinstance(body.get("k"), int) or body["k"] < 1:
            raise ApiError(400, "k must be a positive integer")
        query = body.get("query")
        if isinstance(query, str):
            vector = vectors.embed_texts([query])[0]
        elif isinstance(query, list) and all(isinstance(v, (int, float)) for v in query):
            if len(query) != projection.vectors.shape[1]:
                raise ApiError(
                    400, f"Query vector has {len(query)} dimensions; the map's have {projection.vectors.shape[1]}"
                )
            vector = vectors.unit(np.asarray(query, dtype=np.float32))
        else:
            raise ApiError(400, "query must be a string or a list of numbers")
        # Without `fields`: every uploaded column, and `_blob_hash` for images (cookbook search-image-dataset.ipynb).
        columns = body.get("fields") or (
            ([dataset.unique_id_field] if dataset.unique_id_field else [])
            + projection.user_columns()
            + (["_blob_hash"] if "_blob_hash" in projection.rows.column_names else [])
        )
        unknown = [c for c in columns if c not in projection.rows.column_names]
        if unknown:
            raise ApiError(400, f"Unknown fields: {unknown}")
        mask = self._selection_mask(projection, body.get("selection"))
        similarity = projection.vectors @ vector
        order = [i for i in np.argsort(-similarity).tolist() if mask[i]][: body["k"]]
        table = projection.rows.select(columns).take(order).to_pylist()
        data = [
            {**{k: jsonable(v) for k, v in row.items()}, "_similarity": round(float(similarity[i]), 6)}
            for row, i in zip(table, order)
        ]
        return Reply(200, {"data": data})

    def select(self, req, world):
        body = req.json()
        _, index = self._query_projection(world, body)
        projection = index.projection
        mask = self._selection_mask(projection, body.get("selection"))
        return Reply(200, {"data": [{"id_": projection.ids[i]} for i in np.flatnonzero(mask).tolist()]})

    # --- API keys ---------------------------------------------------------------------------
    def _org(self, world, org_id):
        if org_id != world.org_id:
            raise ApiError(404, f"Organization {org_id} not found")

    def list_keys(self, req, world, org_id):
        self._org(world, org_id)
        return Reply(200, {"keys": [{k: v for k, v in key.items() if k != "secret"} for key in world.keys]})

    def create_key(self, req, world, org_id):
        self._org(world, org_id)
        name = req.json().get("key_name") or ""
        secret = "nk-" + hashlib.sha256(f"{world.token}/{name}/{len(world.keys)}".encode()).hexdigest()[:40]
        world.keys.append(
            {
                "key_name": name,
                "expiration": "2099-01-01T00:00:00+00:00",
                "creation": now(),
                "suffix": secret[-4:],
                "secret": secret,
            }
        )
        return Reply(200, {"key": secret})

    def delete_key(self, req, world, org_id):
        self._org(world, org_id)
        name = req.json().get("key_name")
        before = len(world.keys)
        world.keys = [k for k in world.keys if k["key_name"] != name]
        if len(world.keys) == before:
            raise ApiError(404, f"No key named {name}")
        return Reply(200, {"result": "ok"})

    # --- embeddings -------------------------------------------------------------------------
    def embed_text(self, req, world):
        body = req.json()
        texts = body.get("texts")
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise validation_error(["body", "texts"], "texts must be a list of strings", "list_type")
        model = body.get("model") or "nomic-embed-text-v1"
        if model not in TEXT_MODELS:
            raise validation_error(["body", "model"], f"Input should be one of {sorted(TEXT_MODELS)}", "enum")
        if (body.get("task_type") or "search_document") not in TASK_TYPES:
            raise validation_error(["body", "task_type"], f"Input should be one of {sorted(TASK_TYPES)}", "enum")
        dimensionality = body.get("dimensionality")
        if dimensionality is not None and (model != "nomic-embed-text-v1.5" or not 64 <= int(dimensionality) <= 768):
            raise ApiError(400, "dimensionality is supported by nomic-embed-text-v1.5 only, between 64 and 768")
        matrix = vectors.embed_texts(texts, dimensionality)
        tokens = sum(vectors.token_count(t) for t in texts)
        return Reply(
            200,
            {
                "embeddings": matrix.round(6).tolist(),
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
                "model": model,
            },
        )

    def embed_image(self, req, world):
        fields, files = parse_form(req)
        model = (fields.get("model") or ["nomic-embed-vision-v1.5"])[0]
        if model not in VISION_MODELS:
            raise validation_error(["body", "model"], f"Input should be one of {sorted(VISION_MODELS)}", "enum")
        images = [content for _, content in files.get("images", [])]
        urls = fields.get("urls", [])
        if images and urls:
            raise ApiError(400, "Send either image files or image URLs, not both")
        if not images and not urls:
            raise validation_error(["body", "images"], "Field required", "missing")
        for content in images:
            if not (content[:3] == b"\xff\xd8\xff" or content[:8] == b"\x89PNG\r\n\x1a\n" or content[8:12] == b"WEBP"):
                raise ApiError(400, "Images must be PNG, JPEG or WebP")
        matrix = vectors.embed_blobs(images or [u.encode() for u in urls])
        count = len(images) + len(urls)
        return Reply(
            200,
            {
                "embeddings": matrix.round(6).tolist(),
                "usage": {"prompt_tokens": count, "total_tokens": count},
                "model": model,
            },
        )

    # --- files and tasks --------------------------------------------------------------------
    def upload(self, req, world):
        body = req.json()
        files = body.get("files") if isinstance(body, dict) else None
        if not isinstance(files, list) or not files:
            raise validation_error(["body", "files"], "Field required", "missing")
        entries = []
        for entry in files:
            if not isinstance(entry.get("size"), int) or entry["size"] < 1:
                raise validation_error(["body", "files", "size"], "size must be at least 1")
            file_id = str(uuid.uuid4())
            self.uploads[file_id] = {**entry, "token": world.token, "data": None}
            entries.append(
                {
                    "request_id": entry.get("id"),
                    "upload_url": f"https://{UPLOAD_HOST}/{file_id}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600",
                    "nomic_url": f"nomic://{file_id}",
                }
            )
        return Reply(201, {"files": entries})

    def storage_put(self, req):
        file_id = req.path.strip("/")
        if req.method != "PUT" or file_id not in self.uploads:
            return Reply(403, b"<Error><Code>AccessDenied</Code></Error>", "application/xml")
        if req.headers.get("Authorization"):
            # A presigned URL carries its own signature; S3 refuses a second auth mechanism.
            return Reply(
                400,
                b"<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>",
                "application/xml",
            )
        if req.headers.get("x-amz-server-side-encryption") != "AES256":
            return Reply(
                403,
                b"<Error><Code>SignatureDoesNotMatch</Code><Message>x-amz-server-side-encryption: AES256 is part of the signed request</Message></Error>",
                "application/xml",
            )
        self.uploads[file_id]["data"] = req.body
        return Reply(200, b"", "application/xml")

    def _file(self, url: str, world: World) -> tuple[str, bytes] | str:
        """The (name, bytes) behind a file URL, or the reason it cannot be read."""
        if url.startswith("nomic://"):
            entry = self.uploads.get(url[len("nomic://") :])
            if entry is None or entry["token"] != world.token:
                return f"Unknown file {url}"
            if entry["data"] is None:
                return f"Nothing was uploaded to {url}"
            return entry.get("id") or "upload", entry["data"]
        asset = documents.asset(url)
        if asset is None:
            return "The file could not be downloaded from the given URL."
        return url.rsplit("/", 1)[-1], asset

    def _task(self, world: World, kind: str, outcome: dict | str) -> Reply:
        task_id = str(uuid.uuid4())
        self.tasks[task_id] = {"kind": kind, "token": world.token, "outcome": outcome, "created": now()}
        return Reply(201, {"task_id": task_id})

    def parse(self, req, world):
        body = req.json()
        if not isinstance(body, dict) or not isinstance(body.get("file_url"), str):
            raise validation_error(["body", "file_url"], "Field required", "missing")
        options = body.get("options") or {}
        found = self._file(body["file_url"], world)
        outcome = found if isinstance(found, str) else documents.parse(found[0], found[1], options)
        return self._task(world, "parse", outcome)

    def extract(self, req, world):
        body = req.json()
        urls = body.get("file_urls") if isinstance(body, dict) else None
        if not isinstance(urls, list) or not urls or not isinstance(body.get("extraction_schema"), dict):
            raise validation_error(["body", "file_urls"], "file_urls and extraction_schema are required", "missing")
        texts = []
        for url in urls:
            found = self._file(url, world)
            if isinstance(found, str):
                return self._task(world, "extract", found)
            texts.append(documents.text_of(found[0], found[1]))
        return self._task(world, "extract", documents.extract(body["extraction_schema"], "\n".join(texts)))

    def task_status(self, req, world, task_id):
        task = self.tasks.get(task_id)
        if task is None or task["token"] != world.token:
            raise ApiError(404, "Not Found")
        if isinstance(task["outcome"], str):
            return Reply(200, {"task_id": task_id, "status": "FAILED", "error": task["outcome"], "result": None})
        return Reply(
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

    def cancel_task(self, req, world, task_id):
        task = self.tasks.get(task_id)
        if task is None or task["token"] != world.token:
            raise ApiError(404, "Not Found")
        if task["kind"] != "parse":
            raise ApiError(501, "Cancellation only implemented for parse tasks.")
        return Reply(204)

    def result_file(self, req):
        task = self.tasks.get(req.path.strip("/").removesuffix(".json"))
        if task is None or isinstance(task["outcome"], str):
            return Reply(404, b"<Error><Code>NoSuchKey</Code></Error>", "application/xml")
        return Reply(200, json.dumps(task["outcome"]).encode(), "application/json")

    def asset(self, req):
        content = documents.asset(f"https://{ASSET_HOST}{req.path}")
        if content is None:
            return Reply(404, b"<Error><Code>NoSuchKey</Code></Error>", "application/xml")
        return Reply(200, content, "application/pdf" if req.path.endswith(".pdf") else "application/octet-stream")

    # --- seeding (the pages' prerequisites) -------------------------------------------------
    def seed(self, spec: dict) -> dict:
        """Creates the datasets and maps a page says the reader already has."""
        world = self.world(spec["token"])
        made = []
        with self.lock:
            for entry in spec.get("datasets") or []:
                made.append(self._seed_dataset(world, entry))
            self.plans.setdefault(world.token, []).extend(dict(plan) for plan in spec.get("built_by_page") or [])
            for task in spec.get("tasks") or []:  # tasks the reader started earlier, by ID
                kind = task.get("kind", "parse")
                self.tasks[task["task_id"]] = {
                    "kind": kind,
                    "token": world.token,
                    "outcome": {"chunks": []} if kind == "parse" else {},
                    "created": now(),
                }
        return {"datasets": made}

    def _seed_dataset(self, world: World, entry: dict) -> dict:
        org, _, slug = entry["identifier"].rpartition("/")
        if org and org != world.org_slug:
            raise ValueError(f"seeded datasets live in {world.org_slug}, not {org}")
        dataset = Dataset(
            world, slug, entry.get("description", ""), entry.get("unique_id_field"), entry.get("is_public", True)
        )
        if entry.get("dataset_id"):
            dataset.id = entry["dataset_id"]
        world.datasets[dataset.id] = dataset
        rows = entry.get("rows")
        if rows:
            types = {
                name: pa.string() for name in [dataset.unique_id_field, *(entry.get("string_columns") or [])] if name
            }
            table = pacsv.read_csv(io.BytesIO(rows.encode()), convert_options=pacsv.ConvertOptions(column_types=types))
            table = table.cast(to_atlas_schema(table.schema))
            if entry.get("embeddings_from"):
                matrix = vectors.embed_texts([str(v) for v in table.column(entry["embeddings_from"]).to_pylist()])
                flat = pa.array(matrix.reshape(-1).astype(np.float16), pa.float16())
                table = table.append_column("_embeddings", pa.FixedSizeListArray.from_arrays(flat, matrix.shape[1]))
            if entry.get("images"):
                hashes = []
                for i in range(table.num_rows):
                    content = documents.fixture_image(entry["images"], i)
                    digest = hashlib.sha256(content).hexdigest()
                    self.blobs[digest] = content
                    hashes.append(digest)
                table = table.append_column("_blob_hash", pa.array(hashes, pa.string()))
            self._append(dataset, table)
        for view in entry.get("maps") or []:
            self.build(
                dataset,
                name=view.get("name"),
                indexed_field=view.get("indexed_field"),
                model=view.get("embedding_model", "nomic-embed-text-v1.5" if view.get("indexed_field") else None),
                build_topics=view.get("topics", True),
                topic_label_field=view.get("topic_label_field"),
                duplicates=view.get("duplicates", True),
                duplicate_cutoff=view.get("duplicate_cutoff", 0.1),
                projection_id=view.get("projection_id"),
                topic_model_id=view.get("topic_model_id"),
            )
            self._tag(dataset.indices[-1].projection, view.get("tags"), world)
        return {"identifier": f"{world.org_slug}/{dataset.slug}", "id": dataset.id}


def parse_form(req: Request) -> tuple[dict[str, list[str]], dict[str, list[tuple[str, bytes]]]]:
    """Fields and files of a multipart or urlencoded form body."""
    content_type = req.headers.get("Content-Type") or ""
    fields: dict[str, list[str]] = {}
    files: dict[str, list[tuple[str, bytes]]] = {}
    if content_type.startswith("multipart/form-data"):
        message = message_from_bytes(f"Content-Type: {content_type}\r\n\r\n".encode() + req.body, policy=HTTP)
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            payload = part.get_payload(decode=True) or b""
            if part.get_filename() is not None:
                files.setdefault(name, []).append((part.get_filename(), payload))
            else:
                fields.setdefault(name, []).append(payload.decode())
    elif content_type.startswith("application/x-www-form-urlencoded"):
        fields = parse_qs(req.body.decode(), keep_blank_values=True)
    return fields, files
