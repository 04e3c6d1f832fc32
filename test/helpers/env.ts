import { afterAll } from 'vitest';

/**
 * Sets environment variables for one test file, from now until its tests are done, then puts back what
 * was there (call it at the top of the file, so the handlers see the values from their first call).
 */
export function useEnv(variables: Record<string, string>): void {
  const previous = Object.fromEntries(
    Object.keys(variables).map((name) => [name, process.env[name]]),
  );
  Object.assign(process.env, variables);
  afterAll(() => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}
