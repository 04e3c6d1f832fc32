// Generated from docs/openapi.json by `npm run client:types` (openapi-typescript). Do not edit.

export interface paths {
    "/jds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List job descriptions, newest first
         * @description Scope: `jd:read` or `read`.
         */
        get: operations["listJds"];
        put?: never;
        /**
         * Create a job description in DRAFT
         * @description Scope: `jd:write` or `write`.
         */
        post: operations["createJd"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jds/{jdId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One job description with its applications
         * @description Scope: `jd:read` or `read`.
         */
        get: operations["getJd"];
        put?: never;
        post?: never;
        /**
         * Delete a JD that has no applications
         * @description Scope: `jd:write` or `write`.
         */
        delete: operations["deleteJd"];
        options?: never;
        head?: never;
        /**
         * Change a JD's fields, or close or archive it
         * @description Scope: `jd:write` or `write`.
         */
        patch: operations["updateJd"];
        trace?: never;
    };
    "/jds/by-external-id/{externalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Create or replace the JD your system knows by its own id
         * @description Scope: `jd:write` or `write`.
         */
        put: operations["upsertJd"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jds/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or replace up to 100 JDs by your own ids, in one request
         * @description Scope: `jd:write` or `write`.
         */
        post: operations["upsertJds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resumes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List parsed resumes, newest first
         * @description Scope: `resume:read` or `read`.
         */
        get: operations["listResumes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resumes/{resumeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One resume with its full metadata
         * @description Scope: `resume:read` or `read`.
         */
        get: operations["getResume"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/candidates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resumes with their applications and scores, searchable by file name
         * @description Scope: `candidate:read` or `read`.
         */
        get: operations["listCandidates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/candidates/{resumeId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A candidate’s data on request: the parsed resume, every application, score, review and its audit entry
         * @description Scope: `privacy:read` or `admin`.
         */
        get: operations["exportCandidate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/matches/{jdId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Applications of a JD ranked by AI score
         * @description Scope: `match:read` or `read`.
         */
        get: operations["listMatches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every application of the tenant, filtered by JD, resume, status, score or when scored
         * @description Scope: `match:read` or `read`.
         */
        get: operations["listApplications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{applicationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One application with every AI score and its provenance
         * @description Scope: `match:read` or `read`.
         */
        get: operations["getApplication"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{applicationId}/reviews/{reviewId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One review of the application’s AI scores, as POST answered it
         * @description Scope: `match:read` or `read`.
         */
        get: operations["getReview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{applicationId}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a person’s review of one of the application’s AI scores
         * @description Scope: `review:write` or `write`.
         */
        post: operations["createReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tenant's API keys
         * @description Scope: `admin`.
         */
        get: operations["listKeys"];
        put?: never;
        /**
         * Create an API key (the plaintext is shown once)
         * @description Scope: `admin`.
         */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One API key, as GET /keys lists it (never its hash or plaintext)
         * @description Scope: `admin`.
         */
        get: operations["getKey"];
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Scope: `admin`.
         */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/whoami": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirm the calling key works
         * @description Any valid key.
         */
        get: operations["whoami"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A single-use link, valid 10 minutes, that signs a browser in to the developer console as this key
         * @description Any valid key.
         */
        post: operations["createConsoleLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The console's sign-in: spends the link's token (in Hiring-Console-Link) and sets the session's cookie
         * @description The developer console page's own (docs/console.md): no client calls it.
         */
        post: operations["openConsoleSession"];
        /**
         * The console's sign-out: its session's cookie no longer works
         * @description The developer console page's own (docs/console.md): no client calls it.
         */
        delete: operations["closeConsoleSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The event log, oldest first, after a cursor
         * @description Scope: `read`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One event
         * @description Scope: `read`.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tenant's webhook endpoints
         * @description Scope: `admin`.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint (its signing secret is shown once)
         * @description Scope: `admin`.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description Scope: `admin`.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Scope: `admin`.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret (shown once; the old one keeps signing for 24 hours)
         * @description Scope: `admin`.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a disabled webhook endpoint
         * @description Scope: `admin`.
         */
        post: operations["enableWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery attempts to an endpoint, newest first
         * @description Scope: `admin`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/deliveries/{eventId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one event to an endpoint again, now
         * @description Scope: `admin`.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one signed webhook.test event to an endpoint, now (nothing is logged or retried)
         * @description Scope: `admin`.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the events since a point of the log to an endpoint again
         * @description Scope: `admin`.
         */
        post: operations["replayWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The security history: every change to keys, webhooks, JDs and reviews, who made it and how, newest first
         * @description Scope: `admin`.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The request log: every request the space's keys made in the last 30 days and how it was answered, newest first
         * @description Scope: `admin`.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/{requestId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One request of the request log, by the Request-Id its answer carried
         * @description Scope: `admin`.
         */
        get: operations["getRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put the key's test space back to its sample data (webhook endpoints are kept)
         * @description Scope: `write`.
         */
        post: operations["resetTestSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/product-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply product events to the key's test space, as the product's feed does to live data: events and webhooks follow
         * @description Scope: `write`.
         */
        post: operations["simulateProductEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * MCP (Streamable HTTP): the API's tools for AI assistants
         * @description Any valid key. Send `Accept: application/json, text/event-stream`, as MCP's Streamable HTTP transport asks of clients; `application/json` alone is taken too, since this server answers JSON only (no event stream). The body is one JSON-RPC 2.0 message (docs/mcp.md).
         */
        post: operations["mcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "jd.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A jd.created event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onJdCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "jd.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A jd.updated event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onJdUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "jd.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A jd.deleted event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onJdDeletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "resume.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A resume.created event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onResumeCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "resume.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A resume.updated event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onResumeUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "resume.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A resume.deleted event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onResumeDeletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "application.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A application.created event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onApplicationCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "application.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A application.updated event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onApplicationUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "application.scored": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A application.scored event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onApplicationScoredEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "application.reviewed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A application.reviewed event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onApplicationReviewedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "application.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A application.deleted event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onApplicationDeletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "key.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A key.created event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onKeyCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "key.revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A key.revoked event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onKeyRevokedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "test.reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test.reset event
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onTestResetEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test delivery, sent only when asked (POST /webhooks/{webhookId}/test): not in the event log, never retried
         * @description Sent to every enabled endpoint subscribed to this type (or to `*`), signed as Standard Webhooks specifies: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (any `standardwebhooks` library does) before trusting the body. The same event is delivered with the same `webhook-id` on every attempt: use it to ignore repeats.
         */
        post: operations["onWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        JdSummary: {
            id: string;
            title: string;
            /** @enum {string} */
            status: "DRAFT" | "PUBLISHED" | "CLOSED" | "ARCHIVED";
            department?: string;
            location?: string;
            experience?: string;
            salary?: string;
            type: string;
            externalId?: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Jd: {
            id: string;
            title: string;
            /** @enum {string} */
            status: "DRAFT" | "PUBLISHED" | "CLOSED" | "ARCHIVED";
            department?: string;
            location?: string;
            experience?: string;
            salary?: string;
            type: string;
            externalId?: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            description: string;
            requirements?: string;
            scoringInputsChangedAt: string | null;
            applications: components["schemas"]["JdApplication"][];
        };
        JdApplication: {
            id: string;
            /** @enum {string} */
            status: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
        };
        NewJd: {
            id: string;
            title: string;
            /** @constant */
            status: "DRAFT";
            department?: string;
            location?: string;
            experience?: string;
            salary?: string;
            type: string;
            externalId?: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            description: string;
            requirements?: string;
            scoringInputsChangedAt: string | null;
            applications: components["schemas"]["JdApplication"][];
        };
        JdDeletedEntry: {
            id: string;
            /** @constant */
            deleted: true;
            /** Format: date-time */
            deletedAt: string;
            externalId?: string;
        };
        UpsertedJd: {
            externalId: string;
            id: string;
            /** @enum {string} */
            outcome: "created" | "updated" | "unchanged";
        };
        FailedBatchItem: {
            externalId?: string;
            error: {
                status: number;
                /** @enum {string} */
                code: "validation_failed" | "cursor_invalid" | "unauthenticated" | "key_invalid" | "scope_missing" | "key_mode_mismatch" | "origin_not_allowed" | "not_found" | "method_not_allowed" | "conflict" | "limit_reached" | "webhook_disabled" | "replay_running" | "concurrent_change" | "sync_token_expired" | "precondition_failed" | "payload_too_large" | "unsupported_media_type" | "version_unsupported" | "idempotency_key_reused" | "idempotency_key_other_target" | "response_too_large" | "jd_too_large" | "request_blocked" | "rate_limited" | "webhook_test_limited" | "quota_exceeded" | "wait_limited" | "unavailable" | "internal_error";
                message: string;
                details?: {
                    field: string;
                    rule: string;
                    message: string;
                }[];
            };
        };
        ResumeSummary: {
            id: string;
            fileName: string;
            /** @enum {string} */
            parseStatus: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
            metadata: {
                skills?: string[];
                experience?: string;
            };
            /** Format: date-time */
            createdAt: string;
        };
        Resume: {
            id: string;
            fileName: string;
            /** @enum {string} */
            parseStatus: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
            metadata: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            createdAt: string;
        };
        Candidate: {
            id: string;
            fileName: string;
            /** @enum {string} */
            parseStatus: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
            metadata: {
                skills?: string[];
                experience?: string;
            };
            /** Format: date-time */
            createdAt: string;
            applications: components["schemas"]["CandidateApplication"][];
            applicationsHasMore: boolean;
        };
        CandidateApplication: {
            id: string;
            /** @enum {string} */
            status: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
            aiScores: components["schemas"]["ScoreIdentity"][];
            scoringInputsChangedAt: string | null;
            jobDescription: {
                id: string;
                title: string;
            };
        };
        CandidateExport: {
            /** Format: date-time */
            exportedAt: string;
            resume: components["schemas"]["Resume"];
            applications: {
                id: string;
                jdId: string;
                resumeId: string;
                /** @enum {string} */
                status: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
                aiScore: number | null;
                aiScores: components["schemas"]["AiScore"][];
                reviews: {
                    id: string;
                    applicationId: string;
                    score: {
                        overallScore: number;
                        scoredAt: string | null;
                        model: components["schemas"]["ScoreModel"] | null;
                    };
                    /** @enum {string} */
                    outcome: "confirmed" | "overridden" | "rejected";
                    reviewer: string;
                    rationale: string | null;
                    /** Format: date-time */
                    reviewedAt: string;
                    blind: boolean;
                    auditEntry: components["schemas"]["AuditEntry"] | null;
                }[];
                scoringInputsChangedAt: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                jobDescription: {
                    id: string;
                    title: string;
                };
            }[];
        };
        MatchEntry: {
            applicationId: string;
            resumeId: string;
            candidate: string | null;
            email: string | null;
            aiScore: number | null;
            scoredAt: string | null;
            model: components["schemas"]["ScoreModel"] | null;
            /** @enum {string} */
            status: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
            reviewed: boolean;
            reviewOutcome: ("confirmed" | "overridden" | "rejected") | null;
            stale: boolean;
            scoringInputsChangedAt: string | null;
        };
        Application: {
            id: string;
            jdId: string;
            resumeId: string;
            /** @enum {string} */
            status: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
            aiScore: number | null;
            aiScores: components["schemas"]["AiScore"][];
            reviews: components["schemas"]["Review"][];
            scoringInputsChangedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Review: {
            id: string;
            applicationId: string;
            score: {
                overallScore: number;
                scoredAt: string | null;
                model: components["schemas"]["ScoreModel"] | null;
            };
            /** @enum {string} */
            outcome: "confirmed" | "overridden" | "rejected";
            reviewer: string;
            rationale: string | null;
            /** Format: date-time */
            reviewedAt: string;
            blind: boolean;
        };
        ApplicationEntry: {
            id: string;
            jdId: string;
            resumeId: string;
            /** @enum {string} */
            status: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
            aiScore: number | null;
            scoredAt: string | null;
            model: components["schemas"]["ScoreModel"] | null;
            stale: boolean;
            scoringInputsChangedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        AiScore: {
            overallScore: number;
            /** Format: date-time */
            scoredAt?: string;
            model?: components["schemas"]["ScoreModel"];
            stale: boolean;
            criteria?: {
                name: string;
                score: number;
                weight?: number;
            }[];
            summary?: string;
        };
        ScoreIdentity: {
            overallScore: number;
            /** Format: date-time */
            scoredAt?: string;
            model?: components["schemas"]["ScoreModel"];
            stale: boolean;
        };
        ScoreModel: {
            id: string;
            version: string;
        };
        ApiKey: {
            id: string;
            name: string;
            scopes: ("read" | "write" | "admin" | "jd:read" | "jd:write" | "resume:read" | "candidate:read" | "match:read" | "review:write" | "privacy:read")[];
            /** Format: date-time */
            createdAt: string;
            createdBy: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
            expiresAt: string | null;
            apiVersion: string;
            /** @enum {string} */
            mode: "live" | "test";
            blind: boolean;
            quota: components["schemas"]["Quota"] | null;
            last24Hours: {
                /** Format: int32 */
                requests: number;
                /** Format: int32 */
                errors: number;
            };
        };
        NewApiKey: {
            id: string;
            name: string;
            scopes: ("read" | "write" | "admin" | "jd:read" | "jd:write" | "resume:read" | "candidate:read" | "match:read" | "review:write" | "privacy:read")[];
            /** Format: date-time */
            createdAt: string;
            createdBy: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
            expiresAt: string | null;
            apiVersion: string;
            /** @enum {string} */
            mode: "live" | "test";
            blind: boolean;
            quota: components["schemas"]["Quota"] | null;
            last24Hours: {
                /** Format: int32 */
                requests: number;
                /** Format: int32 */
                errors: number;
            };
            key: string | null;
        };
        Quota: {
            limit: number;
            used: number;
            remaining: number;
            /** Format: date-time */
            resetAt: string;
        };
        Webhook: {
            id: string;
            /** Format: uri */
            url: string;
            events: (("jd.created" | "jd.updated" | "jd.deleted" | "resume.created" | "resume.updated" | "resume.deleted" | "application.created" | "application.updated" | "application.scored" | "application.reviewed" | "application.deleted" | "key.created" | "key.revoked" | "test.reset" | "*") | string)[];
            description?: string;
            /** @enum {string} */
            status: "enabled" | "disabled";
            disabledReason?: string;
            /** Format: int32 */
            rateLimit: number;
            replay?: components["schemas"]["ReplayProgress"];
            apiVersion: string;
            health: components["schemas"]["WebhookHealth"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        NewWebhook: {
            id: string;
            /** Format: uri */
            url: string;
            events: (("jd.created" | "jd.updated" | "jd.deleted" | "resume.created" | "resume.updated" | "resume.deleted" | "application.created" | "application.updated" | "application.scored" | "application.reviewed" | "application.deleted" | "key.created" | "key.revoked" | "test.reset" | "*") | string)[];
            description?: string;
            /** @enum {string} */
            status: "enabled" | "disabled";
            disabledReason?: string;
            /** Format: int32 */
            rateLimit: number;
            replay?: components["schemas"]["ReplayProgress"];
            apiVersion: string;
            health: components["schemas"]["WebhookHealth"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            secret: string | null;
        };
        ReplayProgress: {
            requestId: string;
            after: string;
            until: string;
            position: string;
            queued: number;
            /** Format: date-time */
            startedAt: string;
            /** Format: date-time */
            progressAt: string;
        };
        DeliveryAttempt: {
            id: string;
            eventId: string;
            /** @enum {string} */
            eventType?: "jd.created" | "jd.updated" | "jd.deleted" | "resume.created" | "resume.updated" | "resume.deleted" | "application.created" | "application.updated" | "application.scored" | "application.reviewed" | "application.deleted" | "key.created" | "key.revoked" | "test.reset" | "webhook.test";
            attempt: number;
            /** @enum {string} */
            trigger: "automatic" | "manual" | "test";
            statusCode: number | null;
            durationMs: number;
            error?: string;
            responseBody?: string;
            /** Format: date-time */
            at: string;
        };
        WebhookHealth: {
            lastSuccessAt: string | null;
            lastFailureAt: string | null;
            failingSince: string | null;
            /** Format: int32 */
            failedAttempts: number;
            disablesAt: string | null;
        };
        WebhookTestEvent: {
            id: string;
            /** @constant */
            type: "webhook.test";
            /** Format: date-time */
            createdAt: string;
            data: {
                webhookId: string;
                message: string;
            };
        };
        AuditEntry: {
            id: string;
            /** Format: date-time */
            at: string;
            /** @enum {string} */
            action: "key.created" | "key.revoked" | "webhook.created" | "webhook.secret_rotated" | "webhook.enabled" | "webhook.deleted" | "webhook.test_requested" | "webhook.retry_requested" | "webhook.replay_requested" | "jd.created" | "jd.updated" | "jd.deleted" | "review.created";
            object: {
                /** @enum {string} */
                type: "key" | "webhook" | "jd" | "review";
                id: string;
                version: number | null;
                parent?: {
                    /** @constant */
                    type: "application";
                    id: string;
                };
            };
            actor: string;
            actorName: string | null;
            changedFields?: string[];
            requestId: string;
            clientIp: string | null;
            route: string;
            /** @enum {string} */
            via: "api" | "console" | "cli";
        };
        RequestLogEntry: {
            requestId: string;
            /** Format: date-time */
            time: string;
            method: string;
            path: string;
            route: string | null;
            /** Format: int32 */
            status: number;
            code: string | null;
            /** Format: int32 */
            durationMs: number;
            keyId: string;
            keyName: string;
            apiVersion: string | null;
            idempotencyKey: string | null;
            replayed: boolean;
            queryParameters: string[];
            userAgent: string | null;
            clientIp: string | null;
        };
        TestSpaceReset: {
            complete: boolean;
            deletedItems: number;
            sampleData: {
                jds: number;
                resumes: number;
                applications: number;
            } | null;
        };
        SimulatedEventOutcome: {
            id: string;
            /** @enum {string} */
            type: "jd.upserted" | "jd.deleted" | "resume.upserted" | "resume.deleted" | "application.upserted" | "application.deleted";
            /** @enum {string} */
            outcome: "applied" | "ignored" | "rejected" | "skipped";
            created?: boolean;
            reason?: string;
        };
        Pagination: {
            page: number;
            limit: number;
            total: number;
            pages: number;
            hasMore: boolean;
            nextCursor?: string;
        };
        SlicePagination: {
            limit: number;
            hasMore: boolean;
            nextCursor?: string;
        };
        DeltaPagination: {
            limit: number;
            hasMore: boolean;
            nextCursor?: string;
            syncToken?: string;
        };
        DeletedEntry: {
            id: string;
            /** @constant */
            deleted: true;
            /** Format: date-time */
            deletedAt: string;
        };
        Error: {
            /** @constant */
            success: false;
            error: string;
            /** @description A code this document does not list yet is possible (docs/api.md, "Compatibility and versions"): act on the status. */
            code: components["schemas"]["ErrorCode"] | string;
            details?: {
                field: string;
                rule: string;
                message: string;
            }[];
            retryAfterMs?: number;
            existingId?: string;
            responseBytes?: number;
            limitBytes?: number;
            requestId?: string;
        };
        /** @description An event of the log: one of the known types, or a type added later */
        Event: components["schemas"]["KnownEvent"] | components["schemas"]["UnknownEvent"];
        JdCreatedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "jd.created";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                title: string;
                /** @enum {string} */
                status: "DRAFT" | "PUBLISHED" | "CLOSED" | "ARCHIVED";
                /** @enum {string} */
                previousStatus?: "DRAFT" | "PUBLISHED" | "CLOSED" | "ARCHIVED";
                /** @constant */
                scoringInputsChanged?: true;
                externalId?: string;
                /** Format: date-time */
                updatedAt: string;
            };
        };
        JdUpdatedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "jd.updated";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                title: string;
                /** @enum {string} */
                status: "DRAFT" | "PUBLISHED" | "CLOSED" | "ARCHIVED";
                /** @enum {string} */
                previousStatus?: "DRAFT" | "PUBLISHED" | "CLOSED" | "ARCHIVED";
                /** @constant */
                scoringInputsChanged?: true;
                externalId?: string;
                /** Format: date-time */
                updatedAt: string;
            };
        };
        JdDeletedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "jd.deleted";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                externalId?: string;
                /** Format: date-time */
                updatedAt: string;
            };
        };
        ResumeCreatedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "resume.created";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                /** @enum {string} */
                parseStatus: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                /** Format: date-time */
                updatedAt: string;
            };
        };
        ResumeUpdatedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "resume.updated";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                /** @enum {string} */
                parseStatus: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                /** Format: date-time */
                updatedAt: string;
            };
        };
        ResumeDeletedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "resume.deleted";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                /** Format: date-time */
                updatedAt: string;
            };
        };
        ApplicationCreatedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "application.created";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                jdId: string;
                resumeId: string;
                /** @enum {string} */
                status: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
                /** @enum {string} */
                previousStatus?: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
                aiScore: number | null;
                /** Format: date-time */
                updatedAt: string;
            };
        };
        ApplicationUpdatedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "application.updated";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                jdId: string;
                resumeId: string;
                /** @enum {string} */
                status: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
                /** @enum {string} */
                previousStatus?: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
                aiScore: number | null;
                /** Format: date-time */
                updatedAt: string;
            };
        };
        ApplicationScoredEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "application.scored";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                jdId: string;
                resumeId: string;
                aiScore: number;
                model: components["schemas"]["ScoreModel"] | null;
                scoredAt: string | null;
                /** Format: date-time */
                updatedAt: string;
            };
        };
        ApplicationReviewedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "application.reviewed";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                jdId: string;
                resumeId: string;
                reviewId: string;
                /** @enum {string} */
                outcome: "confirmed" | "overridden" | "rejected";
                scoredAt: string | null;
                model: components["schemas"]["ScoreModel"] | null;
                /** Format: date-time */
                reviewedAt: string;
                blind?: boolean;
            };
        };
        ApplicationDeletedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "application.deleted";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                jdId: string;
                resumeId: string;
                /** Format: date-time */
                updatedAt: string;
            };
        };
        KeyCreatedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "key.created";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                name: string;
                scopes: ("read" | "write" | "admin" | "jd:read" | "jd:write" | "resume:read" | "candidate:read" | "match:read" | "review:write" | "privacy:read")[];
                expiresAt: string | null;
                /** @enum {string} */
                mode?: "live" | "test";
                blind?: boolean;
                /** Format: date-time */
                updatedAt: string;
            };
        };
        KeyRevokedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "key.revoked";
            /** Format: date-time */
            createdAt: string;
            data: {
                id: string;
                name: string;
                /** Format: date-time */
                updatedAt: string;
            };
        };
        TestResetEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "test.reset";
            /** Format: date-time */
            createdAt: string;
            data: {
                /** Format: date-time */
                resetAt: string;
            };
        };
        ListJdsAnswer: {
            /** @constant */
            success: true;
            /** @constant */
            kind: "page";
            data: components["schemas"]["JdSummary"][];
            pagination: components["schemas"]["Pagination"];
        } | {
            /** @constant */
            success: true;
            /** @constant */
            kind: "changes";
            data: ({
                id: string;
                title: string;
                /** @enum {string} */
                status: "DRAFT" | "PUBLISHED" | "CLOSED" | "ARCHIVED";
                department?: string;
                location?: string;
                experience?: string;
                salary?: string;
                type: string;
                externalId?: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                /** @constant */
                deleted?: false;
            } | components["schemas"]["JdDeletedEntry"])[];
            pagination: components["schemas"]["DeltaPagination"];
        };
        GetJdAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["Jd"];
            pagination?: components["schemas"]["SlicePagination"];
        };
        CreateJdAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["NewJd"];
        };
        UpdateJdAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["Jd"];
            pagination?: components["schemas"]["SlicePagination"];
        };
        UpsertJdAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["Jd"];
            pagination?: components["schemas"]["SlicePagination"];
        };
        UpsertJdsAnswer: {
            /** @constant */
            success: true;
            data: (components["schemas"]["UpsertedJd"] | components["schemas"]["FailedBatchItem"])[];
        };
        ListResumesAnswer: {
            /** @constant */
            success: true;
            /** @constant */
            kind: "page";
            data: components["schemas"]["ResumeSummary"][];
            pagination: components["schemas"]["Pagination"];
        } | {
            /** @constant */
            success: true;
            /** @constant */
            kind: "changes";
            data: ({
                id: string;
                fileName: string;
                /** @enum {string} */
                parseStatus: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                metadata: {
                    skills?: string[];
                    experience?: string;
                };
                /** Format: date-time */
                createdAt: string;
                /** @constant */
                deleted?: false;
            } | components["schemas"]["DeletedEntry"])[];
            pagination: components["schemas"]["DeltaPagination"];
        };
        GetResumeAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["Resume"];
        };
        ListCandidatesAnswer: {
            /** @constant */
            success: true;
            /** @constant */
            kind: "page";
            data: components["schemas"]["Candidate"][];
            pagination: components["schemas"]["Pagination"];
        } | {
            /** @constant */
            success: true;
            /** @constant */
            kind: "changes";
            data: ({
                id: string;
                fileName: string;
                /** @enum {string} */
                parseStatus: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                metadata: {
                    skills?: string[];
                    experience?: string;
                };
                /** Format: date-time */
                createdAt: string;
                applications: components["schemas"]["CandidateApplication"][];
                applicationsHasMore: boolean;
                /** @constant */
                deleted?: false;
            } | components["schemas"]["DeletedEntry"])[];
            pagination: components["schemas"]["DeltaPagination"];
        };
        ExportCandidateAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["CandidateExport"];
            pagination: components["schemas"]["SlicePagination"];
        };
        ListMatchesAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["MatchEntry"][];
            pagination?: components["schemas"]["SlicePagination"];
        };
        ListApplicationsAnswer: {
            /** @constant */
            success: true;
            /** @constant */
            kind: "page";
            data: components["schemas"]["ApplicationEntry"][];
            pagination: components["schemas"]["SlicePagination"];
        } | {
            /** @constant */
            success: true;
            /** @constant */
            kind: "changes";
            data: ({
                id: string;
                jdId: string;
                resumeId: string;
                /** @enum {string} */
                status: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
                aiScore: number | null;
                scoredAt: string | null;
                model: components["schemas"]["ScoreModel"] | null;
                stale: boolean;
                scoringInputsChangedAt: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                /** @constant */
                deleted?: false;
            } | components["schemas"]["DeletedEntry"])[];
            pagination: components["schemas"]["DeltaPagination"];
        };
        GetApplicationAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["Application"];
        };
        GetReviewAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["Review"];
        };
        CreateReviewAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["Review"];
        };
        CreateKeyAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["NewApiKey"];
        };
        ListKeysAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["ApiKey"][];
            pagination?: components["schemas"]["SlicePagination"];
        };
        GetKeyAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["ApiKey"];
        };
        RevokeKeyAnswer: {
            /** @constant */
            success: true;
            message: string;
        };
        WhoamiAnswer: {
            /** @constant */
            success: true;
            data: {
                tenantId: string;
                keyId: string;
                name: string;
                scopes: ("read" | "write" | "admin" | "jd:read" | "jd:write" | "resume:read" | "candidate:read" | "match:read" | "review:write" | "privacy:read")[];
                apiVersion: string;
                /** @enum {string} */
                mode: "live" | "test";
                blind: boolean;
                quota: components["schemas"]["Quota"];
            };
        };
        CreateConsoleLinkAnswer: {
            /** @constant */
            success: true;
            data: {
                /** Format: uri */
                url: string;
                /** Format: date-time */
                expiresAt: string;
            };
        };
        OpenConsoleSessionAnswer: {
            /** @constant */
            success: true;
            data: {
                keyId: string;
                name: string;
                /** @enum {string} */
                mode: "live" | "test";
                /** Format: date-time */
                endsAt: string;
            };
        };
        ListEventsAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["Event"][];
            pagination: {
                limit: number;
                nextCursor?: string;
                hasMore: boolean;
            };
        };
        GetEventAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["Event"];
        };
        CreateWebhookAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["NewWebhook"];
        };
        ListWebhooksAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["Webhook"][];
            pagination?: components["schemas"]["SlicePagination"];
        };
        GetWebhookAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["Webhook"];
        };
        DeleteWebhookAnswer: {
            /** @constant */
            success: true;
            message: string;
        };
        RotateWebhookSecretAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["NewWebhook"];
        };
        EnableWebhookAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["Webhook"];
        };
        ListWebhookDeliveriesAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["DeliveryAttempt"][];
            pagination: components["schemas"]["SlicePagination"];
            replay?: components["schemas"]["ReplayProgress"];
        };
        RetryWebhookDeliveryAnswer: {
            /** @constant */
            success: true;
            data: {
                webhookId: string;
                eventId: string;
                /** @constant */
                status: "queued";
            };
        };
        TestWebhookAnswer: {
            /** @constant */
            success: true;
            data: {
                webhookId: string;
                eventId: string;
                /** @constant */
                status: "queued";
            };
        };
        ReplayWebhookAnswer: {
            /** @constant */
            success: true;
            data: {
                webhookId: string;
                requestId: string;
                after: string;
                until: string;
                /** @constant */
                status: "queued";
            };
        };
        ListAuditLogAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["AuditEntry"][];
            pagination: components["schemas"]["SlicePagination"];
        };
        ListRequestsAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["RequestLogEntry"][];
            pagination: components["schemas"]["SlicePagination"];
        };
        GetRequestAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["RequestLogEntry"];
        };
        ResetTestSpaceAnswer: {
            /** @constant */
            success: true;
            data: components["schemas"]["TestSpaceReset"];
        };
        SimulateProductEventsAnswer: {
            /** @constant */
            success: true;
            data: {
                results: components["schemas"]["SimulatedEventOutcome"][];
            };
        };
        McpAnswer: {
            /** @constant */
            jsonrpc: "2.0";
            id: string | number | null;
            result?: {
                [key: string]: unknown;
            };
            error?: {
                code: number;
                message: string;
                data?: unknown;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        CreateJdRequest: {
            title: string;
            description: string;
            createdById: string;
            department?: string;
            location?: string;
            experience?: string;
            salary?: string;
            type?: string;
            requirements?: string;
            externalId?: string;
        };
        UpdateJdRequest: {
            title?: string;
            description?: string;
            department?: string | null;
            location?: string | null;
            experience?: string | null;
            salary?: string | null;
            type?: string | null;
            requirements?: string | null;
            externalId?: string | null;
            /** @enum {string} */
            status?: "DRAFT" | "PUBLISHED" | "CLOSED" | "ARCHIVED";
        };
        UpsertJdRequest: {
            title: string;
            description: string;
            createdById: string;
            department?: string;
            location?: string;
            experience?: string;
            salary?: string;
            type?: string;
            requirements?: string;
        };
        UpsertJdsRequest: {
            items: {
                externalId: string;
                title: string;
                description: string;
                createdById: string;
                department?: string;
                location?: string;
                experience?: string;
                salary?: string;
                type?: string;
                requirements?: string;
            }[];
        };
        CreateReviewRequest: {
            /** @description The score reviewed: its `scoredAt`, and its `model` when two scores share that time (as the application shows them). Absent: the application's best score (`aiScore`). */
            score?: {
                /** Format: date-time */
                scoredAt: string;
                model?: {
                    id: string;
                    version: string;
                };
            };
            /**
             * @description What the person decided about the score: confirmed (the score stands), overridden (the person decided otherwise than the score), rejected (the score is not to be used: wrong or unfit).
             * @enum {string}
             */
            outcome: "confirmed" | "overridden" | "rejected";
            /** @description Your own id of the person who reviewed (1-128 printable characters, no spaces); the service keeps no other detail of them. */
            reviewer: string;
            /** @description Why, in the person's words (at most 2000 characters). */
            rationale?: string;
        };
        CreateKeyRequest: {
            name: string;
            scopes: ("read" | "write" | "admin" | "jd:read" | "jd:write" | "resume:read" | "candidate:read" | "match:read" | "review:write" | "privacy:read")[];
            /** Format: date-time */
            expiresAt?: string;
            apiVersion?: string;
            /** @enum {string} */
            mode?: "live" | "test";
            blind?: boolean;
        };
        CreateConsoleLinkRequest: Record<string, never>;
        CreateWebhookRequest: {
            /** Format: uri */
            url: string;
            events: ("jd.created" | "jd.updated" | "jd.deleted" | "resume.created" | "resume.updated" | "resume.deleted" | "application.created" | "application.updated" | "application.scored" | "application.reviewed" | "application.deleted" | "key.created" | "key.revoked" | "test.reset" | "*")[];
            description?: string;
            /** Format: int32 */
            rateLimit?: number;
            apiVersion?: string;
        };
        ReplayWebhookRequest: {
            since: string;
        };
        SimulateProductEventsRequest: {
            events: ({
                /** @constant */
                type: "jd.upserted";
                id?: string;
                tenantId?: string;
                /** Format: date-time */
                occurredAt?: string;
                /** Format: int64 */
                version?: number;
                data: {
                    id: string;
                    title: string;
                    description: string;
                    createdById: string;
                    /** @enum {string} */
                    status?: "DRAFT" | "PUBLISHED" | "CLOSED" | "ARCHIVED";
                    department?: string;
                    location?: string;
                    experience?: string;
                    salary?: string;
                    type?: string;
                    requirements?: string;
                    /** Format: date-time */
                    createdAt?: string;
                };
            } | {
                /** @constant */
                type: "jd.deleted";
                id?: string;
                tenantId?: string;
                /** Format: date-time */
                occurredAt?: string;
                /** Format: int64 */
                version?: number;
                data: {
                    id: string;
                };
            } | {
                /** @constant */
                type: "resume.upserted";
                id?: string;
                tenantId?: string;
                /** Format: date-time */
                occurredAt?: string;
                /** Format: int64 */
                version?: number;
                data: {
                    id: string;
                    fileName: string;
                    /** @enum {string} */
                    parseStatus?: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                    metadata?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    createdAt?: string;
                };
            } | {
                /** @constant */
                type: "resume.deleted";
                id?: string;
                tenantId?: string;
                /** Format: date-time */
                occurredAt?: string;
                /** Format: int64 */
                version?: number;
                data: {
                    id: string;
                };
            } | {
                /** @constant */
                type: "application.upserted";
                id?: string;
                tenantId?: string;
                /** Format: date-time */
                occurredAt?: string;
                /** Format: int64 */
                version?: number;
                data: {
                    id: string;
                    jdId: string;
                    resumeId: string;
                    /** @enum {string} */
                    status?: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
                    aiScores?: {
                        overallScore: number;
                        /** Format: date-time */
                        scoredAt?: string;
                        model?: {
                            id: string;
                            version: string;
                        };
                        criteria?: {
                            name: string;
                            score: number;
                            weight?: number;
                        }[];
                        summary?: string;
                    }[];
                    /** Format: date-time */
                    createdAt?: string;
                };
            } | {
                /** @constant */
                type: "application.deleted";
                id?: string;
                tenantId?: string;
                /** Format: date-time */
                occurredAt?: string;
                /** Format: int64 */
                version?: number;
                data: {
                    id: string;
                };
            })[];
        };
        McpRequest: {
            /** @constant */
            jsonrpc: "2.0";
            id?: string | number;
            method?: string;
            params?: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description API Gateway's own answer, sent before any function runs (no `code`: act on the status) */
        GatewayError: {
            /** @enum {string} */
            message: "Internal Server Error" | "Forbidden";
            /** @description Never sent by API Gateway: undefined on its answers (declared so that `code` reads on every error); act on the status. */
            code?: components["schemas"]["ErrorCode"] | string;
        };
        /**
         * @description The error codes of this version of the document
         * @enum {string}
         */
        ErrorCode: "validation_failed" | "cursor_invalid" | "unauthenticated" | "key_invalid" | "scope_missing" | "key_mode_mismatch" | "origin_not_allowed" | "not_found" | "method_not_allowed" | "conflict" | "limit_reached" | "webhook_disabled" | "replay_running" | "concurrent_change" | "sync_token_expired" | "precondition_failed" | "payload_too_large" | "unsupported_media_type" | "version_unsupported" | "idempotency_key_reused" | "idempotency_key_other_target" | "response_too_large" | "jd_too_large" | "request_blocked" | "rate_limited" | "webhook_test_limited" | "quota_exceeded" | "wait_limited" | "unavailable" | "internal_error";
        KnownEvent: components["schemas"]["JdCreatedEvent"] | components["schemas"]["JdUpdatedEvent"] | components["schemas"]["JdDeletedEvent"] | components["schemas"]["ResumeCreatedEvent"] | components["schemas"]["ResumeUpdatedEvent"] | components["schemas"]["ResumeDeletedEvent"] | components["schemas"]["ApplicationCreatedEvent"] | components["schemas"]["ApplicationUpdatedEvent"] | components["schemas"]["ApplicationScoredEvent"] | components["schemas"]["ApplicationReviewedEvent"] | components["schemas"]["ApplicationDeletedEvent"] | components["schemas"]["KeyCreatedEvent"] | components["schemas"]["KeyRevokedEvent"] | components["schemas"]["TestResetEvent"];
        /** @description An event of a type this document does not list yet (added by a later release): skip it, or read its `data` as the changelog describes. */
        UnknownEvent: {
            id: string;
            type: string;
            /** Format: date-time */
            createdAt: string;
            data: Record<string, never>;
        };
    };
    responses: {
        /** @description No X-API-Key header (`unauthenticated`). It names no key, so it carries no RateLimit headers. */
        Unauthenticated: {
            headers: {
                /** @description How to authenticate: `ApiKey header="X-API-Key"`. Not OAuth: there is no Bearer challenge and no discovery document (/.well-known/… answers 404) */
                "WWW-Authenticate": "ApiKey header=\"X-API-Key\"";
                /** @description API Gateway's id of the request, also on every log line the service wrote for it: quote it when you report a problem; absent on API Gateway's and the firewall's own answers */
                "Request-Id"?: string;
                /** @description The API version this answer is shaped for (YYYY-MM-DD): the one the request named in Hiring-Version, else the one its key is pinned to; absent on API Gateway's and the firewall's own answers */
                "Hiring-Version"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An unknown, malformed, revoked or expired key (`key_invalid`: no RateLimit headers), or a key without the scope the route needs (`scope_missing`: with the key's RateLimit headers); on POST /mcp, a request from a web page of another domain (its Origin header: `origin_not_allowed`); behind the edge, a request the firewall refuses (`request_blocked`); API Gateway's own {"message":"Forbidden"} for a request that did not come through the edge */
        Forbidden: {
            headers: {
                /** @description The key's requests per hour */
                "RateLimit-Limit"?: number;
                /** @description Requests left in this hour */
                "RateLimit-Remaining"?: number;
                /** @description Seconds until the hourly window resets */
                "RateLimit-Reset"?: number;
                /** @description API Gateway's id of the request, also on every log line the service wrote for it: quote it when you report a problem; absent on API Gateway's and the firewall's own answers */
                "Request-Id"?: string;
                /** @description The API version this answer is shaped for (YYYY-MM-DD): the one the request named in Hiring-Version, else the one its key is pinned to; absent on API Gateway's and the firewall's own answers */
                "Hiring-Version"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
            };
        };
        /** @description No such resource for this tenant (`not_found`): another tenant's is never told apart from none */
        NotFound: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                /** @description API Gateway's id of the request, also on every log line the service wrote for it: quote it when you report a problem; absent on API Gateway's and the firewall's own answers */
                "Request-Id"?: string;
                /** @description The API version this answer is shaped for (YYYY-MM-DD): the one the request named in Hiring-Version, else the one its key is pinned to; absent on API Gateway's and the firewall's own answers */
                "Hiring-Version"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Body over 256 KB (`payload_too_large`) */
        PayloadTooLarge: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                /** @description API Gateway's id of the request, also on every log line the service wrote for it: quote it when you report a problem; absent on API Gateway's and the firewall's own answers */
                "Request-Id"?: string;
                /** @description The API version this answer is shaped for (YYYY-MM-DD): the one the request named in Hiring-Version, else the one its key is pinned to; absent on API Gateway's and the firewall's own answers */
                "Hiring-Version"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Content-Type is not application/json, or the body is not UTF-8 (`unsupported_media_type`) */
        UnsupportedMediaType: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                /** @description API Gateway's id of the request, also on every log line the service wrote for it: quote it when you report a problem; absent on API Gateway's and the firewall's own answers */
                "Request-Id"?: string;
                /** @description The API version this answer is shaped for (YYYY-MM-DD): the one the request named in Hiring-Version, else the one its key is pinned to; absent on API Gateway's and the firewall's own answers */
                "Hiring-Version"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key's hourly quota (`quota_exceeded`) or the client address's per-minute limit (`rate_limited`) is spent: retry after Retry-After (also `retryAfterMs`) */
        TooManyRequests: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                /** @description API Gateway's id of the request, also on every log line the service wrote for it: quote it when you report a problem; absent on API Gateway's and the firewall's own answers */
                "Request-Id"?: string;
                /** @description The API version this answer is shaped for (YYYY-MM-DD): the one the request named in Hiring-Version, else the one its key is pinned to; absent on API Gateway's and the firewall's own answers */
                "Hiring-Version"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unexpected failure (`internal_error`), with a requestId to quote. If the authorizer itself failed for a reason other than an outage, API Gateway answers {"message":"Internal Server Error"} instead (retryable). */
        InternalError: {
            headers: {
                /** @description API Gateway's id of the request, also on every log line the service wrote for it: quote it when you report a problem; absent on API Gateway's and the firewall's own answers */
                "Request-Id"?: string;
                /** @description The API version this answer is shaped for (YYYY-MM-DD): the one the request named in Hiring-Version, else the one its key is pinned to; absent on API Gateway's and the firewall's own answers */
                "Hiring-Version"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
            };
        };
        /** @description DynamoDB throttled, timed out or was unreachable, for the function or for the authorizer checking the key (`unavailable`): retry after Retry-After */
        Unavailable: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                /** @description API Gateway's id of the request, also on every log line the service wrote for it: quote it when you report a problem; absent on API Gateway's and the firewall's own answers */
                "Request-Id"?: string;
                /** @description The API version this answer is shaped for (YYYY-MM-DD): the one the request named in Hiring-Version, else the one its key is pinned to; absent on API Gateway's and the firewall's own answers */
                "Hiring-Version"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The key's requests per hour */
        "RateLimit-Limit": number;
        /** @description Requests left in this hour */
        "RateLimit-Remaining": number;
        /** @description Seconds until the hourly window resets */
        "RateLimit-Reset": number;
        /** @description Seconds to wait before retrying */
        "Retry-After": number;
        /** @description `true` on the replay of an answer given before to the same Idempotency-Key and body (byte for byte the same body); absent otherwise */
        "Idempotent-Replayed": "true";
        /** @description API Gateway's id of the request, also on every log line the service wrote for it: quote it when you report a problem */
        "Request-Id": string;
        /** @description The API version this answer is shaped for (YYYY-MM-DD): the one the request named in Hiring-Version, else the one its key is pinned to */
        "Hiring-Version": string;
        /** @description Sent when the version serving the answer is deprecated (RFC 9745): when it was, as `@` and epoch seconds. Move to a newer version before its Sunset. */
        Deprecation: string;
        /** @description Sent with Deprecation (RFC 8594): the HTTP date from which the version may no longer be served */
        Sunset: string;
        /** @description Sent with Deprecation: `<url>; rel="deprecation"`, the migration notes to the newer version */
        Link: string;
        /** @description The resource's version (a strong validator: any change to what its read shows raises it); send it back as If-Match to change the resource only if nobody else did, or as If-None-Match to read it only if it changed (304). Absent on an idempotent replay. */
        ETag: string;
        /** @description The resource's version (a strong validator: any change to what its read shows raises it); send it back as If-Match to change the resource only if nobody else did, or as If-None-Match to read it only if it changed (304). */
        ReadETag: string;
        /** @description A digest of this answer (a weak validator: it changes when the answer does); send it back as If-None-Match to read the resource only if it changed (304, no body, none of the hour spent). */
        DigestETag: string;
        /** @description The ETag GET gives the new resource at its Location (a digest of its answer there, without what a create shows only once): send it back as If-None-Match to read it only if it changed. Absent on an idempotent replay. */
        CreatedDigestETag: string;
        /** @description Where the new resource is read (its path, under the API's base path); also on an idempotent replay */
        Location: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listJds: {
        parameters: {
            query?: {
                /** @description The page to read, counted from 1 (the default) in pages of `limit` items. To read a whole list, follow `cursor` instead: a numbered page shifts when items are added. */
                page?: number;
                /** @description Items per page: 1 to 100 (default 20); a larger number is taken as 100. */
                limit?: number;
                /** @description Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were. */
                cursor?: string;
                /** @description Only JDs in this status: DRAFT (created, not yet published), PUBLISHED (on the candidate portal), CLOSED (no longer taking applications), ARCHIVED (kept for the record). */
                status?: "DRAFT" | "PUBLISHED" | "CLOSED" | "ARCHIVED";
                /** @description The JD your system knows by this id of its own (the `externalId` it was written with): one JD at most. */
                externalId?: string;
                /** @description Start a delta walk (ISO 8601 instant): the items created, changed or deleted at or after it, deletions as `{id, deleted: true, deletedAt}`. Its last page carries `pagination.syncToken`. */
                updatedSince?: string;
                /** @description Go on with a delta walk: the `pagination.syncToken` of the last walk's last page. Answers what changed since that walk read. */
                syncToken?: string;
            };
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List job descriptions, newest first */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListJdsAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description The `syncToken` is older than the 30 days deletions are kept (`sync_token_expired`): walk the list again from the start with `updatedSince`, then follow the token it ends with */
            410: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createJd: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Makes the request safe to retry for 24 hours: the same key, method, path and body return the first response and make one change, also when duplicates race each other. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateJdRequest"];
            };
        };
        responses: {
            /** @description Create a job description in DRAFT */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateJdAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After; or the `externalId` is another JD's (`conflict`; `existingId` names that JD): an ATS re-sending its job finds the JD it created */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (`idempotency_key_reused`), or for another method or path (`idempotency_key_other_target`) */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getJd: {
        parameters: {
            query?: {
                /** @description Take the list in slices of this many items: 1 to 1000 (a larger number is taken as 1000). Without `limit` and `cursor`, the whole list in one answer. */
                limit?: number;
                /** @description Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were. */
                cursor?: string;
            };
            header?: {
                /** @description The ETag of the answer you hold (or a list of them, or `*`): while the resource is as it was, the answer is 304 with no body, and it spends none of the key’s hourly quota. */
                "If-None-Match"?: string;
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path: {
                /**
                 * @description A JD's id, as GET /jds lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example jd-backend
                 */
                jdId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One job description with its applications */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ReadETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetJdAnswer"];
                };
            };
            /** @description Not modified: the resource is as the ETag named in If-None-Match shows it (no body; the request spent none of the hour) */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ReadETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteJd: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description The ETag of the version this deletion was decided on (or `*`): another version answers 412, so two writers cannot overwrite each other blindly. */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description A JD's id, as GET /jds lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example jd-backend
                 */
                jdId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a JD that has no applications */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After; or the JD has applications (`conflict`): close or archive it instead, so that no candidate's history goes with it */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description If-Match names another version than the current one (`precondition_failed`): read the resource again, then decide */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateJd: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description The ETag of the version this change was made from (or `*`): another version answers 412, so two writers cannot overwrite each other blindly. */
                "If-Match"?: string;
                /** @description Makes the request safe to retry for 24 hours: the same key, method, path and body return the first response and make one change, also when duplicates race each other. */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description A JD's id, as GET /jds lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example jd-backend
                 */
                jdId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateJdRequest"];
            };
        };
        responses: {
            /** @description Change a JD's fields, or close or archive it */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateJdAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After; or the status asked for is not one an integrator may move the JD to from its current one, or the `externalId` is another JD's (`conflict`: the message names the allowed statuses, or `existingId` the JD; publishing is done in the product) */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description If-Match names another version than the current one (`precondition_failed`): read the resource again, then decide */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (`idempotency_key_reused`), or for another method or path (`idempotency_key_other_target`); or the change would take the JD's fields together past the 262144 bytes (as JSON) a JD may hold (`jd_too_large`): shorten a text */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    upsertJd: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description The ETag of the version this change was made from (or `*`): another version answers 412, so two writers cannot overwrite each other blindly. */
                "If-Match"?: string;
                /** @description Makes the request safe to retry for 24 hours: the same key, method, path and body return the first response and make one change, also when duplicates race each other. */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description Your system's own id of a JD (an ATS's requisition id): 1-128 printable ASCII characters without spaces, percent-encoded. One holding /, ? or # cannot travel in a path (API Gateway decodes it before routing): send it with POST /jds/batch. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example REQ-2041
                 */
                externalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpsertJdRequest"];
            };
        };
        responses: {
            /** @description Create or replace the JD your system knows by its own id */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpsertJdAnswer"];
                };
            };
            /** @description Created: nothing had the id yet (Location says where to read it) */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpsertJdAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description If-Match names another version than the current one (`precondition_failed`): read the resource again, then decide */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (`idempotency_key_reused`), or for another method or path (`idempotency_key_other_target`); or the JD's fields together are past the 262144 bytes (as JSON) a JD may hold (`jd_too_large`): shorten a text */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    upsertJds: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Makes the request safe to retry for 24 hours: the same key, method, path and body return the first response and make one change, also when duplicates race each other. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpsertJdsRequest"];
            };
        };
        responses: {
            /** @description Create or replace up to 100 JDs by your own ids, in one request */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpsertJdsAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (`idempotency_key_reused`), or for another method or path (`idempotency_key_other_target`) */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listResumes: {
        parameters: {
            query?: {
                /** @description The page to read, counted from 1 (the default) in pages of `limit` items. To read a whole list, follow `cursor` instead: a numbered page shifts when items are added. */
                page?: number;
                /** @description Items per page: 1 to 100 (default 20); a larger number is taken as 100. */
                limit?: number;
                /** @description Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were. */
                cursor?: string;
                /** @description Start a delta walk (ISO 8601 instant): the items created, changed or deleted at or after it, deletions as `{id, deleted: true, deletedAt}`. Its last page carries `pagination.syncToken`. */
                updatedSince?: string;
                /** @description Go on with a delta walk: the `pagination.syncToken` of the last walk's last page. Answers what changed since that walk read. */
                syncToken?: string;
            };
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List parsed resumes, newest first */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListResumesAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description The `syncToken` is older than the 30 days deletions are kept (`sync_token_expired`): walk the list again from the start with `updatedSince`, then follow the token it ends with */
            410: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getResume: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the answer you hold (or a list of them, or `*`): while the resource is as it was, the answer is 304 with no body, and it spends none of the key’s hourly quota. */
                "If-None-Match"?: string;
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path: {
                /**
                 * @description A resume's id, which is also its candidate's, as GET /resumes lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example res-7d3f
                 */
                resumeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One resume with its full metadata */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DigestETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetResumeAnswer"];
                };
            };
            /** @description Not modified: the resource is as the ETag named in If-None-Match shows it (no body; the request spent none of the hour) */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DigestETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listCandidates: {
        parameters: {
            query?: {
                /** @description The page to read, counted from 1 (the default) in pages of `limit` items. To read a whole list, follow `cursor` instead: a numbered page shifts when items are added. */
                page?: number;
                /** @description Items per page: 1 to 100 (default 20); a larger number is taken as 100. */
                limit?: number;
                /** @description Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were. */
                cursor?: string;
                /** @description Only candidates whose resume's file name contains this text, in any case. */
                search?: string;
                /** @description Only the candidate whose resume has this e-mail address, matched whole and in any case. */
                email?: string;
                /** @description Start a delta walk (ISO 8601 instant): the items created, changed or deleted at or after it, deletions as `{id, deleted: true, deletedAt}`. Its last page carries `pagination.syncToken`. */
                updatedSince?: string;
                /** @description Go on with a delta walk: the `pagination.syncToken` of the last walk's last page. Answers what changed since that walk read. */
                syncToken?: string;
            };
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Resumes with their applications and scores, searchable by file name */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListCandidatesAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description The `syncToken` is older than the 30 days deletions are kept (`sync_token_expired`): walk the list again from the start with `updatedSince`, then follow the token it ends with */
            410: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    exportCandidate: {
        parameters: {
            query?: {
                /** @description Applications per page: 1 to 20 (default 10); a larger number is taken as 20. */
                limit?: number;
                /** @description Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were. */
                cursor?: string;
            };
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path: {
                /**
                 * @description A resume's id, which is also its candidate's, as GET /resumes lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example res-7d3f
                 */
                resumeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A candidate’s data on request: the parsed resume, every application, score, review and its audit entry */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportCandidateAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listMatches: {
        parameters: {
            query?: {
                /** @description Take the list in slices of this many items: 1 to 1000 (a larger number is taken as 1000). Without `limit` and `cursor`, the whole list in one answer. */
                limit?: number;
                /** @description Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were. */
                cursor?: string;
            };
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path: {
                /**
                 * @description A JD's id, as GET /jds lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example jd-backend
                 */
                jdId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Applications of a JD ranked by AI score */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListMatchesAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listApplications: {
        parameters: {
            query?: {
                /** @description Items per page: 1 to 100 (default 20); a larger number is taken as 100. */
                limit?: number;
                /** @description Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were. */
                cursor?: string;
                /** @description Only the applications to this JD. */
                jdId?: string;
                /** @description Only this resume's (this candidate's) applications. */
                resumeId?: string;
                /** @description Only applications in this status: SCREENING (being assessed), SHORTLISTED (chosen for the next step), REJECTED (turned down), HIRED (offered and accepted). */
                status?: "SCREENING" | "SHORTLISTED" | "REJECTED" | "HIRED";
                /** @description Only applications whose best AI score is at least this (0 to 100); unscored ones are left out. */
                minScore?: number;
                /** @description Only applications whose best AI score is at most this (0 to 100); unscored ones are left out. */
                maxScore?: number;
                /** @description Only applications scored at or after this instant (ISO 8601), by their latest score. */
                scoredSince?: string;
                /** @description Start a delta walk (ISO 8601 instant): the items created, changed or deleted at or after it, deletions as `{id, deleted: true, deletedAt}`. Its last page carries `pagination.syncToken`. */
                updatedSince?: string;
                /** @description Go on with a delta walk: the `pagination.syncToken` of the last walk's last page. Answers what changed since that walk read. */
                syncToken?: string;
            };
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every application of the tenant, filtered by JD, resume, status, score or when scored */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListApplicationsAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description The `syncToken` is older than the 30 days deletions are kept (`sync_token_expired`): walk the list again from the start with `updatedSince`, then follow the token it ends with */
            410: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the answer you hold (or a list of them, or `*`): while the resource is as it was, the answer is 304 with no body, and it spends none of the key’s hourly quota. */
                "If-None-Match"?: string;
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path: {
                /**
                 * @description An application's id, as GET /applications and GET /matches/{jdId} list it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example app-1
                 */
                applicationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One application with every AI score and its provenance */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DigestETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetApplicationAnswer"];
                };
            };
            /** @description Not modified: the resource is as the ETag named in If-None-Match shows it (no body; the request spent none of the hour) */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DigestETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getReview: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the answer you hold (or a list of them, or `*`): while the resource is as it was, the answer is 304 with no body, and it spends none of the key’s hourly quota. */
                "If-None-Match"?: string;
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path: {
                /**
                 * @description An application's id, as GET /applications and GET /matches/{jdId} list it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example app-1
                 */
                applicationId: string;
                /**
                 * @description A review's id, as POST /applications/{applicationId}/reviews answered it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example 01JDQ4M8X2V7N3K5R9T6W1Y0ZB
                 */
                reviewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One review of the application’s AI scores, as POST answered it */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DigestETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetReviewAnswer"];
                };
            };
            /** @description Not modified: the resource is as the ETag named in If-None-Match shows it (no body; the request spent none of the hour) */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DigestETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createReview: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Makes the request safe to retry for 24 hours: the same key, method, path and body return the first response and make one change, also when duplicates race each other. */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description An application's id, as GET /applications and GET /matches/{jdId} list it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example app-1
                 */
                applicationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateReviewRequest"];
            };
        };
        responses: {
            /** @description Record a person’s review of one of the application’s AI scores */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    ETag: components["headers"]["CreatedDigestETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateReviewAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After; or the application has no score the review names (or none at all), two scores share the time named and no model tells them apart, or it already holds the 50 reviews one application may (`conflict`: the message says which) */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (`idempotency_key_reused`), or for another method or path (`idempotency_key_other_target`) */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listKeys: {
        parameters: {
            query?: {
                /** @description Take the list in slices of this many items: 1 to 1000 (a larger number is taken as 1000). Without `limit` and `cursor`, the whole list in one answer. */
                limit?: number;
                /** @description Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were. */
                cursor?: string;
            };
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the tenant's API keys */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListKeysAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Makes the request safe to retry for 24 hours: the same key, method, path and body return the first response and make one change, also when duplicates race each other. A replay returns the key record with `key: null`: the plaintext is shown once and never stored. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateKeyRequest"];
            };
        };
        responses: {
            /** @description Create an API key (the plaintext is shown once) */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    ETag: components["headers"]["CreatedDigestETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateKeyAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After; or the tenant already holds its limit of active keys, 50 unless raised (`limit_reached`): revoke one first */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (`idempotency_key_reused`), or for another method or path (`idempotency_key_other_target`) */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the answer you hold (or a list of them, or `*`): while the resource is as it was, the answer is 304 with no body, and it spends none of the key’s hourly quota. */
                "If-None-Match"?: string;
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path: {
                /**
                 * @description An API key's id (never the key itself). An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example 01JDQ4M8X2V7N3K5R9T6W1Y0ZA
                 */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One API key, as GET /keys lists it (never its hash or plaintext) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DigestETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetKeyAnswer"];
                };
            };
            /** @description Not modified: the resource is as the ETag named in If-None-Match shows it (no body; the request spent none of the hour) */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DigestETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
            };
            path: {
                /**
                 * @description An API key's id (never the key itself). An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example 01JDQ4M8X2V7N3K5R9T6W1Y0ZA
                 */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke an API key */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeKeyAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    whoami: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirm the calling key works */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhoamiAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createConsoleLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateConsoleLinkRequest"];
            };
        };
        responses: {
            /** @description A single-use link, valid 10 minutes, that signs a browser in to the developer console as this key */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateConsoleLinkAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    openConsoleSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The console's sign-in: spends the link's token (in Hiring-Console-Link) and sets the session's cookie */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenConsoleSessionAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    closeConsoleSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The console's sign-out: its session's cookie no longer works */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Where the page starts: the `pagination.nextCursor` of the page before. Absent (and no `after`): the oldest event kept (30 days). */
                cursor?: string;
                /** @description Read the events after this one (its id, `evt_…`: the last event you handled, to go on from it), or those from an instant on (ISO 8601 with an offset: now's instant follows the log from now). */
                after?: string;
                /** @description Only events of these types, comma-separated: jd.created, jd.updated, jd.deleted, resume.created, resume.updated, resume.deleted, application.created, application.updated, application.scored, application.reviewed, application.deleted, key.created, key.revoked, test.reset. */
                type?: string;
                /** @description Events per page: 1 to 100 (default 20); a larger number is taken as 100. */
                limit?: number;
                /** @description When no event is after the position yet, hold the request up to this many seconds (0 to 20, default 0) and answer as soon as one is: a long-poll. */
                wait?: number;
            };
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event log, oldest first, after a cursor */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEventsAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's hourly quota (`quota_exceeded`) or the client address's per-minute limit (`rate_limited`) is spent, or a wait (`wait`) would pass the most long-polls held at once, for the tenant or for the service (`wait_limited`): ask again after Retry-After (also `retryAfterMs`), or read without waiting */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the answer you hold (or a list of them, or `*`): while the resource is as it was, the answer is 304 with no body, and it spends none of the key’s hourly quota. */
                "If-None-Match"?: string;
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path: {
                /**
                 * @description An event's id, as GET /events lists it.
                 * @example evt_01JDQ4M8X2V7N3K5R9T6W1Y0ZD
                 */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One event */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DigestETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetEventAnswer"];
                };
            };
            /** @description Not modified: the resource is as the ETag named in If-None-Match shows it (no body; the request spent none of the hour) */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DigestETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description Take the list in slices of this many items: 1 to 1000 (a larger number is taken as 1000). Without `limit` and `cursor`, the whole list in one answer. */
                limit?: number;
                /** @description Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were. */
                cursor?: string;
            };
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the tenant's webhook endpoints */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListWebhooksAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Makes the request safe to retry for 24 hours: the same key, method, path and body return the first response and make one change, also when duplicates race each other. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookRequest"];
            };
        };
        responses: {
            /** @description Register a webhook endpoint (its signing secret is shown once) */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    ETag: components["headers"]["CreatedDigestETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateWebhookAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After; or the tenant already has 10 endpoints (`limit_reached`): delete one first */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (`idempotency_key_reused`), or for another method or path (`idempotency_key_other_target`) */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the answer you hold (or a list of them, or `*`): while the resource is as it was, the answer is 304 with no body, and it spends none of the key’s hourly quota. */
                "If-None-Match"?: string;
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path: {
                /**
                 * @description A webhook endpoint's id, as GET /webhooks lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example wh_01JDQ4M8X2V7N3K5R9T6W1Y0ZC
                 */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One webhook endpoint */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DigestETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetWebhookAnswer"];
                };
            };
            /** @description Not modified: the resource is as the ETag named in If-None-Match shows it (no body; the request spent none of the hour) */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DigestETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
            };
            path: {
                /**
                 * @description A webhook endpoint's id, as GET /webhooks lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example wh_01JDQ4M8X2V7N3K5R9T6W1Y0ZC
                 */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a webhook endpoint */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteWebhookAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
            };
            path: {
                /**
                 * @description A webhook endpoint's id, as GET /webhooks lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example wh_01JDQ4M8X2V7N3K5R9T6W1Y0ZC
                 */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Replace the signing secret (shown once; the old one keeps signing for 24 hours) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotateWebhookSecretAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    enableWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
            };
            path: {
                /**
                 * @description A webhook endpoint's id, as GET /webhooks lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example wh_01JDQ4M8X2V7N3K5R9T6W1Y0ZC
                 */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Enable a disabled webhook endpoint */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnableWebhookAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Deliveries per page: 1 to 100 (default 20); a larger number is taken as 100. */
                limit?: number;
                /** @description Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were. */
                cursor?: string;
            };
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path: {
                /**
                 * @description A webhook endpoint's id, as GET /webhooks lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example wh_01JDQ4M8X2V7N3K5R9T6W1Y0ZC
                 */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delivery attempts to an endpoint, newest first */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListWebhookDeliveriesAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
            };
            path: {
                /**
                 * @description A webhook endpoint's id, as GET /webhooks lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example wh_01JDQ4M8X2V7N3K5R9T6W1Y0ZC
                 */
                webhookId: string;
                /**
                 * @description An event's id, as GET /events lists it.
                 * @example evt_01JDQ4M8X2V7N3K5R9T6W1Y0ZD
                 */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Send one event to an endpoint again, now */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetryWebhookDeliveryAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After; or the endpoint is disabled (`webhook_disabled`): enable it first */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
            };
            path: {
                /**
                 * @description A webhook endpoint's id, as GET /webhooks lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example wh_01JDQ4M8X2V7N3K5R9T6W1Y0ZC
                 */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Send one signed webhook.test event to an endpoint, now (nothing is logged or retried) */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestWebhookAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After; or the endpoint is disabled (`webhook_disabled`): enable it first */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's hourly quota (`quota_exceeded`) or the client address's per-minute limit (`rate_limited`) is spent, or the endpoint was sent the 5 test deliveries it takes a minute (`webhook_test_limited`): retry after Retry-After (also `retryAfterMs`) */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    replayWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Makes the request safe to retry for 24 hours: the same key, method, path and body return the first response and make one change, also when duplicates race each other. */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description A webhook endpoint's id, as GET /webhooks lists it. An id: 1-64 characters from A-Z, a-z, 0-9, "_" and "-".
                 * @example wh_01JDQ4M8X2V7N3K5R9T6W1Y0ZC
                 */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplayWebhookRequest"];
            };
        };
        responses: {
            /** @description Send the events since a point of the log to an endpoint again */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplayWebhookAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After; or the endpoint is disabled (`webhook_disabled`), or another replay is running on it (`replay_running`, named in the message) */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The Idempotency-Key was already used with a different body (`idempotency_key_reused`), or for another method or path (`idempotency_key_other_target`) */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Entries per page: 1 to 100 (default 20); a larger number is taken as 100. */
                limit?: number;
                /** @description Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were. */
                cursor?: string;
                /** @description Only the entries about this object (a JD, key, webhook, review… by its id). */
                objectId?: string;
                /** @description Only the changes made by this key (its id), or by `operator` (the admin command line). */
                actor?: string;
                /** @description Only entries at or after this instant (ISO 8601). */
                since?: string;
                /** @description Only entries at or before this instant (ISO 8601). */
                until?: string;
            };
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The security history: every change to keys, webhooks, JDs and reviews, who made it and how, newest first */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAuditLogAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listRequests: {
        parameters: {
            query?: {
                /** @description Requests per page: 1 to 100 (default 20); a larger number is taken as 100. */
                limit?: number;
                /** @description Where the page starts: the `pagination.nextCursor` of the page before (absent: the first page). Keep the other parameters as they were. */
                cursor?: string;
                /** @description Only the requests answered with this status (`404`) or class of status (`2xx`, `3xx`, `4xx`, `5xx`). */
                status?: string;
                /** @description Only the requests made with this key (its id). */
                keyId?: string;
                /** @description Only the requests of this route, as its template: `GET /jds/{jdId}`. */
                route?: string;
                /** @description Only requests at or after this instant (ISO 8601). */
                after?: string;
                /** @description Only requests at or before this instant (ISO 8601). */
                before?: string;
            };
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request log: every request the space's keys made in the last 30 days and how it was answered, newest first */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListRequestsAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Send `gzip` to receive answers of 1 KB and more compressed (`Content-Encoding: gzip`): a large list then fits where plain JSON would not. */
                "Accept-Encoding"?: string;
            };
            path: {
                /**
                 * @description A request's id: the Request-Id header its answer carried.
                 * @example Xk2pQjH4oAMEbXw=
                 */
                requestId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One request of the request log, by the Request-Id its answer carried */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetRequestAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The answer would be larger than the 6 MB one answer can carry, even compressed when gzip was accepted, or a list handed over whole has more than 100,000 items or is too long to read in one answer's time (`response_too_large`): ask for fewer items with `limit` and follow `pagination.nextCursor` */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    resetTestSpace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
                /** @description Makes the request safe to retry for 24 hours: the same key, method, path and body return the first response and make one change, also when duplicates race each other. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Put the key's test space back to its sample data (webhook endpoints are kept) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResetTestSpaceAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was already used with a different body (`idempotency_key_reused`), or for another method or path (`idempotency_key_other_target`) */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    simulateProductEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimulateProductEventsRequest"];
            };
        };
        responses: {
            /** @description Apply product events to the key's test space, as the product's feed does to live data: events and webhooks follow */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulateProductEventsAnswer"];
                };
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    mcp: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to serve this request with (YYYY-MM-DD; docs/changelog.md lists them). Without it, the version the key is pinned to (whoami's `apiVersion`). The answer's Hiring-Version header says which served it. */
                "Hiring-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["McpRequest"];
            };
        };
        responses: {
            /** @description MCP (Streamable HTTP): the API's tools for AI assistants */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpAnswer"];
                };
            };
            /** @description A notification or a response, accepted: nothing to answer */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request breaks a rule (`validation_failed`: `details` names each field and rule; an unknown query parameter is refused, never ignored), a cursor this list did not issue (`cursor_invalid`), or a Hiring-Version this API does not serve (`version_unsupported`: the message names those it does) */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /** @description The request does not accept a JSON answer (its Accept header names neither application/json nor *\/*): a JSON-RPC error */
            406: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpAnswer"];
                };
            };
            /** @description Another change to the same data won a race (`concurrent_change`): retry after Retry-After */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Hiring-Version": components["headers"]["Hiring-Version"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    /** @description Sent with `concurrent_change` only: seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    onJdCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["JdCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onJdUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["JdUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onJdDeletedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["JdDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onResumeCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResumeCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onResumeUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResumeUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onResumeDeletedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResumeDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onApplicationCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onApplicationUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onApplicationScoredEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationScoredEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onApplicationReviewedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationReviewedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onApplicationDeletedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onKeyCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KeyCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onKeyRevokedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KeyRevokedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTestResetEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestResetEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWebhookTestEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt of this event */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed: refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per secret in use (two while a rotated-out secret still signs) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within 15 s acknowledges the delivery; anything else (or no answer) is retried on the schedule in docs/api.md, and 410 disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
