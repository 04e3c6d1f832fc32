/**
 * One instance per process, made on first use: a warm Lambda reuses it (its connections, its caches),
 * and a function that never calls it never builds it. The local stack and tests put their own in its
 * place with `set` (undefined: back to the default on next use); `onReplace` forgets what the old one
 * left behind (cached values, opened keys). Mark each call pure (an `@__PURE__` comment before it): a
 * function that never uses the instance then bundles neither it nor the client it would make.
 */
export function processWide<T>(
  create: () => T,
  onReplace?: () => void,
): { get: () => T; set: (replacement: T | undefined) => void } {
  let instance: T | undefined;
  return {
    get: () => (instance ??= create()),
    set: (replacement) => {
      instance = replacement;
      onReplace?.();
    },
  };
}
