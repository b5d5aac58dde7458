import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";

/**
 * "Atualizar": refetches and says how it went in a toast ("Dados atualizados" and `description`, or
 * the error), since a refetch that brings the same data changes nothing on screen.
 */
export function RefreshButton({
  refetch,
  description,
  className,
}: {
  refetch: () => Promise<{ isError: boolean; error: unknown }>;
  description: string;
  className?: string;
}) {
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      const result = await refetch();
      if (result.isError) toast.error("Erro ao atualizar", { description: errorMessage(result.error) });
      else toast.success("Dados atualizados", { description });
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <Button
      variant="outline"
      className={className}
      onClick={() => void refresh()}
      disabled={refreshing}
      aria-busy={refreshing}
    >
      <RefreshCw aria-hidden="true" className={cn(refreshing && "animate-spin")} />
      Atualizar
    </Button>
  );
}
