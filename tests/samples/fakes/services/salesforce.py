"""Salesforce: the SOAP `login` call that simple-salesforce makes with a username, password and security
token, and the REST query resource with `nextRecordsUrl` paging. The login answer names the instance
host, which is rerouted here too."""

from __future__ import annotations

from records import TICKETS, days_ago
from web import Request, Response, json_response, not_found

INSTANCE = 'example.my.salesforce.com'
HOSTS = ['login.salesforce.com', 'test.salesforce.com', INSTANCE]
SESSION = '00D000000000001!AQ0AQFakeSessionId'
PAGE = 4

LOGIN_RESPONSE = f"""<?xml version="1.0" encoding="UTF-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com">
<soapenv:Body><loginResponse><result>
<metadataServerUrl>https://{INSTANCE}/services/Soap/m/59.0/00D000000000001</metadataServerUrl>
<passwordExpired>false</passwordExpired><sandbox>false</sandbox>
<serverUrl>https://{INSTANCE}/services/Soap/u/59.0/00D000000000001</serverUrl>
<sessionId>{SESSION}</sessionId><userId>005000000000001AAA</userId>
</result></loginResponse></soapenv:Body></soapenv:Envelope>"""

LOGIN_FAULT = """<?xml version="1.0" encoding="UTF-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:sf="urn:fault.partner.soap.sforce.com">
<soapenv:Body><soapenv:Fault><faultcode>INVALID_LOGIN</faultcode>
<faultstring>INVALID_LOGIN: Invalid username, password, security token; or user locked out.</faultstring>
</soapenv:Fault></soapenv:Body></soapenv:Envelope>"""


def _cases() -> list[dict]:
    cases = []
    for index, (subject, body, priority) in enumerate(TICKETS):
        case_id = f'500Hs00001Abc{index:02d}IAA'
        account = {'attributes': {'type': 'Account'}, 'Name': f'Customer {index % 3} Ltd'} if index != 2 else None
        cases.append(
            {
                'attributes': {'type': 'Case', 'url': f'/services/data/v59.0/sobjects/Case/{case_id}'},
                'Id': case_id,
                'Subject': subject,
                'Description': body,
                'Status': 'Closed' if index % 2 else 'New',
                'Priority': {'urgent': 'High', 'normal': 'Medium'}.get(priority, priority.capitalize()),
                'IsEscalated': index == 5,
                'CreatedDate': days_ago(index + 1).strftime('%Y-%m-%dT%H:%M:%S.000+0000'),
                'Account': account,
                'Owner': {'attributes': {'type': 'User'}, 'Name': f'Agent {index % 2}'},
                'ContactEmail': f'customer{index}@example.com',
            }
        )
    return cases


def _page(start: int) -> dict:
    cases = _cases()
    page = cases[start : start + PAGE]
    done = start + PAGE >= len(cases)
    body = {'totalSize': len(cases), 'done': done, 'records': page}
    if not done:
        body['nextRecordsUrl'] = f'/services/data/v59.0/query/01gHs0000FAKE-{start + PAGE}'
    return body


def handle(request: Request) -> Response:
    if request.host != INSTANCE:
        if request.method == 'POST' and request.path.startswith('/services/Soap/u/'):
            body = request.body.decode('utf-8')
            if '<n1:username>' not in body or '<n1:password>' not in body:
                return Response(500, LOGIN_FAULT.encode(), {'Content-Type': 'text/xml; charset=utf-8'})
            return Response(200, LOGIN_RESPONSE.encode(), {'Content-Type': 'text/xml; charset=utf-8'})
        return not_found(request)
    if request.headers.get('authorization') != f'Bearer {SESSION}':
        return json_response([{'message': 'Session expired or invalid', 'errorCode': 'INVALID_SESSION_ID'}], 401)
    parts = request.path.strip('/').split('/')
    # services / data / v59.0 / query [/ <locator>]
    if len(parts) >= 4 and parts[:2] == ['services', 'data'] and parts[3] in ('query', 'queryAll'):
        if len(parts) == 5:
            return json_response(_page(int(parts[4].rsplit('-', 1)[1])))
        soql = request.arg('q', '')
        if 'FROM CASE' not in ' '.join(soql.upper().split()):
            return json_response(
                [{'message': 'The fake Salesforce org has Case records only', 'errorCode': 'INVALID_TYPE'}], 400
            )
        return json_response(_page(0))
    return not_found(request)
