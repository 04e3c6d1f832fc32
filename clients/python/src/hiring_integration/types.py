# Generated from docs/openapi.json by `npm run client:types`. Do not edit.
"""The API's answers and bodies as TypedDicts: every schema of the reference, by its name."""

from __future__ import annotations

from typing import Any, Literal, TypedDict, Union


_JdSummaryRequired = TypedDict("_JdSummaryRequired", {"id": str, "title": str, "status": Literal["DRAFT", "PUBLISHED", "CLOSED", "ARCHIVED"], "type": str, "createdAt": str, "updatedAt": str})
_JdSummaryOptional = TypedDict("_JdSummaryOptional", {"department": str, "location": str, "experience": str, "salary": str, "externalId": str}, total=False)


class JdSummary(_JdSummaryRequired, _JdSummaryOptional):
    pass

_JdRequired = TypedDict("_JdRequired", {"id": str, "title": str, "status": Literal["DRAFT", "PUBLISHED", "CLOSED", "ARCHIVED"], "type": str, "createdAt": str, "updatedAt": str, "description": str, "scoringInputsChangedAt": Union[str, None], "applications": list["JdApplication"]})
_JdOptional = TypedDict("_JdOptional", {"department": str, "location": str, "experience": str, "salary": str, "externalId": str, "requirements": str}, total=False)


class Jd(_JdRequired, _JdOptional):
    pass

_JdApplicationRequired = TypedDict("_JdApplicationRequired", {"id": str, "status": Literal["SCREENING", "SHORTLISTED", "REJECTED", "HIRED"]})
_JdApplicationOptional = TypedDict("_JdApplicationOptional", {}, total=False)


class JdApplication(_JdApplicationRequired, _JdApplicationOptional):
    pass

_NewJdRequired = TypedDict("_NewJdRequired", {"id": str, "title": str, "status": Literal["DRAFT"], "type": str, "createdAt": str, "updatedAt": str, "description": str, "scoringInputsChangedAt": Union[str, None], "applications": list["JdApplication"]})
_NewJdOptional = TypedDict("_NewJdOptional", {"department": str, "location": str, "experience": str, "salary": str, "externalId": str, "requirements": str}, total=False)


class NewJd(_NewJdRequired, _NewJdOptional):
    pass

_JdDeletedEntryRequired = TypedDict("_JdDeletedEntryRequired", {"id": str, "deleted": Literal[True], "deletedAt": str})
_JdDeletedEntryOptional = TypedDict("_JdDeletedEntryOptional", {"externalId": str}, total=False)


class JdDeletedEntry(_JdDeletedEntryRequired, _JdDeletedEntryOptional):
    pass

_UpsertedJdRequired = TypedDict("_UpsertedJdRequired", {"externalId": str, "id": str, "outcome": Literal["created", "updated", "unchanged"]})
_UpsertedJdOptional = TypedDict("_UpsertedJdOptional", {}, total=False)


class UpsertedJd(_UpsertedJdRequired, _UpsertedJdOptional):
    pass

_FailedBatchItemErrorDetailsItemRequired = TypedDict("_FailedBatchItemErrorDetailsItemRequired", {"field": str, "rule": str, "message": str})
_FailedBatchItemErrorDetailsItemOptional = TypedDict("_FailedBatchItemErrorDetailsItemOptional", {}, total=False)


class FailedBatchItemErrorDetailsItem(_FailedBatchItemErrorDetailsItemRequired, _FailedBatchItemErrorDetailsItemOptional):
    pass

_FailedBatchItemErrorRequired = TypedDict("_FailedBatchItemErrorRequired", {"status": float, "code": Literal["validation_failed", "cursor_invalid", "unauthenticated", "key_invalid", "scope_missing", "key_mode_mismatch", "origin_not_allowed", "not_found", "method_not_allowed", "conflict", "limit_reached", "webhook_disabled", "replay_running", "concurrent_change", "sync_token_expired", "precondition_failed", "payload_too_large", "unsupported_media_type", "version_unsupported", "idempotency_key_reused", "idempotency_key_other_target", "response_too_large", "jd_too_large", "request_blocked", "rate_limited", "webhook_test_limited", "quota_exceeded", "wait_limited", "unavailable", "internal_error"], "message": str})
_FailedBatchItemErrorOptional = TypedDict("_FailedBatchItemErrorOptional", {"details": list["FailedBatchItemErrorDetailsItem"]}, total=False)


class FailedBatchItemError(_FailedBatchItemErrorRequired, _FailedBatchItemErrorOptional):
    pass

_FailedBatchItemRequired = TypedDict("_FailedBatchItemRequired", {"error": "FailedBatchItemError"})
_FailedBatchItemOptional = TypedDict("_FailedBatchItemOptional", {"externalId": str}, total=False)


class FailedBatchItem(_FailedBatchItemRequired, _FailedBatchItemOptional):
    pass

_ResumeSummaryMetadataRequired = TypedDict("_ResumeSummaryMetadataRequired", {})
_ResumeSummaryMetadataOptional = TypedDict("_ResumeSummaryMetadataOptional", {"skills": list[str], "experience": str}, total=False)


class ResumeSummaryMetadata(_ResumeSummaryMetadataRequired, _ResumeSummaryMetadataOptional):
    pass

_ResumeSummaryRequired = TypedDict("_ResumeSummaryRequired", {"id": str, "fileName": str, "parseStatus": Literal["PENDING", "PROCESSING", "COMPLETED", "FAILED"], "metadata": "ResumeSummaryMetadata", "createdAt": str})
_ResumeSummaryOptional = TypedDict("_ResumeSummaryOptional", {}, total=False)


class ResumeSummary(_ResumeSummaryRequired, _ResumeSummaryOptional):
    pass

_ResumeRequired = TypedDict("_ResumeRequired", {"id": str, "fileName": str, "parseStatus": Literal["PENDING", "PROCESSING", "COMPLETED", "FAILED"], "metadata": dict[str, Any], "createdAt": str})
_ResumeOptional = TypedDict("_ResumeOptional", {}, total=False)


class Resume(_ResumeRequired, _ResumeOptional):
    pass

_CandidateMetadataRequired = TypedDict("_CandidateMetadataRequired", {})
_CandidateMetadataOptional = TypedDict("_CandidateMetadataOptional", {"skills": list[str], "experience": str}, total=False)


class CandidateMetadata(_CandidateMetadataRequired, _CandidateMetadataOptional):
    pass

_CandidateRequired = TypedDict("_CandidateRequired", {"id": str, "fileName": str, "parseStatus": Literal["PENDING", "PROCESSING", "COMPLETED", "FAILED"], "metadata": "CandidateMetadata", "createdAt": str, "applications": list["CandidateApplication"], "applicationsHasMore": bool})
_CandidateOptional = TypedDict("_CandidateOptional", {}, total=False)


class Candidate(_CandidateRequired, _CandidateOptional):
    pass

_CandidateApplicationJobDescriptionRequired = TypedDict("_CandidateApplicationJobDescriptionRequired", {"id": str, "title": str})
_CandidateApplicationJobDescriptionOptional = TypedDict("_CandidateApplicationJobDescriptionOptional", {}, total=False)


class CandidateApplicationJobDescription(_CandidateApplicationJobDescriptionRequired, _CandidateApplicationJobDescriptionOptional):
    pass

_CandidateApplicationRequired = TypedDict("_CandidateApplicationRequired", {"id": str, "status": Literal["SCREENING", "SHORTLISTED", "REJECTED", "HIRED"], "aiScores": list["ScoreIdentity"], "scoringInputsChangedAt": Union[str, None], "jobDescription": "CandidateApplicationJobDescription"})
_CandidateApplicationOptional = TypedDict("_CandidateApplicationOptional", {}, total=False)


class CandidateApplication(_CandidateApplicationRequired, _CandidateApplicationOptional):
    pass

_CandidateExportApplicationsItemReviewsItemScoreRequired = TypedDict("_CandidateExportApplicationsItemReviewsItemScoreRequired", {"overallScore": float, "scoredAt": Union[str, None], "model": Union["ScoreModel", None]})
_CandidateExportApplicationsItemReviewsItemScoreOptional = TypedDict("_CandidateExportApplicationsItemReviewsItemScoreOptional", {}, total=False)


class CandidateExportApplicationsItemReviewsItemScore(_CandidateExportApplicationsItemReviewsItemScoreRequired, _CandidateExportApplicationsItemReviewsItemScoreOptional):
    pass

_CandidateExportApplicationsItemReviewsItemRequired = TypedDict("_CandidateExportApplicationsItemReviewsItemRequired", {"id": str, "applicationId": str, "score": "CandidateExportApplicationsItemReviewsItemScore", "outcome": Literal["confirmed", "overridden", "rejected"], "reviewer": str, "rationale": Union[str, None], "reviewedAt": str, "blind": bool, "auditEntry": Union["AuditEntry", None]})
_CandidateExportApplicationsItemReviewsItemOptional = TypedDict("_CandidateExportApplicationsItemReviewsItemOptional", {}, total=False)


class CandidateExportApplicationsItemReviewsItem(_CandidateExportApplicationsItemReviewsItemRequired, _CandidateExportApplicationsItemReviewsItemOptional):
    pass

_CandidateExportApplicationsItemJobDescriptionRequired = TypedDict("_CandidateExportApplicationsItemJobDescriptionRequired", {"id": str, "title": str})
_CandidateExportApplicationsItemJobDescriptionOptional = TypedDict("_CandidateExportApplicationsItemJobDescriptionOptional", {}, total=False)


class CandidateExportApplicationsItemJobDescription(_CandidateExportApplicationsItemJobDescriptionRequired, _CandidateExportApplicationsItemJobDescriptionOptional):
    pass

_CandidateExportApplicationsItemRequired = TypedDict("_CandidateExportApplicationsItemRequired", {"id": str, "jdId": str, "resumeId": str, "status": Literal["SCREENING", "SHORTLISTED", "REJECTED", "HIRED"], "aiScore": Union[float, None], "aiScores": list["AiScore"], "reviews": list["CandidateExportApplicationsItemReviewsItem"], "scoringInputsChangedAt": Union[str, None], "createdAt": str, "updatedAt": str, "jobDescription": "CandidateExportApplicationsItemJobDescription"})
_CandidateExportApplicationsItemOptional = TypedDict("_CandidateExportApplicationsItemOptional", {}, total=False)


class CandidateExportApplicationsItem(_CandidateExportApplicationsItemRequired, _CandidateExportApplicationsItemOptional):
    pass

