/**
 * What an issued invoice document says, frozen at payment (docs/decisions/0031-invoice-documents.md): the PDF is
 * made from this and nothing else, so a later change of the customer's name, the company's address or the VAT
 * rate changes no document already issued. Kept as JSON beside the invoice (table `invoice_documents`).
 */
export interface InvoiceDocumentData {
  /** 'invoice' when the company has a VAT number (a VAT invoice); otherwise a 'receipt', and it says so. */
  kind: 'invoice' | 'receipt';
  /** A sandbox payment: its own number series, and the document says "Test — not a tax document". */
  test: boolean;
  /** E.g. NG-2026-000042; TEST-NG-2026-000001 for a test payment. */
  number: string;
  /** When it was issued: the payment's time (ISO 8601). */
  issuedAt: string;
  /** The company's IANA time zone: the document's dates are stated in it. */
  timeZone: string;
  seller: {
    legalName: string;
    /** Address lines, in order. */
    address: string[];
    companyNumber: string | null;
    vatNumber: string | null;
    email: string;
  };
  buyer: {
    name: string;
    email: string;
    /** From the profile's billing details, when given. */
    billingName: string | null;
    address: string[];
    vatNumber: string | null;
  };
  /** The one thing sold. */
  item: {
    /** The service's title. */
    service: string;
    /** How it is delivered, in the words the customer chose it in ("Video meeting", "PDF file sent to my email"). */
    delivery: string;
    /** When it was ordered and paid (ISO 8601). */
    orderedAt: string;
    paidAt: string;
  };
  /** In pence; net + vat = gross. */
  money: { netPence: number; vatPence: number; grossPence: number; vatRatePercent: number };
  /** The invoice's id on the site (the payment request the document is for). */
  invoiceId: string;
}
