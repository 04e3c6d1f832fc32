import type { JdStatus } from './statuses.js';

/** The data of the JD events this resource records (lib/events/model.ts's EventData). */
export interface JdEventData {
  id: string;
  title: string;
  status: JdStatus;
  /** present when the status changed */
  previousStatus?: JdStatus;
  /** present (true) when the title, description, experience or requirements changed: re-score */
  scoringInputsChanged?: true;
  /** the integrator's own id of the JD, when it has one */
  externalId?: string;
  updatedAt: string;
}

declare module '../events/model.js' {
  interface EventData {
    'jd.created': JdEventData;
    'jd.updated': JdEventData;
    'jd.deleted': { id: string; externalId?: string; updatedAt: string };
  }
}
