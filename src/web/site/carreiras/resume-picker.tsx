import { FileText } from "lucide-react";
import type * as React from "react";
import { cn } from "@/web/lib/utils";
import { NO_RESUME_CHOSEN, RESUME_ACCEPT } from "@/web/site/carreiras/resume-file";

/**
 * The résumé file input with pt-BR text whatever the browser's language: the real <input type=file>
 * covers the box transparently, so it keeps its label, focus, keyboard and screen-reader behaviour,
 * while the visible text below it says what is chosen (written by enhance/forms.ts; without a
 * script the native input shows itself, app.css).
 */
export function ResumePicker({ className, ...props }: Omit<React.ComponentProps<"input">, "type" | "accept">) {
  return (
    <div
      data-resume-picker
      className={cn(
        "relative flex h-9 min-w-0 items-center gap-2 rounded-md border border-input px-3 text-sm shadow-xs transition-[color,box-shadow] dark:bg-input/20",
        "has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/50",
        "has-[input[aria-invalid=true]]:border-destructive",
        className,
      )}
    >
      <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="shrink-0 font-medium" aria-hidden="true">
        Escolher arquivo
      </span>
      <span data-resume-name className="min-w-0 truncate text-muted-foreground" aria-hidden="true">
        {NO_RESUME_CHOSEN}
      </span>
      <input
        type="file"
        accept={RESUME_ACCEPT}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
        {...props}
      />
    </div>
  );
}
