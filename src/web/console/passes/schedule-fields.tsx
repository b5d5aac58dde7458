/**
 * The "Horário" part of the pass form: single date or recurring, the weekdays, the dates and hours
 * (native date and time inputs: keyboard-friendly and the phone's own picker), the anti-passback
 * interval in minutes, and the schedule read back in one line before saving.
 */
import type * as React from "react";
import { useState } from "react";
import { Controller, get, useFormState, useWatch } from "react-hook-form";
import { describeSchedule, WEEKDAY_LONG, WEEKDAY_SHORT } from "@/shared/pass-schedule";
import type { PasseUpdateInput } from "@/shared/schemas/passes";
import { type AnyForm, Field, InputField } from "@/web/components/form-field";
import { Input } from "@/web/components/ui/input";
import { cn } from "@/web/lib/utils";
import { endsNextDay, minutesText, secondsFromMinutes, WEEKDAYS_MONDAY_FIRST } from "./passe-helpers";

type Form = AnyForm<PasseUpdateInput>;

function useFieldError(form: Form, name: keyof PasseUpdateInput) {
  const { errors, isSubmitting } = useFormState({ control: form.control, name });
  return { error: (get(errors, name) as { message?: string } | undefined)?.message, isSubmitting };
}

/** A field's error under a fieldset, linked to it by id. */
function FieldsetError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="text-destructive text-sm">
      {error}
    </p>
  );
}

const MODALIDADES = [
  { value: "unica", label: "Data única", hint: "Vale em um dia, no horário escolhido." },
  { value: "recorrente", label: "Recorrente", hint: "Vale nos dias da semana escolhidos, entre duas datas." },
] as const;

