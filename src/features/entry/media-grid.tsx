import { ExternalLink, FileAudio } from "lucide-react";
import type { MediaFileDto } from "@/contracts/entries";

/**
 * An entry's media: images open full size in a new tab; audio and video play inline (the server
 * answers byte ranges, so seeking works).
 */
export function MediaGrid({ media }: { media: MediaFileDto[] }) {
  const visual = media.filter((m) => m.file_type !== "audio");
  const audio = media.filter((m) => m.file_type === "audio");
  return (
    <div className="mt-2 space-y-3">
      {visual.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos and videos">
          {visual.map((m) =>
            m.file_type === "image" ? (
              <li key={m.id}>
                <a
                  href={m.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="group relative block overflow-hidden rounded-xl border border-stone-200 bg-stone-100"
                  aria-label={`Open ${m.filename} in a new tab`}
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- private media served by the app itself */}
                  <img
                    src={m.thumbnail_url ?? m.url}
                    alt={m.filename}
                    loading="lazy"
                    className="aspect-square w-full object-cover transition-transform group-hover:scale-[1.02]"
                  />
                  <span
                    className="absolute right-2 top-2 rounded-full bg-white/90 p-1 text-stone-700 opacity-0 shadow-sm transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                    aria-hidden
                  >
                    <ExternalLink className="h-3.5 w-3.5" />
                  </span>
                </a>
              </li>
            ) : (
              <li
                key={m.id}
                className="col-span-2 overflow-hidden rounded-xl border border-stone-200 bg-black sm:col-span-3"
              >
                <video
                  controls
                  preload="metadata"
                  src={m.url}
                  className="max-h-[28rem] w-full"
                  aria-label={m.filename}
                />
              </li>
            ),
          )}
        </ul>
      )}
      {audio.length > 0 && (
        <ul className="space-y-2" aria-label="Audio">
          {audio.map((m) => (
            <li
              key={m.id}
              className="flex flex-col gap-2 rounded-xl border border-stone-200 p-3 sm:flex-row sm:items-center"
            >
              <span className="flex min-w-0 items-center gap-2 text-sm text-stone-700">
                <FileAudio className="h-4 w-4 shrink-0 text-brand-500" aria-hidden />
                <span className="truncate">{m.filename}</span>
              </span>
              <audio
                controls
                preload="metadata"
                src={m.url}
                className="h-10 w-full sm:ml-auto sm:w-80"
                aria-label={m.filename}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
