"""HubSpot CRM API v3: `GET /crm/v3/objects/{type}` with `limit`, `properties` and `after` paging."""

from __future__ import annotations

from records import TICKETS, days_ago
from web import Request, Response, json_response, not_found

HOSTS = ['api.hubapi.com']
PAGE = 4  # fewer than `limit`, so the sample follows paging.next.after


def _tickets() -> list[dict]:
    tickets = []
    for index, (subject, body, priority) in enumerate(TICKETS):
        created = days_ago(index + 2).strftime('%Y-%m-%dT%H:%M:%S.%f')[:-3] + 'Z'
        tickets.append(
            {
                'id': str(5_100 + index),
                'properties': {
                    'subject': subject,
                    'content': f'<p>{body}</p>',
                    'hs_pipeline_stage': '1' if index % 2 else '4',
                    # HubSpot sends null for a property never set: no priority, no owner.
                    'hs_ticket_priority': None if index == 3 else priority.upper() if priority != 'normal' else 'MEDIUM',
                    'hubspot_owner_id': None if index == 5 else str(700 + index % 2),
                    'createdate': created,
                    'hs_object_id': str(5_100 + index),
                },
                'createdAt': created,
                'updatedAt': created,
                'archived': False,
            }
        )
    return tickets


def handle(request: Request) -> Response:
    if not request.headers.get('authorization', '').startswith('Bearer '):
        return json_response(
            {
                'status': 'error',
                'message': 'Authentication credentials not found.',
                'category': 'INVALID_AUTHENTICATION',
            },
            401,
        )
    if request.method == 'GET' and request.path.rstrip('/') == '/crm/v3/objects/tickets':
        wanted = (request.arg('properties') or '').split(',')
        start = int(request.arg('after') or 0)
        size = min(int(request.arg('limit', '10')), PAGE)
        items = _tickets()
        page = []
        for ticket in items[start : start + size]:
            props = {
                k: v for k, v in ticket['properties'].items() if k in wanted or k in ('createdate', 'hs_object_id')
            }
            page.append({**ticket, 'properties': props})
        body = {'results': page}
        if start + size < len(items):
            body['paging'] = {
                'next': {
                    'after': str(start + size),
                    'link': f'https://api.hubapi.com/crm/v3/objects/tickets?after={start + size}',
                }
            }
        return json_response(body)
    return not_found(request)
