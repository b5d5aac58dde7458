/**
 * npm run simulate -- --url <base> [--key <api key> | --demo] [--duration <seconds>] [--interval <seconds>]
 *
 * Plays the AI attendant, the PBX and the gate controller against a running Guarita
 * (scripts/simulator/simulator.ts), one line per step. Without --duration it runs until Ctrl+C.
 * Exits 0 when every step went as the API documents, 1 otherwise.
 */
import { parseArgs } from "node:util";
import { createSimulator } from "./simulator/simulator";

const say = (line: string) => process.stdout.write(`${line}\n`);
const complain = (line: string) => process.stderr.write(`${line}\n`);

const DEMO_LOGIN = { email: "sindico@demo.guarita.app", password: "demo1234" };

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    key: { type: "string" },
    demo: { type: "boolean", default: false },
    duration: { type: "string" },
    interval: { type: "string", default: "5" },
    help: { type: "boolean", default: false },
  },
});

if (values.help || (!values.key && !values.demo)) {
  say(
    "Uso: npm run simulate -- --url http://localhost:3000 (--demo | --key gk_…) [--duration 60] [--interval 5]\n" +
      "  --demo      entra como o síndico da demonstração e cria uma chave e um webhook para o simulador\n" +
      "  --key       usa uma chave de API com todas as permissões (o portão acompanha /api/v1/eventos)\n" +
      "  --duration  segundos de simulação (sem ele, até Ctrl+C)\n" +
      "  --interval  segundos entre visitantes (padrão 5)",
  );
  process.exit(values.help ? 0 : 1);
}

const durationS = values.duration === undefined ? null : Number(values.duration);
const intervalS = Number(values.interval);
if ((durationS !== null && !(durationS > 0)) || !(intervalS > 0)) {
  complain("--duration e --interval devem ser números positivos (segundos)");
  process.exit(1);
}

const simulator = createSimulator({
  baseUrl: values.url,
  auth: values.key ? { key: values.key } : { demo: DEMO_LOGIN },
  log: (line) => say(`${new Date().toLocaleTimeString("pt-BR")} ${line}`),
});

let stopping = false;
let failed = false;
const stop = () => {
  stopping = true;
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
if (durationS !== null) setTimeout(stop, durationS * 1000).unref();

try {
  await simulator.setup();
  const inFlight = new Set<Promise<unknown>>();
  while (!stopping) {
    const chain = simulator
      .runChain()
      .catch((error: unknown) => {
        failed = true;
        complain(`[erro] ${error instanceof Error ? error.message : error}`);
      })
      .finally(() => inFlight.delete(chain));
    inFlight.add(chain);
    const until = Date.now() + intervalS * 1000;
    while (!stopping && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  }
  say("[fim] terminando as chamadas em andamento…");
  await Promise.all(inFlight);
} catch (error) {
  failed = true;
  complain(`[erro] ${error instanceof Error ? error.message : error}`);
} finally {
  await simulator.teardown().catch((error: unknown) => {
    complain(`[erro] ao remover a chave do simulador: ${error instanceof Error ? error.message : error}`);
  });
}
process.exit(failed ? 1 : 0);
