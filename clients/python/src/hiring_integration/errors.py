"""The errors the client raises."""

from __future__ import annotations

from typing import Any, Optional


class ApiError(Exception):
    """An error answer of the API (its envelope), or giving up on one.

    ``status`` is the HTTP status (0 when no answer came: a network error or a timeout), ``code`` the
    envelope's machine code (``validation_failed``, ``not_found``…; ``None`` for an answer that is not
    the API's own, such as API Gateway's), ``details`` a validation failure's fields and rules,
    ``request_id`` the id to quote when you report it, ``retry_after_ms`` how long the API asked to wait.
    """

    def __init__(
        self,
        message: str,
        status: int,
        code: Optional[str] = None,
        request_id: Optional[str] = None,
        retry_after_ms: Optional[float] = None,
        details: Optional[list[dict[str, Any]]] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        self.request_id = request_id
        self.retry_after_ms = retry_after_ms
        self.details = details or []

    def __repr__(self) -> str:
        return f"ApiError(status={self.status}, code={self.code!r}, message={self.message!r})"


class WebhookVerificationError(Exception):
    """A delivery that is not ours, as Standard Webhooks says: a bad signature, a timestamp too far
    from now, a missing header, or a malformed secret."""