_CandidateExportRequired = TypedDict("_CandidateExportRequired", {"exportedAt": str, "resume": "Resume", "applications": list["CandidateExportApplicationsItem"]})
_CandidateExportOptional = TypedDict("_CandidateExportOptional", {}, total=False)


class CandidateExport(_CandidateExportRequired, _CandidateExportOptional):
    pass

_MatchEntryRequired = TypedDict("_MatchEntryRequired", {"applicationId": str, "resumeId": str, "candidate": Union[str, None], "email": Union[str, None], "aiScore": Union[float, None], "scoredAt": Union[str, None], "model": Union["ScoreModel", None], "status": Literal["SCREENING", "SHORTLISTED", "REJECTED", "HIRED"], "reviewed": bool, "reviewOutcome": Union[Literal["confirmed", "overridden", "rejected"], None], "stale": bool, "scoringInputsChangedAt": Union[str, None]})
_MatchEntryOptional = TypedDict("_MatchEntryOptional", {}, total=False)


class MatchEntry(_MatchEntryRequired, _MatchEntryOptional):
    pass

_ApplicationRequired = TypedDict("_ApplicationRequired", {"id": str, "jdId": str, "resumeId": str, "status": Literal["SCREENING", "SHORTLISTED", "REJECTED", "HIRED"], "aiScore": Union[float, None], "aiScores": list["AiScore"], "reviews": list["Review"], "scoringInputsChangedAt": Union[str, None], "createdAt": str, "updatedAt": str})
_ApplicationOptional = TypedDict("_ApplicationOptional", {}, total=False)


class Application(_ApplicationRequired, _ApplicationOptional):
    pass

_ReviewScoreRequired = TypedDict("_ReviewScoreRequired", {"overallScore": float, "scoredAt": Union[str, None], "model": Union["ScoreModel", None]})
_ReviewScoreOptional = TypedDict("_ReviewScoreOptional", {}, total=False)


class ReviewScore(_ReviewScoreRequired, _ReviewScoreOptional):
    pass

_ReviewRequired = TypedDict("_ReviewRequired", {"id": str, "applicationId": str, "score": "ReviewScore", "outcome": Literal["confirmed", "overridden", "rejected"], "reviewer": str, "rationale": Union[str, None], "reviewedAt": str, "blind": bool})
_ReviewOptional = TypedDict("_ReviewOptional", {}, total=False)


class Review(_ReviewRequired, _ReviewOptional):
    pass

_ApplicationEntryRequired = TypedDict("_ApplicationEntryRequired", {"id": str, "jdId": str, "resumeId": str, "status": Literal["SCREENING", "SHORTLISTED", "REJECTED", "HIRED"], "aiScore": Union[float, None], "scoredAt": Union[str, None], "model": Union["ScoreModel", None], "stale": bool, "scoringInputsChangedAt": Union[str, None], "createdAt": str, "updatedAt": str})
_ApplicationEntryOptional = TypedDict("_ApplicationEntryOptional", {}, total=False)


class ApplicationEntry(_ApplicationEntryRequired, _ApplicationEntryOptional):
    pass

_AiScoreCriteriaItemRequired = TypedDict("_AiScoreCriteriaItemRequired", {"name": str, "score": float})
_AiScoreCriteriaItemOptional = TypedDict("_AiScoreCriteriaItemOptional", {"weight": float}, total=False)


class AiScoreCriteriaItem(_AiScoreCriteriaItemRequired, _AiScoreCriteriaItemOptional):
    pass

_AiScoreRequired = TypedDict("_AiScoreRequired", {"overallScore": float, "stale": bool})
_AiScoreOptional = TypedDict("_AiScoreOptional", {"scoredAt": str, "model": "ScoreModel", "criteria": list["AiScoreCriteriaItem"], "summary": str}, total=False)


class AiScore(_AiScoreRequired, _AiScoreOptional):
    pass

_ScoreIdentityRequired = TypedDict("_ScoreIdentityRequired", {"overallScore": float, "stale": bool})
_ScoreIdentityOptional = TypedDict("_ScoreIdentityOptional", {"scoredAt": str, "model": "ScoreModel"}, total=False)


class ScoreIdentity(_ScoreIdentityRequired, _ScoreIdentityOptional):
    pass

_ScoreModelRequired = TypedDict("_ScoreModelRequired", {"id": str, "version": str})
_ScoreModelOptional = TypedDict("_ScoreModelOptional", {}, total=False)


class ScoreModel(_ScoreModelRequired, _ScoreModelOptional):
    pass

_ApiKeyLast24HoursRequired = TypedDict("_ApiKeyLast24HoursRequired", {"requests": int, "errors": int})
_ApiKeyLast24HoursOptional = TypedDict("_ApiKeyLast24HoursOptional", {}, total=False)


class ApiKeyLast24Hours(_ApiKeyLast24HoursRequired, _ApiKeyLast24HoursOptional):
    pass

_ApiKeyRequired = TypedDict("_ApiKeyRequired", {"id": str, "name": str, "scopes": list[Literal["read", "write", "admin", "jd:read", "jd:write", "resume:read", "candidate:read", "match:read", "review:write", "privacy:read"]], "createdAt": str, "createdBy": str, "lastUsedAt": Union[str, None], "revokedAt": Union[str, None], "expiresAt": Union[str, None], "apiVersion": str, "mode": Literal["live", "test"], "blind": bool, "quota": Union["Quota", None], "last24Hours": "ApiKeyLast24Hours"})
_ApiKeyOptional = TypedDict("_ApiKeyOptional", {}, total=False)


class ApiKey(_ApiKeyRequired, _ApiKeyOptional):
    pass

_NewApiKeyLast24HoursRequired = TypedDict("_NewApiKeyLast24HoursRequired", {"requests": int, "errors": int})
_NewApiKeyLast24HoursOptional = TypedDict("_NewApiKeyLast24HoursOptional", {}, total=False)


class NewApiKeyLast24Hours(_NewApiKeyLast24HoursRequired, _NewApiKeyLast24HoursOptional):
    pass

_NewApiKeyRequired = TypedDict("_NewApiKeyRequired", {"id": str, "name": str, "scopes": list[Literal["read", "write", "admin", "jd:read", "jd:write", "resume:read", "candidate:read", "match:read", "review:write", "privacy:read"]], "createdAt": str, "createdBy": str, "lastUsedAt": Union[str, None], "revokedAt": Union[str, None], "expiresAt": Union[str, None], "apiVersion": str, "mode": Literal["live", "test"], "blind": bool, "quota": Union["Quota", None], "last24Hours": "NewApiKeyLast24Hours", "key": Union[str, None]})
_NewApiKeyOptional = TypedDict("_NewApiKeyOptional", {}, total=False)


class NewApiKey(_NewApiKeyRequired, _NewApiKeyOptional):
    pass

_QuotaRequired = TypedDict("_QuotaRequired", {"limit": float, "used": float, "remaining": float, "resetAt": str})
_QuotaOptional = TypedDict("_QuotaOptional", {}, total=False)


class Quota(_QuotaRequired, _QuotaOptional):
    pass

_WebhookRequired = TypedDict("_WebhookRequired", {"id": str, "url": str, "events": list[Union[Literal["jd.created", "jd.updated", "jd.deleted", "resume.created", "resume.updated", "resume.deleted", "application.created", "application.updated", "application.scored", "application.reviewed", "application.deleted", "key.created", "key.revoked", "test.reset", "*"], str]], "status": Literal["enabled", "disabled"], "rateLimit": int, "apiVersion": str, "health": "WebhookHealth", "createdAt": str, "updatedAt": str})
_WebhookOptional = TypedDict("_WebhookOptional", {"description": str, "disabledReason": str, "replay": "ReplayProgress"}, total=False)


class Webhook(_WebhookRequired, _WebhookOptional):
    pass

_NewWebhookRequired = TypedDict("_NewWebhookRequired", {"id": str, "url": str, "events": list[Union[Literal["jd.created", "jd.updated", "jd.deleted", "resume.created", "resume.updated", "resume.deleted", "application.created", "application.updated", "application.scored", "application.reviewed", "application.deleted", "key.created", "key.revoked", "test.reset", "*"], str]], "status": Literal["enabled", "disabled"], "rateLimit": int, "apiVersion": str, "health": "WebhookHealth", "createdAt": str, "updatedAt": str, "secret": Union[str, None]})
_NewWebhookOptional = TypedDict("_NewWebhookOptional", {"description": str, "disabledReason": str, "replay": "ReplayProgress"}, total=False)


class NewWebhook(_NewWebhookRequired, _NewWebhookOptional):
    pass

_ReplayProgressRequired = TypedDict("_ReplayProgressRequired", {"requestId": str, "after": str, "until": str, "position": str, "queued": float, "startedAt": str, "progressAt": str})
_ReplayProgressOptional = TypedDict("_ReplayProgressOptional", {}, total=False)


class ReplayProgress(_ReplayProgressRequired, _ReplayProgressOptional):
    pass

_DeliveryAttemptRequired = TypedDict("_DeliveryAttemptRequired", {"id": str, "eventId": str, "attempt": float, "trigger": Literal["automatic", "manual", "test"], "statusCode": Union[float, None], "durationMs": float, "at": str})
_DeliveryAttemptOptional = TypedDict("_DeliveryAttemptOptional", {"eventType": Literal["jd.created", "jd.updated", "jd.deleted", "resume.created", "resume.updated", "resume.deleted", "application.created", "application.updated", "application.scored", "application.reviewed", "application.deleted", "key.created", "key.revoked", "test.reset", "webhook.test"], "error": str, "responseBody": str}, total=False)


class DeliveryAttempt(_DeliveryAttemptRequired, _DeliveryAttemptOptional):
    pass

_WebhookHealthRequired = TypedDict("_WebhookHealthRequired", {"lastSuccessAt": Union[str, None], "lastFailureAt": Union[str, None], "failingSince": Union[str, None], "failedAttempts": int, "disablesAt": Union[str, None]})
_WebhookHealthOptional = TypedDict("_WebhookHealthOptional", {}, total=False)


class WebhookHealth(_WebhookHealthRequired, _WebhookHealthOptional):
    pass

_WebhookTestEventDataRequired = TypedDict("_WebhookTestEventDataRequired", {"webhookId": str, "message": str})
_WebhookTestEventDataOptional = TypedDict("_WebhookTestEventDataOptional", {}, total=False)


class WebhookTestEventData(_WebhookTestEventDataRequired, _WebhookTestEventDataOptional):
    pass

_WebhookTestEventRequired = TypedDict("_WebhookTestEventRequired", {"id": str, "type": Literal["webhook.test"], "createdAt": str, "data": "WebhookTestEventData"})
_WebhookTestEventOptional = TypedDict("_WebhookTestEventOptional", {}, total=False)


