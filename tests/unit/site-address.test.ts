import { expect, test } from "vitest";
import type { Config } from "#server/config.ts";
import { isLoopbackAddress, siteAddressWarning } from "#server/domain/dashboard/site-address.ts";
import { demoSiteSettings } from "#server/domain/site-settings/site-settings.ts";

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

test("the dashboard warns about the address in use: SITE_URL first, else the settings", () => {
  const config = { siteUrl: undefined } as Config;
  expect(siteAddressWarning(config, demoSiteSettings("http://localhost:3000"))).toEqual({
    siteUrl: "http://localhost:3000",
    fromEnvironment: false,
  });
  expect(siteAddressWarning(config, demoSiteSettings("https://club.example.org"))).toBeNull();
  expect(
    siteAddressWarning({ siteUrl: "https://club.example.org" } as Config, demoSiteSettings("http://localhost:3000")),
  ).toBeNull();
  expect(
    siteAddressWarning({ siteUrl: "http://127.0.0.1:8080" } as Config, demoSiteSettings("https://club.example.org")),
  ).toEqual({
    siteUrl: "http://127.0.0.1:8080",
    fromEnvironment: true,
  });
});
