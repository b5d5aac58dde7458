import { cn } from "@/web/lib/utils";
import { formatInZone, formatLongInZone, zoneDiffers, zoneLabel } from "@/web/lib/zoned-time";

/**
 * A time of a condominium's record, read on the condominium's clock (docs/product.md, "Horários"):
 * "12/03/2025 14:32", followed by "(horário de Manaus)" when the browser's clock reads it differently.
 * Every list, detail and timeline shows such times through this.
 */
export function ZonedTime({
  value,
  timeZone,
  seconds = false,
  className,
}: {
  value: string | Date;
  /** The condominium's IANA zone; without one, the browser's. */
  timeZone: string | undefined;
  seconds?: boolean;
  className?: string;
}) {
  const date = value instanceof Date ? value : new Date(value);
  const labelled = zoneDiffers(date, timeZone);
  const label = labelled && timeZone ? zoneLabel(timeZone) : null;
  return (
    <span className={cn("tabular-nums", className)} data-timezone={timeZone}>
      <time dateTime={date.toISOString()} title={`${formatLongInZone(date, timeZone)}${label ? ` (${label})` : ""}`}>
        {formatInZone(date, timeZone, { seconds })}
      </time>
      {label && <span className="text-muted-foreground text-xs"> ({label})</span>}
    </span>
  );
}
