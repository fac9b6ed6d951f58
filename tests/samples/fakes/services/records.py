"""Shared sample records: the same handful of engineering and support topics feed several fakes."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

ISSUES = [
    (
        'Login fails after password reset',
        'After resetting my password the sign-in page loops back to itself.',
        ['bug', 'auth'],
    ),
    ('Add dark mode to the dashboard', 'Working at night is hard with the bright theme.', ['enhancement']),
    (
        'Crash when exporting large reports',
        'Exporting a report with 50k rows crashes the tab.\n\n```\nRangeError: Invalid array length\n```',
        ['bug'],
    ),
    ('Password reset email never arrives', 'Users report that the reset link email does not arrive.', ['bug', 'auth']),
    ('Document the rate limits', 'The API docs should list the limits per endpoint.', ['docs']),
    ('Session expires too quickly', 'I get logged out every ten minutes while editing.', ['bug', 'auth']),
    ('Support SSO with Okta', 'Our company needs SAML single sign-on through Okta.', ['enhancement', 'auth']),
    ('Slow search on big projects', 'Searching a project with many files takes several seconds.', ['performance']),
]

TICKETS = [
    (
        'Charged twice after upgrading',
        'I upgraded to the annual plan and my card was charged twice. Contact me at ana@example.com.',
        'high',
    ),
    ('Cannot reset my password', 'The reset link in the email says it has expired.', 'normal'),
    ('Invoice shows the wrong company name', 'Our invoice lists our old company name; please correct it.', 'low'),
    ('Export to CSV is missing columns', 'The CSV export leaves out the custom fields we added.', 'normal'),
    ('Double charge on my card', 'There are two identical charges for the same order on my statement.', 'high'),
    ('Integration with our CRM stopped syncing', 'Since Monday no new contacts arrive from the integration.', 'urgent'),
]


def days_ago(days: int, hour: int = 9) -> datetime:
    """A UTC time `days` days before today, so date-filtered samples always find recent records."""
    today = datetime.now(timezone.utc).replace(hour=hour, minute=0, second=0, microsecond=0)
    return today - timedelta(days=days)


def iso_z(moment: datetime) -> str:
    return moment.strftime('%Y-%m-%dT%H:%M:%SZ')
