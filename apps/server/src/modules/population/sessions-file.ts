import path from 'node:path';
import { REPO_ROOT } from '../../config';

/** Where `seed:population -- --sessions S` writes the signed-in sessions the benches use (git-ignored). */
export const DEFAULT_SESSIONS_FILE = path.join(REPO_ROOT, 'apps/server/bench/.population-sessions.json');

export type PopulationSession = { cookie: string; memberId: string; tenantId: string; host: string; refundId: string };
export type PopulationSessions = { members: number; openedAt: string; sessions: PopulationSession[] };
