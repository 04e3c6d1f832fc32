import * as z from 'zod/mini';
import { sliceShape } from '../schemas/fields.js';

/** What integrators send about applications and matches: each route's query. */

/** GET /matches/:jdId: a slice of the ranked applications, when asked for. */
export const listMatchesQuery = z.strictObject(sliceShape);
