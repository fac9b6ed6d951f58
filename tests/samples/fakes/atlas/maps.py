"""Maps: building one (an index with its projection), its build job, and what the client reads
from a built map (map information, Arrow schema and quadtree tiles, topics, nearest neighbours)."""

import base64
import io
import json
import re
import time
import uuid

import numpy as np

from . import mapbuild, vectors
from .common import ApiError, Reply, validation_error
from .state import BUILD_SECONDS, Dataset, Index, World

TEXT_MODELS = {"nomic-embed-text-v1", "nomic-embed-text-v1.5", "gte-multilingual-base"}
VISION_MODELS = {"nomic-embed-vision-v1", "nomic-embed-vision-v1.5"}


def build(
    atlas,
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
    seconds: float = 0.0,
) -> Index:
    """Computes a map of the dataset's rows at once; it reads as building for `seconds`."""
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
        missing = [h for h in table.column("_blob_hash").to_pylist() if h not in atlas.blobs]
        if missing:
            raise validation_error(["body"], f"{len(missing)} rows have no uploaded image")
        matrix = vectors.embed_blobs([atlas.blobs[h] for h in table.column("_blob_hash").to_pylist()])
    else:
        matrix = vectors.embed_texts(["" if v is None else str(v) for v in table.column(indexed_field).to_pylist()])
    if modality == "text" and topic_label_field is None:
        topic_label_field = indexed_field
    if topic_label_field is not None and topic_label_field not in table.column_names:
        topic_label_field = None
    # The map keeps `_blob_hash` (top-k results carry it, as Nomic's image-search example reads).
    rows = table.drop_columns([c for c in table.column_names if c.startswith("_") and c != "_blob_hash"])
    projection = mapbuild.MapBuild(
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
        ready_at=time.monotonic() + seconds if seconds else 0.0,
    )
    dataset.indices.append(index)
    return index


def tag(projection: mapbuild.MapBuild, tags: dict | None, world: World) -> None:
    """Tags as a reader makes them in the web app: a list of ids, or rows whose `field` matches a regex."""
    for tag_name, rule in (tags or {}).items():
        if isinstance(rule, dict):
            pattern = re.compile(rule["matches"], re.IGNORECASE)
            values = projection.rows.column(rule["field"]).to_pylist()
            mask = np.array([bool(pattern.search(str(v))) for v in values], dtype=bool)
        else:
            wanted = {str(i) for i in rule}
            mask = np.array([i in wanted for i in projection.ids], dtype=bool)
        projection.tags[tag_name] = mapbuild.Tag(tag_name, user_id=world.user_id, mask=mask)


def _plan(atlas, world: World, dataset: Dataset, name: str | None) -> dict:
    """What the page's prerequisites say happens to a map it builds (`built_by_page`)."""
    for plan in atlas.plans.get(world.token, []):
        if plan["dataset"] == dataset.slug and plan.get("map") in (None, name or dataset.name) and not plan.get("used"):
            plan["used"] = True
            return plan
    return {}


def create_index(atlas, req, world):
    body = req.json()
    dataset = world.dataset(body.get("project_id", ""))
    if dataset.table is None or dataset.table.num_rows == 0:
        raise validation_error(["body", "project_id"], "The dataset has no data to index")
    hyper = {
        key: json.loads(body[key]) if isinstance(body.get(key), str) else body.get(key) or {}
        for key in ("projection_hyperparameters", "topic_model_hyperparameters", "duplicate_detection_hyperparameters")
    }
    reuse = body.get("reuse_atoms_and_embeddings_from")
    plan = _plan(atlas, world, dataset, body.get("index_name"))
    index = build(
        atlas,
        dataset,
        name=body.get("index_name"),
        indexed_field=body.get("indexed_field"),
        model=body.get("model"),
        build_topics=hyper["topic_model_hyperparameters"].get("build_topic_model", True),
        topic_label_field=hyper["topic_model_hyperparameters"].get("community_description_target_field"),
        duplicates=hyper["duplicate_detection_hyperparameters"].get("tag_duplicates", True),
        duplicate_cutoff=hyper["duplicate_detection_hyperparameters"].get("duplicate_cutoff", 0.1),
        projection_hyperparameters=hyper["projection_hyperparameters"],
        reuse=world.index(reuse)[1] if reuse else None,
        projection_id=plan.get("projection_id"),
        topic_model_id=plan.get("topic_model_id"),
        seconds=BUILD_SECONDS,
    )
    tag(index.projection, plan.get("tags"), world)
    job_id = str(uuid.uuid4())
    atlas.jobs[job_id] = {"id": job_id, "index_id": index.id, "created": index.created}
    return Reply(200, {"job_id": job_id})


