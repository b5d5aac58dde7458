/**
 * The resident's page behind a signed link (`/r/<token>`, docs/product.md, "Resident link"): server-rendered
 * HTML with no JavaScript at all, so it works in WhatsApp's in-app browser and weighs a few kilobytes.
 * Opening it never decides: the two big buttons are links (GET) to a confirmation view, and only that view's
 * form POSTs. The route builds every URL and pre-formats every date; this module is pure.
 *
 * Every string from the state goes through React, which escapes it; the only raw HTML is the
 * constant stylesheet. `invalido` and `limite` take no visit, so they cannot show one.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { COMPANY } from "../../shared/company";
import { MOTIVO_NEGACAO_MAX } from "../../shared/schemas/solicitacoes";
import { RESIDENT_PAGE_CSS } from "./page-styles";

export type ResidentDecisao = "autorizado" | "negado";

/** What the page shows of a request; every date already formatted by the route. */
export interface ResidentVisita {
  /** The condominium's name. */
  condominio: string;
  /** The unit's label, "Torre A - 101". */
  unidade: string;
  visitanteNome: string;
  /** The visitor type's label: "Visitante", "Prestador de serviço". */
  tipoLabel: string;
  motivo: string | null;
  /** When the visitor arrived, ISO 8601 (goes into <time datetime>). */
  chegouEm: string;
  /** "há 3 minutos". */
  chegouHa: string;
  /** "21:04", in the condominium's time zone. */
  chegouAs: string;
  /** The resident's first name, for the greeting. */
  moradorNome: string;
  /** The visitor's latest photo, through the link itself (`/r/<token>/foto`); null without one. */
  fotoUrl: string | null;
  /** Why there is no photo, when the visitor declined it ("O visitante preferiu não tirar foto."). */
  semFoto?: string | null;
}

/** The visitor's face, large, above the buttons: "who is it?" answered before deciding. */
function Foto({ visita }: { visita: ResidentVisita }) {
  if (!visita.fotoUrl) return visita.semFoto ? <p className="m hint">{visita.semFoto}</p> : null;
  return <img className="foto" src={url(visita.fotoUrl)} alt={`Foto de ${visita.visitanteNome} na portaria`} />;
}

export type ResidentPageState =
  | {
      kind: "decidir";
      visita: ResidentVisita;
      /** GET links to the confirmation view, e.g. `/r/<token>?decisao=autorizado`. */
      confirmarAutorizarUrl: string;
      confirmarNegarUrl: string;
    }
  | {
      kind: "confirmar";
      visita: ResidentVisita;
      decisao: ResidentDecisao;
      /** Where the form POSTs (fields `decisao`, `observacoes` or `motivo_negacao`, and, when given, `csrf`). */
      postUrl: string;
      /** Back to the `decidir` view. */
      voltarUrl: string;
      csrf?: string;
    }
  | {
      kind: "decidida";
      visita: ResidentVisita;
      decisao: ResidentDecisao;
      /** Who decided: the resident's first name, another resident's or a porteiro's. */
      porNome: string;
      /** "21:04". */
      as: string;
      /** True when this link's holder made the decision. */
      porVoce: boolean;
    }
  | { kind: "expirada"; visita: ResidentVisita }
  | { kind: "invalido" }
  | {
      kind: "limite";
      /** Also worth sending as the Retry-After header. */
      retryAfterSeconds?: number;
      /** Optional "Tentar de novo" link (the page the resident was on). */
      tentarUrl?: string;
    };

export interface RenderedResidentPage {
  status: number;
  html: string;
}

/**
 * The route's URLs only: same-site paths or query strings, or absolute http(s). Anything else
 * (`javascript:`, `//evil`) is a bug, stopped here as `renderMail` does.
 */
function url(u: string): string {
  if (/^(\/(?!\/)|\?|https?:\/\/)\S*$/.test(u)) return u;
  throw new Error(`renderResidentPage: URL inválida: ${u}`);
}

