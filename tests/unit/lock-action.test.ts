import { describe, expect, it } from "vitest";
import { clearBrowserData, isEntryPage } from "@/client/storage";
import { lockJournal } from "@/client/lock";

/** A Storage in memory, as the browser's localStorage behaves. */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

describe("Lock leaves nothing private in the browser (finding 9)", () => {
  it("clears every reverie: key but the device preferences, then goes to the lock screen", async () => {
    const local = new MemoryStorage();
    local.setItem("reverie:chat-history", JSON.stringify([{ role: "user", content: "my secret" }]));
    local.setItem("reverie:journal-draft", JSON.stringify({ content: "private draft" }));
    local.setItem("reverie:recent-searches", "[]");
    local.setItem("reverie:preferences", JSON.stringify({ minimalNavigation: true }));
    local.setItem("other-app", "kept");
    const steps: string[] = [];
    await lockJournal({
      logout: async () => steps.push("logout"),
      clear: () => {
        steps.push("clear");
        return clearBrowserData([local]);
      },
      go: (url) => steps.push(`go ${url}`),
    });
    expect(steps).toEqual(["logout", "clear", "go /lock"]);
    expect(local.getItem("reverie:chat-history")).toBeNull();
    expect(local.getItem("reverie:journal-draft")).toBeNull();
    expect(local.getItem("reverie:recent-searches")).toBeNull();
    expect(local.getItem("reverie:preferences")).toBe(JSON.stringify({ minimalNavigation: true }));
    expect(local.getItem("other-app")).toBe("kept");
  });

  it("clears the browser's copies even when the server cannot be reached", async () => {
    const local = new MemoryStorage();
    local.setItem("reverie:chat-history", "[]");
    let went = "";
    await expect(
      lockJournal({
        logout: async () => {
          throw new Error("offline");
        },
        clear: () => clearBrowserData([local]),
        go: (url) => (went = url),
      }),
    ).rejects.toThrow("offline");
    expect(local.getItem("reverie:chat-history")).toBeNull();
    expect(went).toBe("/lock");
  });

  it("goes to the unlock screen when an encrypted journal's passphrase is the lock", async () => {
    const steps: string[] = [];
    await lockJournal(
      {
        logout: async () => steps.push("logout"),
        clear: () => steps.push("clear"),
        go: (url) => steps.push(`go ${url}`),
      },
      "/unlock",
    );
    expect(steps).toEqual(["logout", "clear", "go /unlock"]);
  });

  it("knows the pages whose address names an entry (never kept by the service worker)", () => {
    for (const p of [
      "/entry/0192d7a0-0000-7000-8000-000000000000",
      "/journal/edit/0192d7a0-0000-7000-8000-000000000000",
      "/entry/x/",
    ])
      expect(isEntryPage(p), p).toBe(true);
    for (const p of ["/", "/journal", "/timeline", "/entry", "/entry/", "/journal/edit", "/settings", "/get-help"])
      expect(isEntryPage(p), p).toBe(false);
  });
});
