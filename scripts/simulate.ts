/**
 * npm run simulate -- --url <base> [--key <api key> | --demo] [--duration <seconds>] [--interval <seconds>]
 *                      [--voz [--token <TWILIO_AUTH_TOKEN>]]
 *
 * Plays the AI attendant, the PBX and the gate controller against a running Guarita
 * (scripts/simulator/simulator.ts), one line per step. Without --duration it runs until Ctrl+C.
 * With --voz the visitors call the gates' phone lines instead, as Twilio would bring their calls
 * (scripts/simulator/twilio-line.ts): the server must run with the same TWILIO_AUTH_TOKEN (--token,
 * default the environment's) and --url must be its PUBLIC_URL, which the signature covers.
 * A refused or failed visitor is reported and counted, and the run goes on. Exits 0 when some
 * visitor got through, 1 when none did or the server could not be reached.
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
    voz: { type: "boolean", default: false },
    token: { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (values.help || (!values.key && !values.demo)) {
  say(
    "Uso: npm run simulate -- --url http://localhost:3000 (--demo | --key gk_…) [--duration 60] [--interval 5] [--voz]\n" +
      "  --demo      entra como o síndico da demonstração e cria uma chave e um webhook para o simulador\n" +
      "  --key       usa uma chave de API com todas as permissões (o portão acompanha /api/v1/eventos)\n" +
      "  --duration  segundos de simulação (sem ele, até Ctrl+C)\n" +
      "  --interval  segundos entre visitantes (padrão 5)\n" +
      "  --voz       os visitantes ligam para a linha telefônica do portão (webhooks TwiML assinados como a Twilio);\n" +
      "              o servidor precisa do mesmo TWILIO_AUTH_TOKEN e --url deve ser o seu PUBLIC_URL\n" +
      "  --token     o TWILIO_AUTH_TOKEN do servidor (padrão: a variável de ambiente TWILIO_AUTH_TOKEN)",
  );
  process.exit(values.help ? 0 : 1);
}

const durationS = values.duration === undefined ? null : Number(values.duration);
const intervalS = Number(values.interval);
if ((durationS !== null && !(durationS > 0)) || !(intervalS > 0)) {
  complain("--duration e --interval devem ser números positivos (segundos)");
  process.exit(1);
}
const twilioToken = values.token ?? process.env.TWILIO_AUTH_TOKEN;
if (values.voz && !twilioToken) {
  complain("--voz precisa do TWILIO_AUTH_TOKEN do servidor: use --token ou a variável de ambiente TWILIO_AUTH_TOKEN");
  process.exit(1);
}

const simulator = createSimulator({
  baseUrl: values.url,
  auth: values.key ? { key: values.key } : { demo: DEMO_LOGIN },
  ...(values.voz && twilioToken ? { voz: { token: twilioToken } } : {}),
  log: (line) => say(`${new Date().toLocaleTimeString("pt-BR")} ${line}`),
  error: (line) => complain(`${new Date().toLocaleTimeString("pt-BR")} ${line}`),
});

const stop = new AbortController();
process.on("SIGINT", () => stop.abort());
process.on("SIGTERM", () => stop.abort());
if (durationS !== null) setTimeout(() => stop.abort(), durationS * 1000).unref();

const summary = await simulator.run({ intervalMs: intervalS * 1000, signal: stop.signal });
process.exit(summary.exitCode);