class WebhookTestEvent(_WebhookTestEventRequired, _WebhookTestEventOptional):
    pass

_AuditEntryObjectParentRequired = TypedDict("_AuditEntryObjectParentRequired", {"type": Literal["application"], "id": str})
_AuditEntryObjectParentOptional = TypedDict("_AuditEntryObjectParentOptional", {}, total=False)


class AuditEntryObjectParent(_AuditEntryObjectParentRequired, _AuditEntryObjectParentOptional):
    pass

_AuditEntryObjectRequired = TypedDict("_AuditEntryObjectRequired", {"type": Literal["key", "webhook", "jd", "review"], "id": str, "version": Union[float, None]})
_AuditEntryObjectOptional = TypedDict("_AuditEntryObjectOptional", {"parent": "AuditEntryObjectParent"}, total=False)


class AuditEntryObject(_AuditEntryObjectRequired, _AuditEntryObjectOptional):
    pass

_AuditEntryRequired = TypedDict("_AuditEntryRequired", {"id": str, "at": str, "action": Literal["key.created", "key.revoked", "webhook.created", "webhook.secret_rotated", "webhook.enabled", "webhook.deleted", "webhook.test_requested", "webhook.retry_requested", "webhook.replay_requested", "jd.created", "jd.updated", "jd.deleted", "review.created"], "object": "AuditEntryObject", "actor": str, "actorName": Union[str, None], "requestId": str, "clientIp": Union[str, None], "route": str, "via": Literal["api", "console", "cli"]})
_AuditEntryOptional = TypedDict("_AuditEntryOptional", {"changedFields": list[str]}, total=False)


class AuditEntry(_AuditEntryRequired, _AuditEntryOptional):
    pass

_RequestLogEntryRequired = TypedDict("_RequestLogEntryRequired", {"requestId": str, "time": str, "method": str, "path": str, "route": Union[str, None], "status": int, "code": Union[str, None], "durationMs": int, "keyId": str, "keyName": str, "apiVersion": Union[str, None], "idempotencyKey": Union[str, None], "replayed": bool, "queryParameters": list[str], "userAgent": Union[str, None], "clientIp": Union[str, None]})
_RequestLogEntryOptional = TypedDict("_RequestLogEntryOptional", {}, total=False)


class RequestLogEntry(_RequestLogEntryRequired, _RequestLogEntryOptional):
    pass

_TestSpaceResetSampleData1Required = TypedDict("_TestSpaceResetSampleData1Required", {"jds": float, "resumes": float, "applications": float})
_TestSpaceResetSampleData1Optional = TypedDict("_TestSpaceResetSampleData1Optional", {}, total=False)


class TestSpaceResetSampleData1(_TestSpaceResetSampleData1Required, _TestSpaceResetSampleData1Optional):
    pass

_TestSpaceResetRequired = TypedDict("_TestSpaceResetRequired", {"complete": bool, "deletedItems": float, "sampleData": Union["TestSpaceResetSampleData1", None]})
_TestSpaceResetOptional = TypedDict("_TestSpaceResetOptional", {}, total=False)


class TestSpaceReset(_TestSpaceResetRequired, _TestSpaceResetOptional):
    pass

_SimulatedEventOutcomeRequired = TypedDict("_SimulatedEventOutcomeRequired", {"id": str, "type": Literal["jd.upserted", "jd.deleted", "resume.upserted", "resume.deleted", "application.upserted", "application.deleted"], "outcome": Literal["applied", "ignored", "rejected", "skipped"]})
_SimulatedEventOutcomeOptional = TypedDict("_SimulatedEventOutcomeOptional", {"created": bool, "reason": str}, total=False)


class SimulatedEventOutcome(_SimulatedEventOutcomeRequired, _SimulatedEventOutcomeOptional):
    pass

_PaginationRequired = TypedDict("_PaginationRequired", {"page": float, "limit": float, "total": float, "pages": float, "hasMore": bool})
_PaginationOptional = TypedDict("_PaginationOptional", {"nextCursor": str}, total=False)


class Pagination(_PaginationRequired, _PaginationOptional):
    pass

_SlicePaginationRequired = TypedDict("_SlicePaginationRequired", {"limit": float, "hasMore": bool})
_SlicePaginationOptional = TypedDict("_SlicePaginationOptional", {"nextCursor": str}, total=False)


class SlicePagination(_SlicePaginationRequired, _SlicePaginationOptional):
    pass

_DeltaPaginationRequired = TypedDict("_DeltaPaginationRequired", {"limit": float, "hasMore": bool})
_DeltaPaginationOptional = TypedDict("_DeltaPaginationOptional", {"nextCursor": str, "syncToken": str}, total=False)


class DeltaPagination(_DeltaPaginationRequired, _DeltaPaginationOptional):
    pass

_DeletedEntryRequired = TypedDict("_DeletedEntryRequired", {"id": str, "deleted": Literal[True], "deletedAt": str})
_DeletedEntryOptional = TypedDict("_DeletedEntryOptional", {}, total=False)


class DeletedEntry(_DeletedEntryRequired, _DeletedEntryOptional):
    pass

_ErrorDetailsItemRequired = TypedDict("_ErrorDetailsItemRequired", {"field": str, "rule": str, "message": str})
_ErrorDetailsItemOptional = TypedDict("_ErrorDetailsItemOptional", {}, total=False)


class ErrorDetailsItem(_ErrorDetailsItemRequired, _ErrorDetailsItemOptional):
    pass

_ErrorRequired = TypedDict("_ErrorRequired", {"success": Literal[False], "error": str, "code": Union["ErrorCode", str]})
_ErrorOptional = TypedDict("_ErrorOptional", {"details": list["ErrorDetailsItem"], "retryAfterMs": float, "existingId": str, "responseBytes": float, "limitBytes": float, "requestId": str}, total=False)


class Error(_ErrorRequired, _ErrorOptional):
    pass

_JdCreatedEventDataRequired = TypedDict("_JdCreatedEventDataRequired", {"id": str, "title": str, "status": Literal["DRAFT", "PUBLISHED", "CLOSED", "ARCHIVED"], "updatedAt": str})
_JdCreatedEventDataOptional = TypedDict("_JdCreatedEventDataOptional", {"previousStatus": Literal["DRAFT", "PUBLISHED", "CLOSED", "ARCHIVED"], "scoringInputsChanged": Literal[True], "externalId": str}, total=False)


class JdCreatedEventData(_JdCreatedEventDataRequired, _JdCreatedEventDataOptional):
    pass

_JdCreatedEventRequired = TypedDict("_JdCreatedEventRequired", {"id": str, "type": Literal["jd.created"], "createdAt": str, "data": "JdCreatedEventData"})
_JdCreatedEventOptional = TypedDict("_JdCreatedEventOptional", {}, total=False)


class JdCreatedEvent(_JdCreatedEventRequired, _JdCreatedEventOptional):
    pass

_JdUpdatedEventDataRequired = TypedDict("_JdUpdatedEventDataRequired", {"id": str, "title": str, "status": Literal["DRAFT", "PUBLISHED", "CLOSED", "ARCHIVED"], "updatedAt": str})
_JdUpdatedEventDataOptional = TypedDict("_JdUpdatedEventDataOptional", {"previousStatus": Literal["DRAFT", "PUBLISHED", "CLOSED", "ARCHIVED"], "scoringInputsChanged": Literal[True], "externalId": str}, total=False)


class JdUpdatedEventData(_JdUpdatedEventDataRequired, _JdUpdatedEventDataOptional):
    pass

_JdUpdatedEventRequired = TypedDict("_JdUpdatedEventRequired", {"id": str, "type": Literal["jd.updated"], "createdAt": str, "data": "JdUpdatedEventData"})
_JdUpdatedEventOptional = TypedDict("_JdUpdatedEventOptional", {}, total=False)


class JdUpdatedEvent(_JdUpdatedEventRequired, _JdUpdatedEventOptional):
    pass

_JdDeletedEventDataRequired = TypedDict("_JdDeletedEventDataRequired", {"id": str, "updatedAt": str})
_JdDeletedEventDataOptional = TypedDict("_JdDeletedEventDataOptional", {"externalId": str}, total=False)


class JdDeletedEventData(_JdDeletedEventDataRequired, _JdDeletedEventDataOptional):
    pass

_JdDeletedEventRequired = TypedDict("_JdDeletedEventRequired", {"id": str, "type": Literal["jd.deleted"], "createdAt": str, "data": "JdDeletedEventData"})
_JdDeletedEventOptional = TypedDict("_JdDeletedEventOptional", {}, total=False)


class JdDeletedEvent(_JdDeletedEventRequired, _JdDeletedEventOptional):
    pass

_ResumeCreatedEventDataRequired = TypedDict("_ResumeCreatedEventDataRequired", {"id": str, "parseStatus": Literal["PENDING", "PROCESSING", "COMPLETED", "FAILED"], "updatedAt": str})
_ResumeCreatedEventDataOptional = TypedDict("_ResumeCreatedEventDataOptional", {}, total=False)


class ResumeCreatedEventData(_ResumeCreatedEventDataRequired, _ResumeCreatedEventDataOptional):
    pass

_ResumeCreatedEventRequired = TypedDict("_ResumeCreatedEventRequired", {"id": str, "type": Literal["resume.created"], "createdAt": str, "data": "ResumeCreatedEventData"})
_ResumeCreatedEventOptional = TypedDict("_ResumeCreatedEventOptional", {}, total=False)


class ResumeCreatedEvent(_ResumeCreatedEventRequired, _ResumeCreatedEventOptional):
    pass

_ResumeUpdatedEventDataRequired = TypedDict("_ResumeUpdatedEventDataRequired", {"id": str, "parseStatus": Literal["PENDING", "PROCESSING", "COMPLETED", "FAILED"], "updatedAt": str})
_ResumeUpdatedEventDataOptional = TypedDict("_ResumeUpdatedEventDataOptional", {}, total=False)


class ResumeUpdatedEventData(_ResumeUpdatedEventDataRequired, _ResumeUpdatedEventDataOptional):
    pass

_ResumeUpdatedEventRequired = TypedDict("_ResumeUpdatedEventRequired", {"id": str, "type": Literal["resume.updated"], "createdAt": str, "data": "ResumeUpdatedEventData"})
_ResumeUpdatedEventOptional = TypedDict("_ResumeUpdatedEventOptional", {}, total=False)


class ResumeUpdatedEvent(_ResumeUpdatedEventRequired, _ResumeUpdatedEventOptional):
    pass

