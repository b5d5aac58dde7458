import { useQuery } from "@tanstack/react-query";
import { Ban } from "lucide-react";
import { Link, useParams } from "react-router";
import { EmptyState } from "@/web/components/empty-state";
import { EditScreen } from "@/web/components/record-screen";
import { RequirePermission } from "@/web/components/require-permission";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import type { Route } from "./+types/edit";
import { EditarPasseForm } from "./passe-form";
import { PASSE } from "./passe-labels";
import { passeDetailOptions } from "./passes.queries";

export const meta: Route.MetaFunction = () => consoleTitle(CONSOLE_SCREENS.passes.edit!);

export default function EditarPassePage() {
  return (
    <RequirePermission permission="passes:gerenciar">
      <EditarPasseScreen />
    </RequirePermission>
  );
}

function EditarPasseScreen() {
  const { id = "" } = useParams();
  const query = useQuery(passeDetailOptions(id));
  return (
    <EditScreen
      query={query}
      labels={PASSE}
      title={CONSOLE_SCREENS.passes.edit!}
      description={query.data ? query.data.nome : "Altere o visitante e o horário do passe."}
    >
      {(passe) =>
        passe.status === "revogado" ? (
          // Revoking is final: the server refuses the edit, so the form is not offered.
          <Card>
            <CardContent>
              <EmptyState
                icon={Ban}
                title="Este passe foi revogado."
                description="Um passe revogado não pode ser editado nem reativado. Se o visitante ainda precisar entrar, crie um novo passe."
                action={
                  <Button asChild variant="outline">
                    <Link to={`${PASSE.list}/${passe.id}`}>Voltar para o passe</Link>
                  </Button>
                }
              />
            </CardContent>
          </Card>
        ) : (
          <EditarPasseForm key={passe.id} passe={passe} />
        )
      }
    </EditScreen>
  );
}
