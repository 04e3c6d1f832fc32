"""Verifying a webhook delivery, as Standard Webhooks defines it (standardwebhooks.com).

The signing secret is ``whsec_`` followed by base64; the HMAC key is the base64-decoded part after the
prefix (its bytes). The signed content is ``<webhook-id>.<webhook-timestamp>.<raw body>``; its
HMAC-SHA256, base64-encoded, must equal one of the ``v1,<signature>`` entries of ``webhook-signature``
(space-separated: two while a rotated secret still signs), compared in constant time, and the timestamp
must be within 5 minutes of now.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Mapping, Sequence
from typing import Any, Optional, Union, cast

from .errors import WebhookVerificationError

SECRET_PREFIX = "whsec_"
TOLERANCE_SECONDS = 5 * 60
_HEADERS = ("webhook-id", "webhook-timestamp", "webhook-signature")


def _header(headers: Mapping[str, Any], name: str) -> str:
    # Header names are case-insensitive: a framework may hand them over in any case.
    for key, value in headers.items():
        if key.lower() == name:
            text: Any = cast(Sequence[Any], value)[0] if isinstance(value, (list, tuple)) else value
            if text:
                return str(text)
    raise WebhookVerificationError(f"Missing the {name} header")


def _key_of(secret: str) -> bytes:
    encoded = secret[len(SECRET_PREFIX) :] if secret.startswith(SECRET_PREFIX) else secret
    try:
        key = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError) as error:
        raise WebhookVerificationError("The secret is not whsec_ followed by base64") from error
    if not key:
        raise WebhookVerificationError("The secret is empty")
    return key


def sign(secret: str, message_id: str, timestamp: int, body: Union[str, bytes]) -> str:
    """The ``webhook-signature`` value a delivery of ``body`` carries, signed with ``secret``."""
    raw = body.encode("utf-8") if isinstance(body, str) else body
    content = f"{message_id}.{timestamp}.".encode("utf-8") + raw
    digest = hmac.new(_key_of(secret), content, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode("ascii")


def verify_webhook(
    payload: Union[str, bytes],
    headers: Mapping[str, Any],
    secret: Union[str, list[str]],
    now: Optional[float] = None,
) -> dict[str, Any]:
    """The delivered event, once its signature and timestamp are verified.

    ``payload`` is the raw body as received (before any JSON parsing), ``headers`` the request's
    headers (any mapping, any case), ``secret`` the endpoint's ``whsec_…`` secret, or a list of them
    while a rotation is under way. Raises WebhookVerificationError otherwise.
    """
    message_id = _header(headers, "webhook-id")
    timestamp_text = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    try:
        timestamp = int(timestamp_text)
    except ValueError as error:
        raise WebhookVerificationError("The webhook-timestamp header is not a number") from error
    current = time.time() if now is None else now
    if abs(current - timestamp) > TOLERANCE_SECONDS:
        raise WebhookVerificationError("The webhook-timestamp is too far from now")
    given = [part[3:] for part in signatures.split(" ") if part.startswith("v1,")]
    secrets = [secret] if isinstance(secret, str) else list(secret)
    if not secrets:
        raise WebhookVerificationError("No secret given")
    for each in secrets:
        expected = sign(each, message_id, timestamp, payload)[3:]
        if any(hmac.compare_digest(expected, candidate) for candidate in given):
            text = payload.decode("utf-8") if isinstance(payload, bytes) else payload
            event: dict[str, Any] = json.loads(text)
            return event
    raise WebhookVerificationError("No signature matches")
