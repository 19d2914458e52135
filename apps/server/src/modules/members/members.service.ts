// The members service, composed of its use cases (as the courses, exams, recruiting and Q&A modules split
// theirs): plans and a buyer's orders, paying at the channel, the channel's notifications and a paid order's
// effect. The names other files import from here stay importable here.
import { createMembersNotificationsService } from './members-notifications.service';
import { createMembersOrdersService } from './members-orders.service';
import { createMembersPaymentService } from './members-payment.service';
import { createMembersShared, type MembersServiceDeps } from './members-shared';

export {
  chinaDate,
  effectiveState,
  newOrderNo,
  type MembersServiceDeps,
  type PayingClient,
  type WechatPayerSource,
} from './members-shared';
export type { NotificationOutcome } from './members-notifications.service';

export function createMembersService(deps: MembersServiceDeps) {
  const shared = createMembersShared(deps);
  return {
    provider: deps.provider,
    ...createMembersOrdersService(deps, shared),
    ...createMembersPaymentService(deps, shared),
    ...createMembersNotificationsService(deps),
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
