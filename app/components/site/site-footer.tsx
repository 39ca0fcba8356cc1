export function SiteFooter({ companyName, year }: { companyName: string; year: number }) {
  return (
    <footer className="border-t border-night-700 bg-night-950">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-2 px-4 py-10 text-center sm:px-6">
        <p className="font-pixel text-[0.6rem] tracking-tight text-grass-400" aria-hidden="true">
          GG. SEE YOU IN THE NEXT WORLD.
        </p>
        <p className="text-sm text-zinc-400">
          © {year} {companyName} LLC. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
