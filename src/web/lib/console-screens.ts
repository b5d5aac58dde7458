/**
 * The titles of the console's screens, in one place: the sidebar, the breadcrumb, each screen's
 * heading and its `<title>` read them, so a path segment ("solicitacoes") is never shown as text.
 */
import type { ConsoleSection } from "@/shared/public-routes";

interface SectionScreens {
  /** The section's list screen, as the sidebar names it. */
  list: string;
  /** One record, followed by "#" and its short id. */
  record?: string;
  /** The path segment of the create screen, and its title. */
  create?: { segment: string; title: string };
  /** The edit screen's title. */
  edit?: string;
  /** Fixed sub-screens by path segment (Configurações → Equipe). */
  pages?: Record<string, string>;
}

export const CONSOLE_SCREENS: Record<ConsoleSection, SectionScreens> = {
  dashboard: { list: "Dashboard" },
  solicitacoes: {
    list: "Solicitações",
    record: "Solicitação",
    create: { segment: "nova", title: "Nova Solicitação" },
  },
  pessoas: {
    list: "Pessoas",
    record: "Pessoa",
    create: { segment: "nova", title: "Nova Pessoa" },
    edit: "Editar Pessoa",
  },
  unidades: {
    list: "Unidades",
    record: "Unidade",
    create: { segment: "nova", title: "Nova Unidade" },
    edit: "Editar Unidade",
  },
  condominios: {
    list: "Condomínios",
    record: "Condomínio",
    create: { segment: "novo", title: "Novo Condomínio" },
    edit: "Editar Condomínio",
  },
  chamadas: { list: "Chamadas", record: "Chamada" },
  portaria: { list: "Portaria" },
  passes: { list: "Passes", record: "Passe", create: { segment: "novo", title: "Novo Passe" }, edit: "Editar Passe" },
  acessos: { list: "Entradas e saídas" },
  encomendas: { list: "Encomendas", record: "Encomenda", create: { segment: "nova", title: "Receber encomendas" } },
  areas: {
    list: "Áreas comuns",
    record: "Área",
    create: { segment: "nova", title: "Nova área comum" },
    edit: "Editar área",
    pages: { aprovacoes: "Aprovações", calendario: "Calendário", reservas: "Reservas" },
  },
  central: { list: "Central" },
  relatorios: { list: "Relatórios" },
  perfil: { list: "Perfil" },
  configuracoes: {
    list: "Configurações",
    pages: {
      equipe: "Equipe",
      organizacao: "Organização",
      integracoes: "Integrações",
      plano: "Plano e faturamento",
    },
  },
  auditoria: { list: "Auditoria" },
  titulares: { list: "Direitos dos titulares" },
  importacao: { list: "Importar planilha" },
  atendimentos: { list: "Atendimentos" },
  totens: { list: "Totens" },
};

/** Ids are displayed truncated to 8 characters (docs/product.md, "Lists and search"). */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** "Solicitação #1a2b3c4d": a record screen's title before its data arrives, and its `<title>`. */
export function recordTitle(section: ConsoleSection, id: string): string {
  return `${CONSOLE_SCREENS[section].record ?? CONSOLE_SCREENS[section].list} #${shortId(id)}`;
}

export const EDIT_SEGMENT = "editar";

function isSection(segment: string): segment is ConsoleSection {
  return Object.hasOwn(CONSOLE_SCREENS, segment);
}

/**
 * The title of each screen along a console path, after /app: /solicitacoes/nova →
 * ["Solicitações", "Nova Solicitação"]; /pessoas/<id>/editar → ["Pessoas", "Pessoa #1a2b3c4d",
 * "Editar Pessoa"]. A segment that names no screen (an unknown path) keeps its decoded text.
 */
export function screenTitles(segments: readonly string[]): string[] {
  const [first, second, third] = segments;
  if (first === undefined) return [];
  if (!isSection(first)) return segments.map(decodeSegment);
  const screens = CONSOLE_SCREENS[first];
  const titles = [screens.list];
  if (second === undefined) return titles;
  const page = screens.pages && Object.hasOwn(screens.pages, second) ? screens.pages[second] : undefined;
  if (page) titles.push(page);
  else if (screens.create && second === screens.create.segment) titles.push(screens.create.title);
  else titles.push(recordTitle(first, decodeSegment(second)));
  if (third === undefined) return titles;
  titles.push(third === EDIT_SEGMENT && screens.edit ? screens.edit : decodeSegment(third));
  return [...titles, ...segments.slice(3).map(decodeSegment)];
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
