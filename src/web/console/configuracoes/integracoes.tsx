/**
 * Configurações → Integrações (docs/decisions/019-api-keys.md and 020-webhooks.md): the
 * API keys with which the PBX, the virtual attendant and the gate controller call /api/v1, and the
 * webhooks through which Guarita tells them what happened. Owner and síndicos
 * (`integracoes:gerenciar`, the same roles the layout already checked).
 */
import { ExternalLink } from "lucide-react";
import { consoleTitle } from "@/web/console/placeholder-page";
import type { Route } from "./+types/integracoes";
import { ChavesCard } from "./chaves-lista";
import { WebhooksCard } from "./webhooks-lista";

export const meta: Route.MetaFunction = () => consoleTitle("Integrações");

export default function IntegracoesPage() {
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="integracoes-intro" className="grid gap-2 text-sm">
        <h2 id="integracoes-intro" className="font-semibold text-lg">
          API de integração
        </h2>
        <p className="max-w-3xl text-muted-foreground">
          As chaves de API deixam os sistemas da portaria — o PABX, o atendente virtual, o controlador de portão —
          consultar e registrar solicitações e chamadas sem o login de uma pessoa. Cada sistema envia a sua chave no
          cabeçalho{" "}
          <code className="break-all rounded bg-muted px-1 py-0.5 font-mono text-foreground text-xs">
            Authorization: Bearer &lt;chave&gt;
          </code>
          . Crie uma chave por sistema, só com as permissões de que ele precisa, e revogue-a quando ele sair de uso.
        </p>
        <p>
          <a
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            Referência da API
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(abre em nova aba)</span>
          </a>
        </p>
      </section>
      <ChavesCard />
      <WebhooksCard />
    </div>
  );
}
