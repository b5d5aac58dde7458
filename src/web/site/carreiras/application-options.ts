/** The options of the career application form (docs/product.md, "Company pages"), values with their pt-BR labels. */

export const SECTOR_OPTIONS = [
  { value: "tecnologia", label: "Tecnologia" },
  { value: "seguranca", label: "Segurança" },
  { value: "comercial", label: "Comercial" },
  { value: "suporte", label: "Suporte" },
  { value: "marketing", label: "Marketing" },
  { value: "administrativo", label: "Administrativo" },
] as const;

export const EXPERIENCE_OPTIONS = [
  { value: "estagiario", label: "Estagiário" },
  { value: "junior", label: "Júnior (0-2 anos)" },
  { value: "pleno", label: "Pleno (2-5 anos)" },
  { value: "senior", label: "Sênior (5+ anos)" },
] as const;

export type Sector = (typeof SECTOR_OPTIONS)[number]["value"];
export type Experience = (typeof EXPERIENCE_OPTIONS)[number]["value"];

/** The label of an option value, or the value itself when it is not in the list. */
export function optionLabel(options: readonly { value: string; label: string }[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}
