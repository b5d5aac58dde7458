/**
 * Gate cameras' snapshots (docs/product.md, "Fotos" and "Portões"; docs/decisions/039-visitor-photos.md,
 * "Gate cameras"): when a request is created at a gate with an IP camera (the console, /api/v1, the
 * virtual attendant: every path records `solicitacao.criada`), Guarita fetches one snapshot and
 * attaches it as the request's photo with origem "camera"; when the camera gives none, the photo row
 * says why ("indisponivel" and the fetcher's pt-BR reason).
 *
 * It never slows the creation: it reacts to the committed event, in the background. Every instance
 * receives the event, so the capture is claimed in the database first: under the request's row lock,
 * the instance that finds no camera snapshot of the request inserts one ("indisponivel", "Buscando a
 * imagem da câmera…"); the others find it and do nothing. The winner fetches (3 s at most), stores
 * the image through the pipeline under the row's own namespace, and completes the row; a crash in
 * between leaves a row that the sweep marks as interrupted.
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { AuditActor } from "../../audit/audit";
import { recordAudit } from "../../audit/audit";
import { fetchSnapshot, type SnapshotResult } from "../../cameras/snapshot";
import type { Database } from "../../db/client";
import { fotos, portoes, solicitacoesAcesso } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { EventBus } from "../../realtime/event-bus";
import type { BlobStore } from "../../storage";
import { processImage } from "../../storage/images";
import { cameraImageProblem, savedCamera } from "../portoes/portoes.service";
import { dropBlobs } from "./blob-purge";
import { recordFotoEvent, type StoredRenditions, storeRenditions } from "./foto-render.service";
import { recordMissingPhoto } from "./fotos.service";

/** The claim's reason while the instance that won it fetches the picture. */
export const CAMERA_BUSCANDO = "Buscando a imagem da câmera…";
/** A claim left behind by an instance that stopped mid-fetch (a crash, a deploy). */
export const CAMERA_INTERROMPIDA = "A busca da imagem da câmera foi interrompida.";
/** The picture came but could not be kept (the store or the pipeline failed). */
export const CAMERA_NAO_GUARDADA = "A imagem da câmera chegou, mas não pôde ser guardada.";
/** A claim older than this is no longer being fetched (the fetch gives up after 3 s). */
const CLAIM_STALE_MS = 60_000;
const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Who adds a camera's photo in the audit trail: no person did. */
const CAMERA_ACTOR: AuditActor = { tipo: "sistema", id: null, nome: "Câmera do portão", ip: null };

export interface CameraCaptureDeps {
  db: Database;
  store: BlobStore;
  /** The server's secret: the cameras' passwords are sealed under it (auth/secret-box.ts). */
  secret: string;
  logger: Logger;
}

export type CaptureOutcome = "sem_camera" | "ja_capturada" | "disponivel" | "indisponivel" | "removida";

/** The request's gate camera, when it has one (one query for every created request, camera or not). */
async function gateCameraOf(db: Database, organizationId: string, solicitacaoId: string) {
  const [row] = await db
    .select({
      condominioId: solicitacoesAcesso.condominioId,
      portaoId: portoes.id,
      cameraUrl: portoes.cameraUrl,
      cameraUsuario: portoes.cameraUsuario,
      cameraSenhaCifrada: portoes.cameraSenhaCifrada,
    })
    .from(solicitacoesAcesso)
    .innerJoin(
      portoes,
      and(eq(portoes.id, solicitacoesAcesso.portaoId), eq(portoes.condominioId, solicitacoesAcesso.condominioId)),
    )
    .where(
      and(
        eq(solicitacoesAcesso.organizationId, organizationId),
        eq(solicitacoesAcesso.id, solicitacaoId),
        sql`${portoes.cameraUrl} IS NOT NULL`,
      ),
    );
  return row ?? null;
}

/**
 * The claim: under the request's row lock (so two instances take turns), the first to find no
 * snapshot of the gate camera for it inserts one, waiting. A camera's push (POST /api/v1/portoes/{id}/foto,
 * also origem "camera") carries its API key and is not a snapshot of ours. Returns the row's id, or
 * null when another instance had it.
 */
