"use client";
import { Crosshair, Loader2, MapPin, X } from "lucide-react";
import { useId, useState } from "react";
import { MAX_LOCATION_CHARS } from "@/domain/constants";

const round = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * An optional place name, and "Use my location" filling coordinates from the browser. No
 * reverse-geocoding service is asked: the coordinates never leave the journal.
 */
export function LocationField({
  name,
  lat,
  lng,
  disabled,
  onChange,
}: {
  name: string;
  lat: number | null;
  lng: number | null;
  disabled?: boolean;
  onChange: (v: { name?: string; lat?: number | null; lng?: number | null }) => void;
}) {
  const id = useId();
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState("");

  const locate = () => {
    setError("");
    if (!("geolocation" in navigator)) {
      setError("Location is not available in this browser.");
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        onChange({ lat: round(pos.coords.latitude), lng: round(pos.coords.longitude) });
      },
      (err) => {
        setLocating(false);
        setError(
          err.code === err.PERMISSION_DENIED
            ? "Could not get your location. Please check permissions."
            : "Could not get your location right now.",
        );
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };

  return (
    <div>
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium text-stone-800">
        <MapPin className="h-4 w-4 text-stone-500" aria-hidden />
        Location <span className="font-normal text-stone-500">(optional)</span>
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          value={name}
          maxLength={MAX_LOCATION_CHARS}
          onChange={(e) => onChange({ name: e.target.value })}
          disabled={disabled}
          placeholder="Where are you?"
          className="h-10 w-full min-w-0 rounded-xl sm:flex-1 border border-stone-200 bg-white px-3 text-sm placeholder:text-stone-400 focus:border-brand-500 focus:outline-none"
        />
        <button
          type="button"
          onClick={locate}
          disabled={disabled || locating}
          className="inline-flex h-10 items-center justify-center gap-1.5 rounded-xl border border-stone-200 bg-white px-3 text-sm font-medium text-stone-700 hover:bg-stone-50 disabled:text-stone-400"
        >
          {locating ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          ) : (
            <Crosshair className="h-4 w-4" aria-hidden />
          )}
          Use my location
        </button>
      </div>
      {lat !== null && lng !== null && (
        <p
          role="status"
          className="mt-2 inline-flex items-center gap-2 rounded-full bg-stone-100 px-3 py-1 text-xs text-stone-700"
        >
          <span>
            Coordinates:{" "}
            <span className="tabular-nums">
              {lat.toFixed(5)}, {lng.toFixed(5)}
            </span>
          </span>
          <button
            type="button"
            onClick={() => onChange({ lat: null, lng: null })}
            disabled={disabled}
            className="rounded-full p-0.5 hover:bg-stone-200"
            aria-label="Clear coordinates"
          >
            <X className="h-3 w-3" aria-hidden />
          </button>
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
