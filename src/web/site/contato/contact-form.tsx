import { MessageCircle } from "lucide-react";
import type * as React from "react";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { FormField, NativeSelect, RequiredFieldsNote } from "@/web/site/company/form-controls";
import { CONTACT_SUBJECTS } from "@/web/site/contato/contact-subjects";
import { type ContactMessage, contactWhatsappUrl } from "@/web/site/contato/contact-whatsapp";

/**
 * The contact form (SPEC.md sections 3 and 5). The browser checks the required fields and the e-mail
 * format; a valid form opens WhatsApp with the message prefilled, in a new tab.
 */
export function ContactForm({ labelledBy }: { labelledBy: string }) {
  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? "");
    const message: ContactMessage = {
      nome: field("nome"),
      email: field("email"),
      telefone: field("telefone"),
      assunto: field("assunto"),
      mensagem: field("mensagem"),
    };
    window.open(contactWhatsappUrl(message), "_blank", "noopener,noreferrer");
    toast.success("Mensagem pronta no WhatsApp", {
      description: "Abrimos uma conversa com a nossa equipe com a sua mensagem preenchida. É só enviar.",
    });
    form.reset();
  }

  return (
    <form onSubmit={handleSubmit} aria-labelledby={labelledBy} className="grid gap-4">
      <RequiredFieldsNote />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField htmlFor="contato-nome" label="Nome" required>
          <Input id="contato-nome" name="nome" autoComplete="name" required />
        </FormField>
        <FormField htmlFor="contato-email" label="E-mail" required>
          <Input id="contato-email" name="email" type="email" autoComplete="email" required />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField htmlFor="contato-telefone" label="Telefone">
          <Input
            id="contato-telefone"
            name="telefone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="(11) 99999-9999"
          />
        </FormField>
        <FormField htmlFor="contato-assunto" label="Assunto" required>
          <NativeSelect id="contato-assunto" name="assunto" required defaultValue="">
            <option value="">Selecione o assunto</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject.value} value={subject.value}>
                {subject.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField htmlFor="contato-mensagem" label="Mensagem" required>
        <Textarea
          id="contato-mensagem"
          name="mensagem"
          rows={5}
          className="min-h-32"
          required
          placeholder="Conte como podemos ajudar o seu condomínio."
        />
      </FormField>
      <div>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          <MessageCircle aria-hidden="true" />
          Enviar pelo WhatsApp
        </Button>
      </div>
    </form>
  );
}
