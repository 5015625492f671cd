import { expect, test } from "vitest";
import { isLoopbackAddress, offeredSiteUrl, publicSiteUrl } from "#server/domain/site-settings/site-address.ts";

test("addresses that reach only this computer are loopback addresses", () => {
  for (const address of [
    "http://localhost:3000",
    "http://LOCALHOST",
    "http://club.localhost:8080",
    "http://127.0.0.1:3000",
    "http://127.1.2.3",
    "http://[::1]:3000",
    "http://0.0.0.0:3000",
  ]) {
    expect(isLoopbackAddress(address), address).toBe(true);
  }
  for (const address of [
    "https://club.example.org",
    "http://192.168.0.10:3000",
    "http://localhost.example.org",
    "nonsense",
  ]) {
    expect(isLoopbackAddress(address), address).toBe(false);
  }
});

test("the public address: the settings', then SITE_URL, then the address the browser used", () => {
  const request = "http://192.168.0.10:3000/about.data";
  expect(publicSiteUrl("https://club.example.org", { siteUrl: "https://env.example.org" }, request)).toBe(
    "https://club.example.org",
  );
  expect(publicSiteUrl("", { siteUrl: "https://env.example.org" }, request)).toBe("https://env.example.org");
  expect(publicSiteUrl("", { siteUrl: undefined }, request)).toBe("http://192.168.0.10:3000");
});

test("a loopback address in the settings or SITE_URL gives way to the browser's own", () => {
  const request = "https://club.example.org/rss.xml";
  expect(publicSiteUrl("http://localhost:3000", { siteUrl: "http://127.0.0.1:8080" }, request)).toBe(
    "https://club.example.org",
  );
  expect(publicSiteUrl("http://localhost:3000", { siteUrl: "https://env.example.org" }, request)).toBe(
    "https://env.example.org",
  );
});

test("the setup page offers SITE_URL when it is public, else the browser's address", () => {
  expect(offeredSiteUrl({ siteUrl: "https://env.example.org" }, "http://10.0.0.5:3000/admin/setup")).toBe(
    "https://env.example.org",
  );
  expect(offeredSiteUrl({ siteUrl: "http://localhost:3000" }, "http://10.0.0.5:3000/admin/setup")).toBe(
    "http://10.0.0.5:3000",
  );
});
