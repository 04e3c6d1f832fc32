/**
 * Stands in for `ajv` and `ajv-formats` in the Lambda bundles (an esbuild alias, infra/api-function.ts).
 * The MCP SDK's server imports Ajv to check what a client answers to an elicitation; this server asks
 * for none and gives the SDK its own validator (lib/composition/mcp-server.ts), so Ajv is never run:
 * it and its formats were a fifth of the MCP function's bundle. Tests and scripts are not bundled and
 * load the real Ajv, which they never run either.
 */
export default function ajvLeftOut(): never {
  throw new Error('Ajv is not bundled: the MCP server validates with its own jsonSchemaValidator');
}
