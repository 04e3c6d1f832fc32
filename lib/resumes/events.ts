import type { ParseStatus } from './statuses.js';

/** The data of the resume events this resource records (lib/events/model.ts's EventData). */
export interface ResumeEventData {
  id: string;
  parseStatus: ParseStatus;
  updatedAt: string;
}

declare module '../events/model.js' {
  interface EventData {
    'resume.created': ResumeEventData;
    'resume.updated': ResumeEventData;
    'resume.deleted': { id: string; updatedAt: string };
  }
}
