import './console.css';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { api, SESSION_ENDED_EVENT, sessionEnded } from './api.js';
import { exchangeLink, signOut, takeLinkToken, type SignIn } from './session.js';
import { AuditLog } from './pages/audit-log.js';
import { Events } from './pages/events.js';
import { Keys } from './pages/keys.js';
import { Overview } from './pages/overview.js';
import { Requests } from './pages/requests.js';
import { TestMode } from './pages/test-mode.js';
import { Webhooks } from './pages/webhooks.js';
import type { Who } from './who.js';

/** The pages, by the names the navigation shows (the console's contract: docs/console.md). */
const PAGES = {
  overview: 'Overview',
  keys: 'Keys',
  webhooks: 'Webhooks',
  events: 'Events',
  requests: 'Requests',
  'audit-log': 'Audit log',
  'test-mode': 'Test mode',
} as const;
type Page = keyof typeof PAGES;

/** The page an address's fragment names (`#/webhooks/wh_…`: the Webhooks page, that endpoint open). */
function routeOf(hash: string): { page: Page; id: string | undefined } {
  const [name = '', id] = hash.replace(/^#\/?/, '').split('/');
  return {
    page: Object.hasOwn(PAGES, name) ? (name as Page) : 'overview',
    id: id ? decodeURIComponent(id) : undefined,
  };
}

/** Who the browser's session is, or why there is none. */
async function currentSession(): Promise<[SignIn, Who | undefined]> {
  try {
    return [{ state: 'signed-in' }, await api.whoami()];
  } catch (error) {
    return [
      sessionEnded(error) ? { state: 'signed-out' } : { state: 'failed', message: String(error) },
      undefined,
    ];
  }
}

/** A link's token exchanged for a session, then who it is. */
async function signInWith(token: string): Promise<[SignIn, Who | undefined]> {
  const outcome = await exchangeLink(token);
  return outcome.state === 'signed-in' ? currentSession() : [outcome, undefined];
}

/**
 * Signs in once, as the page loads (before React renders, so nothing runs it twice): the link's token
 * out of the address bar, exchanged for the session; then who the session is. A link opened while a
 * session is open is not spent until the person chooses it over that session: another site can send
 * a browser to a link of its own key (login CSRF), and would otherwise swap the session silently.
 */
const signingIn: Promise<[SignIn, Who | undefined]> = (async () => {
  const token = takeLinkToken(window.location, window.history);
  if (!token) return currentSession();
  const [current, who] = await currentSession();
  if (current.state === 'signed-in' && who) return [{ state: 'replacing', token }, who];
  return signInWith(token);
})();

function App() {
  const [signIn, setSignIn] = useState<SignIn | 'pending'>('pending');
  const [who, setWho] = useState<Who>();
  const [{ page, id }, setRoute] = useState(() => routeOf(window.location.hash));
  const [signOutProblem, setSignOutProblem] = useState<string>();

  useEffect(() => {
    void signingIn.then(([outcome, signedInAs]) => {
      setWho(signedInAs);
      setSignIn(outcome);
    });
  }, []);

  // A call of any page that finds the session ended (idle, signed out in another tab, its key
  // revoked) signs the console out, rather than leave each page saying the key is not valid.
  useEffect(() => {
    // Only once signed in: the sign-in's own calls say themselves how it went.
    const ended = () =>
      setSignIn((state) =>
        state !== 'pending' && state.state === 'signed-in' ? { state: 'signed-out' } : state,
      );
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, []);

  useEffect(() => {
    const follow = () => {
      // A link pasted into the open console's address bar changes its fragment only: load it anew,
      // so that it signs in as a link opened in a new tab does.
      if (new URLSearchParams(window.location.hash.slice(1)).has('link')) window.location.reload();
      else setRoute(routeOf(window.location.hash));
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  if (signIn === 'pending') return <p role="status">Signing in…</p>;
  if (signIn.state === 'replacing' && who)
    return (
      <ReplaceSession
        who={who}
        replace={async () => {
          setSignIn('pending');
          const [outcome, signedInAs] = await signInWith(signIn.token);
          setWho(signedInAs);
          setSignIn(outcome);
        }}
        keep={() => setSignIn({ state: 'signed-in' })}
      />
    );
  if (signIn.state !== 'signed-in' || !who) return <SignedOut outcome={signIn} />;
  const end = async () => {
    const failed = await signOut();
    setSignOutProblem(failed);
    if (failed) return;
    setWho(undefined);
    setSignIn({ state: 'signed-out' });
  };
  return (
    <>
      <header className="bar">
        <span className="brand">Hiring Integration API</span>
        <span className="who">
          {who.data.name} · {who.data.tenantId} · {who.data.mode === 'test' ? 'test' : 'live'} space
        </span>
        <button type="button" onClick={() => void end()}>
          Sign out
        </button>
      </header>
      <nav aria-label="Console">
        <ul>
          {Object.entries(PAGES)
            // Test mode is a test session's only: a live key's session has no test space.
            .filter(([shown]) => shown !== 'test-mode' || who.data.mode === 'test')
            .map(([shown, name]) => (
              <li key={shown}>
                <a href={`#/${shown}`} aria-current={page === shown ? 'page' : undefined}>
                  {name}
                </a>
              </li>
            ))}
        </ul>
      </nav>
      <main>
        {signOutProblem && <p role="alert">{signOutProblem}</p>}
        {page === 'overview' && <Overview who={who} />}
        {page === 'keys' && <Keys who={who} />}
        {page === 'webhooks' && (
          <Webhooks
            openId={id}
            open={(endpoint) => {
              window.location.hash = endpoint ? `#/webhooks/${endpoint}` : '#/webhooks';
            }}
          />
        )}
        {page === 'events' && <Events />}
        {page === 'requests' && <Requests />}
        {page === 'audit-log' && <AuditLog />}
        {page === 'test-mode' && who.data.mode === 'test' && <TestMode />}
      </main>
    </>
  );
}

/** A link opened while a session is open: which of the two this browser goes on as. */
function ReplaceSession({
  who,
  replace,
  keep,
}: {
  who: Who;
  replace: () => Promise<void>;
  keep: () => void;
}) {
  const current = `${who.data.name} · ${who.data.tenantId} · ${who.data.mode === 'test' ? 'test' : 'live'} space`;
  return (
    <main>
      <h1>Sign in with this link?</h1>
      <p>
        This browser is signed in as {current}. The link signs it in as the key that made the link,
        and ends that session. Use it only if you made the link yourself: a link someone else sends
        you signs you in to their tenant.
      </p>
      <p className="actions">
        <button type="button" onClick={() => void replace()}>
          Sign in with the link
        </button>{' '}
        <button type="button" onClick={keep}>
          Stay signed in as {who.data.name}
        </button>
      </p>
    </main>
  );
}

function SignedOut({ outcome }: { outcome: SignIn }) {
  const message =
    outcome.state === 'link-expired'
      ? 'This sign-in link has expired or was already used. Ask for a new one (POST /api/v1/console/links).'
      : outcome.state === 'failed'
        ? outcome.message
        : 'You are signed out. Open a new sign-in link to come back (POST /api/v1/console/links).';
  return (
    <main>
      <h1>Developer console</h1>
      <p role="alert">{message}</p>
    </main>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
