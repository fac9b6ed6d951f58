"""The embedding endpoints: text (JSON) and images (multipart files or urlencoded URLs)."""

from . import vectors
from .common import ApiError, Reply, parse_form, validation_error
from .maps import TEXT_MODELS, VISION_MODELS

TASK_TYPES = {"search_document", "search_query", "classification", "clustering"}


def text(atlas, req, world):
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
        {"embeddings": matrix.round(6).tolist(), "usage": {"prompt_tokens": tokens, "total_tokens": tokens}, "model": model},
    )


def image(atlas, req, world):
    fields, files = parse_form(req.headers.get("Content-Type") or "", req.body)
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
        {"embeddings": matrix.round(6).tolist(), "usage": {"prompt_tokens": count, "total_tokens": count}, "model": model},
    )


ROUTES = [
    ("POST", "/v1/embedding/text", text),
    ("POST", "/v1/embedding/image", image),
]
