"""Reddit: application-only OAuth, one comment thread with "load more" stubs, and a subreddit listing.

PRAW (through prawcore and `requests`) reaches www.reddit.com for the token and oauth.reddit.com for the
API; both hosts are rerouted here. The shapes follow Reddit's listing JSON: `t3` posts, `t1` comments with
nested `replies` listings, and `more` stubs that /api/morechildren expands.
"""

from __future__ import annotations

from web import Request, Response, json_response, not_found

HOSTS = ['www.reddit.com', 'oauth.reddit.com']

THREAD_ID = 'abc123'
SUBREDDIT = 'datascience'
CREATED = 1_736_935_200  # 2025-01-15T10:00:00Z

# id, parent id (None for top level), author (None when deleted), body, score
COMMENTS = [
    (
        'c01',
        None,
        'pandas_fan',
        'Polars has been much faster than pandas for our batch jobs over large parquet files.',
        42,
    ),
    (
        'c02',
        'c01',
        'thread_op',
        'Did you have to rewrite a lot of code when you switched, or was it mostly drop-in?',
        17,
    ),
    ('c03', 'c02', 'pandas_fan', 'Most of the rewrite was the groupby logic, the rest was mechanical renaming.', 9),
    ('c04', None, 'stats_person', 'Interviews still ask about SQL window functions more than any Python library.', 35),
    ('c05', None, None, '[deleted]', 1),
    ('c06', None, 'newbie_ds', 'lol', 2),
    (
        'c07',
        'c04',
        'hiring_mgr',
        'As a hiring manager I care more about how you explain a model than the library you used.',
        28,
    ),
    (
        'c08',
        None,
        'ml_eng',
        'Feature stores sound great until you have to keep the offline and online values in sync.',
        21,
    ),
    (
        'c09',
        'c08',
        'thread_op',
        'We ended up computing features in one place and exporting them to both stores nightly.',
        6,
    ),
    (
        'c10',
        None,
        'viz_nerd',
        'A good chart of the residuals convinced our stakeholders faster than any metric did.',
        14,
    ),
    (
        'c11',
        'c10',
        'stats_person',
        'Residual plots are underrated, especially for spotting drift in production models.',
        5,
    ),
]
# Comments that arrive only through "load more" stubs, as Reddit sends deep or low-ranked replies.
HIDDEN = {'c09', 'c10', 'c11'}

POSTS = [
    (
        'p01',
        'How do you version your datasets?',
        'We keep training data in S3 and lose track of which snapshot trained which model.',
    ),
    ('p02', 'Weekly entering and transitioning thread', 'Ask your questions about getting into data science here.'),
    (
        'p03',
        'Is a masters degree still worth it?',
        'I have three years of analyst experience and wonder whether a degree would help.',
    ),
    ('p04', 'Favourite resources for causal inference', 'Looking for books or courses that go beyond A/B tests.'),
    ('p05', 'Dashboards nobody reads', 'How do you find out which of your dashboards are actually used?'),
]


def handle(request: Request) -> Response:
    if request.host == 'www.reddit.com':
        if request.method == 'POST' and request.path == '/api/v1/access_token':
            if not request.headers.get('authorization', '').startswith('Basic '):
                return json_response({'message': 'Unauthorized', 'error': 401}, 401)
            return json_response(
                {'access_token': 'fake-reddit-token', 'token_type': 'bearer', 'expires_in': 86400, 'scope': '*'}
            )
        return not_found(request)
    if not request.headers.get('authorization', '').lower().startswith('bearer '):
        return json_response({'message': 'Unauthorized', 'error': 401}, 401)
    headers = {'x-ratelimit-remaining': '995', 'x-ratelimit-used': '5', 'x-ratelimit-reset': '300'}
    path = request.path.rstrip('/')
    if path in (f'/comments/{THREAD_ID}', f'/r/{SUBREDDIT}/comments/{THREAD_ID}'):
        return json_response([_listing([_submission()]), _listing(_tree(None))], headers=headers)
    if path == '/api/morechildren':
        wanted = set((request.arg('children') or request.form().get('children', '')).split(','))
        things = [_comment(c, replies=False) for c in COMMENTS if c[0] in wanted]
        return json_response({'json': {'errors': [], 'data': {'things': things}}}, headers=headers)
    if path in (f'/r/{SUBREDDIT}/new', f'/r/{SUBREDDIT}/hot', f'/r/{SUBREDDIT}/top'):
        return json_response(_listing([_post(*post) for post in POSTS]), headers=headers)
    return not_found(request)


