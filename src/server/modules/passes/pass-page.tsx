/**
 * The visitor's pass (`/p/<token>`, docs/product.md, "Visitor pass page"): what the shared WhatsApp message
 * opens. Plain HTML without JavaScript, in the resident page's frame: the QR Code to show at the gate (an SVG
 * drawn on the server), the PIN, where and when it is valid. The token is the QR's own signed token, so the
 * page shows nothing the visitor does not already hold.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { Layout } from "../../resident-link/page";

export type PassPageState =
  | {
      kind: "passe";
      nome: string;
      condominio: string;
      unidade: string;
      horario: string;
      pin: string;
      qrSvg: string;
      /** "Suspenso", "Revogado", "Expirado"; null while usable. */
      aviso: string | null;
    }
  | { kind: "invalido" };

export function renderPassPage(state: PassPageState): { status: number; html: string } {
  if (state.kind === "invalido") {
    const body = (
      <Layout title="Passe não encontrado">
        <h1>Passe não encontrado</h1>
        <p className="m">Confira o link recebido ou peça um novo passe ao morador.</p>
      </Layout>
    );
    return { status: 404, html: `<!doctype html>${renderToStaticMarkup(body)}` };
  }
  const body = (
    <Layout title={`Passe de ${state.nome}`} pessoal>
      <h1>{`Passe de ${state.nome}`}</h1>
      {state.aviso ? (
        <p>
          <strong>{state.aviso}</strong>: este passe não libera a entrada. Fale com o morador.
        </p>
      ) : (
        <p className="m">Na portaria, mostre o QR Code ou informe o PIN.</p>
      )}
      <img
        src={`data:image/svg+xml;base64,${Buffer.from(state.qrSvg).toString("base64")}`}
        alt={`QR Code do passe de ${state.nome}`}
        width={256}
        height={256}
        style={{
          display: "block",
          width: "100%",
          maxWidth: "16rem",
          height: "auto",
          margin: "0 auto 1rem",
          background: "#fff",
        }}
      />
      <dl>
        <div>
          <dt>PIN</dt>
          <dd
            style={{ fontSize: "2rem", fontWeight: 700, letterSpacing: ".2em", fontFamily: "ui-monospace, monospace" }}
          >
            {state.pin}
          </dd>
        </div>
        <div>
          <dt>Condomínio</dt>
          <dd>{`${state.condominio} · ${state.unidade}`}</dd>
        </div>
        <div>
          <dt>Quando</dt>
          <dd>{state.horario}</dd>
        </div>
      </dl>
    </Layout>
  );
  return { status: 200, html: `<!doctype html>${renderToStaticMarkup(body)}` };
}
