import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import { DownloadPanel } from "./download-panel";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function api(subscription: unknown, download: () => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === "/api/stripe/subscription") return new Response(JSON.stringify(subscription), { status: 200 });
      return download();
    }),
  );
  return urls;
}

const headshot = { id: "h1", style: "White Background" as const };

describe("download panel", () => {
  it("free user: starts on web; choosing High opens the Subscription Required dialog instead", async () => {
    api(null, () => new Response("x"));
    renderWithApp(<DownloadPanel headshot={headshot} imageUrl="/img" />, { user: testUser });
    await waitFor(() => expect((screen.getByRole("radio", { name: "Web" }) as HTMLElement).getAttribute("aria-checked")).toBe("true"));
    fireEvent.click(screen.getByRole("radio", { name: /^High/ }));
    expect(await screen.findByRole("dialog", { name: "Subscription Required" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Web", hidden: true }).getAttribute("aria-checked")).toBe("true");
  });

  it("subscriber: downloads with the chosen options and saves under the server's filename", async () => {
    const urls = api({ status: "active", planType: "monthly", stripePriceId: "p", currentPeriodEnd: null }, () =>
      new Response("png", {
        status: 200,
        headers: { "Content-Disposition": 'attachment; filename="headshot-white-background-high-round-300dpi.png"' },
      }),
    );
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithApp(<DownloadPanel headshot={headshot} imageUrl="/img" />, { user: testUser });
    await waitFor(() => expect(screen.getByRole("radio", { name: /^High/ }).getAttribute("aria-checked")).toBe("true"));
    fireEvent.click(screen.getByRole("radio", { name: "Round" }));
    fireEvent.click(screen.getByRole("radio", { name: "300" }));
    fireEvent.click(screen.getByRole("button", { name: /download/i }));
    await waitFor(() => expect(screen.getByText(/Download (Started|Failed)/)).toBeTruthy());
    expect(screen.queryByText("Download Failed")?.parentElement?.textContent ?? "").toBe("");
    expect(screen.getByText("Download Started")).toBeTruthy();
    expect(urls).toContain("/api/headshots/h1/download?resolution=high&shape=round&fileFormat=png&dpi=300");
    expect(clicked).toEqual(["headshot-white-background-high-round-300dpi.png"]);
  });

  it("a 402 from the server opens the dialog; other failures toast 'Download Failed'", async () => {
    api({ status: "active", planType: "monthly", stripePriceId: "p", currentPeriodEnd: null }, () =>
      new Response(JSON.stringify({ error: "Internal Server Error" }), { status: 500 }),
    );
    renderWithApp(<DownloadPanel headshot={headshot} imageUrl="/img" />, { user: testUser });
    await waitFor(() => expect(screen.getByRole("radio", { name: /^High/ }).getAttribute("aria-checked")).toBe("true"));
    fireEvent.click(screen.getByRole("button", { name: /download/i }));
    await waitFor(() => expect(screen.getByText("Download Failed")).toBeTruthy());
  });
});
