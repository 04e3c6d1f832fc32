/** Scopes a key can hold (spec section 5). */
export const SCOPES = [
  'read',
  'write',
  'admin',
  'jd:read',
  'jd:write',
  'resume:read',
  'candidate:read',
  'match:read',
  'review:write',
  'privacy:read',
] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/**
 * The scope an operation names in its 403 message, and the generic scope that also grants it.
 * `admin` manages keys only and implies neither read nor write.
 */
export interface ScopeRequirement {
  scope: Scope;
  /** a broader scope that also grants it (`admin` grants the privacy routes only) */
  generic?: 'read' | 'write' | 'admin';
}

export function hasScope(
  granted: readonly string[],
  requirement: ScopeRequirement | undefined,
): boolean {
  if (!requirement) return true;
  return (
    granted.includes(requirement.scope) ||
    (requirement.generic !== undefined && granted.includes(requirement.generic))
  );
}

export function missingScopeMessage(requirement: ScopeRequirement): string {
  return `API key does not have the required scope: ${requirement.scope}`;
}
