import type * as React from "react";

/** One numbered section of a legal document; its number comes from its position. */
export interface LegalSection {
  /** Fragment id of the section ("introducao"), the table of contents' link target. */
  id: string;
  title: string;
  content: React.ReactNode;
}

/** A legal document's content module: its sections and the date of its last revision. */
export interface LegalDocumentContent {
  /** The revision date as written in pt-BR ("10 de janeiro de 2025"). */
  updatedAt: string;
  /** The same date as YYYY-MM-DD, for the machine-readable `<time>`. */
  updatedAtIso: string;
  /** Unnumbered lead paragraphs shown before the table of contents. */
  intro?: React.ReactNode;
  sections: LegalSection[];
}

// Content modules write plain <p>, <ul>, <h3> and <a>; these descendant styles give them the
// document's rhythm, so the modules stay free of class names.
const proseClass = [
  "space-y-4 text-base leading-7",
  "[&_h3]:pt-2 [&_h3]:font-semibold [&_h3]:text-lg [&_h3]:leading-7",
  "[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li::marker]:text-muted-foreground [&_strong]:font-semibold",
  "[&_a]:break-words [&_a]:rounded-sm [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4",
  "[&_a]:outline-none [&_a:focus-visible]:ring-[3px] [&_a:focus-visible]:ring-ring/60 [&_a:hover]:decoration-2",
].join(" ");

function sectionHeadingId(section: LegalSection) {
  return `${section.id}-titulo`;
}

/**
 * A legal document (privacy policy, terms, LGPD): the revision date, an optional lead, a table of
 * contents and the numbered sections it links to. On wide screens the contents stay beside the text.
 */
export function LegalDocument({ updatedAt, updatedAtIso, intro, sections }: LegalDocumentContent) {
  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-12">
      <div className="mb-8 space-y-6 lg:sticky lg:top-6 lg:mb-0 lg:max-h-[calc(100svh-3rem)] lg:overflow-y-auto">
        <p className="text-muted-foreground text-sm">
          Última atualização: <time dateTime={updatedAtIso}>{updatedAt}</time>
        </p>
        <LegalTableOfContents sections={sections} />
      </div>
      <article className="min-w-0 max-w-prose space-y-12">
        {intro && <div className={proseClass}>{intro}</div>}
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={sectionHeadingId(section)}
            className="scroll-mt-6 space-y-4"
          >
            <h2 id={sectionHeadingId(section)} className="font-semibold text-2xl tracking-tight">
              {`${index + 1}. ${section.title}`}
            </h2>
            <div className={proseClass}>{section.content}</div>
          </section>
        ))}
      </article>
    </div>
  );
}

function LegalTableOfContents({ sections }: { sections: LegalSection[] }) {
  return (
    <nav aria-label="Nesta página" className="rounded-lg border bg-card p-4 text-card-foreground">
      <p className="mb-3 font-semibold text-sm">Nesta página</p>
      <ol className="space-y-1 text-sm">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="flex gap-2 rounded-sm py-1 text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <span className="min-w-6 shrink-0 text-right tabular-nums">{index + 1}.</span>{" "}
              <span>{section.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
