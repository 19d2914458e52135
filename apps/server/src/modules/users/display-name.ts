import { maskPhone } from '@app/contracts';

/** How a user is shown to others (rankings, comments, notes): the nickname, or the masked phone number. */
export function displayName(u: { nickname: string | null; phone: string }): string {
  return u.nickname?.trim() || maskPhone(u.phone);
}
