// Renders public/icons/logo.svg to the PWA's PNG icons and favicon.ico with Debian's Chromium (run by hand).
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const svg = readFileSync("public/icons/logo.svg", "utf8");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();

async function render(size: number, padding = 0): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size });
  const inner = size - padding * 2;
  await page.setContent(
    `<body style="margin:0;background:${padding ? "#8e6e59" : "transparent"}"><div style="padding:${padding}px">${svg.replace("<svg ", `<svg width="${inner}" height="${inner}" `)}</div></body>`,
  );
  return page.screenshot({ omitBackground: true, type: "png" });
}

writeFileSync("public/icons/icon-192.png", await render(192));
writeFileSync("public/icons/icon-512.png", await render(512));
writeFileSync("public/icons/maskable-512.png", await render(512, 64));
const png32 = await render(32);
// An .ico may hold a PNG as its single image: 6-byte header + one 16-byte directory entry.
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(png32.length, 14);
header.writeUInt32LE(22, 18);
writeFileSync("public/favicon.ico", Buffer.concat([header, png32]));
await browser.close();
console.log("icons written to public/icons and public/favicon.ico");
