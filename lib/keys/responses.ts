import * as z from 'zod/mini';
import type { RouteResponses } from '../http/route-definition.js';
import type { KEY_ROUTES } from './routes.js';
import { SCOPES } from '../http/scopes.js';
import { LIMITS } from '../schemas/limits.js';
import {
  freeText,
  id,
  message,
  success,
  timestamp,
  whole,
  wholeOrSlice,
} from '../schemas/response-parts.js';
import { KEY_MODES, KEY_PATTERN } from './format.js';
import { apiVersion } from '../versions/responses.js';

/** What the key routes answer, exactly (the tests and the OpenAPI document read it). */

const scopes = z.array(z.enum(SCOPES)).check(z.maxLength(SCOPES.length));
const keyName = freeText(LIMITS.keyName);
/** `test`: the key reaches only the tenant's test space (hk_test_…); `live`: only its live data */
const mode = z.enum(KEY_MODES);

const quota = z.strictObject({
  limit: z.number(),
  used: z.number(),
  remaining: z.number(),
  resetAt: timestamp,
});
const count = z.int32().check(z.gte(0), z.meta({ format: 'int32' }));

const apiKey = z.strictObject({
  id,
  name: keyName,
  scopes,
  createdAt: timestamp,
  /** who created it: `key:<id>` of the key that called POST /keys, or the admin CLI */
  createdBy: freeText(LIMITS.createdById),
  lastUsedAt: z.nullable(timestamp),
  revokedAt: z.nullable(timestamp),
  expiresAt: z.nullable(timestamp),
  /** the API version the key is pinned to: its requests are served with it unless they name another */
  apiVersion,
  mode,
  /** true: its answers never say who a candidate is, and its reviews are marked blind */
  blind: z.boolean(),
  /** an active key's hour, as GET /whoami shows it to the key itself; null once revoked or expired */
  quota: z.nullable(quota),
  /** its requests and errors (answers of 400 or more) in the last 24 clock hours, from the request log */
  last24Hours: z.strictObject({ requests: count, errors: count }),
});
/** `key` is null in the replay of an idempotent create: the plaintext is shown once, never stored. */
const newApiKey = z.strictObject({
  ...apiKey.def.shape,
  key: z.nullable(z.string().check(z.maxLength(128), z.regex(KEY_PATTERN))),
});
/** What `key.created` carries. */
export const keyCreatedData = z.strictObject({
  id,
  name: keyName,
  scopes,
  expiresAt: z.nullable(timestamp),
  /** absent in the events of keys made before test mode: live */
  mode: z.optional(mode),
  /** absent in the events of keys made before blind keys: not blind */
  blind: z.optional(z.boolean()),
  updatedAt: timestamp,
});
/** What `key.revoked` carries. */
export const keyRevokedData = z.strictObject({ id, name: keyName, updatedAt: timestamp });

export const KEY_RESPONSES = {
  createKey: success(newApiKey),
  listKeys: wholeOrSlice(whole(apiKey)),
  getKey: success(apiKey),
  revokeKey: message,
  whoami: success(
    z.strictObject({
      tenantId: id,
      keyId: id,
      name: keyName,
      scopes,
      /** the version the key is pinned to (Hiring-Version says which one served this answer) */
      apiVersion,
      /** `test`: every read and write of this key is in the tenant's test space */
      mode,
      /** true: answers never say who a candidate is (docs/compliance.md), and reviews are marked blind */
      blind: z.boolean(),
      quota,
    }),
  ),
  createConsoleLink: success(
    z.strictObject({
      /** the console's page with the link's token in its fragment: open it in a browser, once */
      url: z.url().check(z.maxLength(2048)),
      /** when it stops working, if not opened before */
      expiresAt: timestamp,
    }),
  ),
  openConsoleSession: success(
    z.strictObject({
      /** the key the session acts as */
      keyId: id,
      name: keyName,
      mode,
      /** when the session ends at the latest (it ends sooner after 30 idle minutes, at sign-out, or with its key) */
      endsAt: timestamp,
    }),
  ),
  /** 204: no body */
  closeConsoleSession: z.strictObject({}),
} as const satisfies RouteResponses<typeof KEY_ROUTES>;

export const KEY_SCHEMA_NAMES: [z.ZodMiniType, string][] = [
  [apiKey, 'ApiKey'],
  [newApiKey, 'NewApiKey'],
  [quota, 'Quota'],
];
