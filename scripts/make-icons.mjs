// Renders the app icon (src/app/icon.svg) into the PNG sizes a home-screen install needs.
// The PNGs are committed; run this again only when the icon changes.
import sharp from "sharp";
import { readFileSync } from "node:fs";

const svg = readFileSync(new URL("../src/app/icon.svg", import.meta.url));
for (const size of [192, 512]) {
  await sharp(svg, { density: 384 })
    .resize(size, size)
    .png()
    .toFile(new URL(`../public/icons/icon-${size}.png`, import.meta.url).pathname);
}
// Maskable: the same mark on a full-bleed square with a safe margin.
const inner = await sharp(svg, { density: 384 }).resize(384, 384).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#7c3aed" } })
  .composite([{ input: inner, left: 64, top: 64 }])
  .png()
  .toFile(new URL("../public/icons/maskable-512.png", import.meta.url).pathname);
await sharp(svg, { density: 384 })
  .resize(180, 180)
  .png()
  .toFile(new URL("../public/icons/apple-touch-icon.png", import.meta.url).pathname);
console.log("icons written to public/icons");
