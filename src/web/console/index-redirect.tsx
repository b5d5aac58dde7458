import { Navigate } from "react-router";

/** /app → /app/dashboard (docs/product.md, "Addresses"). */
export default function ConsoleIndex() {
  return <Navigate to="/app/dashboard" replace />;
}
