import './console.css';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { api, sessionEnded } from './api.js';
import { exchangeLink, signOut, takeLinkToken, type SignIn } from './session.js';
import { Keys } from './pages/keys.js';
import { Overview } from './pages/overview.js';
import type { Who } from './who.js';

/** The pages, by the names the navigation shows (the console's contract: docs/console.md). */
const PAGES = { overview: 'Overview', keys: 'Keys' } as const;
type Page = keyof typeof PAGES;

const pageOf = (hash: string): Page => {
  const name = hash.replace(/^#\/?/, '');
  return Object.hasOwn(PAGES, name) ? (name as Page) : 'overview';
};

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
  const [page, setPage] = useState<Page>(() => pageOf(window.location.hash));
  const [signOutProblem, setSignOutProblem] = useState<string>();

  useEffect(() => {
    void signingIn.then(([outcome, signedInAs]) => {
      setWho(signedInAs);
      setSignIn(outcome);
    });
  }, []);

  useEffect(() => {
    const follow = () => setPage(pageOf(window.location.hash));
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
          {Object.entries(PAGES).map(([id, name]) => (
            <li key={id}>
              <a href={`#/${id}`} aria-current={page === id ? 'page' : undefined}>
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