_ResumeDeletedEventDataRequired = TypedDict("_ResumeDeletedEventDataRequired", {"id": str, "updatedAt": str})
_ResumeDeletedEventDataOptional = TypedDict("_ResumeDeletedEventDataOptional", {}, total=False)


class ResumeDeletedEventData(_ResumeDeletedEventDataRequired, _ResumeDeletedEventDataOptional):
    pass

_ResumeDeletedEventRequired = TypedDict("_ResumeDeletedEventRequired", {"id": str, "type": Literal["resume.deleted"], "createdAt": str, "data": "ResumeDeletedEventData"})
_ResumeDeletedEventOptional = TypedDict("_ResumeDeletedEventOptional", {}, total=False)


class ResumeDeletedEvent(_ResumeDeletedEventRequired, _ResumeDeletedEventOptional):
    pass

_ApplicationCreatedEventDataRequired = TypedDict("_ApplicationCreatedEventDataRequired", {"id": str, "jdId": str, "resumeId": str, "status": Literal["SCREENING", "SHORTLISTED", "REJECTED", "HIRED"], "aiScore": Union[float, None], "updatedAt": str})
_ApplicationCreatedEventDataOptional = TypedDict("_ApplicationCreatedEventDataOptional", {"previousStatus": Literal["SCREENING", "SHORTLISTED", "REJECTED", "HIRED"]}, total=False)


class ApplicationCreatedEventData(_ApplicationCreatedEventDataRequired, _ApplicationCreatedEventDataOptional):
    pass

_ApplicationCreatedEventRequired = TypedDict("_ApplicationCreatedEventRequired", {"id": str, "type": Literal["application.created"], "createdAt": str, "data": "ApplicationCreatedEventData"})
_ApplicationCreatedEventOptional = TypedDict("_ApplicationCreatedEventOptional", {}, total=False)


class ApplicationCreatedEvent(_ApplicationCreatedEventRequired, _ApplicationCreatedEventOptional):
    pass

_ApplicationUpdatedEventDataRequired = TypedDict("_ApplicationUpdatedEventDataRequired", {"id": str, "jdId": str, "resumeId": str, "status": Literal["SCREENING", "SHORTLISTED", "REJECTED", "HIRED"], "aiScore": Union[float, None], "updatedAt": str})
_ApplicationUpdatedEventDataOptional = TypedDict("_ApplicationUpdatedEventDataOptional", {"previousStatus": Literal["SCREENING", "SHORTLISTED", "REJECTED", "HIRED"]}, total=False)


class ApplicationUpdatedEventData(_ApplicationUpdatedEventDataRequired, _ApplicationUpdatedEventDataOptional):
    pass

_ApplicationUpdatedEventRequired = TypedDict("_ApplicationUpdatedEventRequired", {"id": str, "type": Literal["application.updated"], "createdAt": str, "data": "ApplicationUpdatedEventData"})
_ApplicationUpdatedEventOptional = TypedDict("_ApplicationUpdatedEventOptional", {}, total=False)


class ApplicationUpdatedEvent(_ApplicationUpdatedEventRequired, _ApplicationUpdatedEventOptional):
    pass

_ApplicationScoredEventDataRequired = TypedDict("_ApplicationScoredEventDataRequired", {"id": str, "jdId": str, "resumeId": str, "aiScore": float, "model": Union["ScoreModel", None], "scoredAt": Union[str, None], "updatedAt": str})
_ApplicationScoredEventDataOptional = TypedDict("_ApplicationScoredEventDataOptional", {}, total=False)


class ApplicationScoredEventData(_ApplicationScoredEventDataRequired, _ApplicationScoredEventDataOptional):
    pass

_ApplicationScoredEventRequired = TypedDict("_ApplicationScoredEventRequired", {"id": str, "type": Literal["application.scored"], "createdAt": str, "data": "ApplicationScoredEventData"})
_ApplicationScoredEventOptional = TypedDict("_ApplicationScoredEventOptional", {}, total=False)


class ApplicationScoredEvent(_ApplicationScoredEventRequired, _ApplicationScoredEventOptional):
    pass

_ApplicationReviewedEventDataRequired = TypedDict("_ApplicationReviewedEventDataRequired", {"id": str, "jdId": str, "resumeId": str, "reviewId": str, "outcome": Literal["confirmed", "overridden", "rejected"], "scoredAt": Union[str, None], "model": Union["ScoreModel", None], "reviewedAt": str})
_ApplicationReviewedEventDataOptional = TypedDict("_ApplicationReviewedEventDataOptional", {"blind": bool}, total=False)


class ApplicationReviewedEventData(_ApplicationReviewedEventDataRequired, _ApplicationReviewedEventDataOptional):
    pass

_ApplicationReviewedEventRequired = TypedDict("_ApplicationReviewedEventRequired", {"id": str, "type": Literal["application.reviewed"], "createdAt": str, "data": "ApplicationReviewedEventData"})
_ApplicationReviewedEventOptional = TypedDict("_ApplicationReviewedEventOptional", {}, total=False)


class ApplicationReviewedEvent(_ApplicationReviewedEventRequired, _ApplicationReviewedEventOptional):
    pass

_ApplicationDeletedEventDataRequired = TypedDict("_ApplicationDeletedEventDataRequired", {"id": str, "jdId": str, "resumeId": str, "updatedAt": str})
_ApplicationDeletedEventDataOptional = TypedDict("_ApplicationDeletedEventDataOptional", {}, total=False)


class ApplicationDeletedEventData(_ApplicationDeletedEventDataRequired, _ApplicationDeletedEventDataOptional):
    pass

_ApplicationDeletedEventRequired = TypedDict("_ApplicationDeletedEventRequired", {"id": str, "type": Literal["application.deleted"], "createdAt": str, "data": "ApplicationDeletedEventData"})
_ApplicationDeletedEventOptional = TypedDict("_ApplicationDeletedEventOptional", {}, total=False)


class ApplicationDeletedEvent(_ApplicationDeletedEventRequired, _ApplicationDeletedEventOptional):
    pass

_KeyCreatedEventDataRequired = TypedDict("_KeyCreatedEventDataRequired", {"id": str, "name": str, "scopes": list[Literal["read", "write", "admin", "jd:read", "jd:write", "resume:read", "candidate:read", "match:read", "review:write", "privacy:read"]], "expiresAt": Union[str, None], "updatedAt": str})
_KeyCreatedEventDataOptional = TypedDict("_KeyCreatedEventDataOptional", {"mode": Literal["live", "test"], "blind": bool}, total=False)


class KeyCreatedEventData(_KeyCreatedEventDataRequired, _KeyCreatedEventDataOptional):
    pass

_KeyCreatedEventRequired = TypedDict("_KeyCreatedEventRequired", {"id": str, "type": Literal["key.created"], "createdAt": str, "data": "KeyCreatedEventData"})
_KeyCreatedEventOptional = TypedDict("_KeyCreatedEventOptional", {}, total=False)


class KeyCreatedEvent(_KeyCreatedEventRequired, _KeyCreatedEventOptional):
    pass

_KeyRevokedEventDataRequired = TypedDict("_KeyRevokedEventDataRequired", {"id": str, "name": str, "updatedAt": str})
_KeyRevokedEventDataOptional = TypedDict("_KeyRevokedEventDataOptional", {}, total=False)


class KeyRevokedEventData(_KeyRevokedEventDataRequired, _KeyRevokedEventDataOptional):
    pass

_KeyRevokedEventRequired = TypedDict("_KeyRevokedEventRequired", {"id": str, "type": Literal["key.revoked"], "createdAt": str, "data": "KeyRevokedEventData"})
_KeyRevokedEventOptional = TypedDict("_KeyRevokedEventOptional", {}, total=False)


class KeyRevokedEvent(_KeyRevokedEventRequired, _KeyRevokedEventOptional):
    pass

_TestResetEventDataRequired = TypedDict("_TestResetEventDataRequired", {"resetAt": str})
_TestResetEventDataOptional = TypedDict("_TestResetEventDataOptional", {}, total=False)


class TestResetEventData(_TestResetEventDataRequired, _TestResetEventDataOptional):
    pass

_TestResetEventRequired = TypedDict("_TestResetEventRequired", {"id": str, "type": Literal["test.reset"], "createdAt": str, "data": "TestResetEventData"})
_TestResetEventOptional = TypedDict("_TestResetEventOptional", {}, total=False)


class TestResetEvent(_TestResetEventRequired, _TestResetEventOptional):
    pass

_ListJdsAnswer1Required = TypedDict("_ListJdsAnswer1Required", {"success": Literal[True], "kind": Literal["page"], "data": list["JdSummary"], "pagination": "Pagination"})
_ListJdsAnswer1Optional = TypedDict("_ListJdsAnswer1Optional", {}, total=False)


class ListJdsAnswer1(_ListJdsAnswer1Required, _ListJdsAnswer1Optional):
    pass

_ListJdsAnswer2DataItem1Required = TypedDict("_ListJdsAnswer2DataItem1Required", {"id": str, "title": str, "status": Literal["DRAFT", "PUBLISHED", "CLOSED", "ARCHIVED"], "type": str, "createdAt": str, "updatedAt": str})
_ListJdsAnswer2DataItem1Optional = TypedDict("_ListJdsAnswer2DataItem1Optional", {"department": str, "location": str, "experience": str, "salary": str, "externalId": str, "deleted": Literal[False]}, total=False)


class ListJdsAnswer2DataItem1(_ListJdsAnswer2DataItem1Required, _ListJdsAnswer2DataItem1Optional):
    pass

_ListJdsAnswer2Required = TypedDict("_ListJdsAnswer2Required", {"success": Literal[True], "kind": Literal["changes"], "data": list[Union["ListJdsAnswer2DataItem1", "JdDeletedEntry"]], "pagination": "DeltaPagination"})
_ListJdsAnswer2Optional = TypedDict("_ListJdsAnswer2Optional", {}, total=False)


class ListJdsAnswer2(_ListJdsAnswer2Required, _ListJdsAnswer2Optional):
    pass

_GetJdAnswerRequired = TypedDict("_GetJdAnswerRequired", {"success": Literal[True], "data": "Jd"})
_GetJdAnswerOptional = TypedDict("_GetJdAnswerOptional", {"pagination": "SlicePagination"}, total=False)


class GetJdAnswer(_GetJdAnswerRequired, _GetJdAnswerOptional):
    pass

_CreateJdAnswerRequired = TypedDict("_CreateJdAnswerRequired", {"success": Literal[True], "data": "NewJd"})
_CreateJdAnswerOptional = TypedDict("_CreateJdAnswerOptional", {}, total=False)


class CreateJdAnswer(_CreateJdAnswerRequired, _CreateJdAnswerOptional):
    pass

