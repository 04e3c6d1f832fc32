// Generated from docs/openapi.json by `npm run client:types`: one method per route, named by its
// x-client-method (the route table's `clientMethod`). Do not edit.

import type {
  Answered,
  Body,
  CallOptions,
  PageOf,
  PageQuery,
  Query,
  Returned,
  RouteCall,
  VersionedCallOptions,
} from './calls.js';

/** Each route's method, grouped as the client shows them, over `call` (the client's request, retries and answer). */
export function routeMethods(call: RouteCall) {
  return {
    jds: {
      /** List job descriptions, newest first (GET /jds) */
      list: (
        query: PageQuery<'listJds'> = {},
        options?: CallOptions,
      ): Promise<Answered<PageOf<'listJds'>>> => call('GET', '/jds', { query, options }),
      /** Create a job description in DRAFT (POST /jds) */
      create: (
        body: Body<'createJd'>,
        options?: CallOptions,
      ): Promise<Answered<Returned<'createJd'>>> =>
        call('POST', '/jds', { body, idempotent: true, options }),
      /** One job description with its applications (GET /jds/{jdId}) */
      get: (
        jdId: string,
        query: Query<'getJd'> = {},
        options?: CallOptions,
      ): Promise<Answered<Returned<'getJd'>>> =>
        call('GET', `/jds/${encodeURIComponent(jdId)}`, { query, options }),
      /** Change a JD's fields, or close or archive it (PATCH /jds/{jdId}) */
      update: (
        jdId: string,
        body: Body<'updateJd'>,
        options?: VersionedCallOptions,
      ): Promise<Answered<Returned<'updateJd'>>> =>
        call('PATCH', `/jds/${encodeURIComponent(jdId)}`, { body, idempotent: true, options }),
      /** Delete a JD that has no applications (DELETE /jds/{jdId}) */
      delete: (jdId: string, options?: VersionedCallOptions): Promise<void> =>
        call('DELETE', `/jds/${encodeURIComponent(jdId)}`, { options }),
      /** Create or replace the JD your system knows by its own id (PUT /jds/by-external-id/{externalId}) */
      upsertByExternalId: (
        externalId: string,
        body: Body<'upsertJd'>,
        options?: VersionedCallOptions,
      ): Promise<Answered<Returned<'upsertJd'>>> =>
        call('PUT', `/jds/by-external-id/${encodeURIComponent(externalId)}`, {
          body,
          idempotent: true,
          options,
        }),
      /** Create or replace up to 100 JDs by your own ids, in one request (POST /jds/batch) */
      upsertBatch: (
        body: Body<'upsertJds'>,
        options?: CallOptions,
      ): Promise<Answered<Returned<'upsertJds'>>> =>
        call('POST', '/jds/batch', { body, idempotent: true, options }),
    },
    resumes: {
      /** List parsed resumes, newest first (GET /resumes) */
      list: (
        query: PageQuery<'listResumes'> = {},
        options?: CallOptions,
      ): Promise<Answered<PageOf<'listResumes'>>> => call('GET', '/resumes', { query, options }),
      /** One resume with its full metadata (GET /resumes/{resumeId}) */
      get: (resumeId: string, options?: CallOptions): Promise<Answered<Returned<'getResume'>>> =>
        call('GET', `/resumes/${encodeURIComponent(resumeId)}`, { options }),
    },
    candidates: {
      /** Resumes with their applications and scores, searchable by file name (GET /candidates) */
      list: (
        query: PageQuery<'listCandidates'> = {},
        options?: CallOptions,
      ): Promise<Answered<PageOf<'listCandidates'>>> =>
        call('GET', '/candidates', { query, options }),
      /** A candidate’s data on request: the parsed resume, every application, score, review and its audit entry (GET /candidates/{resumeId}/export) */
      export: (
        resumeId: string,
        query: Query<'exportCandidate'> = {},
        options?: CallOptions,
      ): Promise<Answered<Returned<'exportCandidate'>>> =>
        call('GET', `/candidates/${encodeURIComponent(resumeId)}/export`, { query, options }),
    },
    matches: {
      /** Applications of a JD ranked by AI score (GET /matches/{jdId}) */
      list: (
        jdId: string,
        query: Query<'listMatches'> = {},
        options?: CallOptions,
      ): Promise<Answered<Returned<'listMatches'>>> =>
        call('GET', `/matches/${encodeURIComponent(jdId)}`, { query, options }),
    },
    applications: {
      /** Every application of the tenant, filtered by JD, resume, status, score or when scored (GET /applications) */
      list: (
        query: PageQuery<'listApplications'> = {},
        options?: CallOptions,
      ): Promise<Answered<PageOf<'listApplications'>>> =>
        call('GET', '/applications', { query, options }),
      /** One application with every AI score and its provenance (GET /applications/{applicationId}) */
      get: (
        applicationId: string,
        options?: CallOptions,
      ): Promise<Answered<Returned<'getApplication'>>> =>
        call('GET', `/applications/${encodeURIComponent(applicationId)}`, { options }),
      /** One review of the application’s AI scores, as POST answered it (GET /applications/{applicationId}/reviews/{reviewId}) */
      getReview: (
        applicationId: string,
        reviewId: string,
        options?: CallOptions,
      ): Promise<Answered<Returned<'getReview'>>> =>
        call(
          'GET',
          `/applications/${encodeURIComponent(applicationId)}/reviews/${encodeURIComponent(reviewId)}`,
          { options },
        ),
      /** Record a person’s review of one of the application’s AI scores (POST /applications/{applicationId}/reviews) */
      review: (
        applicationId: string,
        body: Body<'createReview'>,
        options?: CallOptions,
      ): Promise<Answered<Returned<'createReview'>>> =>
        call('POST', `/applications/${encodeURIComponent(applicationId)}/reviews`, {
          body,
          idempotent: true,
          options,
        }),
    },
    keys: {
      /** Create an API key (the plaintext is shown once) (POST /keys) */
      create: (
        body: Body<'createKey'>,
        options?: CallOptions,
      ): Promise<Answered<Returned<'createKey'>>> =>
        call('POST', '/keys', { body, idempotent: true, options }),
      /** List the tenant's API keys (GET /keys) */
      list: (
        query: Query<'listKeys'> = {},
        options?: CallOptions,
      ): Promise<Answered<Returned<'listKeys'>>> => call('GET', '/keys', { query, options }),
      /** One API key, as GET /keys lists it (never its hash or plaintext) (GET /keys/{keyId}) */
      get: (keyId: string, options?: CallOptions): Promise<Answered<Returned<'getKey'>>> =>
        call('GET', `/keys/${encodeURIComponent(keyId)}`, { options }),
      /** Revoke an API key (DELETE /keys/{keyId}) */
      revoke: (keyId: string, options?: CallOptions): Promise<Answered<Returned<'revokeKey'>>> =>
        call('DELETE', `/keys/${encodeURIComponent(keyId)}`, { options }),
    },
    /** Confirm the calling key works (GET /whoami) */
    whoami: (options?: CallOptions): Promise<Answered<Returned<'whoami'>>> =>
      call('GET', '/whoami', { options }),
    console: {
      /** A single-use link, valid 10 minutes, that signs a browser in to the developer console as this key (POST /console/links) */
      createLink: (
        body: Body<'createConsoleLink'>,
        options?: CallOptions,
      ): Promise<Answered<Returned<'createConsoleLink'>>> =>
        call('POST', '/console/links', { body, options }),
    },
    events: {
      /** The event log, oldest first, after a cursor (GET /events) */
      list: (
        query: Query<'listEvents'> = {},
        options?: CallOptions,
      ): Promise<Answered<Returned<'listEvents'>>> => call('GET', '/events', { query, options }),
      /** One event (GET /events/{eventId}) */
      get: (eventId: string, options?: CallOptions): Promise<Answered<Returned<'getEvent'>>> =>
        call('GET', `/events/${encodeURIComponent(eventId)}`, { options }),
    },
    webhooks: {
      /** Register a webhook endpoint (its signing secret is shown once) (POST /webhooks) */
      create: (
        body: Body<'createWebhook'>,
        options?: CallOptions,
      ): Promise<Answered<Returned<'createWebhook'>>> =>
        call('POST', '/webhooks', { body, idempotent: true, options }),
      /** List the tenant's webhook endpoints (GET /webhooks) */
      list: (
        query: Query<'listWebhooks'> = {},
        options?: CallOptions,
      ): Promise<Answered<Returned<'listWebhooks'>>> =>
        call('GET', '/webhooks', { query, options }),
      /** One webhook endpoint (GET /webhooks/{webhookId}) */
      get: (webhookId: string, options?: CallOptions): Promise<Answered<Returned<'getWebhook'>>> =>
        call('GET', `/webhooks/${encodeURIComponent(webhookId)}`, { options }),
      /** Delete a webhook endpoint (DELETE /webhooks/{webhookId}) */
      delete: (
        webhookId: string,
        options?: CallOptions,
      ): Promise<Answered<Returned<'deleteWebhook'>>> =>
        call('DELETE', `/webhooks/${encodeURIComponent(webhookId)}`, { options }),
      /** Replace the signing secret (shown once; the old one keeps signing for 24 hours) (POST /webhooks/{webhookId}/rotate-secret) */
      rotateSecret: (
        webhookId: string,
        options?: CallOptions,
      ): Promise<Answered<Returned<'rotateWebhookSecret'>>> =>
        call('POST', `/webhooks/${encodeURIComponent(webhookId)}/rotate-secret`, { options }),
      /** Enable a disabled webhook endpoint (POST /webhooks/{webhookId}/enable) */
      enable: (
        webhookId: string,
        options?: CallOptions,
      ): Promise<Answered<Returned<'enableWebhook'>>> =>
        call('POST', `/webhooks/${encodeURIComponent(webhookId)}/enable`, { options }),
      /** Delivery attempts to an endpoint, newest first (GET /webhooks/{webhookId}/deliveries) */
      deliveries: (
        webhookId: string,
        query: Query<'listWebhookDeliveries'> = {},
        options?: CallOptions,
      ): Promise<Answered<Returned<'listWebhookDeliveries'>>> =>
        call('GET', `/webhooks/${encodeURIComponent(webhookId)}/deliveries`, { query, options }),
      /** Send one event to an endpoint again, now (POST /webhooks/{webhookId}/deliveries/{eventId}/retry) */
      retryDelivery: (
        webhookId: string,
        eventId: string,
        options?: CallOptions,
      ): Promise<Answered<Returned<'retryWebhookDelivery'>>> =>
        call(
          'POST',
          `/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(eventId)}/retry`,
          { options },
        ),
      /** Send one signed webhook.test event to an endpoint, now (nothing is logged or retried) (POST /webhooks/{webhookId}/test) */
      test: (
        webhookId: string,
        options?: CallOptions,
      ): Promise<Answered<Returned<'testWebhook'>>> =>
        call('POST', `/webhooks/${encodeURIComponent(webhookId)}/test`, { options }),
      /** Send the events since a point of the log to an endpoint again (POST /webhooks/{webhookId}/replay) */
      replay: (
        webhookId: string,
        body: Body<'replayWebhook'>,
        options?: CallOptions,
      ): Promise<Answered<Returned<'replayWebhook'>>> =>
        call('POST', `/webhooks/${encodeURIComponent(webhookId)}/replay`, {
          body,
          idempotent: true,
          options,
        }),
    },
    auditLog: {
      /** The security history: every change to keys, webhooks, JDs and reviews, who made it and how, newest first (GET /audit-log) */
      list: (
        query: Query<'listAuditLog'> = {},
        options?: CallOptions,
      ): Promise<Answered<Returned<'listAuditLog'>>> =>
        call('GET', '/audit-log', { query, options }),
    },
    requests: {
      /** The request log: every request the space's keys made in the last 30 days and how it was answered, newest first (GET /requests) */
      list: (
        query: Query<'listRequests'> = {},
        options?: CallOptions,
      ): Promise<Answered<Returned<'listRequests'>>> =>
        call('GET', '/requests', { query, options }),
      /** One request of the request log, by the Request-Id its answer carried (GET /requests/{requestId}) */
      get: (requestId: string, options?: CallOptions): Promise<Answered<Returned<'getRequest'>>> =>
        call('GET', `/requests/${encodeURIComponent(requestId)}`, { options }),
    },
    testMode: {
      /** Put the key's test space back to its sample data (webhook endpoints are kept) (POST /test/reset) */
      reset: (options?: CallOptions): Promise<Answered<Returned<'resetTestSpace'>>> =>
        call('POST', '/test/reset', { idempotent: true, options }),
      /** Apply product events to the key's test space, as the product's feed does to live data: events and webhooks follow (POST /test/product-events) */
      simulateProductEvents: (
        body: Body<'simulateProductEvents'>,
        options?: CallOptions,
      ): Promise<Answered<Returned<'simulateProductEvents'>>> =>
        call('POST', '/test/product-events', { body, options }),
    },
  };
}
