"""OpenAI: the chat completions the RAG guides call. The `openai` client reads OPENAI_BASE_URL."""

from __future__ import annotations

import time

from web import Request, Response, json_response, not_found

HOSTS = ['api.openai.com']


def env(base: str) -> dict[str, str]:
    return {'OPENAI_BASE_URL': f'{base}/api.openai.com/v1'}


def handle(request: Request) -> Response:
    if request.headers.get('authorization', '').startswith('Bearer ') is False:
        return json_response(
            {'error': {'message': 'You did not provide an API key.', 'type': 'invalid_request_error'}}, 401
        )
    if request.method == 'POST' and request.path == '/v1/chat/completions':
        return chat_completion(request.json())
    return not_found(request)


def chat_completion(body: dict) -> Response:
    messages = body.get('messages') or []
    if not body.get('model') or not messages:
        return json_response(
            {'error': {'message': 'model and messages are required', 'type': 'invalid_request_error'}}, 400
        )
    # An answer that cites the first source, in the form the guides' prompts ask for.
    content = 'The sources describe this directly [1].'
    prompt_tokens = sum(len(str(m.get('content', '')).split()) for m in messages)
    return json_response(
        {
            'id': 'chatcmpl-fake0001',
            'object': 'chat.completion',
            'created': int(time.time()),
            'model': body['model'],
            'choices': [
                {
                    'index': 0,
                    'message': {'role': 'assistant', 'content': content, 'refusal': None},
                    'logprobs': None,
                    'finish_reason': 'stop',
                }
            ],
            'usage': {'prompt_tokens': prompt_tokens, 'completion_tokens': 8, 'total_tokens': prompt_tokens + 8},
        }
    )
