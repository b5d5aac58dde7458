import { useQuery } from "@tanstack/react-query";
import {
  CircleAlert,
  CircleCheck,
  DoorOpen,
  Download,
  FileSpreadsheet,
  Info,
  RotateCcw,
  Upload,
  Users,
} from "lucide-react";
import { type ChangeEvent, type Ref, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { formatPhone } from "@/shared/phone";
import {
  IMPORTACAO_CAMPOS,
  IMPORTACAO_COLUNAS,
  IMPORTACAO_MAX_BYTES,
  IMPORTACAO_MAX_LINHAS,
  type ImportacaoLinha,
  type ImportacaoPrevia,
  type ImportacaoResultado,
} from "@/shared/schemas/importacao";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { useCondominioParam } from "@/web/components/registry";
import { RequirePermission } from "@/web/components/require-permission";
import { SectionCard } from "@/web/components/section-card";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Badge } from "@/web/components/ui/badge";
import { Button, buttonVariants } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { LoadingState, Spinner } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import { ApiError } from "@/web/lib/api";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { condominioOptions } from "@/web/lib/lookups.queries";
import { toast } from "@/web/lib/toast";
import { useIsMobile } from "@/web/lib/use-mobile";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/importacao";
import { MODELO_CSV_URL, MODELO_XLSX_URL, useImportar, usePreviaImportacao } from "./importacao.queries";

const TITLE = CONSOLE_SCREENS.importacao.list;
export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

const number = new Intl.NumberFormat("pt-BR");
/** Rows drawn at a time: a 5,000-row preview stays quick to scroll. */
const PAGE = 100;
const TOO_LARGE = `Arquivo grande demais (máximo de ${IMPORTACAO_MAX_BYTES / (1024 * 1024)} MB).`;
const ACCEPT = ".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv";

/** "Importar planilha" (docs/product.md, "Importar planilha"): owners and síndicos only. */
export default function ImportacaoPage() {
  return (
    <RequirePermission permission="cadastros:editar">
      <Importacao />
    </RequirePermission>
  );
}

function plural(n: number, one: string, many: string) {
  return `${number.format(n)} ${n === 1 ? one : many}`;
}

