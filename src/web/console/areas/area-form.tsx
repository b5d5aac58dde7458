/**
 * The common area's form, new and edit (docs/decisions/044-common-area-bookings.md): what it is, when
 * it opens (each weekday, or "Fechado"), how it is booked (the whole day or blocks of hours) and the
 * rules the server enforces on every booking. The form keeps what a person types (a time per input,
 * "150,00" for the fee); on submit it becomes the API's body and is checked by the API's own schema,
 * so the messages inline are the server's, and the fields the server refuses get its messages too.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Copy } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { Controller, type FieldPath, get, useForm, useFormState, useWatch } from "react-hook-form";
import { z } from "zod";
import { AREA_MODOS } from "@/shared/domain";
import {
  AREA_MODO_LABELS,
  type Area,
  type AreaCreate,
  type AreaUpdate,
  areaCreateSchema,
  areaUpdateSchema,
} from "@/shared/schemas/reservas";
import { type AnyForm, Field, InputField, SelectField, SwitchField, TextareaField } from "@/web/components/form-field";
import { FormLayout, useSaveHandler } from "@/web/components/form-layout";
import { CondominioField } from "@/web/components/registry";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Switch } from "@/web/components/ui/switch";
import { AREAS, WEEKDAYS } from "./reserva-ui";

/** One weekday as the form holds it: the inputs keep their times while "Fechado" is on. */
interface DiaForm {
  fechado: boolean;
  abre: string;
  fecha: string;
}

/** What the inputs hold: numbers as typed, the fee as "150,00". */
export interface AreaFormValues {
  condominio_id: string;
  nome: string;
  descricao: string;
  capacidade: string;
  horarios: DiaForm[];
  modo: "dia" | "blocos";
  bloco_horas: string;
  antecedencia_minima_horas: string;
  antecedencia_maxima_dias: string;
  max_reservas_mes: string;
  limpeza_minutos: string;
  cancelamento_horas: string;
  requer_aprovacao: boolean;
  taxa_centavos: string;
  regras: string;
  ativa: boolean;
}

const DIAS = [0, 1, 2, 3, 4, 5, 6] as const;

/** "150,00" → 15000; "" → null. */
export function centavosDe(texto: string): number | null {
  const digitos = texto.replace(/\D/g, "");
  return digitos ? Number(digitos) : null;
}

/** 15000 → "150,00": what the fee input shows, typed from the right as a till does. */
export function formatarTaxa(centavos: number | null): string {
  if (centavos === null) return "";
  const reais = Math.floor(centavos / 100);
  return `${new Intl.NumberFormat("pt-BR").format(reais)},${String(centavos % 100).padStart(2, "0")}`;
}

/** An empty number input is "not set" (null), not zero. */
const numeroOuNull = (texto: string) => (texto.trim() === "" ? null : texto.trim());
/** A rule that must be set: empty reaches the schema as "not a number", whose message names the field. */
const numeroObrigatorio = (texto: string) => (texto.trim() === "" ? Number.NaN : texto.trim());

/**
 * The API's body from the form. A time input cannot say "24:00": an area that closes at midnight is
 * typed "00:00" and sent as the end of the day the schema accepts.
 */
function corpoDe(values: AreaFormValues) {
  return {
    nome: values.nome,
    descricao: values.descricao.trim() || null,
    capacidade: numeroOuNull(values.capacidade),
    horarios: values.horarios.map((d) =>
      d.fechado ? null : { abre: d.abre, fecha: d.fecha === "00:00" && d.abre !== "00:00" ? "24:00" : d.fecha },
    ),
    modo: values.modo,
    bloco_horas: values.modo === "blocos" ? numeroOuNull(values.bloco_horas) : null,
    antecedencia_minima_horas: numeroObrigatorio(values.antecedencia_minima_horas),
    antecedencia_maxima_dias: numeroObrigatorio(values.antecedencia_maxima_dias),
    max_reservas_mes: numeroOuNull(values.max_reservas_mes),
    limpeza_minutos: numeroObrigatorio(values.limpeza_minutos),
    cancelamento_horas: numeroObrigatorio(values.cancelamento_horas),
    requer_aprovacao: values.requer_aprovacao,
    taxa_centavos: centavosDe(values.taxa_centavos),
    regras: values.regras,
    ativa: values.ativa,
  };
}

/** The form's values through the API's schema: its messages land on the fields of the same names. */
const createFormSchema = z
  .custom<AreaFormValues>()
  // Numbers go as typed: the API's schema coerces them and words the mistakes.
  .transform((v) => ({ condominio_id: v.condominio_id, ...corpoDe(v) }) as unknown as z.input<typeof areaCreateSchema>)
  .pipe(areaCreateSchema);
