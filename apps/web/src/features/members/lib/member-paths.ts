/** Routes of the members area, written once. */
export const BUY_VIP_PATH = '/payment?type=buyVip';
export const ORDERS_PATH = '/center/order';
export const INVOICES_PATH = '/center/invoice';

export function buyCoursePath(courseId: number): string {
  return `/payment?type=buyCourse&courseId=${courseId}`;
}

/** The payment page for an existing order (pay again, or come back from the cashier). */
export function payOrderPath(orderNo: string): string {
  return `/payment?order_no=${encodeURIComponent(orderNo)}`;
}

export function demandInvoicePath(orderId: number): string {
  return `/center/demand-invoice?order_id=${orderId}`;
}

export function sandboxCashierPath(orderNo: string, token: string): string {
  return `/payment/sandbox-cashier?order_no=${encodeURIComponent(orderNo)}&token=${encodeURIComponent(token)}`;
}

export function courseDetailPath(courseId: number): string {
  return `/train/detail/${courseId}`;
}

export const CENTRE_PATH = '/center/student';

/**
 * A pay_url or QR text that points at this site's own page (the sandbox cashier) as an in-app path, so it works
 * whatever origin the server thinks it has; anything else (a real channel's page) stays absolute.
 */
export function inAppPath(url: string, origin: string = window.location.origin): { internal: boolean; href: string } {
  try {
    const u = new URL(url, origin);
    const sameSite = u.origin === origin || u.pathname.startsWith('/payment/');
    return sameSite ? { internal: true, href: `${u.pathname}${u.search}` } : { internal: false, href: u.href };
  } catch {
    return { internal: false, href: url };
  }
}