function Importacao() {
  const fromList = useCondominioParam();
  const condominios = useQuery(condominioOptions());
  const choices = (condominios.data ?? []).filter((c) => c.enabled || c.id === fromList);
  const [chosen, setChosen] = useState<string | undefined>(fromList);
  // One condominium: nothing to choose.
  const condominioId = chosen ?? (choices.length === 1 ? choices[0]!.id : undefined);
  const condominioNome = choices.find((c) => c.id === condominioId)?.nome;

  const [arquivo, setArquivo] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [resultado, setResultado] = useState<ImportacaoResultado | null>(null);
  const previa = usePreviaImportacao();
  const importar = useImportar();
  const fileId = useId();
  const resultRef = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  const preview = (file: File, condominio: string) => {
    importar.reset();
    previa.mutate({ condominioId: condominio, arquivo: file });
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // Cleared at once, so choosing the same file again (after fixing it) reads it again.
    event.target.value = "";
    if (!file) return;
    setResultado(null);
    previa.reset();
    setArquivo(file);
    const name = file.name.toLowerCase();
    if (!name.endsWith(".csv") && !name.endsWith(".xlsx")) {
      setFileError("Envie a planilha em .xlsx ou .csv.");
      return;
    }
    if (file.size > IMPORTACAO_MAX_BYTES) {
      setFileError(TOO_LARGE);
      return;
    }
    setFileError(null);
    if (condominioId) preview(file, condominioId);
  };

  const onCondominio = (id: string) => {
    setChosen(id);
    setResultado(null);
    previa.reset();
    if (arquivo && !fileError) preview(arquivo, id);
  };

  const confirm = () => {
    if (!arquivo || !condominioId) return;
    importar.mutate(
      { condominioId, arquivo },
      {
        onSuccess: (r) => {
          setResultado(r);
          previa.reset();
          setArquivo(null);
          toast.success("Planilha importada!");
        },
        onError: (error) => {
          // The condominium's records changed since the preview: show the rows as they are now.
          if (error instanceof ApiError && error.status === 400 && error.fields.length > 0)
            preview(arquivo, condominioId);
        },
      },
    );
  };

  const restart = () => {
    setResultado(null);
    setArquivo(null);
    setFileError(null);
    previa.reset();
    importar.reset();
  };

  // A new preview or the finished import takes the focus, so it is what a screen reader reads next.
  useEffect(() => {
    if (previa.data) resultRef.current?.focus();
  }, [previa.data]);
  useEffect(() => {
    if (resultado) doneRef.current?.focus();
  }, [resultado]);

  const hintId = `${fileId}-hint`;
  const errorId = `${fileId}-error`;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader
        title={TITLE}
        description="Cadastre de uma vez as unidades e os moradores de um condomínio a partir de uma planilha (.xlsx ou .csv)."
      />

      {resultado ? (
        <Concluida resultado={resultado} condominioNome={condominioNome} headingRef={doneRef} onRestart={restart} />
      ) : (
        <>
          <SectionCard
            icon={FileSpreadsheet}
            title="1. Baixe o modelo"
            description="Uma linha por morador; repita a unidade para cada morador. Para cadastrar só a unidade, deixe as colunas do morador vazias."
          >
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <a href={MODELO_XLSX_URL} download>
                  <Download aria-hidden="true" />
                  Baixar modelo (.xlsx)
                </a>
              </Button>
              <Button asChild variant="outline">
                <a href={MODELO_CSV_URL} download>
                  <Download aria-hidden="true" />
                  Baixar modelo (.csv)
                </a>
              </Button>
            </div>
            <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              {IMPORTACAO_CAMPOS.map((campo) => (
                <div key={campo} className="min-w-0">
                  <dt className="font-medium">{IMPORTACAO_COLUNAS[campo].titulo}</dt>
                  <dd className="text-muted-foreground">{IMPORTACAO_COLUNAS[campo].ajuda}</dd>
                </div>
              ))}
            </dl>
          </SectionCard>

          <SectionCard
            icon={Upload}
            title="2. Envie a planilha"
            description="Nada é gravado até você confirmar a importação."
            contentClassName="grid gap-4 md:grid-cols-2"
          >
            <div className="grid min-w-0 content-start gap-2">
              <Label htmlFor="importacao-condominio">
                Condomínio
                <span aria-hidden="true" className="text-destructive">
                  *
                </span>
              </Label>
              <Select value={condominioId ?? ""} onValueChange={onCondominio} disabled={condominios.isPending}>
                <SelectTrigger id="importacao-condominio" aria-required="true" className="w-full">
                  <SelectValue
                    placeholder={
                      condominios.isPending
                        ? "Carregando condomínios..."
                        : choices.length === 0
                          ? "Nenhum condomínio cadastrado"
                          : "Selecione um condomínio"
                    }
                  />
                </SelectTrigger>
                <SelectContent>
                  {choices.map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.nome}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {condominios.isError && (
                <p className="text-destructive text-sm">Não foi possível carregar os condomínios.</p>
              )}
            </div>
            <div className="grid min-w-0 content-start gap-2">
              <Label htmlFor={fileId} id={`${fileId}-label`}>
                Planilha (.xlsx ou .csv)
                <span aria-hidden="true" className="text-destructive">
                  *
                </span>
              </Label>
              {/*
                The native input, out of sight but focusable, named by the field's label; the visible
                "Escolher arquivo" is its second label, in pt-BR whatever the browser's language.
              */}
              <div className="flex min-w-0 items-center gap-3">
                <input
                  id={fileId}
                  type="file"
                  className="peer sr-only"
                  accept={ACCEPT}
                  onChange={onFile}
                  aria-labelledby={`${fileId}-label`}
                  required
                  aria-invalid={fileError ? true : undefined}
                  aria-describedby={[fileError ? errorId : null, hintId].filter(Boolean).join(" ")}
                  disabled={previa.isPending || importar.isPending}
                />
                <label
                  htmlFor={fileId}
                  className={cn(
                    buttonVariants({ variant: "outline" }),
                    "shrink-0 cursor-pointer peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:pointer-events-none peer-disabled:opacity-50",
                  )}
                >
                  <Upload aria-hidden="true" />
                  Escolher arquivo
                </label>
                <span className="min-w-0 truncate text-sm" title={arquivo?.name}>
                  {arquivo ? arquivo.name : <span className="text-muted-foreground">Nenhum arquivo escolhido</span>}
                </span>
              </div>
              <p id={hintId} className="text-muted-foreground text-xs">
                Até 2 MB e {number.format(IMPORTACAO_MAX_LINHAS)} linhas. CSV com separador ; ou ,.
                {arquivo && !condominioId && " Selecione o condomínio para ver a prévia."}
              </p>
              {fileError && (
                <p id={errorId} className="text-destructive text-sm">
                  {fileError}
                </p>
              )}
            </div>
          </SectionCard>

          {previa.isPending && <LoadingState message="Lendo a planilha..." />}
          {previa.isError && (
            <ErrorState
              title="Não foi possível ler a planilha."
              error={previa.error}
              onRetry={arquivo && condominioId ? () => preview(arquivo, condominioId) : undefined}
            />
          )}
          {previa.data && (
            <Previa
              // A new preview starts over: all rows, the first page.
              key={previa.submittedAt}
              previa={previa.data}
              headingRef={resultRef}
              importing={importar.isPending}
              importError={importar.isError ? importar.error : null}
              onConfirm={confirm}
            />
          )}
        </>
      )}
    </div>
  );
}

