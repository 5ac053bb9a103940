import type { MetadataRoute } from "next";
import { APP_NAME } from "@/domain/constants";

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: `${APP_NAME} - your private journal`,
    short_name: APP_NAME,
    description: "A private journal with an AI companion. Your entries stay on your device.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#faf9f7",
    theme_color: "#7c3aed",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
