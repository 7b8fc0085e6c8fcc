import type { TGlobalDetails } from '@mutua/contracts/global-details';
import type { MemberContext } from '../../core/module';
import { lastRequestGroups, listRequestGroups, listTimelineRecent } from './repository';

/*
 * Loaders of this area's fields in the global details (GET /api/all-info), plugged into
 * modules/members/global-details.ts one line each. allRequests and lastRequests share one query.
 */

const groupsOf = (ctx: MemberContext) => ctx.once('requests.groups', () => listRequestGroups(ctx.db, ctx.session.memberId));

export const loadAllRequests = async (ctx: MemberContext): Promise<TGlobalDetails['allRequests']> => groupsOf(ctx);
export const loadLastRequests = async (ctx: MemberContext): Promise<TGlobalDetails['lastRequests']> => lastRequestGroups(await groupsOf(ctx));
export const loadTimelineRecent = async (ctx: MemberContext): Promise<TGlobalDetails['timelineRecent']> => listTimelineRecent(ctx.db, ctx.session.memberId);
