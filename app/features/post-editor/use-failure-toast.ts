import { useToast } from "#app/components/ui/toast.tsx";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";

/**
 * "Failed to {what}: {the server's message}" as the editor's calls say it, but nothing when the
 * session ended: the 'Unauthorized' toast and the redirect to sign in are already on their way.
 */
export function useFailureToast() {
  const toast = useToast();
  return (what: string, error: unknown) => {
    if (isApiError(error, 401)) return;
    toast({
      title: "Error",
      description: `Failed to ${what}: ${errorMessage(error, "please try again.")}`,
      variant: "destructive",
    });
  };
}
