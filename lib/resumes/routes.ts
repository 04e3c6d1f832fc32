import type { RouteDefinition, TableAccess } from '../http/route-definition.js';

/** The resume and candidate routes (read-only: the product writes resumes), and what their functions may do on the table. */
export const RESUME_ROUTES = {
  listResumes: {
    method: 'GET',
    clientMethod: 'resumes.list',
    path: '/resumes',
    functionName: 'list-resumes',
    scope: { scope: 'resume:read', generic: 'read' },
    summary: 'List parsed resumes, newest first',
    successStatus: 200,
    paginated: true,
    deltaSync: true,
  },
  getResume: {
    method: 'GET',
    clientMethod: 'resumes.get',
    path: '/resumes/{resumeId}',
    functionName: 'get-resume',
    scope: { scope: 'resume:read', generic: 'read' },
    summary: 'One resume with its full metadata',
    successStatus: 200,
    conditional: true,
  },
  listCandidates: {
    method: 'GET',
    clientMethod: 'candidates.list',
    path: '/candidates',
    functionName: 'list-candidates',
    scope: { scope: 'candidate:read', generic: 'read' },
    summary: 'Resumes with their applications and scores, searchable by file name',
    successStatus: 200,
    paginated: true,
    deltaSync: true,
  },
  exportCandidate: {
    method: 'GET',
    clientMethod: 'candidates.export',
    path: '/candidates/{resumeId}/export',
    functionName: 'export-candidate',
    scope: { scope: 'privacy:read', generic: 'admin' },
    summary:
      'A candidate’s data on request: the parsed resume, every application, score, review and its audit entry',
    successStatus: 200,
    paginated: true,
  },
} as const satisfies Record<string, RouteDefinition>;

const tenantData = ['tenant'] as const;

export const RESUME_ROUTE_ACCESS = {
  // Each delta walk's own reads (the changes index, a test space's reset check) come with deltaSync.
  listResumes: {
    table: ['Query'],
    indexes: ['list', 'listKeys'],
    partitions: tenantData,
  },
  getResume: { table: ['GetItem'], indexes: [], partitions: tenantData },
  listCandidates: {
    table: ['Query', 'BatchGetItem'],
    indexes: ['list', 'listKeys'],
    partitions: tenantData,
  },
  // GetItem: the resume; Query: its application copies and each application's reviews; BatchGetItem:
  // the applications, their JDs' heads (staleness) and the reviews' audit entries.
  exportCandidate: {
    table: ['GetItem', 'Query', 'BatchGetItem'],
    indexes: [],
    partitions: tenantData,
  },
} as const satisfies Record<keyof typeof RESUME_ROUTES, TableAccess>;