async function claim(
  db: Database,
  organizationId: string,
  solicitacaoId: string,
  gate: { condominioId: string; portaoId: string },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({ id: solicitacoesAcesso.id })
      .from(solicitacoesAcesso)
      .where(and(eq(solicitacoesAcesso.organizationId, organizationId), eq(solicitacoesAcesso.id, solicitacaoId)))
      .for("update");
    if (!request) return null;
    const [taken] = await tx
      .select({ id: fotos.id })
      .from(fotos)
      .where(
        and(
          eq(fotos.organizationId, organizationId),
          eq(fotos.solicitacaoId, solicitacaoId),
          eq(fotos.origem, "camera"),
          isNull(fotos.criadoPorApiKeyId),
          isNull(fotos.criadoPorUserId),
        ),
      )
      .limit(1);
    if (taken) return null;
    return recordMissingPhoto(tx, {
      organizationId,
      condominioId: gate.condominioId,
      solicitacaoId,
      portaoId: gate.portaoId,
      origem: "camera",
      status: "indisponivel",
      motivo: CAMERA_BUSCANDO,
    });
  });
}

/**
 * One capture for a created request: claim, fetch, store, complete. Safe to call on every instance
 * for the same request: one of them captures, the others return "ja_capturada".
 */
export async function captureSnapshot(
  deps: CameraCaptureDeps,
  organizationId: string,
  solicitacaoId: string,
  signal?: AbortSignal,
): Promise<CaptureOutcome> {
  const gate = await gateCameraOf(deps.db, organizationId, solicitacaoId);
  if (!gate) return "sem_camera";
  const fotoId = await claim(deps.db, organizationId, solicitacaoId, gate);
  if (!fotoId) return "ja_capturada";
  try {
    return await fetchAndStore(deps, organizationId, solicitacaoId, fotoId, gate, signal);
  } catch (error) {
    // The store or the pipeline failed (a bucket out of reach): the row says so rather than "Buscando…".
    await complete(deps, organizationId, solicitacaoId, fotoId, { motivo: CAMERA_NAO_GUARDADA }).catch(() => {});
    throw error;
  }
}

async function fetchAndStore(
  deps: CameraCaptureDeps,
  organizationId: string,
  solicitacaoId: string,
  fotoId: string,
  gate: NonNullable<Awaited<ReturnType<typeof gateCameraOf>>>,
  signal: AbortSignal | undefined,
): Promise<CaptureOutcome> {
  const camera = savedCamera(deps.secret, { id: gate.portaoId, ...gate });
  let snapshot: SnapshotResult;
  if (!camera) snapshot = { ok: false, codigo: "endereco", motivo: "O portão não tem mais câmera cadastrada.", ms: 0 };
  else if ("motivo" in camera) snapshot = { ok: false, codigo: "auth", motivo: camera.motivo, ms: 0 };
  // Only owners and síndicos save a camera's address (cadastros:editar): private addresses are theirs to allow.
  else snapshot = await fetchSnapshot(camera, { allowPrivate: true, signal });

  if (!snapshot.ok) return complete(deps, organizationId, solicitacaoId, fotoId, { motivo: snapshot.motivo });
  let image: Awaited<ReturnType<typeof processImage>>;
  try {
    image = await processImage(snapshot.bytes);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return complete(deps, organizationId, solicitacaoId, fotoId, { motivo: cameraImageProblem(error) });
  }
  // As an upload's (decision 039): both renditions under the photo's own namespace, its row's id.
  const stored = await storeRenditions(deps.store, image, fotoId);
  const keys = [stored.chave, stored.chaveMiniatura];
  try {
    const outcome = await complete(deps, organizationId, solicitacaoId, fotoId, stored);
    // The row went meanwhile (the request anonymised, the condominium removed): so do the blobs.
    if (outcome === "removida") await dropBlobs(deps.store, keys).catch(() => {});
    return outcome;
  } catch (error) {
    await dropBlobs(deps.store, keys).catch(() => {});
    throw error;
  }
}

