import { Send } from "lucide-react";
import * as React from "react";
import { toast } from "sonner";
import { COMPANY } from "@/shared/company";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { applicationMailtoUrl, type CareerApplication } from "@/web/site/carreiras/application-mailto";
import { EXPERIENCE_OPTIONS, SECTOR_OPTIONS } from "@/web/site/carreiras/application-options";
import { isPdfFile, RESUME_HINT, RESUME_NOT_PDF_ERROR } from "@/web/site/carreiras/resume-file";
import { ResumePicker } from "@/web/site/carreiras/resume-picker";
import { FormField, NativeSelect, RequiredFieldsNote } from "@/web/site/company/form-controls";

/** The "Candidatar-se" button and the application form it opens (SPEC.md sections 2.16, 3 and 5). */
export function ApplicationDialog() {
  const [open, setOpen] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="lg">
          <Send aria-hidden="true" />
          Candidatar-se
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Candidatura</DialogTitle>
          <DialogDescription>
            Ao enviar, abriremos no seu aplicativo de e-mail uma mensagem pronta para {COMPANY.email}, com os dados
            abaixo. Basta revisar, anexar o currículo e enviar.
          </DialogDescription>
        </DialogHeader>
        <ApplicationForm onSent={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form lives inside the dialog's content, which unmounts on close: every opening starts blank.
 * The browser checks the required fields and the e-mail format before onSubmit runs.
 */
function ApplicationForm({ onSent }: { onSent: () => void }) {
  const [resumeName, setResumeName] = React.useState<string | null>(null);
  const [resumeError, setResumeError] = React.useState<string | null>(null);

  function handleResumeChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file && !isPdfFile(file)) {
      // Clear the input so the rejected file is neither shown nor named in the e-mail.
      event.target.value = "";
      setResumeName(null);
      setResumeError(RESUME_NOT_PDF_ERROR);
      return;
    }
    setResumeName(file?.name ?? null);
    setResumeError(null);
  }

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? "");
    const application: CareerApplication = {
      nome: field("nome"),
      email: field("email"),
      telefone: field("telefone"),
      setor: field("setor"),
      experiencia: field("experiencia"),
      mensagem: field("mensagem"),
      curriculo: resumeName,
    };
    window.open(applicationMailtoUrl(application), "_blank");
    toast.success("Candidatura pronta para envio", {
      description: resumeName
        ? "Abrimos o seu e-mail com a mensagem preenchida. Anexe o currículo em PDF e envie. Respondemos em até 5 dias úteis."
        : "Abrimos o seu e-mail com a mensagem preenchida. Revise e envie. Respondemos em até 5 dias úteis.",
    });
    onSent();
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4" aria-label="Formulário de candidatura">
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
        <ResumePicker
          id="candidatura-curriculo"
          name="curriculo"
          fileName={resumeName}
          onChange={handleResumeChange}
          aria-invalid={resumeError ? true : undefined}
          aria-describedby={
            resumeError ? "candidatura-curriculo-dica candidatura-curriculo-erro" : "candidatura-curriculo-dica"
          }
        />
      </FormField>
      {resumeError && (
        <p id="candidatura-curriculo-erro" role="alert" className="-mt-2 font-medium text-destructive text-sm">
          {resumeError}
        </p>
      )}
      <DialogFooter className="pt-2">
        <DialogClose asChild>
          <Button variant="outline">Cancelar</Button>
        </DialogClose>
        <Button type="submit">
          <Send aria-hidden="true" />
          Enviar candidatura
        </Button>
      </DialogFooter>
    </form>
  );
}
