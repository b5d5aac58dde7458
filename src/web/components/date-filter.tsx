import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { isDateOnly } from "@/web/lib/periodo";

/** One end of a list's period filter: a native date input whose value is a calendar day, or none. */
export function DateFilter({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (value?: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value ?? ""}
        min={min}
        max={max}
        onChange={(event) => onChange(isDateOnly(event.target.value) ? event.target.value : undefined)}
      />
    </div>
  );
}
