"""The signed-in user, the organization and its API keys."""

import hashlib

from .common import ApiError, Reply, now


def user(atlas, req, world):
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


def organization(atlas, req, world, slug):
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


def _org(world, org_id):
    if org_id != world.org_id:
        raise ApiError(404, f"Organization {org_id} not found")


def list_keys(atlas, req, world, org_id):
    _org(world, org_id)
    return Reply(200, {"keys": [{k: v for k, v in key.items() if k != "secret"} for key in world.keys]})


def create_key(atlas, req, world, org_id):
    _org(world, org_id)
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


def delete_key(atlas, req, world, org_id):
    _org(world, org_id)
    name = req.json().get("key_name")
    before = len(world.keys)
    world.keys = [k for k in world.keys if k["key_name"] != name]
    if len(world.keys) == before:
        raise ApiError(404, f"No key named {name}")
    return Reply(200, {"result": "ok"})


ROUTES = [
    ("GET", "/v1/user", user),
    ("GET", "/v1/organization/{slug}", organization),
    ("GET", "/v1/user/authorization/keys/{org_id}", list_keys),
    ("POST", "/v1/user/authorization/keys/{org_id}/create", create_key),
    ("POST", "/v1/user/authorization/keys/{org_id}/delete", delete_key),
]
