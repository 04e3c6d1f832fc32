# Generated from docs/openapi.json by `npm run client:types`: one method per route, named by its
# x-client-method (the route table's `clientMethod`). Do not edit.
"""Each route's method, a base class per group of the client (its helpers are written by hand on top)."""

from __future__ import annotations

import urllib.parse
from typing import Any, Mapping, Optional, Union, cast

from . import types as t

Query = Mapping[str, Union[str, int, float, bool, None]]


def _quote(value: str) -> str:
    return urllib.parse.quote(value, safe="")


class RouteMethods:
    """What every group's route methods send their requests through (the client's groups implement it)."""

    def _route(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Query] = None,
        body: Optional[Mapping[str, Any]] = None,
        idempotent: bool = False,
        idempotency_key: Optional[str] = None,
        if_match: Optional[str] = None,
    ) -> Any:
        """Sends a route's request: the client's transport does (client.py)."""
        raise NotImplementedError


class JdsRoutes(RouteMethods):
    def list(self, query: Optional[Query] = None) -> t.ListJdsAnswer:
        """List job descriptions, newest first (GET /jds)."""
        return cast(t.ListJdsAnswer, self._route("GET", "/jds", query=query))

    def create(self, body: Mapping[str, Any], *, idempotency_key: Optional[str] = None) -> t.CreateJdAnswer:
        """Create a job description in DRAFT (POST /jds)."""
        return cast(t.CreateJdAnswer, self._route("POST", "/jds", body=body, idempotent=True, idempotency_key=idempotency_key))

    def get(self, jd_id: str, query: Optional[Query] = None) -> t.GetJdAnswer:
        """One job description with its applications (GET /jds/{jdId})."""
        return cast(t.GetJdAnswer, self._route("GET", f"/jds/{_quote(jd_id)}", query=query))

    def update(self, jd_id: str, body: Mapping[str, Any], *, if_match: Optional[str] = None, idempotency_key: Optional[str] = None) -> t.UpdateJdAnswer:
        """Change a JD's fields, or close or archive it (PATCH /jds/{jdId})."""
        return cast(t.UpdateJdAnswer, self._route("PATCH", f"/jds/{_quote(jd_id)}", body=body, idempotent=True, idempotency_key=idempotency_key, if_match=if_match))

    def delete(self, jd_id: str, *, if_match: Optional[str] = None) -> None:
        """Delete a JD that has no applications (DELETE /jds/{jdId})."""
        self._route("DELETE", f"/jds/{_quote(jd_id)}", if_match=if_match)

    def upsert_by_external_id(self, external_id: str, body: Mapping[str, Any], *, if_match: Optional[str] = None, idempotency_key: Optional[str] = None) -> t.UpsertJdAnswer:
        """Create or replace the JD your system knows by its own id (PUT /jds/by-external-id/{externalId})."""
        return cast(t.UpsertJdAnswer, self._route("PUT", f"/jds/by-external-id/{_quote(external_id)}", body=body, idempotent=True, idempotency_key=idempotency_key, if_match=if_match))

    def upsert_batch(self, body: Mapping[str, Any], *, idempotency_key: Optional[str] = None) -> t.UpsertJdsAnswer:
        """Create or replace up to 100 JDs by your own ids, in one request (POST /jds/batch)."""
        return cast(t.UpsertJdsAnswer, self._route("POST", "/jds/batch", body=body, idempotent=True, idempotency_key=idempotency_key))


class ResumesRoutes(RouteMethods):
    def list(self, query: Optional[Query] = None) -> t.ListResumesAnswer:
        """List parsed resumes, newest first (GET /resumes)."""
        return cast(t.ListResumesAnswer, self._route("GET", "/resumes", query=query))

    def get(self, resume_id: str) -> t.GetResumeAnswer:
        """One resume with its full metadata (GET /resumes/{resumeId})."""
        return cast(t.GetResumeAnswer, self._route("GET", f"/resumes/{_quote(resume_id)}"))


class CandidatesRoutes(RouteMethods):
    def list(self, query: Optional[Query] = None) -> t.ListCandidatesAnswer:
        """Resumes with their applications and scores, searchable by file name (GET /candidates)."""
        return cast(t.ListCandidatesAnswer, self._route("GET", "/candidates", query=query))

    def export(self, resume_id: str, query: Optional[Query] = None) -> t.ExportCandidateAnswer:
        """A candidate’s data on request: the parsed resume, every application, score, review and its audit entry (GET /candidates/{resumeId}/export)."""
        return cast(t.ExportCandidateAnswer, self._route("GET", f"/candidates/{_quote(resume_id)}/export", query=query))


