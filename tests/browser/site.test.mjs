// tabula's web view in a real browser. Run by the Rust test `tests/web/browser.rs`, which
// serves the site on a seeded store and passes TABULA_SITE (its address), TABULA_PAGES (one
// path per kind of page, as JSON) and TABULA_CHROMIUM (Debian's chromium; nothing is ever
// downloaded). When the live test has its page open it prints TABULA-MOVE and waits for a
// line on stdin: the Rust side has then played a move through the table.
import assert from "node:assert/strict";
import { createInterface } from "node:readline";
import { after, before, test } from "node:test";

import { AxeBuilder } from "@axe-core/playwright";
import { chromium } from "playwright-core";

const site = process.env.TABULA_SITE;
const pages = JSON.parse(process.env.TABULA_PAGES ?? "{}");
assert.ok(site, "TABULA_SITE is set");

let browser;

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.TABULA_CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
});

after(async () => {
  await browser?.close();
});

/// A fresh browser context whose every request to another host fails the test.
async function context(options = {}) {
  const ctx = await browser.newContext(options);
  const strangers = [];
  await ctx.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(site)) return route.continue();
    strangers.push(url);
    return route.abort();
  });
  ctx.strangers = strangers;
  return ctx;
}

const kinds = ["home", "server", "leaderboard", "player", "game", "live", "archive", "missing"];

for (const colorScheme of ["light", "dark"]) {
  test(`every kind of page has no axe violations (WCAG 2.1 AA) in ${colorScheme}`, async () => {
    const ctx = await context({ colorScheme, viewport: { width: 1280, height: 800 } });
    for (const kind of kinds) {
      const page = await ctx.newPage();
      await page.goto(site + pages[kind]);
      const result = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const found = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
      assert.deepEqual(found, [], `${kind} page in ${colorScheme}`);
      await page.close();
    }
    assert.deepEqual(ctx.strangers, [], "requests to other hosts");
    await ctx.close();
  });
}

test("the dark scheme is dark and the light one light", async () => {
  for (const [colorScheme, dark] of [["light", false], ["dark", true]]) {
    const ctx = await context({ colorScheme });
    const page = await ctx.newPage();
    await page.goto(site + pages.game);
    const luminance = await page.evaluate(() => {
      const rgb = getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g).map(Number);
      const [r, g, b] = rgb.map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    });
    assert.equal(luminance < 0.2, dark, `${colorScheme}: background luminance ${luminance}`);
    await ctx.close();
  }
});

test("every kind of page fits a 360 px phone without scrolling sideways", async () => {
  const ctx = await context({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  for (const kind of kinds) {
    const page = await ctx.newPage();
    await page.goto(site + pages[kind]);
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    assert.ok(scroll <= inner, `${kind}: ${scroll} px wide in a ${inner} px window`);
    await page.close();
  }
  await ctx.close();
});

/// The next line the Rust side writes on stdin.
function nextLine() {
  const input = createInterface({ input: process.stdin });
  return new Promise((resolve) => {
    input.once("line", (line) => {
      input.close();
      resolve(line);
    });
  });
}

test("a live game page shows a move made through the table without reloading", async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await page.goto(site + pages.live);
  const before = await page.locator(".moves li").count();
  const board = await page.locator(".board img").getAttribute("src");
  // A mark that a reload or navigation would wipe.
  await page.evaluate(() => {
    window.tabulaStayed = true;
  });
  // The page follows the game once the server has answered its stream.
  await page.locator('[data-following="yes"]').waitFor();
  console.log("TABULA-MOVE");
  assert.equal(await nextLine(), "moved");
  await page.waitForFunction((n) => document.querySelectorAll(".moves li").length === n + 1, before);
  assert.match(await page.locator(".moves li").last().innerText(), /dave: Nc6/);
  assert.notEqual(await page.locator(".board img").getAttribute("src"), board);
  assert.match(await page.locator(".board img").getAttribute("src"), new RegExp(`/${before + 1}\\.png$`));
  assert.match(await page.locator(".state").innerText(), /carol to move/);
  assert.equal(await page.locator(".moves [aria-current]").count(), 1);
  assert.equal(await page.evaluate(() => window.tabulaStayed), true, "no reload");
  await ctx.close();
});

test("arrow keys, Home and End step through a game, and Back returns", async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  const game = site + pages.game;
  await page.goto(game);
  const last = await page.locator(".moves li").count();
  const expect = async (url, ply) => {
    await page.waitForURL(url);
    assert.match(await page.locator(".board img").getAttribute("src"), new RegExp(`/${ply}\\.png$`));
  };
  await page.keyboard.press("ArrowLeft");
  await expect(`${game}/${last - 1}`, last - 1);
  await page.keyboard.press("ArrowLeft");
  await expect(`${game}/${last - 2}`, last - 2);
  await page.keyboard.press("ArrowRight");
  await expect(`${game}/${last - 1}`, last - 1);
  await page.keyboard.press("Home");
  await expect(`${game}/0`, 0);
  await page.keyboard.press("End");
  await expect(game, last);
  await page.goBack();
  await expect(`${game}/0`, 0);
  await ctx.close();
});

test("with JavaScript off every page opens and the replay links step through a game", async () => {
  const ctx = await context({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  for (const kind of kinds.filter((k) => k !== "missing")) {
    const answer = await page.goto(site + pages[kind]);
    assert.equal(answer.status(), 200, kind);
  }
  const game = site + pages.game;
  await page.goto(`${game}/0`);
  await page.getByRole("link", { name: "Forward" }).click();
  await page.waitForURL(`${game}/1`);
  await page.getByRole("link", { name: "Forward" }).click();
  await page.waitForURL(`${game}/2`);
  await page.getByRole("link", { name: "Back" }).click();
  await page.waitForURL(`${game}/1`);
  assert.match(await page.locator(".board img").getAttribute("src"), /\/1\.png$/);
  await ctx.close();
});

// README's pictures of the site: with TABULA_SCREENSHOTS=DIR (a folder, e.g. the repository's
// docs/) the run also saves the finished game's page and the chess leaderboard there, light
// and dark side by side as a reader would meet them. Not a check: it only runs when asked.
test("README screenshots", { skip: !process.env.TABULA_SCREENSHOTS }, async () => {
  const dir = process.env.TABULA_SCREENSHOTS;
  for (const [kind, name] of [["game", "web-game"], ["leaderboard", "web-leaderboard"]]) {
    for (const colorScheme of ["light", "dark"]) {
      const ctx = await context({ colorScheme, viewport: { width: 900, height: 420 } });
      const page = await ctx.newPage();
      await page.goto(site + pages[kind]);
      await page.screenshot({ path: `${dir}/${name}-${colorScheme}.png`, fullPage: true });
      await ctx.close();
    }
  }
});
