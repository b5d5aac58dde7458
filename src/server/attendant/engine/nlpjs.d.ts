// NLP.js v4 ships no types; these cover the part the attendant's intent classifier uses (intents.ts).
declare module "@nlpjs/core" {
  export interface Container {
    use(plugin: unknown): void;
    register(name: string, item: unknown, isSingleton?: boolean): void;
    get<T = unknown>(name: string): T;
  }
  export function containerBootstrap(settings?: Record<string, unknown>): Container;
}

declare module "@nlpjs/nlp" {
  export interface NlpResult {
    intent: string;
    score: number;
  }
  export class Nlp {
    settings: Record<string, unknown>;
    nluManager: { settings: Record<string, unknown> };
    addLanguage(locale: string): void;
    addDocument(locale: string, utterance: string, intent: string): void;
    train(): Promise<unknown>;
    process(locale: string, utterance: string): Promise<NlpResult>;
  }
}

declare module "@nlpjs/lang-pt" {
  export const LangPt: unknown;
}
