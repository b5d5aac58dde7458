/**
 * The embedded attendant engine: offline, deterministic, no database and no network. The intent
 * classifier trains once per process (intents.ts) and each directory is indexed once per object
 * (directory-index.ts), so a turn costs a few milliseconds.
 */
import { indexDirectory } from "./directory-index";
import { loadIntentModel } from "./intents";
import { serviceEvent, startTurn, visitorTurn } from "./policy";
import type { AttendantEngine } from "./types";
import { understand } from "./understand";

/** Resolves once the classifier is trained; every engine shares the same trained model. */
export async function createEmbeddedEngine(): Promise<AttendantEngine> {
  const model = await loadIntentModel();
  return {
    start: startTurn,
    async turn(state, text, directory) {
      const index = indexDirectory(directory);
      const facts = await understand(text, state.pergunta, index, model);
      return visitorTurn(state, facts, index);
    },
    onEvent(state, event, directory) {
      return serviceEvent(state, event, indexDirectory(directory));
    },
  };
}