function Icon(props: { kind: "ok" | "no" | "relogio" | "alerta" }) {
  const paths = {
    ok: "M5 12.5l4.5 4.5L19 7.5",
    no: "M7 7l10 10M17 7L7 17",
    relogio: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2",
    alerta: "M12 7v6M12 16.5v.5",
  };
  return (
    <div className={props.kind === "ok" || props.kind === "no" ? `ic ${props.kind}` : "ic"}>
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d={paths[props.kind]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}

/** The page frame shared with the visitor's pass page (modules/passes/pass-page.tsx). */
export function Layout(props: { title: string; pessoal?: boolean; children: ReactNode }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        {/* The token is in this page's address: no Referer carries it to any other site. */}
        <meta name="referrer" content="no-referrer" />
        <meta name="color-scheme" content="light dark" />
        <title>{`${props.title} · ${COMPANY.name}`}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant stylesheet, no data. */}
        <style dangerouslySetInnerHTML={{ __html: RESIDENT_PAGE_CSS }} />
      </head>
      <body>
        <header className="w">
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5z" fill="currentColor" />
          </svg>
          {COMPANY.name}
        </header>
        <main className="w">
          <div>{props.children}</div>
        </main>
        <footer className="w m">
          {props.pessoal && <p>Este link é pessoal: não o encaminhe.</p>}
          <p>{`${COMPANY.name} · ${COMPANY.tagline}`}</p>
        </footer>
      </body>
    </html>
  );
}

/**
 * The visit as a <dl>. `semNome` when the heading already names the visitor; `resumo` on the
 * confirmation, to keep its button within a thumb's reach (the resident saw the rest a tap ago).
 */
function Detalhes(props: { visita: ResidentVisita; semNome?: boolean; resumo?: boolean }) {
  const v = props.visita;
  if (props.resumo) {
    return (
      <dl>
        <div>
          <dt>Unidade</dt>
          <dd>{`${v.unidade} · ${v.condominio}`}</dd>
        </div>
        <div>
          <dt>Chegou</dt>
          <dd>
            <time dateTime={v.chegouEm}>{`${v.chegouHa}, às ${v.chegouAs}`}</time>
          </dd>
        </div>
      </dl>
    );
  }
  return (
    <dl>
      <div>
        <dt>Condomínio</dt>
        <dd>{v.condominio}</dd>
      </div>
      <div>
        <dt>Unidade</dt>
        <dd>{v.unidade}</dd>
      </div>
      {!props.semNome && (
        <div>
          <dt>Visitante</dt>
          <dd>{v.visitanteNome}</dd>
        </div>
      )}
      <div>
        <dt>Tipo</dt>
        <dd>{v.tipoLabel}</dd>
      </div>
      {v.motivo && (
        <div>
          <dt>Motivo</dt>
          <dd>{v.motivo}</dd>
        </div>
      )}
      <div>
        <dt>Chegou</dt>
        <dd>
          <time dateTime={v.chegouEm}>{`${v.chegouHa}, às ${v.chegouAs}`}</time>
        </dd>
      </div>
    </dl>
  );
}

function Decidir(props: Extract<ResidentPageState, { kind: "decidir" }>) {
  const v = props.visita;
  return (
    <Layout title={`${v.visitanteNome} está na portaria`} pessoal>
      <p>{`Olá, ${v.moradorNome}.`}</p>
      <h1>{`${v.visitanteNome} está na portaria`}</h1>
      <Foto visita={v} />
      <Detalhes visita={v} semNome />
      <div className="acts">
        <a className="b ok" href={url(props.confirmarAutorizarUrl)}>
          Autorizar entrada
        </a>
        <a className="b no" href={url(props.confirmarNegarUrl)}>
          Negar
        </a>
      </div>
      <p className="m hint">Você confirma na próxima tela.</p>
    </Layout>
  );
}

function Confirmar(props: Extract<ResidentPageState, { kind: "confirmar" }>) {
  const v = props.visita;
  const autorizar = props.decisao === "autorizado";
  const pergunta = `Confirmar: ${autorizar ? "autorizar" : "negar"} a entrada de ${v.visitanteNome}?`;
  return (
    <Layout title={pergunta} pessoal>
      <h1>{pergunta}</h1>
      <Foto visita={v} />
      <Detalhes visita={v} resumo />
      <form method="post" action={url(props.postUrl)}>
        <input type="hidden" name="decisao" value={props.decisao} />
        {props.csrf !== undefined && <input type="hidden" name="csrf" value={props.csrf} />}
        {autorizar ? (
          <>
            <label htmlFor="observacoes">Observação (opcional)</label>
            <textarea id="observacoes" name="observacoes" maxLength={500} rows={3} aria-describedby="obs-ajuda" />
            <p id="obs-ajuda" className="m hint">
              Até 500 caracteres. A portaria vê esta observação.
            </p>
          </>
        ) : (
          // The reason of a refusal, as the console's "Negar" asks it (docs/product.md, "Resident link").
          <>
            <label htmlFor="motivo_negacao">Motivo (opcional)</label>
            <textarea
              id="motivo_negacao"
              name="motivo_negacao"
              maxLength={MOTIVO_NEGACAO_MAX}
              rows={3}
              aria-describedby="motivo-ajuda"
            />
            <p id="motivo-ajuda" className="m hint">
              {`Até ${MOTIVO_NEGACAO_MAX} caracteres. A portaria vê o motivo.`}
            </p>
          </>
        )}
        <div className="acts">
          <button type="submit" className={autorizar ? "b ok" : "b no"}>
            {autorizar ? "Confirmar autorização" : "Confirmar negativa"}
          </button>
          <a className="b sec" href={url(props.voltarUrl)}>
            Voltar
          </a>
        </div>
      </form>
    </Layout>
  );
}

