/**
 * The profile-picture template (issue 37, decision 257): the owner sets round or square, a size and a
 * border in the brand colour; the team ZIP (`template=team`) and each member's own download apply it.
 * The files are decoded here and their pixels read: the border's colour at the edge, transparency outside
 * the circle.
 */
import { describe, expect, it } from "vitest";
import { client, createTestUser, errorBody } from "../test/helpers";
import { decode } from "../test/images";
import { readZip } from "../test/zip";
import { generatedHeadshot, joinedMember, send, teamWithSeats } from "../test/teams";
import { withoutContentCredentials } from "../marking/c2pa";

const BRAND = "#12AB34";
const BRAND_RGBA = [0x12, 0xab, 0x34, 255];

const pixel = (img: ReturnType<typeof decode>, x: number, y: number) => [
  ...img.pixels.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4),
];

describe("the profile-picture template", () => {
  it("is validated: shape, size 128–2048, border 0–64 and at most an eighth of the size, a brand colour for a border", async () => {
    const { owner } = await teamWithSeats(1);
    const patch = (template: unknown) => send("PATCH", "/api/team", owner.auth, { template });
    expect((await patch({ shape: "oval", size: 512, border: 8 })).status).toBe(400);
    expect((await patch({ shape: "round", size: 100, border: 0 })).status).toBe(400);
    expect((await patch({ shape: "round", size: 512.5, border: 0 })).status).toBe(400);
    const wide = await patch({ shape: "round", size: 256, border: 40 });
    expect(wide.status).toBe(400);
    expect((await errorBody(wide)).message).toContain("an eighth of the size");
    const noColour = await patch({ shape: "round", size: 512, border: 8 });
    expect(noColour.status).toBe(409);
    expect((await errorBody(noColour)).message).toContain("brand colour");
    // without a border no colour is needed; with the colour sent alongside, the border is accepted
    expect((await patch({ shape: "square", size: 512, border: 0 })).status).toBe(200);
    const set = await client.team.$patch(
      { json: { brandColor: BRAND, template: { shape: "round", size: 512, border: 8 } } },
      { headers: owner.auth },
    );
    expect(await set.json()).toMatchObject({ template: { shape: "round", size: 512, border: 8 } });
    expect((await client.team.$get({}, { headers: owner.auth }).then((r) => r.json()))!.team.shoot.template).toEqual({
      shape: "round",
      size: 512,
      border: 8,
    });
    expect(await (await patch(null)).json()).toMatchObject({ template: null });
  });

  it("the team ZIP applies a round template: a PNG of its size, the brand-colour ring at the edge, transparent corners", async () => {
    const { owner } = await teamWithSeats(3);
    const ann = await joinedMember(owner);
    const photo = await generatedHeadshot(ann.auth, "Office");
    await client.team.photo.$put({ json: { headshotId: photo } }, { headers: ann.auth });
    const zip = (query: Record<string, string>) => client.team.zip.$get({ query }, { headers: owner.auth });

    const before = await zip({ template: "team" });
    expect(before.status).toBe(409); // no template yet
    expect((await errorBody(before)).message).toContain("profile-picture template");

    await client.team.$patch({ json: { brandColor: BRAND, template: { shape: "round", size: 256, border: 8 } } }, { headers: owner.auth });
    const res = await zip({ template: "team", preset: "linkedin-banner" }); // the template wins over other options
    expect(res.status).toBe(200);
    const files = readZip(new Uint8Array(await res.arrayBuffer()));
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toMatch(/-256x256-round\.png$/);
    expect([...files[0]!.data.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const img = decode(files[0]!.data);
    expect([img.width, img.height]).toEqual([256, 256]);
    // the corners are outside the circle: fully transparent
    for (const [x, y] of [
      [0, 0],
      [255, 0],
      [0, 255],
      [255, 255],
      [20, 20],
    ] as const)
      expect(pixel(img, x, y)[3]).toBe(0);
    // the ring, 8 px wide inside the circle's edge, is the brand colour at the top, bottom, left and right
    for (const [x, y] of [
      [128, 3],
      [128, 252],
      [3, 128],
      [252, 128],
    ] as const)
      expect(pixel(img, x, y)).toEqual(BRAND_RGBA);
    // inside the ring the photo shows, opaque
    expect(pixel(img, 128, 20)).not.toEqual(BRAND_RGBA);
    expect(pixel(img, 128, 128)[3]).toBe(255);

    // the member's own download with the template is the same file but its Content Credentials, signed for each
    // delivery (ECDSA signatures differ; decision 320)
    const own = await client.headshots[":id"].download.$get({ param: { id: photo }, query: { template: "team" } }, { headers: ann.auth });
    expect(own.status).toBe(200);
    expect(withoutContentCredentials(new Uint8Array(await own.arrayBuffer()))).toEqual(withoutContentCredentials(files[0]!.data));
  });

  it("a member's download applies a square template: the border frames every edge, corners opaque", async () => {
    const { owner } = await teamWithSeats(3);
    await client.team.$patch(
      { json: { brandColor: BRAND, template: { shape: "square", size: 200, border: 10 } } },
      { headers: owner.auth },
    );
    const ann = await joinedMember(owner);
    const photo = await generatedHeadshot(ann.auth, "Office");
    const res = await client.headshots[":id"].download.$get({ param: { id: photo }, query: { template: "team" } }, { headers: ann.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    const img = decode(new Uint8Array(await res.arrayBuffer()));
    expect([img.width, img.height]).toEqual([200, 200]);
    for (const [x, y] of [
      [0, 0],
      [199, 199],
      [100, 9],
      [9, 100],
      [190, 100],
      [100, 190],
    ] as const) {
      expect(pixel(img, x, y)).toEqual(BRAND_RGBA);
    }
    expect(pixel(img, 100, 12)).not.toEqual(BRAND_RGBA);

    // outside a team the template is a 404; the plain download is unchanged
    const outsider = await createTestUser();
    const outside = await client.headshots[":id"].download.$get(
      { param: { id: photo }, query: { template: "team" } },
      { headers: outsider.auth },
    );
    expect(outside.status).toBe(404);
  });
});
