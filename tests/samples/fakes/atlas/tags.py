"""Tags: the client's read-only listing and status, and tagging points by id over REST."""

import re

import numpy as np

from . import mapbuild
from .common import ApiError, Reply, validation_error

UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


def all_tags(atlas, req, world):
    _, index = world.projection(req.arg("projection_id") or "")
    tags = []
    for tag in index.projection.tags.values():
        entry = {"tag_id": tag.tag_id, "tag_definition_id": tag.definition_id, "tag_name": tag.name}
        entry["user_id"] = tag.user_id
        if (req.arg("include_dsl_rule") or "").lower() == "true":
            entry["dsl_rule"] = "{}"
        tags.append(entry)
    return Reply(200, tags)


def status(atlas, req, world):
    tag_id = req.arg("tag_id")
    dataset = world.dataset(req.arg("project_id") or "")
    if not any(t.tag_id == tag_id for i in dataset.indices for t in i.projection.tags.values()):
        raise ApiError(404, f"Tag {tag_id} not found")
    return Reply(200, {"is_complete": True})


def apply_to_ids(atlas, req, world):
    body = req.json()
    projection_id = str(body.get("projection_id", ""))
    if not UUID.match(projection_id):
        raise validation_error(["body", "projection_id"], "Input should be a valid UUID", "uuid_parsing")
    try:
        dataset, index = world.projection(projection_id)
    except ApiError:  # the operation documents 422 for a bad request, and no 404
        raise validation_error(["body", "projection_id"], f"No map with projection_id {projection_id}") from None
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
        tag = projection.tags[name] = mapbuild.Tag(name, user_id=world.user_id, mask=np.zeros(projection.n, dtype=bool))
    if body.get("operation", "add") == "remove":
        tag.mask = tag.mask & ~hits
    else:
        tag.mask = tag.mask | hits
    return Reply(200, {"success": True, "tag_id": tag.tag_id, "points_tagged": int(hits.sum())})


ROUTES = [
    ("GET", "/v1/project/projection/tags/get/all", all_tags),
    ("GET", "/v1/project/projection/tags/status", status),
    ("POST", "/v1/query/update/tag/ids", apply_to_ids),
]
