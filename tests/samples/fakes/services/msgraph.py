"""Microsoft Graph v1.0: a Teams channel's messages and each message's replies, paged with
`@odata.nextLink`. Reached through host rerouting of graph.microsoft.com."""

from __future__ import annotations

from urllib.parse import unquote

from records import days_ago, iso_z
from web import Request, Response, json_response, not_found

HOSTS = ['graph.microsoft.com']
TEAM = '00000000-0000-0000-0000-000000000000'
CHANNEL = '19:0123456789abcdef@thread.tacv2'


def _message(
    message_id: str, text: str, days: int, person: str | None, kind: str = 'message', subject: str | None = None
) -> dict:
    sender = (
        {'user': {'id': f'id-{person}', 'displayName': person, 'userIdentityType': 'aadUser'}}
        if person
        else {'application': {'id': 'app', 'displayName': 'Build bot'}, 'user': None}
    )
    return {
        'id': message_id,
        'messageType': kind,
        'createdDateTime': iso_z(days_ago(days)).replace('Z', '.000Z'),
        'deletedDateTime': None,
        'subject': subject,
        'body': {'contentType': 'html', 'content': text},
        'from': sender if kind == 'message' else None,
    }


ROOTS = [
    _message(
        '1700000000001',
        '<p>Who can give me access to the <at id="0">Support</at> shared mailbox?</p>',
        6,
        'Ana Lima',
        subject='Mailbox access',
    ),
    _message(
        '1700000000002', '<div>The VPN drops every hour&nbsp;since the update.<br>Anyone else?</div>', 5, 'Ben Okafor'
    ),
    _message('1700000000003', '<p>Nightly build finished.</p>', 4, None),
    _message('1700000000004', '<systemEventMessage/>', 3, None, kind='systemEventMessage'),
]
REPLIES = {
    '1700000000001': [_message('1700000000101', '<p>Ask the IT desk, they add you within a day.</p>', 5, 'Cho Park')],
    '1700000000002': [_message('1700000000201', '<p>Same here, reinstalling the client fixed it.</p>', 4, 'Ana Lima')],
}


def handle(request: Request) -> Response:
    if not request.headers.get('authorization', '').startswith('Bearer '):
        return json_response(
            {'error': {'code': 'InvalidAuthenticationToken', 'message': 'Access token is empty.'}}, 401
        )
    parts = [unquote(p) for p in request.path.strip('/').split('/')]
    if parts[:2] != ['v1.0', 'teams'] or len(parts) < 3 or parts[2] != TEAM:
        return not_found(request)
    return _route(request, parts)


def _route(request: Request, parts: list[str]) -> Response:
    # v1.0 / teams / {team} / channels / {channel} / messages [/ {id} / replies]
    if len(parts) < 6 or parts[3] != 'channels' or parts[5] != 'messages':
        return not_found(request)
    if parts[4] != CHANNEL:
        return json_response({'error': {'code': 'NotFound', 'message': 'Channel not found'}}, 404)
    if len(parts) == 6:
        top = int(request.arg('$top', '20'))
        skip = int(request.arg('$skiptoken', '0'))
        page = ROOTS[skip : skip + min(top, 2)]  # two per page, so the sample follows @odata.nextLink
        body = {'@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#chatMessages', 'value': page}
        if skip + 2 < len(ROOTS):
            body['@odata.nextLink'] = (
                f'https://graph.microsoft.com/v1.0/teams/{TEAM}/channels/{CHANNEL}/messages?$top={top}&$skiptoken={skip + 2}'
            )
        return json_response(body)
    if len(parts) == 8 and parts[7] == 'replies':
        return json_response({'value': REPLIES.get(parts[6], [])})
    return not_found(request)