function Decidida(props: Extract<ResidentPageState, { kind: "decidida" }>) {
  const autorizada = props.decisao === "autorizado";
  const titulo = props.porVoce
    ? autorizada
      ? "Entrada autorizada"
      : "Entrada negada"
    : `Já ${autorizada ? "autorizada" : "negada"} por ${props.porNome} às ${props.as}`;
  return (
    <Layout title={titulo}>
      <Icon kind={autorizada ? "ok" : "no"} />
      <h1>{titulo}</h1>
      {props.porVoce ? (
        <>
          <p>A portaria já foi avisada.</p>
          <p className="m">Você pode fechar esta página.</p>
        </>
      ) : (
        <p>Esta visita já foi respondida; não é preciso fazer mais nada.</p>
      )}
      <Detalhes visita={props.visita} />
    </Layout>
  );
}

function Expirada(props: Extract<ResidentPageState, { kind: "expirada" }>) {
  return (
    <Layout title="Esta solicitação expirou">
      <Icon kind="relogio" />
      <h1>Esta solicitação expirou</h1>
      <p>Ninguém respondeu a tempo, e nada foi decidido por este link.</p>
      <p className="m">Se o visitante ainda estiver esperando, fale com a portaria.</p>
      <Detalhes visita={props.visita} />
    </Layout>
  );
}

function Invalido() {
  return (
    <Layout title="Link inválido ou expirado">
      <Icon kind="alerta" />
      <h1>Link inválido ou expirado</h1>
      <p>Não foi possível abrir esta visita. O link pode estar incompleto, já ter sido usado ou ter expirado.</p>
      <p className="m">
        Cada link é pessoal e vale para uma única visita: ele deixa de funcionar quando alguém responde ou quando o
        pedido expira.
      </p>
      <p className="m">Se um visitante está esperando, fale com a portaria do seu condomínio.</p>
    </Layout>
  );
}

/** "30 segundos", "1 minuto", "2 minutos". */
function espera(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 segundo" : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
}

function Limite(props: Extract<ResidentPageState, { kind: "limite" }>) {
  const s = props.retryAfterSeconds;
  return (
    <Layout title="Muitas tentativas">
      <Icon kind="alerta" />
      <h1>Muitas tentativas</h1>
      <p>Aguarde um instante e tente de novo.</p>
      {s !== undefined && s > 0 && (
        <p className="m">{`Você pode tentar de novo em cerca de ${espera(Math.ceil(s))}.`}</p>
      )}
      {props.tentarUrl && (
        <div className="acts">
          <a className="b sec" href={url(props.tentarUrl)}>
            Tentar de novo
          </a>
        </div>
      )}
    </Layout>
  );
}

function Page(props: { state: ResidentPageState }) {
  const s = props.state;
  switch (s.kind) {
    case "decidir":
      return <Decidir {...s} />;
    case "confirmar":
      return <Confirmar {...s} />;
    case "decidida":
      return <Decidida {...s} />;
    case "expirada":
      return <Expirada {...s} />;
    case "invalido":
      return <Invalido />;
    case "limite":
      return <Limite {...s} />;
    default: {
      const never: never = s;
      throw new Error(`renderResidentPage: estado desconhecido: ${JSON.stringify(never)}`);
    }
  }
}

const STATUS: Record<ResidentPageState["kind"], number> = {
  decidir: 200,
  confirmar: 200,
  decidida: 200,
  expirada: 200,
  invalido: 404,
  limite: 429,
};

/**
 * The page for a state, with its HTTP status. The route also sends `Cache-Control: no-store`,
 * and `Retry-After` with `limite`.
 */
export function renderResidentPage(state: ResidentPageState): RenderedResidentPage {
  return {
    status: STATUS[state.kind],
    html: `<!DOCTYPE html>${renderToStaticMarkup(<Page state={state} />)}`,
  };
}
