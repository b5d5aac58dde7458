import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Building2, CircleCheck, Home, Users } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { primeirosPassosOptions } from "@/web/lib/first-steps";
import { usePermission } from "@/web/lib/me.queries";
import { cn } from "@/web/lib/utils";

const STEPS = [
  {
    key: "condominios",
    icon: Building2,
    title: "Cadastre o condomínio",
    description: "Nome e fuso horário: o painel conta o dia no horário do condomínio.",
    to: "/app/condominios/novo",
    action: "Cadastrar condomínio",
  },
  {
    key: "unidades",
    icon: Home,
    title: "Cadastre as unidades",
    description: "Apartamentos e casas, com torre e ramal para as chamadas.",
    to: "/app/unidades/nova",
    action: "Cadastrar unidade",
  },
  {
    key: "pessoas",
    icon: Users,
    title: "Cadastre moradores e funcionários",
    description: "Quem autoriza as visitas de cada unidade.",
    to: "/app/pessoas/nova",
    action: "Cadastrar pessoa",
  },
] as const;

/**
 * A new tenant's first minutes: until a condominium, a unit and a person exist, the dashboard
 * leads through them in order. Hidden once all three are done (and while it loads or fails:
 * the dashboard itself stays usable).
 */
export function PrimeirosPassos() {
  const canRegister = usePermission("cadastros:editar");
  const { data } = useQuery({ ...primeirosPassosOptions(), enabled: canRegister });
  if (!canRegister || !data || (data.condominios && data.unidades && data.pessoas)) return null;
  const next = STEPS.find((step) => !data[step.key]);
  return (
    <Card aria-labelledby="primeiros-passos-titulo" className="border-primary/40">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="primeiros-passos-titulo">Primeiros passos</h2>
        </CardTitle>
        <CardDescription>
          Três cadastros e a portaria está pronta para receber as primeiras solicitações de acesso.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 md:grid-cols-3">
          {STEPS.map((step, index) => {
            const done = data[step.key];
            const current = step === next;
            return (
              <li
                key={step.key}
                className={cn("flex flex-col gap-3 rounded-lg border p-4", current && "border-primary bg-primary/5")}
              >
                <div className="flex items-center gap-2 font-medium">
                  {done ? (
                    <CircleCheck aria-hidden="true" className="size-5 text-primary" />
                  ) : (
                    <step.icon aria-hidden="true" className="size-5 text-muted-foreground" />
                  )}
                  <span>
                    {index + 1}. {step.title}
                  </span>
                  {done && <span className="sr-only">(concluído)</span>}
                </div>
                <p className="text-muted-foreground text-sm">{step.description}</p>
                {current && (
                  <Button asChild size="sm" className="self-start">
                    <Link to={step.to}>
                      {step.action}
                      <ArrowRight aria-hidden="true" />
                    </Link>
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
