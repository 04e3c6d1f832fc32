"""The Hiring Integration API's Python client: standard library only.

    from hiring_integration import HiringClient
    client = HiringClient(base_url="http://localhost:3000/api/v1", api_key="hk_test_…")
"""

from .client import API_VERSION, BATCH_LIMITS, FileTokenStore, HiringClient, SyncTokenStore
from .errors import ApiError, WebhookVerificationError
from .stream import StreamUnavailable
from .webhooks import sign, verify_webhook

__version__ = "1.0.0"

__all__ = [
    "API_VERSION",
    "BATCH_LIMITS",
    "ApiError",
    "FileTokenStore",
    "HiringClient",
    "StreamUnavailable",
    "SyncTokenStore",
    "WebhookVerificationError",
    "sign",
    "verify_webhook",
]