def _listing(children: list[dict], after: str | None = None) -> dict:
    return {'kind': 'Listing', 'data': {'after': after, 'before': None, 'dist': len(children), 'children': children}}


def _submission() -> dict:
    return {
        'kind': 't3',
        'data': {
            'id': THREAD_ID,
            'name': f't3_{THREAD_ID}',
            'title': 'What changed in your data stack this year?',
            'selftext': 'Curious what tools people adopted or dropped.',
            'author': 'thread_op',
            'subreddit': SUBREDDIT,
            'score': 128,
            'num_comments': len(COMMENTS),
            'created_utc': CREATED,
            'permalink': f'/r/{SUBREDDIT}/comments/{THREAD_ID}/example_thread/',
            'url': f'https://www.reddit.com/r/{SUBREDDIT}/comments/{THREAD_ID}/example_thread/',
            'is_self': True,
        },
    }


def _post(post_id: str, title: str, text: str) -> dict:
    return {
        'kind': 't3',
        'data': {
            'id': post_id,
            'name': f't3_{post_id}',
            'title': title,
            'selftext': text,
            'author': 'community_member',
            'subreddit': SUBREDDIT,
            'score': 10,
            'num_comments': 3,
            'created_utc': CREATED,
            'permalink': f'/r/{SUBREDDIT}/comments/{post_id}/post/',
            'url': f'https://www.reddit.com/r/{SUBREDDIT}/comments/{post_id}/post/',
            'is_self': True,
        },
    }


def _depth(comment_id: str) -> int:
    parents = {c[0]: c[1] for c in COMMENTS}
    depth = 0
    while parents[comment_id]:
        comment_id = parents[comment_id]
        depth += 1
    return depth


def _tree(parent: str | None) -> list[dict]:
    """The children of `parent` as Reddit sends them. Hidden comments are left out of the tree and listed in
    one `more` stub at the top level; /api/morechildren returns them flat, and PRAW files each under its
    parent_id."""
    visible = [_comment(c) for c in COMMENTS if c[1] == parent and c[0] not in HIDDEN]
    if parent is None:
        hidden = [c[0] for c in COMMENTS if c[0] in HIDDEN]
        stub = {'count': len(hidden), 'name': f't1_{hidden[0]}', 'id': hidden[0], 'parent_id': f't3_{THREAD_ID}'}
        visible.append({'kind': 'more', 'data': {**stub, 'depth': 0, 'children': hidden}})
    return visible


def _comment(comment: tuple, replies: bool = True) -> dict:
    comment_id, parent, author, body, score = comment
    nested = _tree(comment_id) if replies else []
    return {
        'kind': 't1',
        'data': {
            'id': comment_id,
            'name': f't1_{comment_id}',
            'parent_id': f't1_{parent}' if parent else f't3_{THREAD_ID}',
            'link_id': f't3_{THREAD_ID}',
            'author': author or '[deleted]',
            'body': body,
            'score': score,
            'depth': _depth(comment_id),
            'created_utc': CREATED + 60 * int(comment_id[1:]),
            'permalink': f'/r/{SUBREDDIT}/comments/{THREAD_ID}/example_thread/{comment_id}/',
            'is_submitter': author == 'thread_op',
            'subreddit': SUBREDDIT,
            'replies': _listing(nested) if nested else '',
        },
    }
