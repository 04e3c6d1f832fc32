import { describe, expect, it } from 'vitest';
import { steadyExamples } from '../../scripts/local/openapi.js';

/** Recording the reference's examples again rewrites only what changed, not every time and id. */
describe('steadyExamples', () => {
  /** A recording of GET /jds: one JD and the cursor to the next page. */
  const recording = (jd: Record<string, string>, nextCursor: string) => ({
    listJds: { responses: { '200': { data: [jd], pagination: { nextCursor } } } },
  });
  const previous = recording(
    { id: '01M8HSV73KM5264YX37Q69MZE5', title: 'Backend', createdAt: '2026-11-17T12:18:50.410Z' },
    'eyJzIjoiSiMwbXdleTE0OGEjamQtc3VwcG9ydCJ9.S_XcsKuFRPXU9S0qnZ72VA',
  );
  const laterCursor = 'eyJzIjoiSiMwbXdnc282NzIjamQtc3VwcG9ydCJ9.w0YNSJzMKMR_5wMCRnJMmQ';

  it('keeps a value that differs only in a time, an id, a cursor or a tenant name', () => {
    const recorded = recording(
      { id: '01M8HTNMFDJ82SXET5MTF3CKMZ', title: 'Backend', createdAt: '2026-11-28T19:24:20.702Z' },
      laterCursor,
    );

    expect(steadyExamples(previous, recorded)).toEqual(previous);
    expect(steadyExamples({ t: 'tenant-18854-1' }, { t: 'tenant-32250-1' })).toEqual({
      t: 'tenant-18854-1',
    });
  });

  it('takes what changed, and what is new', () => {
    const recorded = {
      ...recording(
        {
          id: '01M8HTNMFDJ82SXET5MTF3CKMZ',
          title: 'Backend Engineer',
          createdAt: '2026-11-28T19:24:20.702Z',
          location: 'Berlin',
        },
        laterCursor,
      ),
      upsertJd: { responses: { '201': { data: { id: '01M8HTNMFDJ82SXET5MTF3CKMZ' } } } },
    };
    const steady = steadyExamples(previous, recorded) as typeof recorded;

    expect(steady.listJds.responses['200'].data[0]).toEqual({
      id: '01M8HSV73KM5264YX37Q69MZE5',
      title: 'Backend Engineer',
      createdAt: '2026-11-17T12:18:50.410Z',
      location: 'Berlin',
    });
    expect(steady.upsertJd).toEqual(recorded.upsertJd);
  });
});