type Completion = { motivo: string } | StoredRenditions;

/**
 * Completes the claimed row (with the image, or with why there is none) and tells the consoles that
 * show the request, in one transaction. Only a row still waiting is completed.
 */
async function complete(
  deps: CameraCaptureDeps,
  organizationId: string,
  solicitacaoId: string,
  fotoId: string,
  completion: Completion,
): Promise<CaptureOutcome> {
  const disponivel = !("motivo" in completion);
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(fotos)
      .set(disponivel ? { status: "disponivel", motivo: null, ...completion } : { motivo: completion.motivo })
      .where(
        and(
          eq(fotos.organizationId, organizationId),
          eq(fotos.id, fotoId),
          eq(fotos.status, "indisponivel"),
          eq(fotos.motivo, CAMERA_BUSCANDO),
        ),
      )
      .returning({ id: fotos.id });
    if (!updated) return "removida";
    if (disponivel) {
      await recordAudit(tx, organizationId, CAMERA_ACTOR, {
        acao: "criar",
        entidade: "foto",
        entidadeId: fotoId,
        resumo: "Câmera do portão: adicionou a imagem do visitante a uma solicitação",
        depois: { solicitacao_id: solicitacaoId, origem: "camera" },
      });
    }
    await recordFotoEvent(tx, organizationId, { solicitacaoId, passeId: null });
    return disponivel ? "disponivel" : "indisponivel";
  });
}

/** Claims whose instance stopped mid-fetch: they say so instead of "Buscando…" forever. */
export async function sweepInterruptedCaptures(db: Database, now = new Date()): Promise<number> {
  const rows = await db
    .update(fotos)
    .set({ motivo: CAMERA_INTERROMPIDA })
    .where(
      and(
        eq(fotos.origem, "camera"),
        eq(fotos.status, "indisponivel"),
        eq(fotos.motivo, CAMERA_BUSCANDO),
        lt(fotos.createdAt, new Date(now.getTime() - CLAIM_STALE_MS)),
      ),
    )
    .returning({ id: fotos.id });
  return rows.length;
}

export interface CameraCapture {
  /** Resolves once every capture started so far has ended (tests; shutdown). */
  settled(): Promise<void>;
  /** Stops listening, cancels the fetches under way (their rows say so) and waits for them. */
  stop(): Promise<void>;
}

/**
 * Follows `solicitacao.criada` on this instance's event bus and captures in the background; the
 * creation's response never waits for a camera. Events missed while LISTEN is down are not
 * replayed: a snapshot taken minutes late would show whoever is at the gate then, not the visitor.
 */
export async function startCameraCapture(deps: CameraCaptureDeps & { bus: EventBus }): Promise<CameraCapture> {
  const log = deps.logger.child({ component: "cameras" });
  const inFlight = new Set<Promise<unknown>>();
  const controller = new AbortController();
  let stopped = false;

  function track(work: Promise<unknown>) {
    const run = work.finally(() => inFlight.delete(run));
    inFlight.add(run);
  }

  const unsubscribe = await deps.bus.subscribeAll((organizationId, event) => {
    if (stopped || event.type !== "solicitacao.criada" || !event.solicitacao_id) return;
    const solicitacaoId = event.solicitacao_id;
    track(
      captureSnapshot(deps, organizationId, solicitacaoId, controller.signal).catch((error) => {
        log.error({ err: error, solicitacaoId }, "falha ao buscar a imagem da câmera do portão");
      }),
    );
  });

  const sweep = () =>
    track(
      sweepInterruptedCaptures(deps.db)
        .then((n) => n > 0 && log.info({ interrompidas: n }, "câmeras: buscas interrompidas marcadas"))
        .catch((error) => log.error({ err: error }, "falha ao marcar buscas de câmera interrompidas")),
    );
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();

  const settled = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
  return {
    settled,
    async stop() {
      if (stopped) return settled();
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      controller.abort();
      await settled();
    },
  };
}
