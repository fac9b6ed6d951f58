"""Discord REST API v10: a channel's messages, newest first, paged backwards with `before`."""

from __future__ import annotations

from records import days_ago
from web import Request, Response, json_response, not_found

HOSTS = ['discord.com']
CHANNEL = '123456789012345678'
TEXTS = [
    'How do I reset my password if the email never arrives?',
    'Thanks!',
    'Is there an API for exporting my <@123456789> team data to CSV?',
    'The desktop app crashes when I open a large project, any ideas?',
    'Check <#987654321> for the known issues list :custom: <:party:112233>',
    'Does the free plan include single sign-on?',
]


def _messages() -> list[dict]:
    messages = []
    for index, text in enumerate(TEXTS):
        messages.append(
            {
                'id': str(1_200_000_000_000_000_000 + index),
                'type': 19 if index == 1 else 0,
                'content': text,
                'channel_id': CHANNEL,
                'author': {
                    'id': str(900 + index % 3),
                    'username': f'member{index % 3}',
                    'global_name': None if index % 2 else f'Member {index % 3}',
                    'bot': False,
                },
                'timestamp': days_ago(10 - index).isoformat(),
            }
        )
    messages.append(
        {
            'id': str(1_200_000_000_000_000_100),
            'type': 7,
            'content': '',
            'channel_id': CHANNEL,
            'author': {'id': '1', 'username': 'joiner'},
            'timestamp': days_ago(0).isoformat(),
        }
    )
    messages.append(
        {
            'id': str(1_200_000_000_000_000_101),
            'type': 0,
            'content': 'Build passed',
            'channel_id': CHANNEL,
            'author': {'id': '2', 'username': 'ci', 'bot': True},
            'timestamp': days_ago(0).isoformat(),
        }
    )
    return sorted(messages, key=lambda m: int(m['id']), reverse=True)


def handle(request: Request) -> Response:
    if not request.headers.get('authorization', '').startswith('Bot '):
        return json_response({'message': '401: Unauthorized', 'code': 0}, 401)
    parts = request.path.strip('/').split('/')
    if parts[:2] == ['api', 'v10'] and len(parts) == 5 and parts[2] == 'channels' and parts[4] == 'messages':
        if parts[3] != CHANNEL:
            return json_response({'message': 'Unknown Channel', 'code': 10003}, 404)
        limit = min(int(request.arg('limit', '50')), 100)
        messages = _messages()
        before = request.arg('before')
        if before:
            messages = [m for m in messages if int(m['id']) < int(before)]
        return json_response(messages[: min(limit, 5)])  # a few per page, so the sample pages backwards
    return not_found(request)
