import { describe, expect, it } from 'vitest';
import { toApplicationEntry, toMatch } from '../../lib/applications/model.js';
import { INDEXES } from '../../lib/db/table.js';
import { toResumeSummary } from '../../lib/resumes/model.js';

/**
 * What a list reads from an index entry is what that index projects: a mapper that reads an attribute
 * the index leaves out would answer without it, silently, on every page. The attributes each mapper
 * reads are recorded as it runs (every read of the entry goes through a proxy), so a field added to a
 * list view is checked here without a declaration to keep in step.
 */
function attributesRead(mapper: (entry: never) => unknown): string[] {
  const read = new Set<string>();
  // Two runs, so that a read behind a condition is met: every attribute absent, then every one present
  // (a value that reads as anything: an object, a string, a number).
  const present: unknown = new Proxy(() => present, {
    get: (_target, name) => (name === Symbol.toPrimitive ? () => '1' : present),
  });
  for (const value of [undefined, present]) {
    const entry = new Proxy(
      {},
      {
        get(_target, name) {
          if (typeof name === 'string') read.add(name);
          return value;
        },
      },
    );
    try {
      mapper(entry as never);
    } catch {
      // a present value the mapper cannot use past this point: what it read so far counts
    }
  }
  return [...read].sort();
}

function projected(index: (typeof INDEXES)[keyof typeof INDEXES]): string[] {
  const keys = ['pk', 'sk', index.partitionKey, index.sortKey];
  const { projection } = index;
  return projection.type === 'INCLUDE' ? [...keys, ...projection.nonKeyAttributes] : keys;
}

describe('index projections', () => {
  it('hold every attribute each list reads from them', () => {
    const readers = [
      { index: INDEXES.list, list: 'GET /resumes, /candidates', reads: toResumeSummary },
      { index: INDEXES.changes, list: 'the resumes’ delta walk', reads: toResumeSummary },
      {
        index: INDEXES.changes,
        list: 'the applications’ delta walk',
        reads: (entry: never) => toApplicationEntry(entry, undefined),
      },
      {
        index: INDEXES.matches,
        list: 'GET /matches/:jdId',
        reads: (entry: never) => toMatch(entry, undefined),
      },
    ];
    for (const { index, list, reads } of readers) {
      const read = attributesRead(reads);
      expect(read.length, list).toBeGreaterThan(3);
      expect(
        read.filter((name) => !projected(index).includes(name)),
        `${list} reads from ${index.name}`,
      ).toEqual([]);
    }
  });

  it('catch a mapper reading what its index leaves out', () => {
    const readsFileName = (entry: { fileNameLower: string; fileName: string }) => entry.fileName;
    expect(attributesRead(readsFileName as never)).toEqual(['fileName']);
    expect(projected(INDEXES.listKeys)).not.toContain('fileName');
  });
});
