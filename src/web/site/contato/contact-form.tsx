import { MessageCircle } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { FormField, NativeSelect, RequiredFieldsNote } from "@/web/site/company/form-controls";
import { CONTACT_SUBJECTS } from "@/web/site/contato/contact-subjects";
import { CONTACT_MESSAGE_FIELD, WHATSAPP_CHAT_URL } from "@/web/site/contato/contact-whatsapp";

/**
 * The contact form (docs/product.md, "Company pages"), plain HTML (docs/decisions/013): the browser checks
 * the required fields and the e-mail format, then opens WhatsApp in a new tab. The enhancement
 * script (enhance/forms.ts) prefills the chat with every field (contactWhatsappUrl); without
 * JavaScript the form itself goes to wa.me, whose `text` is the message.
 */
export function ContactForm({ labelledBy }: { labelledBy: string }) {
  return (
    <form
      action={WHATSAPP_CHAT_URL}
      method="get"
      target="_blank"
      data-contact-form
      aria-labelledby={labelledBy}
      className="grid gap-4"
      rel="noopener"
    >
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
            data-phone-mask
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
          name={CONTACT_MESSAGE_FIELD}
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
      <p data-form-status role="status" className="font-medium text-sm" />
    </form>
  );
}
