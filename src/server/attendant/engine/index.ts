/**
 * The attendant engine the server runs (docs/decisions/035): the embedded engine, wrapped by the
 * language-model engine when ATTENDANT_LLM_BASE_URL is set (src/server/env.ts), the embedded engine
 * then answering every turn the model cannot.
 */
import { createEmbeddedEngine } from "./embedded-engine";
import { createLlmEngine, type LlmEngineOptions } from "./llm-engine";
import type { AttendantEngine } from "./types";

export type { LlmFallbackReason } from "./llm-engine";

export interface AttendantEngineEnv {
  ATTENDANT_LLM_BASE_URL?: string | undefined;
  ATTENDANT_LLM_API_KEY?: string | undefined;
  ATTENDANT_LLM_MODEL?: string | undefined;
}

export type AttendantEngineOptions = Pick<LlmEngineOptions, "timeoutMs" | "fetch" | "onFallback">;

export async function createAttendantEngine(
  env: AttendantEngineEnv,
  options: AttendantEngineOptions = {},
): Promise<AttendantEngine> {
  const embedded = await createEmbeddedEngine();
  const baseURL = env.ATTENDANT_LLM_BASE_URL || undefined;
  if (!baseURL) return embedded;
  const model = env.ATTENDANT_LLM_MODEL?.trim();
  // loadEnv says so at start; this guards a caller that built the env by hand (the evaluation).
  if (!model) throw new Error("ATTENDANT_LLM_BASE_URL precisa de ATTENDANT_LLM_MODEL (o nome do modelo no provedor)");
  return createLlmEngine({
    ...options,
    baseURL,
    apiKey: env.ATTENDANT_LLM_API_KEY || null,
    model,
    fallback: embedded,
  });
}
