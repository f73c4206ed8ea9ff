/**
 * Issue 46 item 14, decision 326: a team link's sign-up continues on the link's page through the verification
 * mail (`next`), and `next` is only ever one of our team pages — never an open redirect.
 */
import { describe, expect, it } from "vitest";
import { safeReturnPath } from "../../domain/return-path";
import { client, uniqueEmail } from "../test/helpers";
import { call, latestMail, setCookieValue, uniqueIp } from "../test/auth";

const capture = "/team/capture?token=AbC-123_xyz";
const ip = () => ({ headers: { "CF-Connecting-IP": uniqueIp() } });

async function signUpFrom(next: string) {
  const email = uniqueEmail("next");
  const res = await client.auth.signup.$post({ json: { email, password: "correct horse battery", acceptTerms: true, next } }, ip());
  return { res, email, refresh: setCookieValue(res, "hs_refresh") };
}

describe("safeReturnPath", () => {
  it("keeps a team link's page of this site with its query, and nothing else", () => {
    expect(safeReturnPath(capture)).toBe(capture);
    expect(safeReturnPath("/team/join?token=abc")).toBe("/team/join?token=abc");
    for (const hostile of [
      "//evil.test/team/capture?token=a",
      "/\\evil.test/team/capture?token=a",
      "https://evil.test/team/capture?token=a",
      "javascript:alert(1)",
      "/team/capture/../admin?token=a",
      "/team/%2e%2e/admin?token=a",
      "/team/capture?token=a//evil.test",
      "/team/capture?next=https://evil.test",
      "/team/capture?token=a\nSet-Cookie:x=1",
      "/team/capture",
      "/team?token=a",
      "/dashboard?x=1",
      "/admin?token=a",
      "team/capture?token=a",
      `/team/capture?token=${"a".repeat(400)}`,
      "",
      null,
      undefined,
    ])
      expect(safeReturnPath(hostile), String(hostile)).toBeNull();
  });
});

describe("sign-up from a team link's page", () => {
  it("the verification mail's link carries the page, and opened where the person signed up it lands there, verified", async () => {
    const { res, email, refresh } = await signUpFrom(capture);
    expect(res.status).toBe(201);
    const link = (await latestMail(email))!.links[0]!;
    expect(new URL(link).searchParams.get("next")).toBe(capture);
    const opened = await call(link, { headers: { Cookie: `hs_refresh=${refresh}` } });
    expect(opened.headers.get("Location")).toBe(`${capture}&verified=1`);
  });

  it("opened on another device, the page travels through /auth/verify", async () => {
    const { email } = await signUpFrom(capture);
    const opened = await call((await latestMail(email))!.links[0]!);
    const to = new URL(opened.headers.get("Location")!, "http://app.test");
    expect(to.pathname).toBe("/auth/verify");
    expect(to.searchParams.get("next")).toBe(capture);
  });

  it("a sign-up naming any other place is refused; a link edited to name one lands on the dashboard", async () => {
    expect((await signUpFrom("https://evil.test/phish")).res.status).toBe(400);
    expect((await signUpFrom("/admin?x=1")).res.status).toBe(400);

    const { email, refresh } = await signUpFrom(capture);
    const link = new URL((await latestMail(email))!.links[0]!);
    link.searchParams.set("next", "//evil.test/team/capture?token=a");
    const opened = await call(link.toString(), { headers: { Cookie: `hs_refresh=${refresh}` } });
    expect(opened.headers.get("Location")).toBe("/dashboard?verified=1");
  });

  it("the email sent again from the link's page carries it too", async () => {
    const { email, res } = await signUpFrom(capture);
    const { accessToken } = await res.json();
    const headers = { Authorization: `Bearer ${accessToken}`, "CF-Connecting-IP": uniqueIp() };
    expect((await client.auth["resend-verification"].$post({ json: { next: "/team/join?token=xyz" } }, { headers })).status).toBe(202);
    expect(new URL((await latestMail(email))!.links[0]!).searchParams.get("next")).toBe("/team/join?token=xyz");
    expect((await client.auth["resend-verification"].$post({ json: { next: "//evil.test" } }, { headers })).status).toBe(400);
  });
});
