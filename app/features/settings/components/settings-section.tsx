import { Card } from "#app/components/ui/card.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useSettings } from "#app/features/settings/api/get-settings.ts";
import { SettingsForm } from "./settings-form.tsx";

/**
 * Settings (docs/product/dashboard.md#settings-section), for admins and the owner: the company's
 * name, tagline and links, the default social image and the footer's links that every public page
 * shows.
 */
export function SettingsSection() {
  const settings = useSettings();
  return (
    <section aria-labelledby="settings-title">
      <header className="mb-8">
        <h1 id="settings-title" className="text-3xl font-bold text-white">
          Settings
        </h1>
        <p className="mt-1 text-zinc-400">
          The company's name, links and footer, as every public page shows them.
        </p>
      </header>
      {settings.data ? (
        <SettingsForm state={settings.data} />
      ) : settings.isError ? (
        <Card role="alert" className="p-10 text-center">
          <p className="text-lg font-semibold text-white">Failed to load the settings.</p>
          <p className="mt-2 text-zinc-400">Please reload the page or try again in a moment.</p>
        </Card>
      ) : (
        <div className="space-y-4" role="status">
          <span className="sr-only">Loading the settings...</span>
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      )}
    </section>
  );
}
