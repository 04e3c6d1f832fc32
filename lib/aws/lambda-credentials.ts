import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (an esbuild alias set in
 * infra/api-function.ts). Lambda gives a function its role's credentials in environment variables, the
 * first source the default chain tries; the rest of the chain (profiles, SSO, web identity, the
 * container and instance metadata services, with the STS and SSO clients they carry) is never reached
 * there and made up about a quarter of every bundle. Scripts and tests are not bundled and keep the
 * whole chain.
 */
export function defaultProvider(
  init: Parameters<typeof fromEnv>[0] = {},
): ReturnType<typeof fromEnv> {
  return fromEnv(init);
}