def job(atlas, req, world, job_id):
    if job_id not in atlas.jobs:
        raise ApiError(404, f"Job {job_id} not found")
    entry = atlas.jobs[job_id]
    _, index = world.index(entry["index_id"])
    left = int(index.building)
    return Reply(
        200,
        {
            "id": entry["id"],
            "index_id": entry["index_id"],
            "job_start_timestamp": entry["created"],
            "job_end_timestamp": entry["created"],
            "total_datums_remaining_to_atomize": 0,
            "total_atoms_remaining_to_embed": 0,
            "nearest_neighbor_indices_remaining_to_build": left,
            "projections_remaining_to_build": left,
            "topic_models_remaining_to_build": left,
            "rebuild_topic_models": False,
        },
    )


def job_progress(atlas, req, world, index_id):
    _, index = world.index(index_id)
    building = index.building
    return Reply(
        200,
        {
            "result": 50 if building else 100,
            "job_start_timestamp": index.created,
            "job_end_timestamp": index.created,
            # The client compares this with "Completed" only (nomic/dataset.py `_repr_html_`).
            "index_build_stage": "Building" if building else "Completed",
        },
    )


def _built(world, projection_id, project_id=None) -> Index:
    dataset, index = world.projection(projection_id)
    if project_id is not None and dataset.id != project_id:
        raise ApiError(404, "Projection not found in this dataset")
    return index


def map_information(atlas, req, world, project_id, projection_id):
    projection = _built(world, projection_id, project_id).projection
    topic_models = [{"type": "FeatureCollection", "features": projection.features}] if projection.depth else []
    return Reply(200, {"topic_models": topic_models, "topic_model_metadatas": [{}] if topic_models else []})


def projection_schema(atlas, req, world, projection_id):
    return Reply(200, _built(world, projection_id).projection.schema_bytes(), "application/vnd.apache.arrow.stream")


def quadtree(atlas, req, world, project_id, projection_id, key):
    content = _built(world, projection_id, project_id).projection.tile(key)
    if content is None:
        raise ApiError(404, f"No tile {key}")
    return Reply(200, content, "application/vnd.apache.arrow.file")


def update_topics(atlas, req, world, topic_model_id):
    body = req.json()
    dataset = world.dataset(body.get("project_id", ""))
    for index in dataset.indices:
        if index.projection.topic_model_id == topic_model_id:
            index.projection.features = body["topic_geojson"]["features"]
            return Reply(200, {"result": "ok"})
    raise ApiError(404, f"Topic model {topic_model_id} not found")


def _queries(body) -> np.ndarray:
    try:
        return np.load(io.BytesIO(base64.b64decode(body["queries"])), allow_pickle=False)
    except Exception as error:  # noqa: BLE001 - any decoding problem is the caller's
        raise validation_error(["body", "queries"], f"queries must be a base64 .npy array: {error}")


def neighbours_by_embedding(atlas, req, world):
    body = req.json()
    _, index = world.index(body.get("atlas_index_id", ""))
    queries = _queries(body)
    width = index.projection.vectors.shape[1]
    if queries.ndim != 2 or queries.shape[1] != width:
        raise validation_error(["body", "queries"], f"Expected queries of shape (n, {width})")
    neighbours, distances = index.projection.neighbours(queries, int(body.get("k", 5)))
    return Reply(200, {"neighbors": neighbours, "distances": distances})


def neighbours_by_id(atlas, req, world):
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


def topics_by_embedding(atlas, req, world):
    body = req.json()
    _, index = world.index(body.get("atlas_index_id", ""))
    projection = index.projection
    if not projection.depth:
        raise ApiError(404, "This map has no topic model")
    depth = max(1, min(int(body.get("depth", 3)), projection.depth))
    labels = {f["properties"]["topic"]: f["properties"]["topic_short_description"] for f in projection.features}
    positions = projection.index_of()
    neighbour_ids, _ = projection.neighbours(_queries(body), int(body.get("k", 32)))
    out = []
    for row in neighbour_ids:
        topics = [labels[int(projection.topic_ids[depth - 1][positions[i]])] for i in row]
        out.append({topic: round(topics.count(topic) / len(topics), 4) for topic in dict.fromkeys(topics)})
    return Reply(200, out)


ROUTES = [
    ("POST", "/v1/project/index/create", create_index),
    ("GET", "/v1/project/index/job/{job_id}", job),
    ("GET", "/v1/project/index/job/progress/{index_id}", job_progress),
    ("POST", "/v1/project/data/get/nearest_neighbors/by_embedding", neighbours_by_embedding),
    ("POST", "/v1/project/data/get/nearest_neighbors/by_id", neighbours_by_id),
    ("POST", "/v1/project/data/get/embedding/topic", topics_by_embedding),
    ("GET", "/v1/project/projection/{projection_id}/schema", projection_schema),
    ("POST", "/v1/project/topics/update/{topic_model_id}", update_topics),
    ("GET", "/v1/project/{project_id}/index/projection/{projection_id}/quadtree/{key:.+}", quadtree),
    ("GET", "/v1/project/{project_id}/index/projection/{projection_id}", map_information),
]