_UpdateJdAnswerRequired = TypedDict("_UpdateJdAnswerRequired", {"success": Literal[True], "data": "Jd"})
_UpdateJdAnswerOptional = TypedDict("_UpdateJdAnswerOptional", {"pagination": "SlicePagination"}, total=False)


class UpdateJdAnswer(_UpdateJdAnswerRequired, _UpdateJdAnswerOptional):
    pass

_UpsertJdAnswerRequired = TypedDict("_UpsertJdAnswerRequired", {"success": Literal[True], "data": "Jd"})
_UpsertJdAnswerOptional = TypedDict("_UpsertJdAnswerOptional", {"pagination": "SlicePagination"}, total=False)


class UpsertJdAnswer(_UpsertJdAnswerRequired, _UpsertJdAnswerOptional):
    pass

_UpsertJdsAnswerRequired = TypedDict("_UpsertJdsAnswerRequired", {"success": Literal[True], "data": list[Union["UpsertedJd", "FailedBatchItem"]]})
_UpsertJdsAnswerOptional = TypedDict("_UpsertJdsAnswerOptional", {}, total=False)


class UpsertJdsAnswer(_UpsertJdsAnswerRequired, _UpsertJdsAnswerOptional):
    pass

_ListResumesAnswer1Required = TypedDict("_ListResumesAnswer1Required", {"success": Literal[True], "kind": Literal["page"], "data": list["ResumeSummary"], "pagination": "Pagination"})
_ListResumesAnswer1Optional = TypedDict("_ListResumesAnswer1Optional", {}, total=False)


class ListResumesAnswer1(_ListResumesAnswer1Required, _ListResumesAnswer1Optional):
    pass

_ListResumesAnswer2DataItem1MetadataRequired = TypedDict("_ListResumesAnswer2DataItem1MetadataRequired", {})
_ListResumesAnswer2DataItem1MetadataOptional = TypedDict("_ListResumesAnswer2DataItem1MetadataOptional", {"skills": list[str], "experience": str}, total=False)


class ListResumesAnswer2DataItem1Metadata(_ListResumesAnswer2DataItem1MetadataRequired, _ListResumesAnswer2DataItem1MetadataOptional):
    pass

_ListResumesAnswer2DataItem1Required = TypedDict("_ListResumesAnswer2DataItem1Required", {"id": str, "fileName": str, "parseStatus": Literal["PENDING", "PROCESSING", "COMPLETED", "FAILED"], "metadata": "ListResumesAnswer2DataItem1Metadata", "createdAt": str})
_ListResumesAnswer2DataItem1Optional = TypedDict("_ListResumesAnswer2DataItem1Optional", {"deleted": Literal[False]}, total=False)


class ListResumesAnswer2DataItem1(_ListResumesAnswer2DataItem1Required, _ListResumesAnswer2DataItem1Optional):
    pass

_ListResumesAnswer2Required = TypedDict("_ListResumesAnswer2Required", {"success": Literal[True], "kind": Literal["changes"], "data": list[Union["ListResumesAnswer2DataItem1", "DeletedEntry"]], "pagination": "DeltaPagination"})
_ListResumesAnswer2Optional = TypedDict("_ListResumesAnswer2Optional", {}, total=False)


class ListResumesAnswer2(_ListResumesAnswer2Required, _ListResumesAnswer2Optional):
    pass

_GetResumeAnswerRequired = TypedDict("_GetResumeAnswerRequired", {"success": Literal[True], "data": "Resume"})
_GetResumeAnswerOptional = TypedDict("_GetResumeAnswerOptional", {}, total=False)


class GetResumeAnswer(_GetResumeAnswerRequired, _GetResumeAnswerOptional):
    pass

_ListCandidatesAnswer1Required = TypedDict("_ListCandidatesAnswer1Required", {"success": Literal[True], "kind": Literal["page"], "data": list["Candidate"], "pagination": "Pagination"})
_ListCandidatesAnswer1Optional = TypedDict("_ListCandidatesAnswer1Optional", {}, total=False)


class ListCandidatesAnswer1(_ListCandidatesAnswer1Required, _ListCandidatesAnswer1Optional):
    pass

_ListCandidatesAnswer2DataItem1MetadataRequired = TypedDict("_ListCandidatesAnswer2DataItem1MetadataRequired", {})
_ListCandidatesAnswer2DataItem1MetadataOptional = TypedDict("_ListCandidatesAnswer2DataItem1MetadataOptional", {"skills": list[str], "experience": str}, total=False)


class ListCandidatesAnswer2DataItem1Metadata(_ListCandidatesAnswer2DataItem1MetadataRequired, _ListCandidatesAnswer2DataItem1MetadataOptional):
    pass

_ListCandidatesAnswer2DataItem1Required = TypedDict("_ListCandidatesAnswer2DataItem1Required", {"id": str, "fileName": str, "parseStatus": Literal["PENDING", "PROCESSING", "COMPLETED", "FAILED"], "metadata": "ListCandidatesAnswer2DataItem1Metadata", "createdAt": str, "applications": list["CandidateApplication"], "applicationsHasMore": bool})
_ListCandidatesAnswer2DataItem1Optional = TypedDict("_ListCandidatesAnswer2DataItem1Optional", {"deleted": Literal[False]}, total=False)


class ListCandidatesAnswer2DataItem1(_ListCandidatesAnswer2DataItem1Required, _ListCandidatesAnswer2DataItem1Optional):
    pass

_ListCandidatesAnswer2Required = TypedDict("_ListCandidatesAnswer2Required", {"success": Literal[True], "kind": Literal["changes"], "data": list[Union["ListCandidatesAnswer2DataItem1", "DeletedEntry"]], "pagination": "DeltaPagination"})
_ListCandidatesAnswer2Optional = TypedDict("_ListCandidatesAnswer2Optional", {}, total=False)


class ListCandidatesAnswer2(_ListCandidatesAnswer2Required, _ListCandidatesAnswer2Optional):
    pass

_ExportCandidateAnswerRequired = TypedDict("_ExportCandidateAnswerRequired", {"success": Literal[True], "data": "CandidateExport", "pagination": "SlicePagination"})
_ExportCandidateAnswerOptional = TypedDict("_ExportCandidateAnswerOptional", {}, total=False)


class ExportCandidateAnswer(_ExportCandidateAnswerRequired, _ExportCandidateAnswerOptional):
    pass

_ListMatchesAnswerRequired = TypedDict("_ListMatchesAnswerRequired", {"success": Literal[True], "data": list["MatchEntry"]})
_ListMatchesAnswerOptional = TypedDict("_ListMatchesAnswerOptional", {"pagination": "SlicePagination"}, total=False)


class ListMatchesAnswer(_ListMatchesAnswerRequired, _ListMatchesAnswerOptional):
    pass

_ListApplicationsAnswer1Required = TypedDict("_ListApplicationsAnswer1Required", {"success": Literal[True], "kind": Literal["page"], "data": list["ApplicationEntry"], "pagination": "SlicePagination"})
_ListApplicationsAnswer1Optional = TypedDict("_ListApplicationsAnswer1Optional", {}, total=False)


class ListApplicationsAnswer1(_ListApplicationsAnswer1Required, _ListApplicationsAnswer1Optional):
    pass

_ListApplicationsAnswer2DataItem1Required = TypedDict("_ListApplicationsAnswer2DataItem1Required", {"id": str, "jdId": str, "resumeId": str, "status": Literal["SCREENING", "SHORTLISTED", "REJECTED", "HIRED"], "aiScore": Union[float, None], "scoredAt": Union[str, None], "model": Union["ScoreModel", None], "stale": bool, "scoringInputsChangedAt": Union[str, None], "createdAt": str, "updatedAt": str})
_ListApplicationsAnswer2DataItem1Optional = TypedDict("_ListApplicationsAnswer2DataItem1Optional", {"deleted": Literal[False]}, total=False)


class ListApplicationsAnswer2DataItem1(_ListApplicationsAnswer2DataItem1Required, _ListApplicationsAnswer2DataItem1Optional):
    pass

_ListApplicationsAnswer2Required = TypedDict("_ListApplicationsAnswer2Required", {"success": Literal[True], "kind": Literal["changes"], "data": list[Union["ListApplicationsAnswer2DataItem1", "DeletedEntry"]], "pagination": "DeltaPagination"})
_ListApplicationsAnswer2Optional = TypedDict("_ListApplicationsAnswer2Optional", {}, total=False)


class ListApplicationsAnswer2(_ListApplicationsAnswer2Required, _ListApplicationsAnswer2Optional):
    pass

_GetApplicationAnswerRequired = TypedDict("_GetApplicationAnswerRequired", {"success": Literal[True], "data": "Application"})
_GetApplicationAnswerOptional = TypedDict("_GetApplicationAnswerOptional", {}, total=False)


class GetApplicationAnswer(_GetApplicationAnswerRequired, _GetApplicationAnswerOptional):
    pass

_GetReviewAnswerRequired = TypedDict("_GetReviewAnswerRequired", {"success": Literal[True], "data": "Review"})
_GetReviewAnswerOptional = TypedDict("_GetReviewAnswerOptional", {}, total=False)


class GetReviewAnswer(_GetReviewAnswerRequired, _GetReviewAnswerOptional):
    pass

_CreateReviewAnswerRequired = TypedDict("_CreateReviewAnswerRequired", {"success": Literal[True], "data": "Review"})
_CreateReviewAnswerOptional = TypedDict("_CreateReviewAnswerOptional", {}, total=False)


class CreateReviewAnswer(_CreateReviewAnswerRequired, _CreateReviewAnswerOptional):
    pass

_CreateKeyAnswerRequired = TypedDict("_CreateKeyAnswerRequired", {"success": Literal[True], "data": "NewApiKey"})
_CreateKeyAnswerOptional = TypedDict("_CreateKeyAnswerOptional", {}, total=False)


class CreateKeyAnswer(_CreateKeyAnswerRequired, _CreateKeyAnswerOptional):
    pass

_ListKeysAnswerRequired = TypedDict("_ListKeysAnswerRequired", {"success": Literal[True], "data": list["ApiKey"]})
_ListKeysAnswerOptional = TypedDict("_ListKeysAnswerOptional", {"pagination": "SlicePagination"}, total=False)


class ListKeysAnswer(_ListKeysAnswerRequired, _ListKeysAnswerOptional):
    pass

_GetKeyAnswerRequired = TypedDict("_GetKeyAnswerRequired", {"success": Literal[True], "data": "ApiKey"})
_GetKeyAnswerOptional = TypedDict("_GetKeyAnswerOptional", {}, total=False)


class GetKeyAnswer(_GetKeyAnswerRequired, _GetKeyAnswerOptional):
    pass

