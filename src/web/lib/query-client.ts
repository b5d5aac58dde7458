import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

const FIVE_MINUTES = 5 * 60 * 1000;

/**
 * App-wide defaults (docs/product.md, "Live updates"): 5 minutes fresh, no refetch on window focus, one retry.
 * A 4xx answer (no session, no permission, not found, bad input) will not change on retry, so it
 * fails at once.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}

/** The browser's one query cache (the console is a single client-side app). */
export const queryClient = createQueryClient();
