/** A version as answers carry it (YYYY-MM-DD): declared with the platform's answer parts. */
export { apiVersion } from '../schemas/response-parts.js';
