"""The Hiring Integration API's Python client: standard library only.

    from hiring_integration import HiringClient
    client = HiringClient(base_url="http://localhost:3000/api/v1", api_key="hk_test_…")
"""

from .client import (
    API_VERSION,
    BATCH_LIMITS,
    FileTokenStore,
    HiringClient,
    LastResponse,
    SyncTokenStore,
    last_response,
)
from .errors import ApiError, WebhookVerificationError
from .stream import StreamUnavailable
from .webhooks import sign, verify_webhook

__version__ = "2.0.0"

__all__ = [
    "API_VERSION",
    "BATCH_LIMITS",
    "ApiError",
    "FileTokenStore",
    "HiringClient",
    "LastResponse",
    "StreamUnavailable",
    "SyncTokenStore",
    "WebhookVerificationError",
    "last_response",
    "sign",
    "verify_webhook",
]
