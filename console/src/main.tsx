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

/**
 * Signs in once, as the page loads (before React renders, so nothing runs it twice): the link's token
 * out of the address bar, exchanged for the session; then who the session is.
 */
const signingIn: Promise<[SignIn, Who | undefined]> = (async () => {
  const token = takeLinkToken(window.location, window.history);
  const outcome = token ? await exchangeLink(token) : undefined;
  if (outcome && outcome.state !== 'signed-in') return [outcome, undefined];
  try {
    return [{ state: 'signed-in' }, await api.whoami()];
  } catch (error) {
    return [
      sessionEnded(error) ? { state: 'signed-out' } : { state: 'failed', message: String(error) },
      undefined,
    ];
  }
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
    const ended = () => {
      setWho(undefined);
      setSignIn({ state: 'signed-out' });
    };
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, []);

  useEffect(() => {
    const follow = () => setRoute(routeOf(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  if (signIn === 'pending') return <p role="status">Signing in…</p>;
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
