import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => consoleTitle("Dashboard");

export default function DashboardPage() {
  return <PlaceholderPage title="Dashboard" description="Visão geral das solicitações e atividades do sistema" />;
}
