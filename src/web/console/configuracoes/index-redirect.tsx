import { Navigate } from "react-router";

export default function ConfiguracoesIndex() {
  return <Navigate to="/app/configuracoes/equipe" replace />;
}
