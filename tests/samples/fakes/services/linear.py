"""Linear: the GraphQL `issues` connection, paged with `first` and `after`."""

from __future__ import annotations

from records import ISSUES, days_ago, iso_z
from web import Request, Response, json_response, not_found

HOSTS = ['api.linear.app']
PAGE = 5


def handle(request: Request) -> Response:
    if request.path != '/graphql' or request.method != 'POST':
        return not_found(request)
    if not request.headers.get('authorization'):
        return json_response({'errors': [{'message': 'Authentication required, not authenticated'}]}, 400)
    body = request.json()
    query = body.get('query') or ''
    if 'issues' not in query:
        return json_response({'errors': [{'message': 'The fake Linear API answers the issues query only'}]}, 400)
    after = (body.get('variables') or {}).get('after')
    start = int(after) if after else 0
    nodes = []
    for index, (title, text, labels) in enumerate(ISSUES):
        nodes.append(
            {
                'identifier': f'LIN-{index + 1}',
                'title': title,
                'description': text,
                'createdAt': iso_z(days_ago(index + 1)).replace('Z', '.000Z'),
                'url': f'https://linear.app/example/issue/LIN-{index + 1}',
                'state': {'name': 'Done' if index % 2 else 'Todo'},
                'team': {'key': 'LIN'},
                'labels': {'nodes': [{'name': name} for name in labels]},
            }
        )
    page = nodes[start : start + PAGE]
    more = start + PAGE < len(nodes)
    info = {'hasNextPage': more, 'endCursor': str(start + PAGE) if more else None}
    return json_response({'data': {'issues': {'nodes': page, 'pageInfo': info}}})
