// @vitest-environment node
/** A public page's own stylesheet (decision 151): the rules of the classes its HTML names, and index.css's own. */
import { describe, expect, it } from "vitest";
import { classesIn, pageStylesheet } from "./page-css";

describe("a public page's own stylesheet", () => {
  it("reads the classes of every element as React writes them, entities and all", () => {
    const html = `<body class="min-h-dvh"><a class="flex [&amp;_svg]:size-4 [&amp;_svg:not([class*=&#x27;size-&#x27;])]:size-4" href="/">x</a><p>flex grid hidden</p></body>`;
    expect(classesIn(html)).toEqual(["min-h-dvh", "flex", "[&_svg]:size-4", "[&_svg:not([class*='size-'])]:size-4"]);
  });

  it("has the rules of the page's classes, not of classes only its text names; index.css's own rules always", async () => {
    const css = await pageStylesheet(`<main class="flex [&amp;_svg]:size-4 below-fold"><p>grid and hidden are words here</p></main>`);
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain(".\\[\\&_svg\\]\\:size-4 svg{width:calc(var(--spacing) * 4);height:calc(var(--spacing) * 4)}");
    expect(css).toContain("content-visibility:auto");
    expect(css).not.toContain(".grid{");
    expect(css).not.toContain(".hidden{");
    expect(css).toContain(".ask-consent .consent-banner,.consent-open .consent-banner{display:block}");
    expect(css).toContain("html:not(.signed-in) .when-signed-in,html.signed-in .when-signed-out{display:none}");
  });
});
