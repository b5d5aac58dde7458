import { Send } from "lucide-react";
import { COMPANY } from "@/shared/company";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { EXPERIENCE_OPTIONS, SECTOR_OPTIONS } from "@/web/site/carreiras/application-options";
import { RESUME_HINT } from "@/web/site/carreiras/resume-file";
import { ResumePicker } from "@/web/site/carreiras/resume-picker";
import { FormField, NativeSelect, RequiredFieldsNote } from "@/web/site/company/form-controls";

const summaryClass =
  "inline-flex h-10 cursor-pointer list-none items-center justify-center gap-2 rounded-md bg-primary px-6 font-medium text-primary-foreground text-sm shadow-xs outline-none transition-colors hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/60 [&::-webkit-details-marker]:hidden";

/**
 * "Candidatar-se" and the application form it opens (docs/product.md, "Company pages"), on a native
 * disclosure so it opens without a script (docs/decisions/013). The form is plain HTML: the browser
 * checks the required fields and the e-mail format, then opens an e-mail to the company. The
 * enhancement script (enhance/forms.ts) writes that e-mail's subject and body from the fields
 * (applicationMailtoUrl), checks the résumé is a PDF, closes the panel on Esc, "Cancelar" or after
 * sending, and starts every opening blank; without JavaScript the browser's own mailto form
 * submission sends the fields as the body.
 */
export function ApplicationDialog() {
  return (
    <details data-disclosure="panel" className="group">
      <summary className={summaryClass}>
        <Send aria-hidden="true" className="size-4" />
        Candidatar-se
      </summary>
      <section
        aria-labelledby="candidatura-titulo"
        aria-describedby="candidatura-descricao"
        className="mt-6 grid gap-4 rounded-lg border bg-background p-6"
      >
        <div className="grid gap-2">
          <h3 id="candidatura-titulo" className="font-semibold text-lg">
            Candidatura
          </h3>
          <p id="candidatura-descricao" className="text-muted-foreground text-sm">
            Ao enviar, abriremos no seu aplicativo de e-mail uma mensagem pronta para {COMPANY.email}, com os dados
            abaixo. Basta revisar, anexar o currículo e enviar.
          </p>
        </div>
        <ApplicationForm />
      </section>
    </details>
  );
}

function ApplicationForm() {
  return (
    <form
      action={`mailto:${COMPANY.email}`}
      method="post"
      encType="text/plain"
      data-application-form
      className="grid gap-4"
      aria-label="Formulário de candidatura"
    >
      <RequiredFieldsNote />
      <FormField htmlFor="candidatura-nome" label="Nome completo" required>
        <Input id="candidatura-nome" name="nome" autoComplete="name" required />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField htmlFor="candidatura-email" label="E-mail" required>
          <Input id="candidatura-email" name="email" type="email" autoComplete="email" required />
        </FormField>
        <FormField htmlFor="candidatura-telefone" label="Telefone">
          <Input
            id="candidatura-telefone"
            name="telefone"
            data-phone-mask
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="(11) 99999-9999"
          />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField htmlFor="candidatura-setor" label="Setor de interesse" required>
          <NativeSelect id="candidatura-setor" name="setor" required defaultValue="">
            <option value="">Selecione o setor</option>
            {SECTOR_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField htmlFor="candidatura-experiencia" label="Nível de experiência" required>
          <NativeSelect id="candidatura-experiencia" name="experiencia" required defaultValue="">
            <option value="">Selecione o nível</option>
            {EXPERIENCE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField htmlFor="candidatura-mensagem" label="Mensagem" required>
        <Textarea
          id="candidatura-mensagem"
          name="mensagem"
          rows={4}
          className="min-h-24"
          required
          placeholder="Conte um pouco sobre você e por que quer trabalhar na Guarita."
        />
      </FormField>
      <FormField
        htmlFor="candidatura-curriculo"
        label="Currículo (PDF)"
        hint={RESUME_HINT}
        hintId="candidatura-curriculo-dica"
      >
        <ResumePicker id="candidatura-curriculo" name="curriculo" aria-describedby="candidatura-curriculo-dica" />
      </FormField>
      <p
        id="candidatura-curriculo-erro"
        data-resume-error
        role="alert"
        className="-mt-2 font-medium text-destructive text-sm empty:hidden"
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="reset" variant="outline" data-close-disclosure>
          Cancelar
        </Button>
        <Button type="submit">
          <Send aria-hidden="true" />
          Enviar candidatura
        </Button>
      </div>
    </form>
  );
}
