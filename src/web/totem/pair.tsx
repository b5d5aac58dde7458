/**
 * The pairing link (/totem/parear/<código>, docs/product.md, "Totem"), opened on the gate's tablet:
 * it trades the single-use code for the tablet's own credential (an httpOnly cookie the server sets)
 * and moves on to the kiosk. A link already used, expired or revoked says so, and what to do.
 */
import { CircleAlert, Link2Off } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { TotemDispositivo } from "@/shared/schemas/totens";
import { ApiError, errorMessage } from "@/web/lib/api";
import type { Route } from "./+types/pair";
import { kioskApi } from "./kiosk-api";
import { KioskButton, KioskFrame } from "./kiosk-ui";

export const meta: Route.MetaFunction = () => [
  { title: "Parear totem — Guarita" },
  { name: "robots", content: "noindex" },
];

/**
 * One request per code for the page's life: the code is single use, so a second POST (React's
 * development double effect, a remount) would be refused and hide the first one's success.
 */
const pairings = new Map<string, Promise<TotemDispositivo>>();

function pairOnce(codigo: string): Promise<TotemDispositivo> {
  let pairing = pairings.get(codigo);
  if (!pairing) {
    pairing = kioskApi.parear(codigo);
    pairings.set(codigo, pairing);
    // A failure may be tried again (the network); the answer is the server's each time.
    pairing.catch(() => pairings.delete(codigo));
  }
  return pairing;
}

type Estado =
  | { tipo: "pareando" }
  | { tipo: "pareado"; dispositivo: TotemDispositivo }
  | { tipo: "invalido"; message: string }
  | { tipo: "erro"; message: string };

export default function PairPage() {
  const { codigo = "" } = useParams();
  const navigate = useNavigate();
  const [estado, setEstado] = useState<Estado>({ tipo: "pareando" });
  const headingRef = useRef<HTMLHeadingElement>(null);

  const pair = useCallback(
    (isCurrent: () => boolean) => {
      setEstado({ tipo: "pareando" });
      pairOnce(codigo).then(
        (dispositivo) => {
          if (!isCurrent()) return;
          setEstado({ tipo: "pareado", dispositivo });
          // Replace: the code never stays in the tablet's history.
          navigate("/totem", { replace: true });
        },
        (error: unknown) => {
          if (!isCurrent()) return;
          // A 4xx is the answer (used, expired, revoked); anything else may pass with another try.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
            setEstado({ tipo: "invalido", message: error.message });
          else setEstado({ tipo: "erro", message: errorMessage(error) });
        },
      );
    },
    [codigo, navigate],
  );

  useEffect(() => {
    let current = true;
    pair(() => current);
    return () => {
      current = false;
    };
  }, [pair]);

  // A failure replaces the progress: read it first.
  useEffect(() => {
    if (estado.tipo === "invalido" || estado.tipo === "erro") headingRef.current?.focus();
  }, [estado.tipo]);

  return (
    <KioskFrame>
      <main className="flex flex-1 flex-col items-center justify-center gap-6 px-6 py-10 text-center">
        {(estado.tipo === "pareando" || estado.tipo === "pareado") && (
          <div role="status" className="grid justify-items-center gap-6">
            <span
              aria-hidden="true"
              className="size-16 animate-spin rounded-full border-8 border-neutral-300 border-t-blue-800 motion-reduce:animate-none"
            />
            <h1 className="font-bold text-3xl sm:text-5xl">
              {estado.tipo === "pareado" ? "Totem pareado" : "Pareando este tablet…"}
            </h1>
            <p className="max-w-xl text-xl sm:text-2xl">
              {estado.tipo === "pareado"
                ? `${estado.dispositivo.condominio_nome} · ${estado.dispositivo.portao_nome}. Abrindo o totem…`
                : "Aguarde um instante."}
            </p>
          </div>
        )}
        {estado.tipo === "invalido" && (
          <>
            <Link2Off aria-hidden="true" className="size-20 text-red-800" />
            <h1 ref={headingRef} tabIndex={-1} className="font-bold text-3xl outline-none sm:text-5xl">
              Não foi possível parear este tablet
            </h1>
            <p role="alert" className="max-w-2xl text-xl sm:text-2xl">
              {estado.message}
            </p>
            <p className="max-w-2xl rounded-xl border-2 border-neutral-900 bg-neutral-50 p-4 font-semibold text-xl sm:text-2xl">
              Peça um novo link no console, em Totens, e abra-o neste tablet.
            </p>
          </>
        )}
        {estado.tipo === "erro" && (
          <>
            <CircleAlert aria-hidden="true" className="size-20 text-red-800" />
            <h1 ref={headingRef} tabIndex={-1} className="font-bold text-3xl outline-none sm:text-5xl">
              Sem conexão com o servidor
            </h1>
            <p role="alert" className="max-w-2xl text-xl sm:text-2xl">
              {estado.message}
            </p>
            <KioskButton
              onClick={() => {
                pair(() => true);
              }}
            >
              Tentar novamente
            </KioskButton>
          </>
        )}
      </main>
    </KioskFrame>
  );
}
