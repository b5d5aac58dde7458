/**
 * The frame every message shares: brand header, a white card, a footer. Mail clients drop <style>
 * blocks and external CSS and Outlook lays out only tables, so the markup is table-based and every
 * style is inline. The text part gets the same frame from `textLayout`.
 */
import type { ReactNode } from "react";
import { COMPANY } from "../../../shared/company";

const BRAND = "#1d4ed8";
const INK = "#0f172a";
const MUTED = "#475569";
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const FOOTER_TEXT = `${COMPANY.name} · ${COMPANY.tagline}`;

export function MailLayout(props: { title: string; preview: string; children: ReactNode }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{props.title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: "#f1f5f9", fontFamily: FONT, color: INK }}>
        {/* The inbox list shows this line after the subject; the reader of the message never sees it. */}
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden", opacity: 0 }}>{props.preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: "#f1f5f9" }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "32px 16px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: "560px", borderCollapse: "collapse" }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: "0 0 16px 0", fontSize: "22px", fontWeight: 700, color: BRAND }}>
                        {COMPANY.name}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          backgroundColor: "#ffffff",
                          borderRadius: "8px",
                          padding: "32px",
                          fontSize: "16px",
                          lineHeight: "24px",
                        }}
                      >
                        {props.children}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "16px 0 0 0", fontSize: "12px", lineHeight: "18px", color: MUTED }}>
                        {FOOTER_TEXT}
                        <br />
                        Este é um e-mail automático; respostas a ele não são lidas.
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function Heading(props: { children: ReactNode }) {
  return <h1 style={{ margin: "0 0 16px 0", fontSize: "20px", lineHeight: "28px", color: INK }}>{props.children}</h1>;
}

export function Paragraph(props: { children: ReactNode; muted?: boolean }) {
  return (
    <p style={{ margin: "0 0 16px 0", color: props.muted ? MUTED : INK, fontSize: props.muted ? "14px" : "16px" }}>
      {props.children}
    </p>
  );
}

/** The call to action, plus the address in full for clients that block buttons or images. */
export function ActionButton(props: { href: string; children: ReactNode }) {
  return (
    <>
      <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "8px 0 24px 0" }}>
        <tbody>
          <tr>
            <td style={{ backgroundColor: BRAND, borderRadius: "6px" }}>
              <a
                href={props.href}
                style={{
                  display: "inline-block",
                  padding: "12px 24px",
                  color: "#ffffff",
                  fontWeight: 600,
                  textDecoration: "none",
                }}
              >
                {props.children}
              </a>
            </td>
          </tr>
        </tbody>
      </table>
      <p style={{ margin: "0 0 16px 0", fontSize: "14px", color: MUTED }}>
        Se o botão não funcionar, copie e cole este endereço no navegador:
        <br />
        <a href={props.href} style={{ color: BRAND, wordBreak: "break-all" }}>
          {props.href}
        </a>
      </p>
    </>
  );
}

/** The plain-text part: the same content, the action link written out, the same footer. */
export function textLayout(lines: string[]): string {
  return [...lines, "", "—", FOOTER_TEXT, "Este é um e-mail automático; respostas a ele não são lidas.", ""].join("\n");
}
