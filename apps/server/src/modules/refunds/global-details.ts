import type { TGlobalDetails } from '@mutua/contracts/global-details';
import type { MemberContext } from '../../core/module';
import { latestRefunds, operationTypeOptions } from './repository';

/** Loaders of the refunds fields of the global details: latest refunds (dashboard) and the operation types. */
export const loadRefunds = async (ctx: MemberContext): Promise<TGlobalDetails['refunds']> => latestRefunds(ctx.db, ctx.session.memberId);
export const loadAllActsRefunds = async (): Promise<TGlobalDetails['allActsRefunds']> => operationTypeOptions();
