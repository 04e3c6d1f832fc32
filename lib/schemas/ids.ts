/** Ids, tenant ids and key ids: what may appear inside a key segment without escaping. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const ID_RULE = '1-64 characters from A-Z, a-z, 0-9, "_" and "-"';

/** An event's id: `evt_` + a ULID, 26 Crockford base32 characters, the first at most 7 (48 bits of time). */
export const EVENT_ID_PATTERN = /^evt_[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