const updateFormSchema = z
  .custom<AreaFormValues>()
  .transform((v) => corpoDe(v) as unknown as z.input<typeof areaUpdateSchema>)
  .pipe(areaUpdateSchema);

/** The fields the API's errors may name ("horarios.3.fecha" included). */
const FIELDS = [
  "condominio_id",
  "nome",
  "descricao",
  "capacidade",
  "horarios",
  ...DIAS.flatMap((d) => [`horarios.${d}.abre`, `horarios.${d}.fecha`]),
  "modo",
  "bloco_horas",
  "antecedencia_minima_horas",
  "antecedencia_maxima_dias",
  "max_reservas_mes",
  "limpeza_minutos",
  "cancelamento_horas",
  "requer_aprovacao",
  "taxa_centavos",
  "regras",
  "ativa",
] as FieldPath<AreaFormValues>[];

const texto = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

/** A new area's defaults (the schema's own) or an area's stored rules. */
export function valoresIniciais(area?: Area, condominioId?: string): AreaFormValues {
  const horarios = DIAS.map((d): DiaForm => {
    const h = area ? area.horarios[d] : { abre: "08:00", fecha: "22:00" };
    if (!h) return { fechado: true, abre: "08:00", fecha: "22:00" };
    return { fechado: false, abre: h.abre, fecha: h.fecha === "24:00" ? "00:00" : h.fecha };
  });
  return {
    condominio_id: area?.condominio_id ?? condominioId ?? "",
    nome: area?.nome ?? "",
    descricao: area?.descricao ?? "",
    capacidade: texto(area?.capacidade),
    horarios,
    modo: area?.modo ?? "dia",
    bloco_horas: texto(area?.bloco_horas ?? 4),
    antecedencia_minima_horas: texto(area?.antecedencia_minima_horas ?? 24),
    antecedencia_maxima_dias: texto(area?.antecedencia_maxima_dias ?? 90),
    max_reservas_mes: texto(area?.max_reservas_mes),
    limpeza_minutos: texto(area?.limpeza_minutos ?? 0),
    cancelamento_horas: texto(area?.cancelamento_horas ?? 48),
    requer_aprovacao: area?.requer_aprovacao ?? true,
    taxa_centavos: formatarTaxa(area?.taxa_centavos ?? null),
    regras: area?.regras ?? "",
    ativa: area?.ativa ?? true,
  };
}

type Form = AnyForm<AreaFormValues>;

/** A group of fields: its heading names the fieldset. */
function Group({
  title,
  description,
  children,
  className = "md:grid-cols-2",
}: {
  title: string;
  description: string;
  children: React.ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <SectionCard title={title} titleId={titleId} description={description} className="gap-4">
      <fieldset aria-labelledby={titleId} className={`grid min-w-0 gap-4 ${className}`}>
        {children}
      </fieldset>
    </SectionCard>
  );
}

function RequiredNote() {
  return (
    <p className="text-muted-foreground text-sm">
      Campos marcados com{" "}
      <span aria-hidden="true" className="text-destructive">
        *
      </span>
      <span className="sr-only">asterisco</span> são obrigatórios.
    </p>
  );
}

/** A whole-number input (hours, days, minutes); empty where the rule may be left unset. */
function NumeroField({
  form,
  name,
  label,
  hint,
  required,
  unidade,
}: {
  form: Form;
  name: FieldPath<AreaFormValues>;
  label: string;
  hint?: string;
  required?: boolean;
  unidade?: string;
}) {
  return (
    <InputField
      form={form}
      name={name}
      label={unidade ? `${label} (${unidade})` : label}
      hint={hint}
      required={required}
      type="number"
      inputMode="numeric"
      min="0"
    />
  );
}

/** The fee in reais, typed from the right ("15000" reads "150,00"), kept in centavos by the API. */
function TaxaField({ form }: { form: Form }) {
  const { errors, isSubmitting } = useFormState({ control: form.control, name: "taxa_centavos" });
  const error = (get(errors, "taxa_centavos") as { message?: string } | undefined)?.message;
  return (
    <Field
      id="taxa_centavos"
      label="Taxa de uso (R$)"
      hint="Deixe em branco se a área não cobra taxa. Aparece para o morador antes de reservar."
      error={error}
    >
      {(describedBy) => (
        <Controller
          control={form.control}
          name="taxa_centavos"
          render={({ field }) => (
            <div className="relative">
              <span
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground text-sm"
                aria-hidden="true"
              >
                R$
              </span>
              <Input
                id="taxa_centavos"
                ref={field.ref}
                inputMode="numeric"
                autoComplete="off"
                placeholder="0,00"
                className="pl-9"
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(formatarTaxa(centavosDe(event.target.value)))}
                disabled={isSubmitting}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
              />
            </div>
          )}
        />
      )}
    </Field>
  );
}

