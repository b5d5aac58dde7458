import { zodResolver } from "@hookform/resolvers/zod";
import { Clock } from "lucide-react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { DEFAULT_TIMEZONE, TIMEZONES } from "@/shared/domain";
import { type Condominio, type CondominioInput, condominioInputSchema } from "@/shared/schemas/condominios";
import { Field } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Spinner } from "@/web/components/ui/spinner";
import { Switch } from "@/web/components/ui/switch";
import { ApiError, errorMessage } from "@/web/lib/api";
import { useSaveCondominio } from "./condominios.queries";

export const LIST = "/app/condominios";

/** The zone's current UTC offset, e.g. "UTC-04:00", for the timezone panel. */
function offsetOf(timezone: string) {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: timezone, timeZoneName: "longOffset" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName");
    return part?.value.replace("GMT", "UTC") ?? "";
  } catch {
    return "";
  }
}

/**
 * Condominium form (SPEC.md sections 2.10 and 5): name, timezone and the active switch. The timezone
 * select is a controlled field of the form, so the chosen zone is the one saved.
 */
export function CondominioForm({ condominio }: { condominio?: Condominio }) {
  const editing = !!condominio;
  const navigate = useNavigate();
  const save = useSaveCondominio(condominio?.id);
  const form = useForm<CondominioInput>({
    resolver: zodResolver(condominioInputSchema),
    defaultValues: {
      nome: condominio?.nome ?? "",
      timezone: condominio?.timezone ?? DEFAULT_TIMEZONE,
      enabled: condominio?.enabled ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const timezone = useWatch({ control: form.control, name: "timezone" }) ?? DEFAULT_TIMEZONE;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(editing ? "Condomínio atualizado!" : "Condomínio criado!");
      navigate(LIST);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of error.fields) {
          if (field.path === "nome" || field.path === "timezone") form.setError(field.path, { message: field.message });
        }
      }
      toast.error(editing ? "Erro ao atualizar condomínio" : "Erro ao criar condomínio", {
        description: errorMessage(error),
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-busy={isSubmitting}>
      <Card>
        <CardContent className="grid gap-5 px-4 sm:px-6">
          <Field id="nome" label="Nome do condomínio" required error={errors.nome?.message}>
            {(describedBy) => (
              <Input
                id="nome"
                autoComplete="off"
                placeholder="Ex.: Residencial das Palmeiras"
                disabled={isSubmitting}
                aria-required="true"
                aria-invalid={errors.nome ? true : undefined}
                aria-describedby={describedBy}
                {...form.register("nome")}
              />
            )}
          </Field>

          <Field id="timezone" label="Timezone" required error={errors.timezone?.message}>
            {(describedBy) => (
              <Controller
                control={form.control}
                name="timezone"
                render={({ field }) => (
                  <Select
                    value={field.value ?? DEFAULT_TIMEZONE}
                    onValueChange={field.onChange}
                    disabled={isSubmitting}
                  >
                    <SelectTrigger
                      id="timezone"
                      ref={field.ref}
                      onBlur={field.onBlur}
                      className="w-full"
                      aria-required="true"
                      aria-invalid={errors.timezone ? true : undefined}
                      aria-describedby={describedBy}
                    >
                      <SelectValue placeholder="Selecione um timezone" />
                    </SelectTrigger>
                    <SelectContent>
                      {TIMEZONES.map((tz) => (
                        <SelectItem key={tz} value={tz}>
                          {tz}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>

          <div
            className="flex items-start gap-3 rounded-lg border bg-muted/50 p-4 text-sm"
            data-testid="timezone-panel"
            aria-live="polite"
          >
            <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="space-y-1">
              <p className="font-medium">
                {timezone} <span className="text-muted-foreground">({offsetOf(timezone)})</span>
              </p>
              <p className="text-muted-foreground">
                Este timezone será usado para todas as datas e horários do condomínio.
              </p>
            </div>
          </div>

          <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
            <div className="space-y-1">
              <Label htmlFor="enabled">Condomínio ativo</Label>
              <p id="enabled-hint" className="text-muted-foreground text-sm">
                Condomínios inativos não aparecem nas novas solicitações.
              </p>
            </div>
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <Switch
                  id="enabled"
                  ref={field.ref}
                  checked={field.value ?? true}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={isSubmitting}
                  aria-describedby="enabled-hint"
                />
              )}
            />
          </div>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={LIST}>Cancelar</Link>
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? "Salvando..." : editing ? "Salvar alterações" : "Criar Condomínio"}
        </Button>
      </div>
    </form>
  );
}
