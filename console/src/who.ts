import type { api } from './api.js';

/** The signed-in key, as GET /whoami shows it to itself. */
export type Who = Awaited<ReturnType<typeof api.whoami>>;

export const canAdmin = (who: Who) => who.data.scopes.includes('admin');
