"""GitHub REST API: `GET /repos/{owner}/{repo}/issues`, issues and pull requests together, paged with a
`Link` header, filtered by `state` and `since` as GitHub documents. Reached through host rerouting."""

from __future__ import annotations

from urllib.parse import urlencode

from records import ISSUES, days_ago, iso_z
from web import Request, Response, json_response, not_found

HOSTS = ['api.github.com']


def _items(owner: str, repo: str) -> list[dict]:
    items = []
    for index, (title, body, labels) in enumerate(ISSUES):
        number = 123 - index  # newest first, as GitHub lists them
        created = days_ago(index)  # one item a day, from today backwards
        is_pull = index in (2, 6)
        item = {
            'id': 2_000_000_000 + number,
            'node_id': f'I_kwDO{number:08d}',
            'number': number,
            'title': title,
            'body': None if index == 4 else body,  # GitHub sends null for an issue with no description
            'user': {
                'login': 'dependabot[bot]' if index == 6 else f'user{number % 3}',
                'type': 'Bot' if index == 6 else 'User',
            },
            'labels': [{'id': 100 + i, 'name': name} for i, name in enumerate(labels)],
            'state': 'closed' if index % 3 == 2 else 'open',
            'created_at': iso_z(created),
            'updated_at': iso_z(created),
            'html_url': f'https://github.com/{owner}/{repo}/{"pull" if is_pull else "issues"}/{number}',
        }
        if is_pull:
            item['pull_request'] = {'url': f'https://api.github.com/repos/{owner}/{repo}/pulls/{number}'}
        items.append(item)
    return items


def handle(request: Request) -> Response:
    if not request.headers.get('authorization', '').startswith(('Bearer ', 'token ')):
        return json_response({'message': 'Requires authentication', 'status': '401'}, 401)
    parts = request.path.strip('/').split('/')
    if len(parts) == 4 and parts[0] == 'repos' and parts[3] == 'issues' and request.method == 'GET':
        owner, repo = parts[1], parts[2]
        items = _items(owner, repo)
        state = request.arg('state', 'open')
        if state != 'all':
            items = [i for i in items if i['state'] == state]
        since = request.arg('since')
        if since:
            items = [i for i in items if i['updated_at'] >= since]
        per_page = min(int(request.arg('per_page', '30')), 100)
        page = int(request.arg('page', '1'))
        chunk = items[(page - 1) * per_page : page * per_page]
        headers = {}
        if page * per_page < len(items):
            query = {k: v[0] for k, v in request.query.items()}
            link = f'https://api.github.com/repos/{owner}/{repo}/issues?{urlencode({**query, "page": page + 1})}'
            headers['Link'] = f'<{link}>; rel="next"'
        return json_response(chunk, headers=headers)
    return not_found(request)