function Totais({ previa }: { previa: ImportacaoPrevia }) {
  const t = previa.totais;
  const items: [string, number, boolean?][] = [
    ["Linhas", t.linhas],
    ["Linhas com erro", t.linhas_com_erro, t.linhas_com_erro > 0],
    ["Unidades a criar", t.unidades_criar],
    ["Pessoas a criar", t.pessoas_criar],
    ["Vínculos a criar", t.vinculos_criar],
    ["Já cadastrados", t.unidades_existentes + t.pessoas_existentes + t.vinculos_existentes],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="importacao-totais">
      {items.map(([label, value, bad]) => (
        <div key={label} className={cn("rounded-lg border p-3", bad && "border-destructive/50")}>
          <dt className="text-muted-foreground text-xs">{label}</dt>
          <dd className={cn("font-semibold text-2xl tabular-nums", bad && "text-destructive")}>
            {number.format(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const ACAO_UNIDADE = { criar: "Nova unidade", existente: "Unidade existente" } as const;
const ACAO_PESSOA = { criar: "Nova pessoa", existente: "Pessoa existente" } as const;
const ACAO_VINCULO = { criar: "Novo morador da unidade", existente: "Já é morador" } as const;

function acoes(l: ImportacaoLinha): string[] {
  return [
    l.unidade_acao && ACAO_UNIDADE[l.unidade_acao],
    l.pessoa_acao && ACAO_PESSOA[l.pessoa_acao],
    l.vinculo_acao && ACAO_VINCULO[l.vinculo_acao],
  ].filter((a): a is (typeof ACAO_UNIDADE)[keyof typeof ACAO_UNIDADE] => !!a);
}

function unidadeText(l: ImportacaoLinha) {
  const unidade = l.unidade ? `Unidade ${l.unidade}` : "Sem unidade";
  return l.torre ? `${l.torre} - ${unidade}` : unidade;
}

function Mensagens({ linha }: { linha: ImportacaoLinha }) {
  if (linha.erros.length === 0 && linha.avisos.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm">
      {linha.erros.map((e) => (
        <li key={`${e.campo}-${e.mensagem}`} className="flex gap-1.5 text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="sr-only">Erro: </span>
            {e.mensagem}
          </span>
        </li>
      ))}
      {linha.avisos.map((a) => (
        <li key={a} className="flex gap-1.5 text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{a}</span>
        </li>
      ))}
    </ul>
  );
}

function Morador({ linha }: { linha: ImportacaoLinha }) {
  if (!linha.nome && !linha.documento && !linha.telefone && !linha.email) {
    return <span className="text-muted-foreground">Sem morador</span>;
  }
  const details = [
    linha.documento && `CPF ${linha.documento}`,
    linha.telefone && (formatPhone(linha.telefone) ?? linha.telefone),
    linha.email,
  ].filter(Boolean);
  return (
    <div className="min-w-0">
      <p className="break-words font-medium">
        {linha.nome ?? "-"}
        {linha.responsavel && (
          <Badge variant="secondary" className="ml-2 align-middle">
            Responsável
          </Badge>
        )}
      </p>
      {details.length > 0 && <p className="break-words text-muted-foreground text-xs">{details.join(" · ")}</p>}
    </div>
  );
}

function Status({ linha }: { linha: ImportacaoLinha }) {
  return linha.erros.length > 0 ? (
    <Badge variant="destructive">Com erro</Badge>
  ) : (
    <Badge variant="outline">
      <CircleCheck aria-hidden="true" />
      OK
    </Badge>
  );
}

function Linhas({ linhas, labelId }: { linhas: ImportacaoLinha[]; labelId: string }) {
  const isMobile = useIsMobile();
  if (isMobile) {
    // On a phone each row is a card (docs/product.md, "Importar planilha": 360 px usable).
    return (
      <ol className="grid gap-3" aria-labelledby={labelId}>
        {linhas.map((l) => (
          <li
            key={l.linha}
            data-linha={l.linha}
            className={cn(
              "min-w-0 rounded-lg border p-3",
              l.erros.length > 0 && "border-destructive/60 bg-destructive/5",
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-semibold text-sm">Linha {l.linha}</h3>
              <Status linha={l} />
            </div>
            <p className="mt-1 break-words text-sm">
              {unidadeText(l)}
              {l.ramal && <span className="text-muted-foreground"> · Ramal {l.ramal}</span>}
            </p>
            <div className="mt-1 text-sm">
              <Morador linha={l} />
            </div>
            {acoes(l).length > 0 && <p className="mt-1 text-muted-foreground text-xs">{acoes(l).join(" · ")}</p>}
            <div className="mt-2">
              <Mensagens linha={l} />
            </div>
          </li>
        ))}
      </ol>
    );
  }
  return (
    // A focusable, named region: the table may scroll sideways, and the keyboard can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="overflow-x-auto rounded-md border" aria-labelledby={labelId} tabIndex={0}>
      <table className="w-full min-w-[48rem] text-sm">
        <thead className="border-b bg-muted/40 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Linha
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Unidade
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Morador
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              O que será feito
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Erros e avisos
            </th>
          </tr>
        </thead>
        <tbody>
          {linhas.map((l) => (
            <tr
              key={l.linha}
              data-linha={l.linha}
              className={cn("border-b align-top last:border-0", l.erros.length > 0 && "bg-destructive/5")}
            >
              <th scope="row" className="px-3 py-2 text-left font-medium">
                <span className="flex flex-col items-start gap-1">
                  {l.linha}
                  <Status linha={l} />
                </span>
              </th>
              <td className="px-3 py-2">
                <p className="break-words">{unidadeText(l)}</p>
                {l.ramal && <p className="text-muted-foreground text-xs">Ramal {l.ramal}</p>}
              </td>
              <td className="max-w-64 px-3 py-2">
                <Morador linha={l} />
              </td>
              <td className="px-3 py-2 text-muted-foreground">{acoes(l).length > 0 ? acoes(l).join(" · ") : "-"}</td>
              <td className="max-w-80 px-3 py-2">
                <Mensagens linha={l} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Previa({
  previa,
  headingRef,
  importing,
  importError,
  onConfirm,
}: {
  previa: ImportacaoPrevia;
  headingRef: Ref<HTMLHeadingElement>;
  importing: boolean;
  importError: unknown;
  onConfirm: () => void;
}) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const t = previa.totais;
  const withErrors = previa.linhas.filter((l) => l.erros.length > 0);
  const rows = onlyErrors ? withErrors : previa.linhas;
  const nothingNew = t.unidades_criar + t.pessoas_criar + t.vinculos_criar === 0;
  const blocked = t.linhas_com_erro > 0 || nothingNew;
  const reasonId = useId();
  const labelId = useId();

  return (
    <section aria-labelledby="importacao-previa" className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="space-y-1">
        <h2 id="importacao-previa" ref={headingRef} tabIndex={-1} className="font-semibold text-lg outline-none">
          3. Confira a prévia
        </h2>
        <p className="text-muted-foreground text-sm">
          {previa.formato === "xlsx" ? "Planilha XLSX" : "Arquivo CSV"} com {plural(t.linhas, "linha", "linhas")}.
          Unidades e pessoas já cadastradas são usadas sem alterações.
        </p>
      </div>

      <Totais previa={previa} />

      {previa.colunas_ignoradas.length > 0 && (
        <Alert>
          <Info aria-hidden="true" />
          <AlertTitle className="line-clamp-none">Colunas ignoradas</AlertTitle>
          <AlertDescription>
            A importação não usa estas colunas: {previa.colunas_ignoradas.join(", ")}.
          </AlertDescription>
        </Alert>
      )}

      {t.linhas_com_erro > 0 && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle className="line-clamp-none">
            {t.linhas_com_erro === 1 ? "1 linha com erro" : `${number.format(t.linhas_com_erro)} linhas com erro`}
          </AlertTitle>
          <AlertDescription>
            Corrija na planilha e envie o arquivo de novo. Nada será importado enquanto houver erros.
          </AlertDescription>
        </Alert>
      )}

      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={labelId} className="font-medium">
          Linhas da planilha
        </h3>
        {withErrors.length > 0 && (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Mostrar</legend>
            <Button
              type="button"
              size="sm"
              variant={onlyErrors ? "outline" : "secondary"}
              aria-pressed={!onlyErrors}
              onClick={() => {
                setOnlyErrors(false);
                setShown(PAGE);
              }}
            >
              Todas ({number.format(previa.linhas.length)})
            </Button>
            <Button
              type="button"
              size="sm"
              variant={onlyErrors ? "secondary" : "outline"}
              aria-pressed={onlyErrors}
              onClick={() => {
                setOnlyErrors(true);
                setShown(PAGE);
              }}
            >
              Só com erro ({number.format(withErrors.length)})
            </Button>
          </fieldset>
        )}
      </div>

      <Linhas linhas={rows.slice(0, shown)} labelId={labelId} />
      {rows.length > shown && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-muted-foreground text-sm">
          <p>
            Mostrando {number.format(shown)} de {number.format(rows.length)} linhas.
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => setShown((n) => n + PAGE)}>
            Mostrar mais linhas
          </Button>
        </div>
      )}

      {importError !== null && <ErrorState title="A importação não foi feita. Nada foi gravado." error={importError} />}

      <div className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p id={reasonId} className="text-muted-foreground text-sm">
          {t.linhas_com_erro > 0
            ? "Corrija as linhas com erro para poder confirmar."
            : nothingNew
              ? "Tudo nesta planilha já está cadastrado: não há o que importar."
              : `Serão criados ${plural(t.unidades_criar, "unidade", "unidades")}, ${plural(t.pessoas_criar, "pessoa", "pessoas")} e ${plural(t.vinculos_criar, "vínculo de morador", "vínculos de moradores")}.`}
        </p>
        <Button type="button" onClick={onConfirm} disabled={blocked || importing} aria-describedby={reasonId}>
          {importing ? <Spinner /> : <CircleCheck aria-hidden="true" />}
          Confirmar importação
        </Button>
      </div>
    </section>
  );
}

function Concluida({
  resultado,
  condominioNome,
  headingRef,
  onRestart,
}: {
  resultado: ImportacaoResultado;
  condominioNome: string | undefined;
  headingRef: Ref<HTMLHeadingElement>;
  onRestart: () => void;
}) {
  const filter = `?condominio_id=${resultado.condominio_id}`;
  return (
    <section
      aria-labelledby="importacao-concluida"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
      data-testid="importacao-concluida"
    >
      <div className="flex items-start gap-3">
        <CircleCheck className="mt-1 size-6 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
        <div className="space-y-1">
          <h2 id="importacao-concluida" ref={headingRef} tabIndex={-1} className="font-semibold text-lg outline-none">
            Importação concluída
          </h2>
          <p className="text-muted-foreground text-sm">
            {condominioNome ? `${condominioNome}: ` : ""}
            {plural(resultado.unidades_criadas, "unidade criada", "unidades criadas")},{" "}
            {plural(resultado.pessoas_criadas, "pessoa criada", "pessoas criadas")} e{" "}
            {plural(resultado.vinculos_criados, "vínculo de morador criado", "vínculos de moradores criados")}.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={`/app/unidades${filter}`}>
            <DoorOpen aria-hidden="true" />
            Ver unidades
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/app/pessoas${filter}`}>
            <Users aria-hidden="true" />
            Ver pessoas
          </Link>
        </Button>
        <Button type="button" variant="outline" onClick={onRestart}>
          <RotateCcw aria-hidden="true" />
          Importar outra planilha
        </Button>
      </div>
    </section>
  );
}
