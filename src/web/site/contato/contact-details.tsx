import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import type * as React from "react";
import { COMPANY, whatsappUrl } from "@/shared/company";
import { buttonVariants } from "@/web/components/ui/button";
import { cn } from "@/web/lib/utils";

const CHAT_GREETING = "Olá! Vim pelo site da Guarita e gostaria de falar com vocês.";
const phoneHref = (display: string) => `tel:+55${display.replace(/\D/g, "")}`;

/** WhatsApp, e-mail and phone as plain links: each opens the visitor's own app. */
export function DirectChannels() {
  const channels = [
    {
      icon: MessageCircle,
      label: "WhatsApp",
      detail: COMPANY.whatsappDisplay,
      href: whatsappUrl(CHAT_GREETING),
      newTab: true,
    },
    { icon: Mail, label: "E-mail", detail: COMPANY.email, href: `mailto:${COMPANY.email}`, newTab: false },
    {
      icon: Phone,
      label: "Telefone",
      detail: COMPANY.phoneDisplay,
      href: phoneHref(COMPANY.phoneDisplay),
      newTab: false,
    },
  ];
  return (
    <ul className="grid gap-3">
      {channels.map(({ icon: Icon, label, detail, href, newTab }) => (
        <li key={label}>
          <a
            href={href}
            {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className={cn(
              buttonVariants({ variant: "outline" }),
              "h-auto w-full justify-start gap-3 px-4 py-3 text-left",
            )}
          >
            <Icon className="size-5 text-primary" aria-hidden="true" />
            <span className="flex min-w-0 flex-col">
              <span className="font-semibold">
                {label}
                {newTab && <span className="sr-only"> (abre em nova aba)</span>}
              </span>
              <span className="truncate font-normal text-muted-foreground">{detail}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function DetailRow({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="flex items-center gap-2 font-semibold">
        <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
        {label}
      </dt>
      <dd className="pl-7 text-muted-foreground">{children}</dd>
    </div>
  );
}

/** The company's address, e-mail and phones. */
export function ContactData() {
  const { address } = COMPANY;
  return (
    <dl className="grid gap-4 text-sm">
      <DetailRow icon={MapPin} label="Endereço">
        <address className="not-italic">
          {COMPANY.legalName}
          <br />
          {address.street}, {address.district}
          <br />
          {address.city} - {address.state}, CEP {address.postalCode}
        </address>
      </DetailRow>
      <DetailRow icon={Mail} label="E-mail">
        {COMPANY.email}
      </DetailRow>
      <DetailRow icon={Phone} label="Telefones">
        {COMPANY.phoneDisplay} (fixo)
        <br />
        {COMPANY.whatsappDisplay} (WhatsApp)
      </DetailRow>
    </dl>
  );
}

/** Office hours and the e-mail reply time (COMPANY.officeHours). */
export function OfficeHours() {
  return (
    <div className="flex gap-3 text-sm">
      <Clock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <ul className="space-y-1">
        <li>{COMPANY.officeHours.weekdays}</li>
        <li>{COMPANY.officeHours.saturday}</li>
        <li className="text-muted-foreground">{COMPANY.officeHours.emailReply}</li>
      </ul>
    </div>
  );
}
