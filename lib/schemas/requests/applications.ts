import * as z from 'zod/mini';
import { sliceShape } from '../fields.js';

/** GET /matches/:jdId: a slice of the ranked applications, when asked for. */
export const listMatchesQuery = z.strictObject(sliceShape);
