/**
 * The kiosk's voice (docs/product.md, "Totem"): replies read aloud with the browser's speech
 * synthesis, and the visitor's words heard with its speech recognition, in Brazilian Portuguese.
 * Both are optional browser features: where one is missing the kiosk works by text alone, so every
 * call here is guarded and never throws.
 */

const LANG = "pt-BR";

// ── Speaking ──────────────────────────────────────────────────────────────────────────────────

function synthesis(): SpeechSynthesis | null {
  return typeof window !== "undefined" && "speechSynthesis" in window ? window.speechSynthesis : null;
}

/** A Brazilian Portuguese voice, else any Portuguese one; null leaves the choice to the browser (with lang set). */
function portugueseVoice(synth: SpeechSynthesis): SpeechSynthesisVoice | null {
  const voices = synth.getVoices();
  const lang = (v: SpeechSynthesisVoice) => v.lang.replace("_", "-").toLowerCase();
  return voices.find((v) => lang(v) === "pt-br") ?? voices.find((v) => lang(v).startsWith("pt")) ?? null;
}

/** Reads a line aloud after the ones already queued. */
export function speak(text: string): void {
  const synth = synthesis();
  if (!synth || typeof SpeechSynthesisUtterance === "undefined" || !text.trim()) return;
  try {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = LANG;
    const voice = portugueseVoice(synth);
    if (voice) utterance.voice = voice;
    synth.speak(utterance);
  } catch {
    // A browser that lists the API but cannot speak: the line is on screen anyway.
  }
}

/** Silences what is being read and what is queued (a new visitor, or the visitor about to talk). */
export function stopSpeaking(): void {
  try {
    synthesis()?.cancel();
  } catch {
    // Nothing to silence.
  }
}

// ── Listening ─────────────────────────────────────────────────────────────────────────────────

/** The part of the Web Speech API's SpeechRecognition the kiosk uses (not in TypeScript's DOM types). */
export interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: { resultIndex: number; results: SpeechRecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}

type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === "undefined") return null;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export function recognitionSupported(): boolean {
  return recognitionConstructor() !== null;
}

/** A recogniser for one utterance in pt-BR, with the words shown while they are heard; null where unsupported. */
export function createRecognition(): Recognition | null {
  const Ctor = recognitionConstructor();
  if (!Ctor) return null;
  try {
    const recognition = new Ctor();
    recognition.lang = LANG;
    recognition.interimResults = true;
    recognition.continuous = false;
    recognition.maxAlternatives = 1;
    return recognition;
  } catch {
    return null;
  }
}

/** Everything heard so far, and whether the recogniser has settled on it. */
export function heardText(results: SpeechRecognitionResultList): { text: string; final: boolean } {
  let text = "";
  let final = results.length > 0;
  for (let i = 0; i < results.length; i++) {
    const result = results[i];
    if (!result) continue;
    text += result[0]?.transcript ?? "";
    if (!result.isFinal) final = false;
  }
  return { text: text.trim(), final };
}

/** What to tell the visitor when listening failed; null when nothing needs saying (the visitor stopped it). */
export function recognitionErrorMessage(error: string): { message: string; blocked: boolean } | null {
  switch (error) {
    case "aborted":
      return null;
    case "no-speech":
      return { message: "Não ouvi nada. Toque em Falar e fale de novo, ou escreva a sua mensagem.", blocked: false };
    case "not-allowed":
    case "service-not-allowed":
    case "audio-capture":
      return { message: "O microfone não está disponível neste totem. Escreva a sua mensagem.", blocked: true };
    case "network":
      return { message: "O reconhecimento de voz está sem conexão. Escreva a sua mensagem.", blocked: false };
    default:
      return { message: "Não consegui ouvir. Escreva a sua mensagem.", blocked: false };
  }
}
