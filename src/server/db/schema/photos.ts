/**
 * Photos of visitors and of people (docs/product.md, "Fotos"; docs/decisions/039-visitor-photos.md). A
 * row says what a photo belongs to (a request, a pass, an attendant's conversation, a registered
 * person), where it came from, and the
 * blob-store keys of its two renditions; the image itself is in the blob store, under a namespace of
 * its own (the row's id), so deleting a photo deletes exactly its blobs and a listing proves it.
 */
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { FOTO_ORIGENS, FOTO_STATUS } from "../../../shared/schemas/fotos";
import { passes } from "./access";
import { atendenteConversas } from "./attendant";
import { organization, user } from "./auth";
import { areasComuns } from "./bookings";
import { encomendas } from "./deliveries";
import { condominios, oneOf, pessoas, portoes, setNullOnly, solicitacoesAcesso } from "./domain";
import { apiKeys } from "./integrations";

const tz = { withTimezone: true, mode: "date" } as const;

export const fotos = pgTable(
  "fotos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    condominioId: uuid("condominio_id").notNull(),
    /** The request the visitor's photo is for (the detail, the resident's link, the access log). */
    solicitacaoId: uuid("solicitacao_id"),
    /** The pass whose holder it shows (the porteiro compares faces when the pass is used). */
    passeId: uuid("passe_id"),
    /** The attendant's conversation it was taken in (the kiosk); its request, once created, too. */
    conversaId: uuid("conversa_id").references(() => atendenteConversas.id, { onDelete: "set null" }),
    /**
     * The resident or employee it shows (their registry page): one per person, replaced by a new one,
     * never removed by the visitors' photo retention; it goes with the person (deleted or anonymised).
     */
    pessoaId: uuid("pessoa_id"),
    /** The package it shows (its label), one per package, replaced by a new one (docs/decisions/043-deliveries.md). */
    encomendaId: uuid("encomenda_id"),
    /** The common area it shows (docs/decisions/044-common-area-bookings.md), one per area, replaced by a new one. */
    areaId: uuid("area_id"),
    portaoId: uuid("portao_id"),
    origem: text("origem").notNull(),
    status: text("status").notNull().default("disponivel"),
    /** Why there is no image (pt-BR, about the camera, never personal data). */
    motivo: text("motivo"),
    /** Blob-store keys of the display image and the thumbnail (`<id>/<sha256>`); null without an image. */
    chave: text("chave"),
    chaveMiniatura: text("chave_miniatura"),
    /**
     * While `processando`: the upload as received (its EXIF included), kept in the blob store under
     * the photo's namespace until the renderer replaces it by the two renditions and deletes it
     * (docs/decisions/040-photos-rendered-in-background.md).
     */
    chaveOriginal: text("chave_original"),
    /** When a renderer last claimed it; a claim older than a few minutes is taken again. */
    renderEm: timestamp("render_em", tz),
    /** Claims so far: after a few the photo is given up as unreadable rather than retried forever. */
    renderTentativas: integer("render_tentativas").notNull().default(0),
    largura: integer("largura"),
    altura: integer("altura"),
    bytes: integer("bytes"),
    criadoPorUserId: text("criado_por_user_id").references(() => user.id, { onDelete: "set null" }),
    criadoPorApiKeyId: uuid("criado_por_api_key_id"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("fotos_origem_ck", oneOf("origem", FOTO_ORIGENS)),
    check("fotos_status_ck", oneOf("status", FOTO_STATUS)),
    // An available photo has both renditions; one without an image has neither.
    check(
      "fotos_chaves_ck",
      sql`(${t.status} = 'disponivel') = (${t.chave} IS NOT NULL AND ${t.chaveMiniatura} IS NOT NULL)`,
    ),
    // The original is kept exactly while the photo waits for its renditions.
    check("fotos_original_ck", sql`(${t.status} = 'processando') = (${t.chaveOriginal} IS NOT NULL)`),
    foreignKey({
      name: "fotos_condominio_fk",
      columns: [t.condominioId, t.organizationId],
      foreignColumns: [condominios.id, condominios.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "fotos_solicitacao_fk",
      columns: [t.solicitacaoId, t.organizationId],
      foreignColumns: [solicitacoesAcesso.id, solicitacoesAcesso.organizationId],
    }).onDelete(setNullOnly("solicitacao_id")),
    foreignKey({
      name: "fotos_passe_fk",
      columns: [t.passeId, t.organizationId],
      foreignColumns: [passes.id, passes.organizationId],
    }).onDelete(setNullOnly("passe_id")),
    // A person always has a condominium (pessoas.condominio_id is NOT NULL), so a person's photo
    // takes theirs: the reference goes through (id, condominio_id), which both keeps the photo in the
    // person's tenant and moves it with a person who changes condominium (ON UPDATE CASCADE), so the
    // data scope openFoto checks is always the person's. Deleting the person deletes the row, and
    // the trigger queues its blobs (docs/decisions/039-visitor-photos.md).
    foreignKey({
      name: "fotos_pessoa_fk",
      columns: [t.pessoaId, t.condominioId],
      foreignColumns: [pessoas.id, pessoas.condominioId],
    })
      .onDelete("cascade")
      .onUpdate("cascade"),
    // A person's photo belongs to them alone: no visit's retention or anonymisation reaches it.
    check(
      "fotos_pessoa_ck",
      sql`${t.pessoaId} IS NULL OR (${t.solicitacaoId} IS NULL AND ${t.passeId} IS NULL AND ${t.conversaId} IS NULL)`,
    ),
    foreignKey({
      name: "fotos_encomenda_fk",
      columns: [t.encomendaId, t.organizationId],
      foreignColumns: [encomendas.id, encomendas.organizationId],
    }).onDelete("cascade"),
    foreignKey({
      name: "fotos_area_fk",
      columns: [t.areaId, t.condominioId],
      foreignColumns: [areasComuns.id, areasComuns.condominioId],
    }).onDelete("cascade"),
    foreignKey({
      name: "fotos_portao_fk",
      columns: [t.portaoId, t.condominioId],
      foreignColumns: [portoes.id, portoes.condominioId],
    }).onDelete(setNullOnly("portao_id")),
    foreignKey({
      name: "fotos_criado_por_api_key_fk",
      columns: [t.criadoPorApiKeyId, t.organizationId],
      foreignColumns: [apiKeys.id, apiKeys.organizationId],
    }).onDelete(setNullOnly("criado_por_api_key_id")),
    index("fotos_solicitacao_idx").on(t.solicitacaoId, t.createdAt).where(sql`${t.solicitacaoId} IS NOT NULL`),
    index("fotos_passe_idx").on(t.passeId, t.createdAt).where(sql`${t.passeId} IS NOT NULL`),
    // One photo per person: a new one replaces the old in the same transaction.
    uniqueIndex("fotos_pessoa_uq").on(t.pessoaId).where(sql`${t.pessoaId} IS NOT NULL`),
    uniqueIndex("fotos_encomenda_uq").on(t.encomendaId).where(sql`${t.encomendaId} IS NOT NULL`),
    uniqueIndex("fotos_area_uq").on(t.areaId).where(sql`${t.areaId} IS NOT NULL`),
    index("fotos_conversa_idx").on(t.conversaId).where(sql`${t.conversaId} IS NOT NULL`),
    // The retention job: a condominium's photos, oldest first.
    index("fotos_retencao_idx").on(t.condominioId, t.createdAt),
    // The renderer's queue: only the photos waiting, oldest first.
    index("fotos_processando_idx").on(t.createdAt).where(sql`${t.status} = 'processando'`),
  ],
);

/**
 * Blobs whose photo rows are gone, waiting to be deleted from the store. A trigger fills it on every
 * DELETE of `fotos` (retention, a data subject's anonymisation, a condominium or tenant removed), in
 * the deleting transaction, so a blob is queued exactly when its row commits its removal; the purge
 * (modules/fotos) deletes each from the store, checks it is gone, and only then removes the entry.
 * A crash in between leaves the entry for the next purge: no photo outlives its row for long.
 */
export const blobsExcluidos = pgTable("blobs_excluidos", {
  chave: text("chave").primaryKey(),
  createdAt: timestamp("created_at", tz).notNull().defaultNow(),
});
