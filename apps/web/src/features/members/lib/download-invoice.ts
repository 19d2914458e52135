import { membersApi } from '../api/members-api';

/** Fetches the invoice PDF with the session token and hands it to the browser as a download. */
export async function downloadInvoicePdf(invoice: { id: number; order_no: string }): Promise<void> {
  const blob = await membersApi.invoicePdf(invoice.id);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `发票-${invoice.order_no}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Let the download start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