class MatchesRoutes(RouteMethods):
    def list(self, jd_id: str, query: Optional[Query] = None) -> t.ListMatchesAnswer:
        """Applications of a JD ranked by AI score (GET /matches/{jdId})."""
        return cast(t.ListMatchesAnswer, self._route("GET", f"/matches/{_quote(jd_id)}", query=query))


class ApplicationsRoutes(RouteMethods):
    def list(self, query: Optional[Query] = None) -> t.ListApplicationsAnswer:
        """Every application of the tenant, filtered by JD, resume, status, score or when scored (GET /applications)."""
        return cast(t.ListApplicationsAnswer, self._route("GET", "/applications", query=query))

    def get(self, application_id: str) -> t.GetApplicationAnswer:
        """One application with every AI score and its provenance (GET /applications/{applicationId})."""
        return cast(t.GetApplicationAnswer, self._route("GET", f"/applications/{_quote(application_id)}"))

    def get_review(self, application_id: str, review_id: str) -> t.GetReviewAnswer:
        """One review of the application’s AI scores, as POST answered it (GET /applications/{applicationId}/reviews/{reviewId})."""
        return cast(t.GetReviewAnswer, self._route("GET", f"/applications/{_quote(application_id)}/reviews/{_quote(review_id)}"))

    def review(self, application_id: str, body: Mapping[str, Any], *, idempotency_key: Optional[str] = None) -> t.CreateReviewAnswer:
        """Record a person’s review of one of the application’s AI scores (POST /applications/{applicationId}/reviews)."""
        return cast(t.CreateReviewAnswer, self._route("POST", f"/applications/{_quote(application_id)}/reviews", body=body, idempotent=True, idempotency_key=idempotency_key))


class KeysRoutes(RouteMethods):
    def create(self, body: Mapping[str, Any], *, idempotency_key: Optional[str] = None) -> t.CreateKeyAnswer:
        """Create an API key (the plaintext is shown once) (POST /keys)."""
        return cast(t.CreateKeyAnswer, self._route("POST", "/keys", body=body, idempotent=True, idempotency_key=idempotency_key))

    def list(self, query: Optional[Query] = None) -> t.ListKeysAnswer:
        """List the tenant's API keys (GET /keys)."""
        return cast(t.ListKeysAnswer, self._route("GET", "/keys", query=query))

    def get(self, key_id: str) -> t.GetKeyAnswer:
        """One API key, as GET /keys lists it (never its hash or plaintext) (GET /keys/{keyId})."""
        return cast(t.GetKeyAnswer, self._route("GET", f"/keys/{_quote(key_id)}"))

    def revoke(self, key_id: str) -> t.RevokeKeyAnswer:
        """Revoke an API key (DELETE /keys/{keyId})."""
        return cast(t.RevokeKeyAnswer, self._route("DELETE", f"/keys/{_quote(key_id)}"))


class ClientRoutes(RouteMethods):
    def whoami(self) -> t.WhoamiAnswer:
        """Confirm the calling key works (GET /whoami)."""
        return cast(t.WhoamiAnswer, self._route("GET", "/whoami"))


class ConsoleRoutes(RouteMethods):
    def create_link(self, body: Mapping[str, Any]) -> t.CreateConsoleLinkAnswer:
        """A single-use link, valid 10 minutes, that signs a browser in to the developer console as this key (POST /console/links)."""
        return cast(t.CreateConsoleLinkAnswer, self._route("POST", "/console/links", body=body))


class EventsRoutes(RouteMethods):
    def list(self, query: Optional[Query] = None) -> t.ListEventsAnswer:
        """The event log, oldest first, after a cursor (GET /events)."""
        return cast(t.ListEventsAnswer, self._route("GET", "/events", query=query))

    def get(self, event_id: str) -> t.GetEventAnswer:
        """One event (GET /events/{eventId})."""
        return cast(t.GetEventAnswer, self._route("GET", f"/events/{_quote(event_id)}"))