/** The seven weekdays, Sunday first (as the API keeps them): a "Fechado" switch and two times each. */
function HorariosFields({ form }: { form: Form }) {
  const horarios = useWatch({ control: form.control, name: "horarios" });
  const { errors, isSubmitting } = useFormState({ control: form.control, name: "horarios" });
  const grupo = get(errors, "horarios") as { message?: string; root?: { message?: string } } | undefined;
  const erroGrupo = grupo?.message ?? grupo?.root?.message;
  const erroGrupoId = useId();

  function copiarDomingo() {
    const domingo = form.getValues("horarios.0");
    for (const d of DIAS.slice(1))
      form.setValue(`horarios.${d}`, { ...domingo }, { shouldValidate: form.formState.isSubmitted });
  }

  return (
    <div className="grid gap-3" aria-describedby={erroGrupo ? erroGrupoId : undefined}>
      {DIAS.map((d) => {
        const fechado = horarios?.[d]?.fechado ?? false;
        const erroAbre = (get(errors, `horarios.${d}.abre`) as { message?: string } | undefined)?.message;
        const erroFecha = (get(errors, `horarios.${d}.fecha`) as { message?: string } | undefined)?.message;
        const nome = WEEKDAYS[d];
        const erroId = `horarios-${d}-erro`;
        return (
          <div
            key={d}
            className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[8rem_auto_1fr_1fr] sm:items-center"
            data-testid={`horario-${d}`}
          >
            <span className="font-medium capitalize" id={`horarios-${d}-nome`}>
              {nome}
            </span>
            <div className="flex items-center gap-2">
              <Controller
                control={form.control}
                name={`horarios.${d}.fechado`}
                render={({ field }) => (
                  <Switch
                    id={`horarios.${d}.fechado`}
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={isSubmitting}
                    aria-label={`Fechado ${nome}`}
                  />
                )}
              />
              <Label htmlFor={`horarios.${d}.fechado`} aria-hidden="true" className="font-normal">
                Fechado
              </Label>
            </div>
            {fechado ? (
              <p className="text-muted-foreground text-sm sm:col-span-2">A área não abre neste dia.</p>
            ) : (
              <>
                <div className="grid gap-1">
                  <Label htmlFor={`horarios.${d}.abre`} className="text-xs">
                    Abre <span className="sr-only">{nome}</span>
                  </Label>
                  <Input
                    id={`horarios.${d}.abre`}
                    type="time"
                    disabled={isSubmitting}
                    aria-invalid={erroAbre ? true : undefined}
                    aria-describedby={erroAbre || erroFecha ? erroId : undefined}
                    {...form.register(`horarios.${d}.abre`)}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`horarios.${d}.fecha`} className="text-xs">
                    Fecha <span className="sr-only">{nome}</span>
                  </Label>
                  <Input
                    id={`horarios.${d}.fecha`}
                    type="time"
                    disabled={isSubmitting}
                    aria-invalid={erroFecha ? true : undefined}
                    aria-describedby={erroAbre || erroFecha ? erroId : undefined}
                    {...form.register(`horarios.${d}.fecha`)}
                  />
                </div>
              </>
            )}
            {(erroAbre || erroFecha) && (
              <p id={erroId} className="text-destructive text-sm sm:col-span-4">
                {[erroAbre, erroFecha].filter(Boolean).join(" ")}
              </p>
            )}
          </div>
        );
      })}
      <p className="text-muted-foreground text-xs">Fecha às 00:00: a área fica aberta até a meia-noite.</p>
      {erroGrupo && (
        <p id={erroGrupoId} className="text-destructive text-sm" role="alert">
          {erroGrupo}
        </p>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={copiarDomingo} disabled={isSubmitting}>
          <Copy aria-hidden="true" />
          Copiar o horário de domingo para todos os dias
        </Button>
      </div>
    </div>
  );
}

const MODO_OPTIONS = AREA_MODOS.map((m) => [m, AREA_MODO_LABELS[m]] as const);

/** Every field but the condominium: the same on both forms. */
function AreaFields({ form }: { form: Form }) {
  const modo = useWatch({ control: form.control, name: "modo" });
  return (
    <>
      <Group title="A área" description="Como os moradores a encontram na lista.">
        <InputField form={form} name="nome" label="Nome" required placeholder="Ex.: Salão de festas" />
        <NumeroField
          form={form}
          name="capacidade"
          label="Capacidade"
          unidade="pessoas"
          hint="Limita a lista de convidados. Em branco: sem limite."
        />
        <TextareaField
          form={form}
          name="descricao"
          label="Descrição"
          placeholder="Ex.: térreo do bloco A, com cozinha e churrasqueira"
          className="md:col-span-2"
        />
      </Group>
      <Group
        title="Horário de funcionamento"
        description="Os dias e horários em que a área pode ser reservada."
        className=""
      >
        <HorariosFields form={form} />
      </Group>
      <Group title="Como reservar" description="O dia inteiro, ou horários de duração fixa.">
        <SelectField
          form={form}
          name="modo"
          label="Modo de reserva"
          required
          placeholder="Selecione"
          options={MODO_OPTIONS}
        />
        {modo === "blocos" && (
          <NumeroField
            form={form}
            name="bloco_horas"
            label="Duração do bloco"
            unidade="horas"
            required
            hint="Os blocos começam na abertura: 08:00–13:00, 13:00–18:00..."
          />
        )}
      </Group>
      <Group title="Regras" description="O sistema confere cada reserva com estas regras.">
        <NumeroField
          form={form}
          name="antecedencia_minima_horas"
          label="Antecedência mínima"
          unidade="horas"
          required
          hint="0: pode reservar até o início."
        />
        <NumeroField
          form={form}
          name="antecedencia_maxima_dias"
          label="Reserva com até"
          unidade="dias de antecedência"
          required
        />
        <NumeroField
          form={form}
          name="max_reservas_mes"
          label="Reservas por unidade por mês"
          hint="Em branco: sem limite."
        />
        <NumeroField
          form={form}
          name="limpeza_minutos"
          label="Intervalo de limpeza"
          unidade="minutos"
          required
          hint="Tempo livre exigido entre duas reservas."
        />
        <NumeroField
          form={form}
          name="cancelamento_horas"
          label="Prazo de cancelamento"
          unidade="horas antes"
          required
          hint="Até quando o morador pode cancelar sozinho."
        />
        <TaxaField form={form} />
        <SwitchField
          form={form}
          name="requer_aprovacao"
          label="Exige aprovação do síndico"
          hint="Desligado: a reserva é confirmada na hora."
          className="md:col-span-2"
        />
        <TextareaField
          form={form}
          name="regras"
          label="Regulamento"
          placeholder="Ex.: som até as 22h; devolver limpo e com as chaves na portaria."
          hint="O morador precisa aceitar este texto para reservar."
          className="md:col-span-2"
        />
        <SwitchField
          form={form}
          name="ativa"
          label="Área ativa"
          hint="Desligado: a área some da lista dos moradores e não aceita novas reservas."
          className="md:col-span-2"
        />
      </Group>
    </>
  );
}

/** "Nova área": the condominium too; saved, back to the areas of that condominium. */
export function NovaAreaForm({
  condominioId,
  save,
}: {
  condominioId?: string;
  save: (v: AreaCreate) => Promise<Area>;
}) {
  const form = useForm<AreaFormValues, unknown, AreaCreate>({
    resolver: zodResolver(createFormSchema),
    defaultValues: valoresIniciais(undefined, condominioId),
  });
  const onSubmit = useSaveHandler(form, {
    fields: FIELDS,
    save,
    success: "Área cadastrada",
    successDescription: (v) => v.nome,
    errorTitle: "Erro ao cadastrar a área",
    goTo: (area: Area) => `${AREAS}?condominio_id=${area.condominio_id}`,
  });
  return (
    <FormLayout
      form={form}
      onSubmit={onSubmit}
      cancelTo={AREAS}
      submitLabel="Cadastrar área"
      pendingLabel="Cadastrando..."
    >
      <RequiredNote />
      <Group title="Condomínio" description="Onde fica a área.">
        <CondominioField form={form} />
      </Group>
      <AreaFields form={form} />
    </FormLayout>
  );
}

/** Editing an area: its rules apply to bookings made from now on. */
export function EditarAreaForm({ area, save }: { area: Area; save: (v: AreaUpdate) => Promise<Area> }) {
  const form = useForm<AreaFormValues, unknown, AreaUpdate>({
    resolver: zodResolver(updateFormSchema),
    defaultValues: valoresIniciais(area),
  });
  const onSubmit = useSaveHandler(form, {
    fields: FIELDS,
    save,
    success: "Área atualizada",
    successDescription: () => area.nome,
    errorTitle: "Erro ao salvar a área",
    goTo: `${AREAS}?condominio_id=${area.condominio_id}`,
  });
  return (
    <FormLayout
      form={form}
      onSubmit={onSubmit}
      note="As regras novas valem para as próximas reservas; as já feitas continuam como estão."
      cancelTo={AREAS}
      submitLabel="Salvar alterações"
    >
      <RequiredNote />
      <AreaFields form={form} />
    </FormLayout>
  );
}
