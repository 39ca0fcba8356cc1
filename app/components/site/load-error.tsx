import { Card } from "#app/components/ui/card.tsx";

/** A page's list that could not be loaded in the browser, announced as an alert. */
export function LoadError({ title, titleId }: { title: string; titleId?: string }) {
  return (
    <Card role="alert" className="p-10 text-center">
      <p id={titleId} className="text-lg font-semibold text-white">
        {title}
      </p>
      <p className="mt-2 text-zinc-400">Please reload the page or try again in a moment.</p>
    </Card>
  );
}
