/**
 * The public forms without React: the contact form opens WhatsApp with every field in the message,
 * the career application opens an e-mail draft with a readable body. Both are plain HTML forms that
 * reach the same targets without a script (docs/decisions/013); the browser validates the fields
 * before `submit` fires. Their phone fields are masked as typed, like every phone field
 * (docs/product.md, "Telefones").
 */
import { maskPhone } from "@/shared/phone";
import { applicationMailtoUrl } from "@/web/site/carreiras/application-mailto";
import { isPdfFile, NO_RESUME_CHOSEN, RESUME_NOT_PDF_ERROR } from "@/web/site/carreiras/resume-file";
import { CONTACT_MESSAGE_FIELD, contactWhatsappUrl } from "@/web/site/contato/contact-whatsapp";

export const CONTACT_SENT =
  "Mensagem pronta no WhatsApp. Abrimos uma conversa com a nossa equipe com a sua mensagem preenchida. É só enviar.";
export const APPLICATION_SENT = "Candidatura pronta para envio.";
const APPLICATION_SENT_WITH_RESUME =
  "Abrimos o seu e-mail com a mensagem preenchida. Anexe o currículo em PDF e envie. Respondemos em até 5 dias úteis.";
const APPLICATION_SENT_WITHOUT_RESUME =
  "Abrimos o seu e-mail com a mensagem preenchida. Revise e envie. Respondemos em até 5 dias úteis.";

function fields(form: HTMLFormElement) {
  const data = new FormData(form);
  return (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
}

/** A short-lived notice next to the page's content, announced by screen readers (role=status). */
function announce(text: string) {
  let region = document.getElementById("aviso-formulario");
  if (!region) {
    region = document.createElement("div");
    region.id = "aviso-formulario";
    region.setAttribute("role", "status");
    region.className =
      "fixed right-4 bottom-4 z-50 max-w-sm rounded-lg border bg-popover p-4 text-popover-foreground text-sm shadow-lg";
    document.body.append(region);
  }
  region.textContent = text;
}

function chosenResume(form: HTMLFormElement): File | null {
  const input = form.querySelector<HTMLInputElement>("[data-resume-picker] input[type=file]");
  return input?.files?.[0] ?? null;
}

function resetResume(form: HTMLFormElement) {
  const name = form.querySelector("[data-resume-name]");
  if (name) name.textContent = NO_RESUME_CHOSEN;
  const error = form.querySelector("[data-resume-error]");
  if (error) error.textContent = "";
  const input = form.querySelector<HTMLInputElement>("[data-resume-picker] input[type=file]");
  if (input) {
    input.removeAttribute("aria-invalid");
    input.setAttribute("aria-describedby", "candidatura-curriculo-dica");
  }
}

function onResumeChange(input: HTMLInputElement) {
  const form = input.form;
  if (!form) return;
  const file = input.files?.[0];
  resetResume(form);
  if (file && !isPdfFile(file)) {
    // Clear the input so the rejected file is neither shown nor named in the e-mail.
    input.value = "";
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", "candidatura-curriculo-dica candidatura-curriculo-erro");
    const error = form.querySelector("[data-resume-error]");
    if (error) error.textContent = RESUME_NOT_PDF_ERROR;
    return;
  }
  const name = form.querySelector("[data-resume-name]");
  if (name && file) name.textContent = file.name;
}

function submitContact(form: HTMLFormElement) {
  const field = fields(form);
  const url = contactWhatsappUrl({
    nome: field("nome"),
    email: field("email"),
    telefone: field("telefone"),
    assunto: field("assunto"),
    mensagem: field(CONTACT_MESSAGE_FIELD),
  });
  window.open(url, "_blank", "noopener,noreferrer");
  announce(CONTACT_SENT);
  form.reset();
}

function submitApplication(form: HTMLFormElement) {
  const field = fields(form);
  const resume = chosenResume(form);
  const url = applicationMailtoUrl({
    nome: field("nome"),
    email: field("email"),
    telefone: field("telefone"),
    setor: field("setor"),
    experiencia: field("experiencia"),
    mensagem: field("mensagem"),
    curriculo: resume?.name ?? null,
  });
  window.open(url, "_blank");
  announce(`${APPLICATION_SENT} ${resume ? APPLICATION_SENT_WITH_RESUME : APPLICATION_SENT_WITHOUT_RESUME}`);
  form.reset();
  resetResume(form);
  const details = form.closest("details");
  if (details) {
    details.open = false;
    details.querySelector("summary")?.focus();
  }
}

export function enhanceForms() {
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (form.matches("[data-contact-form]")) {
      event.preventDefault();
      submitContact(form);
    } else if (form.matches("[data-application-form]")) {
      event.preventDefault();
      submitApplication(form);
    }
  });
  document.addEventListener("input", (event) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.matches("[data-phone-mask]")) input.value = maskPhone(input.value);
  });
  document.addEventListener("change", (event) => {
    const input = event.target as Element;
    if (input instanceof HTMLInputElement && input.closest("[data-resume-picker]")) onResumeChange(input);
  });
  document.addEventListener("reset", (event) => {
    const form = event.target as HTMLFormElement;
    if (form.matches("[data-application-form]")) resetResume(form);
  });
  // Every opening of the application panel starts blank, with focus on the first field.
  document.addEventListener(
    "toggle",
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || details.dataset.disclosure !== "panel") return;
      const form = details.querySelector<HTMLFormElement>("[data-application-form]");
      if (!form) return;
      if (details.open) form.querySelector<HTMLInputElement>("input, select, textarea")?.focus();
      else {
        form.reset();
        resetResume(form);
      }
    },
    true,
  );
}
