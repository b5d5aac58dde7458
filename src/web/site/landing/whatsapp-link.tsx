import { MessageCircle } from "lucide-react";
import { DEMO_REQUEST_MESSAGE, whatsappUrl } from "@/shared/company";
import { Button, type ButtonProps } from "@/web/components/ui/button";

/**
 * "Falar com especialista", "Agendar demonstração", "Falar com vendas": a WhatsApp chat with the
 * demo request prefilled, in a new tab (docs/product.md, "Landing page").
 */
export function WhatsAppDemoLink({
  children,
  variant = "outline",
  size = "lg",
  className,
}: {
  children: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <a href={whatsappUrl(DEMO_REQUEST_MESSAGE)} target="_blank" rel="noopener noreferrer">
        <MessageCircle aria-hidden="true" />
        {children}
        <span className="sr-only"> (abre o WhatsApp em nova aba)</span>
      </a>
    </Button>
  );
}
