import { describe, expect, it } from 'vitest';
import { steadyExamples } from '../../scripts/local/openapi.js';

/** Recording the reference's examples again rewrites only what changed, not every time and id. */
describe('steadyExamples', () => {
  const previous = {
    listJds: {
      responses: {
        '200': {
          data: [
            {
              id: '01M8HSV73KM5264YX37Q69MZE5',
              title: 'Backend',
              createdAt: '2026-11-17T12:18:50.410Z',
            },
          ],
          pagination: {
            nextCursor: 'eyJzIjoiSiMwbXdleTE0OGEjamQtc3VwcG9ydCJ9.S_XcsKuFRPXU9S0qnZ72VA',
          },
        },
      },
    },
  };

  it('keeps a value that differs only in a time, an id, a cursor or a tenant name', () => {
    const recorded = {
      listJds: {
        responses: {
          '200': {
            data: [
              {
                id: '01M8HTNMFDJ82SXET5MTF3CKMZ',
                title: 'Backend',
                createdAt: '2026-11-28T19:24:20.702Z',
              },
            ],
            pagination: {
              nextCursor: 'eyJzIjoiSiMwbXdnc282NzIjamQtc3VwcG9ydCJ9.w0YNSJzMKMR_5wMCRnJMmQ',
            },
          },
        },
      },
    };

    expect(steadyExamples(previous, recorded)).toEqual(previous);
    expect(steadyExamples({ t: 'tenant-18854-1' }, { t: 'tenant-32250-1' })).toEqual({
      t: 'tenant-18854-1',
    });
  });

  it('takes what changed, and what is new', () => {
    const recorded = {
      listJds: {
        responses: {
          '200': {
            data: [
              {
                id: '01M8HTNMFDJ82SXET5MTF3CKMZ',
                title: 'Backend Engineer',
                createdAt: '2026-11-28T19:24:20.702Z',
                location: 'Berlin',
              },
            ],
            pagination: {
              nextCursor: 'eyJzIjoiSiMwbXdnc282NzIjamQtc3VwcG9ydCJ9.w0YNSJzMKMR_5wMCRnJMmQ',
            },
          },
        },
      },
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
