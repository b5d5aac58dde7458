/** The subjects of the contact form (docs/product.md, "Company pages"), values with their pt-BR labels. */
export const CONTACT_SUBJECTS = [
  { value: "demo", label: "Demonstração" },
  { value: "pricing", label: "Preços e planos" },
  { value: "integration", label: "Integrações" },
  { value: "support", label: "Suporte" },
  { value: "partnership", label: "Parcerias" },
  { value: "career", label: "Carreiras" },
  { value: "other", label: "Outro" },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]["value"];

/** The label of a subject value, or the value itself when it is not in the list. */
export function contactSubjectLabel(value: string): string {
  return CONTACT_SUBJECTS.find((subject) => subject.value === value)?.label ?? value;
}
