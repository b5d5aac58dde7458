import { Navigate } from "react-router";

/** /app → /app/dashboard (SPEC.md section 2.1). */
export default function ConsoleIndex() {
  return <Navigate to="/app/dashboard" replace />;
}
