/** Its handler is shared with the MCP server's tools (lib/composition/tool-routes/). */
export { handler } from '../../lib/composition/tool-routes/list-requests.js';
