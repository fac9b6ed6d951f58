"""Slack Web API: users.list, conversations.history and conversations.replies, with cursor paging and
Slack's `{"ok": false, "error": ...}` answers. Reached through host rerouting of slack.com."""

from __future__ import annotations

from web import Request, Response, json_response, not_found

HOSTS = ['slack.com']
CHANNEL = 'C0123456789'
BASE_TS = 1_741_944_600  # 2025-03-14T09:30:00Z

USERS = [
    {'id': 'U01ANA', 'name': 'ana', 'profile': {'display_name': 'Ana', 'real_name': 'Ana Lima'}},
    {'id': 'U02BEN', 'name': 'ben', 'profile': {'display_name': '', 'real_name': 'Ben Okafor'}},
    {'id': 'U03CHO', 'name': 'cho', 'profile': {'display_name': 'Cho', 'real_name': 'Cho Park'}},
]
QUESTIONS = [
    'Who approves access to the staging database?',
    'How do I rotate my API token without downtime?',
    'Is there a way to export the audit log as CSV?',
    'Who approves access to the staging database for contractors?',
    'Why does the nightly build fail on the integration tests?',
    'Where is the runbook for restoring a backup?',
]
ANSWERS = [
    'Ask in #access-requests, the platform team approves within a day.',
    'Create the new token first, deploy it, then revoke the old one.',
]


def _messages() -> list[dict]:
    """Top-level messages, newest first as Slack returns them, each with two replies in its thread."""
    messages = []
    for index, question in enumerate(QUESTIONS):
        ts = f'{BASE_TS + index * 3600}.000{index:03d}'
        user = USERS[index % 3]['id']
        messages.append(
            {'type': 'message', 'user': user, 'text': question, 'ts': ts, 'thread_ts': ts, 'reply_count': 2}
        )
    messages.append(
        {
            'type': 'message',
            'subtype': 'channel_join',
            'user': 'U03CHO',
            'text': '<@U03CHO> has joined the channel',
            'ts': f'{BASE_TS - 60}.000100',
        }
    )
    return sorted(messages, key=lambda m: m['ts'], reverse=True)


def _replies(thread_ts: str) -> list[dict]:
    parent = next((m for m in _messages() if m['ts'] == thread_ts), None)
    if parent is None:
        return []
    base = float(thread_ts)
    replies = [
        {
            'type': 'message',
            'user': USERS[(i + 1) % 3]['id'],
            'text': ANSWERS[i],
            'ts': f'{base + 60 * (i + 1):.6f}',
            'thread_ts': thread_ts,
        }
        for i in range(2)
    ]
    return [parent] + replies


def _page(items: list[dict], key: str, request: Request) -> Response:
    limit = int(request.arg('limit', '100'))
    start = int(request.arg('cursor') or 0)
    chunk = items[start : start + limit]
    cursor = str(start + limit) if start + limit < len(items) else ''
    return json_response(
        {'ok': True, key: chunk, 'has_more': bool(cursor), 'response_metadata': {'next_cursor': cursor}}
    )


def handle(request: Request) -> Response:
    if not request.path.startswith('/api/'):
        return not_found(request)
    if not request.headers.get('authorization', '').startswith('Bearer xox'):
        return json_response({'ok': False, 'error': 'not_authed'})
    method = request.path[len('/api/') :]
    if method == 'users.list':
        return _page(USERS, 'members', request)
    if method in ('conversations.history', 'conversations.replies'):
        if request.arg('channel') != CHANNEL:
            return json_response({'ok': False, 'error': 'channel_not_found'})
        if method == 'conversations.history':
            return _page(_messages(), 'messages', request)
        return _page(_replies(request.arg('ts', '')), 'messages', request)
    return json_response({'ok': False, 'error': 'unknown_method'}, 404)
