"""Jira Cloud: `GET /rest/api/3/search/jql` with token paging; descriptions in Atlassian Document Format."""

from __future__ import annotations

from records import ISSUES, days_ago
from web import Request, Response, json_response, not_found

HOSTS = ['your-domain.atlassian.net']
PAGE = 5  # Jira may return fewer issues than maxResults; the sample follows nextPageToken


def _adf(text: str) -> dict:
    paragraphs = [p for p in text.split('\n\n') if p]
    content = []
    for p in paragraphs:
        if p.startswith('```'):
            content.append({'type': 'codeBlock', 'content': [{'type': 'text', 'text': p.strip('`\n')}]})
        else:
            content.append({'type': 'paragraph', 'content': [{'type': 'text', 'text': p}]})
    return {'type': 'doc', 'version': 1, 'content': content}


def _issues() -> list[dict]:
    issues = []
    for index, (title, body, labels) in enumerate(ISSUES):
        created = days_ago(index + 3)
        issues.append(
            {
                'id': str(10_000 + index),
                'key': f'ENG-{index + 1}',
                'self': f'https://your-domain.atlassian.net/rest/api/3/issue/{10_000 + index}',
                'fields': {
                    'summary': title,
                    'description': _adf(body),
                    'status': {'name': 'Done' if index % 3 == 0 else 'In Progress'},
                    'labels': labels,
                    'created': created.strftime('%Y-%m-%dT%H:%M:%S.000+0100'),
                    'issuetype': {'name': 'Bug' if 'bug' in labels else 'Task'},
                    'reporter': {'displayName': f'Reporter {index % 3}'},
                },
            }
        )
    return issues


def handle(request: Request) -> Response:
    if not request.headers.get('authorization', '').startswith('Basic '):
        return json_response({'errorMessages': ['You are not authenticated.']}, 401)
    if request.method == 'GET' and request.path == '/rest/api/3/search/jql':
        jql = request.arg('jql', '')
        if not jql.strip() or jql.strip().upper().startswith('ORDER BY'):
            return json_response({'errorMessages': ['Unbounded JQL queries are not allowed here.']}, 400)
        start = int(request.arg('nextPageToken') or 0)
        size = min(int(request.arg('maxResults', '50')), PAGE)
        issues = _issues()
        page = issues[start : start + size]
        body = {'issues': page, 'isLast': start + size >= len(issues)}
        if not body['isLast']:
            body['nextPageToken'] = str(start + size)
        return json_response(body)
    return not_found(request)
