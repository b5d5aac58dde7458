/**
 * The company's identification and contact channels as the legal documents cite them. Everything
 * comes from COMPANY, so a change of address or mailbox reaches the three documents at once.
 */
import { COMPANY } from "@/shared/company";

/** The last revision of the three legal documents (docs/product.md, "Legal pages"). */
export const LEGAL_UPDATED_AT = "10 de janeiro de 2025";
export const LEGAL_UPDATED_AT_ISO = "2025-01-10";

/** "Av. Paulista, 1000, conj. 101, Bela Vista, São Paulo/SP, CEP 01310-100". */
export function companyAddress(): string {
  const { street, district, city, state, postalCode } = COMPANY.address;
  return `${street}, ${district}, ${city}/${state}, CEP ${postalCode}`;
}

/** The site's host as written in prose ("guarita.app"). */
export function companySiteHost(): string {
  return new URL(COMPANY.siteUrl).host;
}

/** The city whose courts the terms elect as forum ("São Paulo/SP"). */
export function companyForum(): string {
  return `${COMPANY.address.city}/${COMPANY.address.state}`;
}

export function MailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

/** The company's legal name as the documents introduce it, with the short name it goes by after. */
export function CompanyIdentification() {
  return (
    <>
      <strong>{COMPANY.legalName}</strong> (“{COMPANY.name}”), com sede na {companyAddress()}
    </>
  );
}
