"""Datasets: create, read, remove, add rows (Arrow) and images (blobs), read rows back."""

import hashlib
import io
import re

import pyarrow as pa
from pyarrow import feather

from .common import BLOB_HOST, ApiError, Reply, jsonable, parse_form, validation_error
from .state import Dataset


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


def append(dataset: Dataset, table: pa.Table) -> None:
    """Adds rows to a dataset; its first upload fixes the schema and the modality."""
    if dataset.schema is None:
        dataset.schema = table.schema
        names = set(table.column_names)
        dataset.modality = "embedding" if "_embeddings" in names else "image" if "_blob_hash" in names else "text"
    elif not table.schema.equals(dataset.schema):
        raise validation_error(["body"], f"Upload schema {table.schema} does not match the dataset's {dataset.schema}")
    if dataset.unique_id_field and dataset.table is not None:
        existing = set(map(str, dataset.table.column(dataset.unique_id_field).to_pylist()))
        clash = [v for v in map(str, table.column(dataset.unique_id_field).to_pylist()) if v in existing]
        if clash:
            raise validation_error(["body"], f"Insert failed due to ID conflict: {clash[:5]}")
    dataset.table = table if dataset.table is None else pa.concat_tables([dataset.table, table])


def by_slug(atlas, req, world, org, slug):
    dataset = world.by_slug(slug) if org == world.org_slug else None
    if dataset is None:
        raise ApiError(404, f"Dataset {org}/{slug} not found")
    return Reply(200, dataset.meta())


def by_id(atlas, req, world, project_id):
    return Reply(200, world.dataset(project_id).meta())


def create(atlas, req, world):
    body = req.json()
    if body.get("organization_id") != world.org_id:
        raise ApiError(404, "Organization not found")
    name = body.get("project_name") or ""
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
        raise validation_error(["body", "project_name"], "Invalid project name")
    if world.by_slug(name):
        raise ApiError(409, f"A dataset named {name} already exists")
    dataset = Dataset(world, name, body.get("description"), body.get("unique_id_field"), body.get("is_public", False))
    world.datasets[dataset.id] = dataset
    return Reply(201, {"project_id": dataset.id, "slug": dataset.slug})


def remove(atlas, req, world):
    dataset = world.dataset(req.json().get("project_id", ""))
    del world.datasets[dataset.id]
    return Reply(200, {"result": "ok"})


def add_arrow(atlas, req, world):
    try:
        table = feather.read_table(io.BytesIO(req.body))
    except pa.ArrowInvalid as error:
        raise validation_error(["body"], f"Not an Arrow file: {error}")
    project_id = (table.schema.metadata or {}).get(b"project_id", b"").decode()
    dataset = world.dataset(project_id)
    if dataset.locked:
        # The words the client looks for in the answer (nomic/dataset.py `_add_data`); no source gives the status.
        raise validation_error(["body"], "Project transaction lock is held")
    append(dataset, table.replace_schema_metadata(None))
    return Reply(200, {"result": "ok"})


def add_blobs(atlas, req, world):
    fields, files = parse_form(req.headers.get("Content-Type") or "", req.body)
    world.dataset((fields.get("dataset_id") or [""])[0])
    hashes = []
    for _name, content in files.get("blobs", []):
        digest = hashlib.sha256(content).hexdigest()
        atlas.blobs[digest] = content
        hashes.append(digest)
    return Reply(200, {"hashes": hashes})


def get_data(atlas, req, world):
    body = req.json()
    dataset = world.dataset(body.get("project_id", ""))
    wanted = [str(v) for v in body.get("datum_ids") or []]
    if dataset.table is None or not dataset.unique_id_field:
        return Reply(200, {"datums": []})
    rows = dataset.table.drop_columns([c for c in dataset.table.column_names if c == "_embeddings"]).to_pylist()
    by_id_field = {str(row[dataset.unique_id_field]): row for row in rows}
    datums = [{k: jsonable(v) for k, v in by_id_field[i].items()} for i in wanted if i in by_id_field]
    return Reply(200, {"datums": datums})


def blob_url(atlas, req, world, dataset_id, blob_hash):
    world.dataset(dataset_id)
    if blob_hash not in atlas.blobs:
        raise ApiError(404, f"Blob {blob_hash} not found")
    return Reply(200, {"url": f"https://{BLOB_HOST}/{blob_hash}?X-Amz-Expires=3600"})


def blob_file(atlas, req):
    """GET of the storage URL `blob_url` hands out."""
    blob = atlas.blobs.get(req.path.strip("/"))
    if blob is None:
        return Reply(404, b"<Error><Code>NoSuchKey</Code></Error>", "application/xml")
    return Reply(200, blob, "image/jpeg")


ROUTES = [
    ("POST", "/v1/project/create", create),
    ("POST", "/v1/project/remove", remove),
    ("POST", "/v1/project/data/add/arrow", add_arrow),
    ("POST", "/v1/project/data/add/blobs", add_blobs),
    ("POST", "/v1/project/data/get", get_data),
    ("GET", "/v1/project/data/get/blob/{dataset_id}/{blob_hash}", blob_url),
    ("GET", "/v1/project/{org}/{slug}", by_slug),
    ("GET", "/v1/project/{project_id}", by_id),
]
