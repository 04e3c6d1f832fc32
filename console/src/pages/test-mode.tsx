import { type FormEvent, useState } from 'react';
import { api, problemOf } from '../api.js';
import { when } from './paged.js';
import { simulateProductEvents } from '../../../docs/openapi-examples.json';

/**
 * The reference's example of POST /test/product-events (an application scored, then one whose JD is
 * unknown), as the contract test records it: the console starts from the documented request itself.
 */
const EXAMPLE = simulateProductEvents.request;

/** Test mode (a test session only): reset the space to its sample data; simulate the product's events. */
export function TestMode() {
  const [said, setSaid] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const reset = async () => {
    setConfirming(false);
    try {
      let answer = await api.testMode.reset();
      // A large space resets in several calls: the same reset goes on.
      while (!answer.data.complete) answer = await api.testMode.reset();
      setSaid(
        `The test space was reset at ${when(new Date().toISOString())}: its sample data is back.`,
      );
      setProblem(undefined);
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  const simulate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('events') ?? '');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      setProblem('The events are not JSON: start again from the example.');
      return;
    }
    try {
      const answer = await api.testMode.simulateProductEvents(
        body as Parameters<typeof api.testMode.simulateProductEvents>[0],
      );
      setSaid(
        answer.data.results
          .map(
            (result) =>
              `${result.type} ${result.id}: ${result.outcome}${result.reason ? ` (${result.reason})` : ''}`,
          )
          .join('; '),
      );
      setProblem(undefined);
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  return (
    <section aria-labelledby="test-mode">
      <h1 id="test-mode">Test mode</h1>
      <p>Only this key's test space: nothing here reaches the live data.</p>
      <h2>Reset</h2>
      {confirming ? (
        <>
          <button type="button" onClick={() => void reset()}>
            Confirm reset of the test space
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          Reset the test space
        </button>
      )}
      <h2>Simulate product events</h2>
      <form aria-label="Simulate product events" onSubmit={(event) => void simulate(event)}>
        <label>
          Events (JSON, as POST /test/product-events takes them)
          <textarea name="events" rows={16} defaultValue={JSON.stringify(EXAMPLE, null, 2)} />
        </label>
        <button type="submit">Simulate</button>
      </form>
      {said && <p role="status">{said}</p>}
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}
