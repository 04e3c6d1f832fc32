import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { ApiKey } from '../../../clients/typescript/src/index.js';
import { api, problemOf } from '../api.js';
import type { Who } from '../who.js';

/** The scopes a key can hold, as the API names them (and the form labels its checkboxes). */
const SCOPES = [
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
] as const satisfies readonly ApiKey['scopes'][number][];
// Every scope the client knows is offered: one added to the API fails to compile here until it is.
const EVERY_SCOPE: Exclude<ApiKey['scopes'][number], (typeof SCOPES)[number]> extends never
  ? true
  : never = true;
void EVERY_SCOPE;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

/** Keys: the tenant's keys and their use; create one (shown once), revoke one (confirmed). */
export function Keys({ who }: { who: Who }) {
  const [keys, setKeys] = useState<ApiKey[]>();
  const [problem, setProblem] = useState<string>();
  const [created, setCreated] = useState<{ name: string; key: string }>();
  const [creating, setCreating] = useState(false);
  const load = useCallback(async () => {
    try {
      setKeys((await api.keys.list({ limit: 1000 })).data);
      setProblem(undefined);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }, []);
  useEffect(() => void load(), [load]);

  return (
    <section aria-labelledby="keys">
      <h1 id="keys">Keys</h1>
      {problem && <p role="alert">{problem}</p>}
      {created && (
        <div className="once" role="status">
          <p>
            The key <strong>{created.name}</strong> is shown this once: copy it now. It will not be
            shown again.
          </p>
          <code aria-label="New key">{created.key}</code>
          <button type="button" onClick={() => setCreated(undefined)}>
            Done
          </button>
        </div>
      )}
      {keys && (
        <>
          <button type="button" onClick={() => setCreating(true)} disabled={creating}>
            Create key
          </button>
          {creating && (
            <CreateKey
              blindOnly={who.data.blind}
              onCancel={() => setCreating(false)}
              onCreated={(name, key) => {
                setCreating(false);
                setCreated({ name, key });
                void load();
              }}
            />
          )}
          <KeyTable keys={keys} self={who.data.keyId} onChanged={() => void load()} />
        </>
      )}
    </section>
  );
}

function KeyTable({
  keys,
  self,
  onChanged,
}: {
  keys: ApiKey[];
  self: string;
  onChanged: () => void;
}) {
  const [confirming, setConfirming] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const revoke = async (id: string) => {
    try {
      await api.keys.revoke(id);
      setConfirming(undefined);
      onChanged();
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  return (
    <>
      {problem && <p role="alert">{problem}</p>}
      <table tabIndex={0}>
        <caption>The tenant's keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Scopes</th>
            <th scope="col">Mode</th>
            <th scope="col">Blind</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">This hour</th>
            <th scope="col">
              <span className="hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <th scope="row">
                {key.name}
                {key.id === self ? ' (this session)' : ''}
              </th>
              <td>{key.scopes.join(', ')}</td>
              <td>{key.mode}</td>
              <td>{key.blind ? 'yes' : 'no'}</td>
              <td>{when(key.createdAt)}</td>
              <td>{when(key.lastUsedAt)}</td>
              <td>
                {key.revokedAt
                  ? `revoked ${when(key.revokedAt)}`
                  : key.quota
                    ? `${key.quota.used} of ${key.quota.limit}`
                    : 'expired'}
              </td>
              <td>
                {!key.revokedAt &&
                  key.quota &&
                  (confirming === key.id ? (
                    <>
                      <button type="button" onClick={() => void revoke(key.id)}>
                        Confirm revoking {key.name}
                      </button>
                      <button type="button" onClick={() => setConfirming(undefined)}>
                        Keep it
                      </button>
                    </>
                  ) : (
                    <button
                      type="button"
                      aria-label={`Revoke ${key.name}`}
                      onClick={() => setConfirming(key.id)}
                    >
                      Revoke
                    </button>
                  ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function CreateKey({
  blindOnly,
  onCancel,
  onCreated,
}: {
  blindOnly: boolean;
  onCancel: () => void;
  onCreated: (name: string, key: string) => void;
}) {
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '');
    const expiry = String(form.get('expiresAt') ?? '');
    try {
      const answer = await api.keys.create({
        name,
        scopes: SCOPES.filter((scope) => form.get(`scope:${scope}`) === 'on'),
        mode: form.get('mode') === 'test' ? 'test' : 'live',
        blind: blindOnly || form.get('blind') === 'on',
        ...(expiry ? { expiresAt: new Date(expiry).toISOString() } : {}),
      });
      if (answer.data.key) onCreated(name, answer.data.key);
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  return (
    <form aria-label="Create key" onSubmit={(event) => void submit(event)}>
      <label>
        Name <input name="name" required maxLength={100} />
      </label>
      <fieldset>
        <legend>Scopes</legend>
        {SCOPES.map((scope) => (
          <label key={scope} className="check">
            <input type="checkbox" name={`scope:${scope}`} /> {scope}
          </label>
        ))}
      </fieldset>
      <label>
        Mode{' '}
        <select name="mode" defaultValue="live">
          <option value="live">live</option>
          <option value="test">test</option>
        </select>
      </label>
      <label className="check">
        <input type="checkbox" name="blind" defaultChecked={blindOnly} disabled={blindOnly} /> blind
        (never shows who a candidate is)
      </label>
      <label>
        Expires (optional) <input type="datetime-local" name="expiresAt" />
      </label>
      {problem && <p role="alert">{problem}</p>}
      <button type="submit">Create</button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
