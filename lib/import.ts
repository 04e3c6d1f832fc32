import { saveApplication } from './db/applications.js';
import type { Db } from './db/client.js';
import { saveJd } from './db/jds.js';
import { saveResume } from './db/resumes.js';
import { ensureTenant } from './db/tenants.js';
import type { ImportFile } from './schemas/import.js';

export interface ImportCounts {
  jds: { created: number; updated: number };
  resumes: { created: number; updated: number };
  applications: { created: number; updated: number };
}

const iso = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());

/**
 * Loads product data through the same repositories the dashboard uses, so counters, copies and index
 * keys stay consistent. Items with known ids are updated, not duplicated. JDs and resumes first:
 * applications refer to them.
 */
export async function importProductData(db: Db, tenantId: string, data: ImportFile): Promise<ImportCounts> {
  await ensureTenant(db, tenantId);
  const counts: ImportCounts = {
    jds: { created: 0, updated: 0 },
    resumes: { created: 0, updated: 0 },
    applications: { created: 0, updated: 0 },
  };
  const tally = (bucket: { created: number; updated: number }, created: boolean) => {
    if (created) bucket.created += 1;
    else bucket.updated += 1;
  };
  for (const jd of data.jds ?? []) {
    tally(counts.jds, (await saveJd(db, tenantId, { ...jd, createdAt: iso(jd.createdAt) })).created);
  }
  for (const resume of data.resumes ?? []) {
    tally(counts.resumes, (await saveResume(db, tenantId, { ...resume, createdAt: iso(resume.createdAt) })).created);
  }
  for (const application of data.applications ?? []) {
    tally(
      counts.applications,
      (await saveApplication(db, tenantId, { ...application, createdAt: iso(application.createdAt) })).created,
    );
  }
  return counts;
}
