import type { ChatMessage } from "#common/webhook-payloads.ts";

/**
 * A chat message as the community chat shows it: the sender, the line above, and the card with
 * its colour bar, linked title, text, pack type and picture. Given the very message the server
 * sends (chatMessage in common/webhook-payloads.ts), so the preview is the card.
 */
export function ChatCardPreview({ message }: { message: ChatMessage }) {
  const [embed] = message.embeds;
  return (
    <figure
      aria-label="Card preview"
      className="rounded-lg bg-[#313338] p-4 font-sans text-sm text-[#dbdee1]"
    >
      <figcaption className="flex items-baseline gap-2">
        <span className="font-semibold text-white">{message.username}</span>
        <span className="rounded bg-[#5865f2] px-1 text-[10px] font-semibold text-white">APP</span>
      </figcaption>
      {message.content ? <p className="mt-1">{message.content}</p> : null}
      {embed ? (
        <div
          className="mt-2 max-w-md rounded border-l-4 bg-[#2b2d31] p-3"
          style={{ borderLeftColor: `#${embed.color.toString(16).padStart(6, "0")}` }}
        >
          {embed.url ? (
            <a
              href={embed.url}
              target="_blank"
              rel="noreferrer"
              className="font-semibold text-[#00a8fc] hover:underline"
            >
              {embed.title}
            </a>
          ) : (
            <p className="font-semibold text-white">{embed.title}</p>
          )}
          {embed.description ? (
            <p className="mt-1 whitespace-pre-line">{embed.description}</p>
          ) : null}
          {embed.fields?.map((field) => (
            <div key={field.name} className="mt-2">
              <p className="text-xs font-semibold text-white">{field.name}</p>
              <p>{field.value}</p>
            </div>
          ))}
          {embed.image ? (
            <img src={embed.image.url} alt="" className="mt-3 max-h-48 rounded object-cover" />
          ) : null}
        </div>
      ) : null}
    </figure>
  );
}