/** "Data única" or "Recorrente": native radios, so the arrow keys move between them. */
function ModalidadeField({ form }: { form: Form }) {
  const { error, isSubmitting } = useFieldError(form, "modalidade");
  return (
    <fieldset className="grid min-w-0 gap-2 md:col-span-2" aria-describedby={error ? "modalidade-error" : undefined}>
      <legend className="mb-2 font-medium text-sm">
        Modalidade
        <span aria-hidden="true" className="ml-1 text-destructive">
          *
        </span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {MODALIDADES.map((m) => (
          <label
            key={m.value}
            htmlFor={`modalidade-${m.value}`}
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm hover:bg-muted/50 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
          >
            <input
              id={`modalidade-${m.value}`}
              type="radio"
              value={m.value}
              disabled={isSubmitting}
              aria-describedby={`modalidade-${m.value}-hint`}
              className="mt-0.5 size-4 shrink-0 accent-primary"
              {...form.register("modalidade")}
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{m.label}</span>
              <span id={`modalidade-${m.value}-hint`} className="text-muted-foreground text-xs">
                {m.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldsetError id="modalidade-error" error={error} />
    </fieldset>
  );
}

/** Seg … Dom: one native checkbox per day; the value is the API's day numbers (0 = domingo). */
function DiasSemanaField({ form }: { form: Form }) {
  return (
    <Controller
      control={form.control}
      name="dias_semana"
      render={({ field, fieldState, formState }) => {
        const value = field.value ?? [];
        const error = fieldState.error?.message;
        function toggle(dia: number, checked: boolean) {
          const next = new Set(value);
          if (checked) next.add(dia);
          else next.delete(dia);
          field.onChange(WEEKDAYS_MONDAY_FIRST.filter((d) => next.has(d)));
        }
        return (
          <fieldset
            className="grid min-w-0 gap-2 md:col-span-2"
            aria-describedby={error ? "dias_semana-error" : undefined}
          >
            <legend className="mb-2 font-medium text-sm">
              Dias da semana
              <span aria-hidden="true" className="ml-1 text-destructive">
                *
              </span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {WEEKDAYS_MONDAY_FIRST.map((dia, index) => {
                const id = `dias_semana-${dia}`;
                return (
                  <label
                    key={dia}
                    htmlFor={id}
                    className="flex min-w-16 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm hover:bg-muted/50 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
                  >
                    <input
                      // The first day takes the focus when the form finds no day chosen.
                      ref={index === 0 ? field.ref : undefined}
                      id={id}
                      type="checkbox"
                      value={dia}
                      checked={value.includes(dia)}
                      onChange={(event) => toggle(dia, event.target.checked)}
                      onBlur={field.onBlur}
                      disabled={formState.isSubmitting}
                      aria-invalid={error ? true : undefined}
                      className="size-4 shrink-0 accent-primary"
                    />
                    <span aria-hidden="true">{WEEKDAY_SHORT[dia]}</span>
                    <span className="sr-only">{WEEKDAY_LONG[dia]}</span>
                  </label>
                );
              })}
            </div>
            <FieldsetError id="dias_semana-error" error={error} />
          </fieldset>
        );
      }}
    />
  );
}

/**
 * "Data fim" of a recurring pass. Empty is null (not ""), so switching to a single pass never
 * leaves behind a value the schema refuses in a field no longer on screen.
 */
function DataFimField({ form, min }: { form: Form; min: string | undefined }) {
  const { error, isSubmitting } = useFieldError(form, "data_fim");
  return (
    <Field id="data_fim" label="Data fim" required error={error}>
      {(describedBy) => (
        <Input
          id="data_fim"
          type="date"
          min={min || undefined}
          disabled={isSubmitting}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...form.register("data_fim", { setValueAs: (v: unknown) => (typeof v === "string" && v ? v : null) })}
        />
      )}
    </Field>
  );
}

/**
 * "Intervalo mínimo entre usos" in minutes, while the form (and the API) hold seconds. The typed
 * text stays as typed; the form gets its seconds, or NaN for the schema to refuse.
 */
function IntervaloField({ form }: { form: Form }) {
  return (
    <Controller
      control={form.control}
      name="intervalo_minimo_segundos"
      render={({ field, fieldState, formState }) => (
        <Field
          id="intervalo_minimo_segundos"
          label="Intervalo mínimo entre usos (minutos)"
          hint="Depois de uma entrada, o mesmo passe só abre o portão de novo após esse tempo. Use 0 para não limitar."
          error={fieldState.error?.message}
          className="md:col-span-2"
        >
          {(describedBy) => (
            <MinutesInput
              ref={field.ref}
              seconds={typeof field.value === "number" ? field.value : Number(field.value)}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={formState.isSubmitting}
              invalid={!!fieldState.error}
              describedBy={describedBy}
            />
          )}
        </Field>
      )}
    />
  );
}

function MinutesInput({
  ref,
  seconds,
  onChange,
  onBlur,
  disabled,
  invalid,
  describedBy,
}: {
  ref: React.Ref<HTMLInputElement>;
  seconds: number;
  onChange: (seconds: number) => void;
  onBlur: () => void;
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
}) {
  const [text, setText] = useState(() => minutesText(seconds));
  return (
    <Input
      ref={ref}
      id="intervalo_minimo_segundos"
      type="number"
      inputMode="numeric"
      min={0}
      max={1440}
      step={1}
      className="sm:max-w-40"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(secondsFromMinutes(event.target.value));
      }}
      onBlur={onBlur}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}

/** The schedule as the porteiro and the list will read it, once the fields make one. */
function Resumo({ values }: { values: Partial<PasseUpdateInput> }) {
  const { modalidade, data_inicio, data_fim, dias_semana = [], hora_inicio, hora_fim } = values;
  const complete =
    modalidade &&
    data_inicio &&
    hora_inicio &&
    hora_fim &&
    hora_inicio !== hora_fim &&
    (modalidade === "unica" || (data_fim && data_fim >= data_inicio && dias_semana.length > 0));
  return (
    <p className="rounded-md bg-muted p-3 text-sm md:col-span-2" aria-live="polite" data-testid="resumo-horario">
      <span className="font-medium">Resumo: </span>
      {complete
        ? describeSchedule({
            modalidade,
            data_inicio,
            data_fim: modalidade === "unica" ? data_inicio : (data_fim ?? data_inicio),
            dias_semana,
            hora_inicio,
            hora_fim,
          })
        : "preencha as datas, os horários e os dias para ver quando o passe vale."}
    </p>
  );
}

/** All of "Horário"; `timeZone` is the condominium's, whose clock the hours are read on. */
export function ScheduleFields({ form, timeZone }: { form: Form; timeZone: string | undefined }) {
  const values = useWatch({ control: form.control });
  const recorrente = values.modalidade === "recorrente";
  const nextDay = endsNextDay(values.hora_inicio, values.hora_fim);
  const zoneHint = timeZone ? `Horário do condomínio (${timeZone}).` : "Horário do condomínio.";

  return (
    <>
      <ModalidadeField form={form} />
      {recorrente && <DiasSemanaField form={form} />}
      <InputField
        form={form}
        name="data_inicio"
        label={recorrente ? "Data início" : "Data"}
        required
        type="date"
        className={cn(!recorrente && "md:col-span-2")}
      />
      {recorrente && <DataFimField form={form} min={values.data_inicio} />}
      <InputField form={form} name="hora_inicio" label="Hora início" required type="time" hint={zoneHint} />
      <InputField
        form={form}
        name="hora_fim"
        label="Hora fim"
        required
        type="time"
        hint={nextDay ? <span className="font-medium text-foreground">Termina no dia seguinte.</span> : undefined}
      />
      <Resumo values={values} />
      <IntervaloField form={form} />
    </>
  );
}