class WebhooksRoutes(RouteMethods):
    def create(self, body: Mapping[str, Any], *, idempotency_key: Optional[str] = None) -> t.CreateWebhookAnswer:
        """Register a webhook endpoint (its signing secret is shown once) (POST /webhooks)."""
        return cast(t.CreateWebhookAnswer, self._route("POST", "/webhooks", body=body, idempotent=True, idempotency_key=idempotency_key))

    def list(self, query: Optional[Query] = None) -> t.ListWebhooksAnswer:
        """List the tenant's webhook endpoints (GET /webhooks)."""
        return cast(t.ListWebhooksAnswer, self._route("GET", "/webhooks", query=query))

    def get(self, webhook_id: str) -> t.GetWebhookAnswer:
        """One webhook endpoint (GET /webhooks/{webhookId})."""
        return cast(t.GetWebhookAnswer, self._route("GET", f"/webhooks/{_quote(webhook_id)}"))

    def delete(self, webhook_id: str) -> t.DeleteWebhookAnswer:
        """Delete a webhook endpoint (DELETE /webhooks/{webhookId})."""
        return cast(t.DeleteWebhookAnswer, self._route("DELETE", f"/webhooks/{_quote(webhook_id)}"))

    def rotate_secret(self, webhook_id: str) -> t.RotateWebhookSecretAnswer:
        """Replace the signing secret (shown once; the old one keeps signing for 24 hours) (POST /webhooks/{webhookId}/rotate-secret)."""
        return cast(t.RotateWebhookSecretAnswer, self._route("POST", f"/webhooks/{_quote(webhook_id)}/rotate-secret"))

    def enable(self, webhook_id: str) -> t.EnableWebhookAnswer:
        """Enable a disabled webhook endpoint (POST /webhooks/{webhookId}/enable)."""
        return cast(t.EnableWebhookAnswer, self._route("POST", f"/webhooks/{_quote(webhook_id)}/enable"))

    def deliveries(self, webhook_id: str, query: Optional[Query] = None) -> t.ListWebhookDeliveriesAnswer:
        """Delivery attempts to an endpoint, newest first (GET /webhooks/{webhookId}/deliveries)."""
        return cast(t.ListWebhookDeliveriesAnswer, self._route("GET", f"/webhooks/{_quote(webhook_id)}/deliveries", query=query))

    def retry_delivery(self, webhook_id: str, event_id: str) -> t.RetryWebhookDeliveryAnswer:
        """Send one event to an endpoint again, now (POST /webhooks/{webhookId}/deliveries/{eventId}/retry)."""
        return cast(t.RetryWebhookDeliveryAnswer, self._route("POST", f"/webhooks/{_quote(webhook_id)}/deliveries/{_quote(event_id)}/retry"))

    def test(self, webhook_id: str) -> t.TestWebhookAnswer:
        """Send one signed webhook.test event to an endpoint, now (nothing is logged or retried) (POST /webhooks/{webhookId}/test)."""
        return cast(t.TestWebhookAnswer, self._route("POST", f"/webhooks/{_quote(webhook_id)}/test"))

    def replay(self, webhook_id: str, body: Mapping[str, Any], *, idempotency_key: Optional[str] = None) -> t.ReplayWebhookAnswer:
        """Send the events since a point of the log to an endpoint again (POST /webhooks/{webhookId}/replay)."""
        return cast(t.ReplayWebhookAnswer, self._route("POST", f"/webhooks/{_quote(webhook_id)}/replay", body=body, idempotent=True, idempotency_key=idempotency_key))


class AuditLogRoutes(RouteMethods):
    def list(self, query: Optional[Query] = None) -> t.ListAuditLogAnswer:
        """The security history: every change to keys, webhooks, JDs and reviews, who made it and how, newest first (GET /audit-log)."""
        return cast(t.ListAuditLogAnswer, self._route("GET", "/audit-log", query=query))


class RequestsRoutes(RouteMethods):
    def list(self, query: Optional[Query] = None) -> t.ListRequestsAnswer:
        """The request log: every request the space's keys made in the last 30 days and how it was answered, newest first (GET /requests)."""
        return cast(t.ListRequestsAnswer, self._route("GET", "/requests", query=query))

    def get(self, request_id: str) -> t.GetRequestAnswer:
        """One request of the request log, by the Request-Id its answer carried (GET /requests/{requestId})."""
        return cast(t.GetRequestAnswer, self._route("GET", f"/requests/{_quote(request_id)}"))


class TestModeRoutes(RouteMethods):
    def reset(self, *, idempotency_key: Optional[str] = None) -> t.ResetTestSpaceAnswer:
        """Put the key's test space back to its sample data (webhook endpoints are kept) (POST /test/reset)."""
        return cast(t.ResetTestSpaceAnswer, self._route("POST", "/test/reset", idempotent=True, idempotency_key=idempotency_key))

    def simulate_product_events(self, body: Mapping[str, Any]) -> t.SimulateProductEventsAnswer:
        """Apply product events to the key's test space, as the product's feed does to live data: events and webhooks follow (POST /test/product-events)."""
        return cast(t.SimulateProductEventsAnswer, self._route("POST", "/test/product-events", body=body))
