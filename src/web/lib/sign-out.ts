/**
 * Signing out belongs to the console layout, which owns the session's lifecycle: it takes the shell
 * down before the session ends, so no query or event stream of the old session asks the server
 * again (and gets a 401) while the sign-out is in flight. Components deeper in the shell (the user
 * menu) reach it through this context.
 */
import { createContext, useContext } from "react";

export type SignOut = () => Promise<void>;

export const SignOutContext = createContext<SignOut | null>(null);

export function useSignOut(): SignOut {
  const signOut = useContext(SignOutContext);
  if (!signOut) throw new Error("useSignOut fora do layout do console");
  return signOut;
}
