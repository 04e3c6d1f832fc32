/**
 * The first dated version: what keys and webhook endpoints made before versions existed are pinned to
 * (they were served exactly its shapes). No imports, so models can use it.
 */
export const FIRST_VERSION = '2026-11-25';