_RevokeKeyAnswerRequired = TypedDict("_RevokeKeyAnswerRequired", {"success": Literal[True], "message": str})
_RevokeKeyAnswerOptional = TypedDict("_RevokeKeyAnswerOptional", {}, total=False)


class RevokeKeyAnswer(_RevokeKeyAnswerRequired, _RevokeKeyAnswerOptional):
    pass

_WhoamiAnswerDataRequired = TypedDict("_WhoamiAnswerDataRequired", {"tenantId": str, "keyId": str, "name": str, "scopes": list[Literal["read", "write", "admin", "jd:read", "jd:write", "resume:read", "candidate:read", "match:read", "review:write", "privacy:read"]], "apiVersion": str, "mode": Literal["live", "test"], "blind": bool, "quota": "Quota"})
_WhoamiAnswerDataOptional = TypedDict("_WhoamiAnswerDataOptional", {}, total=False)


class WhoamiAnswerData(_WhoamiAnswerDataRequired, _WhoamiAnswerDataOptional):
    pass

_WhoamiAnswerRequired = TypedDict("_WhoamiAnswerRequired", {"success": Literal[True], "data": "WhoamiAnswerData"})
_WhoamiAnswerOptional = TypedDict("_WhoamiAnswerOptional", {}, total=False)


class WhoamiAnswer(_WhoamiAnswerRequired, _WhoamiAnswerOptional):
    pass

_CreateConsoleLinkAnswerDataRequired = TypedDict("_CreateConsoleLinkAnswerDataRequired", {"url": str, "expiresAt": str})
_CreateConsoleLinkAnswerDataOptional = TypedDict("_CreateConsoleLinkAnswerDataOptional", {}, total=False)


class CreateConsoleLinkAnswerData(_CreateConsoleLinkAnswerDataRequired, _CreateConsoleLinkAnswerDataOptional):
    pass

_CreateConsoleLinkAnswerRequired = TypedDict("_CreateConsoleLinkAnswerRequired", {"success": Literal[True], "data": "CreateConsoleLinkAnswerData"})
_CreateConsoleLinkAnswerOptional = TypedDict("_CreateConsoleLinkAnswerOptional", {}, total=False)


class CreateConsoleLinkAnswer(_CreateConsoleLinkAnswerRequired, _CreateConsoleLinkAnswerOptional):
    pass

_OpenConsoleSessionAnswerDataRequired = TypedDict("_OpenConsoleSessionAnswerDataRequired", {"keyId": str, "name": str, "mode": Literal["live", "test"], "endsAt": str})
_OpenConsoleSessionAnswerDataOptional = TypedDict("_OpenConsoleSessionAnswerDataOptional", {}, total=False)


class OpenConsoleSessionAnswerData(_OpenConsoleSessionAnswerDataRequired, _OpenConsoleSessionAnswerDataOptional):
    pass

_OpenConsoleSessionAnswerRequired = TypedDict("_OpenConsoleSessionAnswerRequired", {"success": Literal[True], "data": "OpenConsoleSessionAnswerData"})
_OpenConsoleSessionAnswerOptional = TypedDict("_OpenConsoleSessionAnswerOptional", {}, total=False)


class OpenConsoleSessionAnswer(_OpenConsoleSessionAnswerRequired, _OpenConsoleSessionAnswerOptional):
    pass

_ListEventsAnswerPaginationRequired = TypedDict("_ListEventsAnswerPaginationRequired", {"limit": float, "hasMore": bool})
_ListEventsAnswerPaginationOptional = TypedDict("_ListEventsAnswerPaginationOptional", {"nextCursor": str}, total=False)


class ListEventsAnswerPagination(_ListEventsAnswerPaginationRequired, _ListEventsAnswerPaginationOptional):
    pass

_ListEventsAnswerRequired = TypedDict("_ListEventsAnswerRequired", {"success": Literal[True], "data": list["Event"], "pagination": "ListEventsAnswerPagination"})
_ListEventsAnswerOptional = TypedDict("_ListEventsAnswerOptional", {}, total=False)


class ListEventsAnswer(_ListEventsAnswerRequired, _ListEventsAnswerOptional):
    pass

_GetEventAnswerRequired = TypedDict("_GetEventAnswerRequired", {"success": Literal[True], "data": "Event"})
_GetEventAnswerOptional = TypedDict("_GetEventAnswerOptional", {}, total=False)


class GetEventAnswer(_GetEventAnswerRequired, _GetEventAnswerOptional):
    pass

_CreateWebhookAnswerRequired = TypedDict("_CreateWebhookAnswerRequired", {"success": Literal[True], "data": "NewWebhook"})
_CreateWebhookAnswerOptional = TypedDict("_CreateWebhookAnswerOptional", {}, total=False)


class CreateWebhookAnswer(_CreateWebhookAnswerRequired, _CreateWebhookAnswerOptional):
    pass

_ListWebhooksAnswerRequired = TypedDict("_ListWebhooksAnswerRequired", {"success": Literal[True], "data": list["Webhook"]})
_ListWebhooksAnswerOptional = TypedDict("_ListWebhooksAnswerOptional", {"pagination": "SlicePagination"}, total=False)


class ListWebhooksAnswer(_ListWebhooksAnswerRequired, _ListWebhooksAnswerOptional):
    pass

_GetWebhookAnswerRequired = TypedDict("_GetWebhookAnswerRequired", {"success": Literal[True], "data": "Webhook"})
_GetWebhookAnswerOptional = TypedDict("_GetWebhookAnswerOptional", {}, total=False)


class GetWebhookAnswer(_GetWebhookAnswerRequired, _GetWebhookAnswerOptional):
    pass

_DeleteWebhookAnswerRequired = TypedDict("_DeleteWebhookAnswerRequired", {"success": Literal[True], "message": str})
_DeleteWebhookAnswerOptional = TypedDict("_DeleteWebhookAnswerOptional", {}, total=False)


class DeleteWebhookAnswer(_DeleteWebhookAnswerRequired, _DeleteWebhookAnswerOptional):
    pass

_RotateWebhookSecretAnswerRequired = TypedDict("_RotateWebhookSecretAnswerRequired", {"success": Literal[True], "data": "NewWebhook"})
_RotateWebhookSecretAnswerOptional = TypedDict("_RotateWebhookSecretAnswerOptional", {}, total=False)


class RotateWebhookSecretAnswer(_RotateWebhookSecretAnswerRequired, _RotateWebhookSecretAnswerOptional):
    pass

_EnableWebhookAnswerRequired = TypedDict("_EnableWebhookAnswerRequired", {"success": Literal[True], "data": "Webhook"})
_EnableWebhookAnswerOptional = TypedDict("_EnableWebhookAnswerOptional", {}, total=False)


class EnableWebhookAnswer(_EnableWebhookAnswerRequired, _EnableWebhookAnswerOptional):
    pass

_ListWebhookDeliveriesAnswerRequired = TypedDict("_ListWebhookDeliveriesAnswerRequired", {"success": Literal[True], "data": list["DeliveryAttempt"], "pagination": "SlicePagination"})
_ListWebhookDeliveriesAnswerOptional = TypedDict("_ListWebhookDeliveriesAnswerOptional", {"replay": "ReplayProgress"}, total=False)


class ListWebhookDeliveriesAnswer(_ListWebhookDeliveriesAnswerRequired, _ListWebhookDeliveriesAnswerOptional):
    pass

_RetryWebhookDeliveryAnswerDataRequired = TypedDict("_RetryWebhookDeliveryAnswerDataRequired", {"webhookId": str, "eventId": str, "status": Literal["queued"]})
_RetryWebhookDeliveryAnswerDataOptional = TypedDict("_RetryWebhookDeliveryAnswerDataOptional", {}, total=False)


class RetryWebhookDeliveryAnswerData(_RetryWebhookDeliveryAnswerDataRequired, _RetryWebhookDeliveryAnswerDataOptional):
    pass

_RetryWebhookDeliveryAnswerRequired = TypedDict("_RetryWebhookDeliveryAnswerRequired", {"success": Literal[True], "data": "RetryWebhookDeliveryAnswerData"})
_RetryWebhookDeliveryAnswerOptional = TypedDict("_RetryWebhookDeliveryAnswerOptional", {}, total=False)


class RetryWebhookDeliveryAnswer(_RetryWebhookDeliveryAnswerRequired, _RetryWebhookDeliveryAnswerOptional):
    pass

_TestWebhookAnswerDataRequired = TypedDict("_TestWebhookAnswerDataRequired", {"webhookId": str, "eventId": str, "status": Literal["queued"]})
_TestWebhookAnswerDataOptional = TypedDict("_TestWebhookAnswerDataOptional", {}, total=False)


class TestWebhookAnswerData(_TestWebhookAnswerDataRequired, _TestWebhookAnswerDataOptional):
    pass

_TestWebhookAnswerRequired = TypedDict("_TestWebhookAnswerRequired", {"success": Literal[True], "data": "TestWebhookAnswerData"})
_TestWebhookAnswerOptional = TypedDict("_TestWebhookAnswerOptional", {}, total=False)


class TestWebhookAnswer(_TestWebhookAnswerRequired, _TestWebhookAnswerOptional):
    pass

_ReplayWebhookAnswerDataRequired = TypedDict("_ReplayWebhookAnswerDataRequired", {"webhookId": str, "requestId": str, "after": str, "until": str, "status": Literal["queued"]})
_ReplayWebhookAnswerDataOptional = TypedDict("_ReplayWebhookAnswerDataOptional", {}, total=False)


class ReplayWebhookAnswerData(_ReplayWebhookAnswerDataRequired, _ReplayWebhookAnswerDataOptional):
    pass

_ReplayWebhookAnswerRequired = TypedDict("_ReplayWebhookAnswerRequired", {"success": Literal[True], "data": "ReplayWebhookAnswerData"})
_ReplayWebhookAnswerOptional = TypedDict("_ReplayWebhookAnswerOptional", {}, total=False)


class ReplayWebhookAnswer(_ReplayWebhookAnswerRequired, _ReplayWebhookAnswerOptional):
    pass

_ListAuditLogAnswerRequired = TypedDict("_ListAuditLogAnswerRequired", {"success": Literal[True], "data": list["AuditEntry"], "pagination": "SlicePagination"})
_ListAuditLogAnswerOptional = TypedDict("_ListAuditLogAnswerOptional", {}, total=False)


class ListAuditLogAnswer(_ListAuditLogAnswerRequired, _ListAuditLogAnswerOptional):
    pass

