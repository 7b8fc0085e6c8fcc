import { canHandleCases } from '@mutua/contracts/backoffice';
import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../../core/module';
import type { StaffSession } from '../../core/staff-sessions';
import { AppError } from '../../lib/app-error';
import { staffSessionOf } from '../../plugins/staff';

/** Records a staff act in the audit log: the staff member beside its details, and the tenant and member it touched, if any. */
export const staffAuditRecorder =
  (audit: AppServices['audit']) =>
  (request: FastifyRequest, kind: string, details: Record<string, unknown>, target?: { tenantId?: string; memberId?: string }) =>
    audit.record({
      kind,
      tenantId: target?.tenantId ?? null,
      memberId: target?.memberId ?? null,
      ip: request.ip,
      details: { staffId: request.staffSession?.staffId, ...details },
    });

/** The session of a staff member who handles cases (agents, managers, derogators); an administrator is refused. */
export function caseHandlerOf(request: FastifyRequest): StaffSession {
  const session = staffSessionOf(request);
  if (!canHandleCases(session.role)) throw new AppError('FORBIDDEN');
  return session;
}
