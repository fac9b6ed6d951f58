"""Zendesk: the cursor-based Incremental Ticket Export, `GET /api/v2/incremental/tickets/cursor.json`,
with `after_cursor` and `end_of_stream`. Basic auth as `{email}/token` and an API token."""

from __future__ import annotations

import base64

from records import TICKETS, days_ago, iso_z
from web import Request, Response, json_response, not_found

HOSTS = ['example.zendesk.com']
PAGE = 4


def _tickets() -> list[dict]:
    tickets = []
    for index, (subject, body, priority) in enumerate(TICKETS):
        tickets.append(
            {
                'id': 31 + index,
                'url': f'https://example.zendesk.com/api/v2/tickets/{31 + index}.json',
                'subject': subject,
                'description': body,
                'status': 'open' if index % 2 else 'solved',
                'priority': priority,
                'assignee_id': 3_600_000 + index % 2 if index != 3 else None,
                'organization_id': 4_200_000 if index % 3 else None,
                'requester_id': 5_000_000 + index,
                'tags': ['billing', 'refund'] if 'harg' in subject else [],
                'created_at': iso_z(days_ago(index + 1)),
                'updated_at': iso_z(days_ago(index)),
            }
        )
    tickets.append({**tickets[0], 'id': 99, 'status': 'deleted', 'subject': 'Spam'})
    return tickets


def handle(request: Request) -> Response:
    auth = request.headers.get('authorization', '')
    if not auth.startswith('Basic ') or '/token:' not in base64.b64decode(auth[6:]).decode('utf-8', 'replace'):
        return json_response({'error': "Couldn't authenticate you"}, 401)
    if request.method == 'GET' and request.path == '/api/v2/incremental/tickets/cursor.json':
        if request.arg('cursor') is None and request.arg('start_time') is None:
            return json_response({'error': 'InvalidValue', 'description': 'start_time or cursor is required'}, 400)
        start = int(request.arg('cursor') or 0)
        items = _tickets()
        page = items[start : start + PAGE]
        end = start + PAGE >= len(items)
        return json_response(
            {
                'tickets': page,
                'after_cursor': None if end else str(start + PAGE),
                'before_cursor': None,
                'after_url': (
                    None
                    if end
                    else f'https://example.zendesk.com/api/v2/incremental/tickets/cursor.json?cursor={start + PAGE}'
                ),
                'end_of_stream': end,
            }
        )
    return not_found(request)