_ListRequestsAnswerRequired = TypedDict("_ListRequestsAnswerRequired", {"success": Literal[True], "data": list["RequestLogEntry"], "pagination": "SlicePagination"})
_ListRequestsAnswerOptional = TypedDict("_ListRequestsAnswerOptional", {}, total=False)


class ListRequestsAnswer(_ListRequestsAnswerRequired, _ListRequestsAnswerOptional):
    pass

_GetRequestAnswerRequired = TypedDict("_GetRequestAnswerRequired", {"success": Literal[True], "data": "RequestLogEntry"})
_GetRequestAnswerOptional = TypedDict("_GetRequestAnswerOptional", {}, total=False)


class GetRequestAnswer(_GetRequestAnswerRequired, _GetRequestAnswerOptional):
    pass

_ResetTestSpaceAnswerRequired = TypedDict("_ResetTestSpaceAnswerRequired", {"success": Literal[True], "data": "TestSpaceReset"})
_ResetTestSpaceAnswerOptional = TypedDict("_ResetTestSpaceAnswerOptional", {}, total=False)


class ResetTestSpaceAnswer(_ResetTestSpaceAnswerRequired, _ResetTestSpaceAnswerOptional):
    pass

_SimulateProductEventsAnswerDataRequired = TypedDict("_SimulateProductEventsAnswerDataRequired", {"results": list["SimulatedEventOutcome"]})
_SimulateProductEventsAnswerDataOptional = TypedDict("_SimulateProductEventsAnswerDataOptional", {}, total=False)


class SimulateProductEventsAnswerData(_SimulateProductEventsAnswerDataRequired, _SimulateProductEventsAnswerDataOptional):
    pass

_SimulateProductEventsAnswerRequired = TypedDict("_SimulateProductEventsAnswerRequired", {"success": Literal[True], "data": "SimulateProductEventsAnswerData"})
_SimulateProductEventsAnswerOptional = TypedDict("_SimulateProductEventsAnswerOptional", {}, total=False)


class SimulateProductEventsAnswer(_SimulateProductEventsAnswerRequired, _SimulateProductEventsAnswerOptional):
    pass

_McpAnswerErrorRequired = TypedDict("_McpAnswerErrorRequired", {"code": float, "message": str})
_McpAnswerErrorOptional = TypedDict("_McpAnswerErrorOptional", {"data": Any}, total=False)


class McpAnswerError(_McpAnswerErrorRequired, _McpAnswerErrorOptional):
    pass

_McpAnswerRequired = TypedDict("_McpAnswerRequired", {"jsonrpc": Literal["2.0"], "id": Union[str, float, None]})
_McpAnswerOptional = TypedDict("_McpAnswerOptional", {"result": dict[str, Any], "error": "McpAnswerError"}, total=False)


class McpAnswer(_McpAnswerRequired, _McpAnswerOptional):
    pass

_CreateJdRequestRequired = TypedDict("_CreateJdRequestRequired", {"title": str, "description": str, "createdById": str})
_CreateJdRequestOptional = TypedDict("_CreateJdRequestOptional", {"department": str, "location": str, "experience": str, "salary": str, "type": str, "requirements": str, "externalId": str}, total=False)


class CreateJdRequest(_CreateJdRequestRequired, _CreateJdRequestOptional):
    pass

_UpdateJdRequestRequired = TypedDict("_UpdateJdRequestRequired", {})
_UpdateJdRequestOptional = TypedDict("_UpdateJdRequestOptional", {"title": str, "description": str, "department": Union[str, None], "location": Union[str, None], "experience": Union[str, None], "salary": Union[str, None], "type": Union[str, None], "requirements": Union[str, None], "externalId": Union[str, None], "status": Literal["DRAFT", "PUBLISHED", "CLOSED", "ARCHIVED"]}, total=False)


class UpdateJdRequest(_UpdateJdRequestRequired, _UpdateJdRequestOptional):
    pass

_UpsertJdRequestRequired = TypedDict("_UpsertJdRequestRequired", {"title": str, "description": str, "createdById": str})
_UpsertJdRequestOptional = TypedDict("_UpsertJdRequestOptional", {"department": str, "location": str, "experience": str, "salary": str, "type": str, "requirements": str}, total=False)


class UpsertJdRequest(_UpsertJdRequestRequired, _UpsertJdRequestOptional):
    pass

_UpsertJdsRequestItemsItemRequired = TypedDict("_UpsertJdsRequestItemsItemRequired", {"externalId": str, "title": str, "description": str, "createdById": str})
_UpsertJdsRequestItemsItemOptional = TypedDict("_UpsertJdsRequestItemsItemOptional", {"department": str, "location": str, "experience": str, "salary": str, "type": str, "requirements": str}, total=False)


class UpsertJdsRequestItemsItem(_UpsertJdsRequestItemsItemRequired, _UpsertJdsRequestItemsItemOptional):
    """A JD as PUT /jds/by-external-id/{externalId} takes it, with its `externalId`."""


_UpsertJdsRequestRequired = TypedDict("_UpsertJdsRequestRequired", {"items": list["UpsertJdsRequestItemsItem"]})
_UpsertJdsRequestOptional = TypedDict("_UpsertJdsRequestOptional", {}, total=False)


class UpsertJdsRequest(_UpsertJdsRequestRequired, _UpsertJdsRequestOptional):
    pass

_CreateReviewRequestScoreModelRequired = TypedDict("_CreateReviewRequestScoreModelRequired", {"id": str, "version": str})
_CreateReviewRequestScoreModelOptional = TypedDict("_CreateReviewRequestScoreModelOptional", {}, total=False)


class CreateReviewRequestScoreModel(_CreateReviewRequestScoreModelRequired, _CreateReviewRequestScoreModelOptional):
    pass

_CreateReviewRequestScoreRequired = TypedDict("_CreateReviewRequestScoreRequired", {"scoredAt": str})
_CreateReviewRequestScoreOptional = TypedDict("_CreateReviewRequestScoreOptional", {"model": "CreateReviewRequestScoreModel"}, total=False)


class CreateReviewRequestScore(_CreateReviewRequestScoreRequired, _CreateReviewRequestScoreOptional):
    """The score reviewed: its `scoredAt`, and its `model` when two scores share that time (as the application shows them). Absent: the application's best score (`aiScore`)."""


_CreateReviewRequestRequired = TypedDict("_CreateReviewRequestRequired", {"outcome": Literal["confirmed", "overridden", "rejected"], "reviewer": str})
_CreateReviewRequestOptional = TypedDict("_CreateReviewRequestOptional", {"score": "CreateReviewRequestScore", "rationale": str}, total=False)


class CreateReviewRequest(_CreateReviewRequestRequired, _CreateReviewRequestOptional):
    pass

_CreateKeyRequestRequired = TypedDict("_CreateKeyRequestRequired", {"name": str, "scopes": list[Literal["read", "write", "admin", "jd:read", "jd:write", "resume:read", "candidate:read", "match:read", "review:write", "privacy:read"]]})
_CreateKeyRequestOptional = TypedDict("_CreateKeyRequestOptional", {"expiresAt": str, "apiVersion": str, "mode": Literal["live", "test"], "blind": bool}, total=False)


class CreateKeyRequest(_CreateKeyRequestRequired, _CreateKeyRequestOptional):
    pass

_CreateWebhookRequestRequired = TypedDict("_CreateWebhookRequestRequired", {"url": str, "events": list[Literal["jd.created", "jd.updated", "jd.deleted", "resume.created", "resume.updated", "resume.deleted", "application.created", "application.updated", "application.scored", "application.reviewed", "application.deleted", "key.created", "key.revoked", "test.reset", "*"]]})
_CreateWebhookRequestOptional = TypedDict("_CreateWebhookRequestOptional", {"description": str, "rateLimit": int, "apiVersion": str}, total=False)


class CreateWebhookRequest(_CreateWebhookRequestRequired, _CreateWebhookRequestOptional):
    pass

_ReplayWebhookRequestRequired = TypedDict("_ReplayWebhookRequestRequired", {"since": str})
_ReplayWebhookRequestOptional = TypedDict("_ReplayWebhookRequestOptional", {}, total=False)


class ReplayWebhookRequest(_ReplayWebhookRequestRequired, _ReplayWebhookRequestOptional):
    pass

_SimulateProductEventsRequestEventsItem1DataRequired = TypedDict("_SimulateProductEventsRequestEventsItem1DataRequired", {"id": str, "title": str, "description": str, "createdById": str})
_SimulateProductEventsRequestEventsItem1DataOptional = TypedDict("_SimulateProductEventsRequestEventsItem1DataOptional", {"status": Literal["DRAFT", "PUBLISHED", "CLOSED", "ARCHIVED"], "department": str, "location": str, "experience": str, "salary": str, "type": str, "requirements": str, "createdAt": str}, total=False)


class SimulateProductEventsRequestEventsItem1Data(_SimulateProductEventsRequestEventsItem1DataRequired, _SimulateProductEventsRequestEventsItem1DataOptional):
    pass

_SimulateProductEventsRequestEventsItem1Required = TypedDict("_SimulateProductEventsRequestEventsItem1Required", {"type": Literal["jd.upserted"], "data": "SimulateProductEventsRequestEventsItem1Data"})
_SimulateProductEventsRequestEventsItem1Optional = TypedDict("_SimulateProductEventsRequestEventsItem1Optional", {"id": str, "tenantId": str, "occurredAt": str, "version": int}, total=False)


class SimulateProductEventsRequestEventsItem1(_SimulateProductEventsRequestEventsItem1Required, _SimulateProductEventsRequestEventsItem1Optional):
    pass

_SimulateProductEventsRequestEventsItem2DataRequired = TypedDict("_SimulateProductEventsRequestEventsItem2DataRequired", {"id": str})
_SimulateProductEventsRequestEventsItem2DataOptional = TypedDict("_SimulateProductEventsRequestEventsItem2DataOptional", {}, total=False)


class SimulateProductEventsRequestEventsItem2Data(_SimulateProductEventsRequestEventsItem2DataRequired, _SimulateProductEventsRequestEventsItem2DataOptional):
    pass

_SimulateProductEventsRequestEventsItem2Required = TypedDict("_SimulateProductEventsRequestEventsItem2Required", {"type": Literal["jd.deleted"], "data": "SimulateProductEventsRequestEventsItem2Data"})
_SimulateProductEventsRequestEventsItem2Optional = TypedDict("_SimulateProductEventsRequestEventsItem2Optional", {"id": str, "tenantId": str, "occurredAt": str, "version": int}, total=False)


class SimulateProductEventsRequestEventsItem2(_SimulateProductEventsRequestEventsItem2Required, _SimulateProductEventsRequestEventsItem2Optional):
    pass

_SimulateProductEventsRequestEventsItem3DataRequired = TypedDict("_SimulateProductEventsRequestEventsItem3DataRequired", {"id": str, "fileName": str})
_SimulateProductEventsRequestEventsItem3DataOptional = TypedDict("_SimulateProductEventsRequestEventsItem3DataOptional", {"parseStatus": Literal["PENDING", "PROCESSING", "COMPLETED", "FAILED"], "metadata": dict[str, Any], "createdAt": str}, total=False)


class SimulateProductEventsRequestEventsItem3Data(_SimulateProductEventsRequestEventsItem3DataRequired, _SimulateProductEventsRequestEventsItem3DataOptional):
    pass

_SimulateProductEventsRequestEventsItem3Required = TypedDict("_SimulateProductEventsRequestEventsItem3Required", {"type": Literal["resume.upserted"], "data": "SimulateProductEventsRequestEventsItem3Data"})
_SimulateProductEventsRequestEventsItem3Optional = TypedDict("_SimulateProductEventsRequestEventsItem3Optional", {"id": str, "tenantId": str, "occurredAt": str, "version": int}, total=False)


class SimulateProductEventsRequestEventsItem3(_SimulateProductEventsRequestEventsItem3Required, _SimulateProductEventsRequestEventsItem3Optional):
    pass

_SimulateProductEventsRequestEventsItem4DataRequired = TypedDict("_SimulateProductEventsRequestEventsItem4DataRequired", {"id": str})
_SimulateProductEventsRequestEventsItem4DataOptional = TypedDict("_SimulateProductEventsRequestEventsItem4DataOptional", {}, total=False)


class SimulateProductEventsRequestEventsItem4Data(_SimulateProductEventsRequestEventsItem4DataRequired, _SimulateProductEventsRequestEventsItem4DataOptional):
    pass

_SimulateProductEventsRequestEventsItem4Required = TypedDict("_SimulateProductEventsRequestEventsItem4Required", {"type": Literal["resume.deleted"], "data": "SimulateProductEventsRequestEventsItem4Data"})
_SimulateProductEventsRequestEventsItem4Optional = TypedDict("_SimulateProductEventsRequestEventsItem4Optional", {"id": str, "tenantId": str, "occurredAt": str, "version": int}, total=False)


class SimulateProductEventsRequestEventsItem4(_SimulateProductEventsRequestEventsItem4Required, _SimulateProductEventsRequestEventsItem4Optional):
    pass

_SimulateProductEventsRequestEventsItem5DataAiScoresItemModelRequired = TypedDict("_SimulateProductEventsRequestEventsItem5DataAiScoresItemModelRequired", {"id": str, "version": str})
_SimulateProductEventsRequestEventsItem5DataAiScoresItemModelOptional = TypedDict("_SimulateProductEventsRequestEventsItem5DataAiScoresItemModelOptional", {}, total=False)


class SimulateProductEventsRequestEventsItem5DataAiScoresItemModel(_SimulateProductEventsRequestEventsItem5DataAiScoresItemModelRequired, _SimulateProductEventsRequestEventsItem5DataAiScoresItemModelOptional):
    pass

_SimulateProductEventsRequestEventsItem5DataAiScoresItemCriteriaItemRequired = TypedDict("_SimulateProductEventsRequestEventsItem5DataAiScoresItemCriteriaItemRequired", {"name": str, "score": float})
_SimulateProductEventsRequestEventsItem5DataAiScoresItemCriteriaItemOptional = TypedDict("_SimulateProductEventsRequestEventsItem5DataAiScoresItemCriteriaItemOptional", {"weight": float}, total=False)


class SimulateProductEventsRequestEventsItem5DataAiScoresItemCriteriaItem(_SimulateProductEventsRequestEventsItem5DataAiScoresItemCriteriaItemRequired, _SimulateProductEventsRequestEventsItem5DataAiScoresItemCriteriaItemOptional):
    pass

_SimulateProductEventsRequestEventsItem5DataAiScoresItemRequired = TypedDict("_SimulateProductEventsRequestEventsItem5DataAiScoresItemRequired", {"overallScore": float})
_SimulateProductEventsRequestEventsItem5DataAiScoresItemOptional = TypedDict("_SimulateProductEventsRequestEventsItem5DataAiScoresItemOptional", {"scoredAt": str, "model": "SimulateProductEventsRequestEventsItem5DataAiScoresItemModel", "criteria": list["SimulateProductEventsRequestEventsItem5DataAiScoresItemCriteriaItem"], "summary": str}, total=False)


class SimulateProductEventsRequestEventsItem5DataAiScoresItem(_SimulateProductEventsRequestEventsItem5DataAiScoresItemRequired, _SimulateProductEventsRequestEventsItem5DataAiScoresItemOptional):
    pass

_SimulateProductEventsRequestEventsItem5DataRequired = TypedDict("_SimulateProductEventsRequestEventsItem5DataRequired", {"id": str, "jdId": str, "resumeId": str})
_SimulateProductEventsRequestEventsItem5DataOptional = TypedDict("_SimulateProductEventsRequestEventsItem5DataOptional", {"status": Literal["SCREENING", "SHORTLISTED", "REJECTED", "HIRED"], "aiScores": list["SimulateProductEventsRequestEventsItem5DataAiScoresItem"], "createdAt": str}, total=False)


class SimulateProductEventsRequestEventsItem5Data(_SimulateProductEventsRequestEventsItem5DataRequired, _SimulateProductEventsRequestEventsItem5DataOptional):
    pass

_SimulateProductEventsRequestEventsItem5Required = TypedDict("_SimulateProductEventsRequestEventsItem5Required", {"type": Literal["application.upserted"], "data": "SimulateProductEventsRequestEventsItem5Data"})
_SimulateProductEventsRequestEventsItem5Optional = TypedDict("_SimulateProductEventsRequestEventsItem5Optional", {"id": str, "tenantId": str, "occurredAt": str, "version": int}, total=False)


class SimulateProductEventsRequestEventsItem5(_SimulateProductEventsRequestEventsItem5Required, _SimulateProductEventsRequestEventsItem5Optional):
    pass

_SimulateProductEventsRequestEventsItem6DataRequired = TypedDict("_SimulateProductEventsRequestEventsItem6DataRequired", {"id": str})
_SimulateProductEventsRequestEventsItem6DataOptional = TypedDict("_SimulateProductEventsRequestEventsItem6DataOptional", {}, total=False)


class SimulateProductEventsRequestEventsItem6Data(_SimulateProductEventsRequestEventsItem6DataRequired, _SimulateProductEventsRequestEventsItem6DataOptional):
    pass

_SimulateProductEventsRequestEventsItem6Required = TypedDict("_SimulateProductEventsRequestEventsItem6Required", {"type": Literal["application.deleted"], "data": "SimulateProductEventsRequestEventsItem6Data"})
_SimulateProductEventsRequestEventsItem6Optional = TypedDict("_SimulateProductEventsRequestEventsItem6Optional", {"id": str, "tenantId": str, "occurredAt": str, "version": int}, total=False)


class SimulateProductEventsRequestEventsItem6(_SimulateProductEventsRequestEventsItem6Required, _SimulateProductEventsRequestEventsItem6Optional):
    pass

_SimulateProductEventsRequestRequired = TypedDict("_SimulateProductEventsRequestRequired", {"events": list[Union["SimulateProductEventsRequestEventsItem1", "SimulateProductEventsRequestEventsItem2", "SimulateProductEventsRequestEventsItem3", "SimulateProductEventsRequestEventsItem4", "SimulateProductEventsRequestEventsItem5", "SimulateProductEventsRequestEventsItem6"]]})
_SimulateProductEventsRequestOptional = TypedDict("_SimulateProductEventsRequestOptional", {}, total=False)


class SimulateProductEventsRequest(_SimulateProductEventsRequestRequired, _SimulateProductEventsRequestOptional):
    pass

_McpRequestRequired = TypedDict("_McpRequestRequired", {"jsonrpc": Literal["2.0"]})
_McpRequestOptional = TypedDict("_McpRequestOptional", {"id": Union[str, float], "method": str, "params": dict[str, Any]}, total=False)


class McpRequest(_McpRequestRequired, _McpRequestOptional):
    pass

_GatewayErrorRequired = TypedDict("_GatewayErrorRequired", {"message": Literal["Internal Server Error", "Forbidden"]})
_GatewayErrorOptional = TypedDict("_GatewayErrorOptional", {"code": Union["ErrorCode", str]}, total=False)


class GatewayError(_GatewayErrorRequired, _GatewayErrorOptional):
    """API Gateway's own answer, sent before any function runs (no `code`: act on the status)"""


_UnknownEventRequired = TypedDict("_UnknownEventRequired", {"id": str, "type": str, "createdAt": str, "data": dict[str, Any]})
_UnknownEventOptional = TypedDict("_UnknownEventOptional", {}, total=False)


class UnknownEvent(_UnknownEventRequired, _UnknownEventOptional):
    """An event of a type this document does not list yet (added by a later release): skip it, or read its `data` as the changelog describes."""



Event = Union["KnownEvent", "UnknownEvent"]
ListJdsAnswer = Union["ListJdsAnswer1", "ListJdsAnswer2"]
ListResumesAnswer = Union["ListResumesAnswer1", "ListResumesAnswer2"]
ListCandidatesAnswer = Union["ListCandidatesAnswer1", "ListCandidatesAnswer2"]
ListApplicationsAnswer = Union["ListApplicationsAnswer1", "ListApplicationsAnswer2"]
CreateConsoleLinkRequest = dict[str, Any]
ErrorCode = Literal["validation_failed", "cursor_invalid", "unauthenticated", "key_invalid", "scope_missing", "key_mode_mismatch", "origin_not_allowed", "not_found", "method_not_allowed", "conflict", "limit_reached", "webhook_disabled", "replay_running", "concurrent_change", "sync_token_expired", "precondition_failed", "payload_too_large", "unsupported_media_type", "version_unsupported", "idempotency_key_reused", "idempotency_key_other_target", "response_too_large", "jd_too_large", "request_blocked", "rate_limited", "webhook_test_limited", "quota_exceeded", "wait_limited", "unavailable", "internal_error"]
KnownEvent = Union["JdCreatedEvent", "JdUpdatedEvent", "JdDeletedEvent", "ResumeCreatedEvent", "ResumeUpdatedEvent", "ResumeDeletedEvent", "ApplicationCreatedEvent", "ApplicationUpdatedEvent", "ApplicationScoredEvent", "ApplicationReviewedEvent", "ApplicationDeletedEvent", "KeyCreatedEvent", "KeyRevokedEvent", "TestResetEvent"]
