// What the pane's component tests share: mounting, clicks and choices as a user makes them, waiting
// for the pane, and the real local service reached with Node's own fetch from jsdom.
import type { ComponentChild } from "preact";
import { render } from "preact";
import { act } from "preact/test-utils";
import { runInThisContext } from "node:vm";
import type { FileCompanies, SharedService } from "../helpers/shared-service";

/**
 * Node's fetch (jsdom has none). Its AbortSignal must be Node's own: the pane's (jsdom) signal is
 * forwarded to one.
 */
const nodeFetch = runInThisContext("globalThis.fetch") as typeof fetch;
const NodeAbortController = runInThisContext("AbortController") as typeof AbortController;
export const bridgedFetch: typeof fetch = (input, init = {}) => {
  const ctl = new NodeAbortController();
  const given = init.signal;
  if (given) {
    if (given.aborted) ctl.abort();
    else given.addEventListener("abort", () => ctl.abort());
  }
  return nodeFetch(input, { ...init, signal: ctl.signal });
};

/** The local service for the file (the jest worker's shared one, test/helpers/shared-service.ts)
 * and the file's copies of the demo companies, filled once beforeAll has run. */
export function localService(): { service: SharedService } & FileCompanies {
  const holder = {} as { service: SharedService } & FileCompanies;
  beforeAll(async () => {
    // The helper loads pg, which wants TextEncoder (jsdom has none): loaded after setting it.
    Object.assign(globalThis, { TextEncoder: require("node:util").TextEncoder, TextDecoder: require("node:util").TextDecoder });
    const { fileCompaniesIn } = require("../helpers/shared-service") as typeof import("../helpers/shared-service");
    Object.assign(holder, await fileCompaniesIn());
  });
  return holder;
}

export function mountPane(node: ComponentChild): HTMLElement {
  const root = document.createElement("div");
  document.body.appendChild(root);
  act(() => render(node, root));
  return root;
}

export function buttonNamed(root: HTMLElement, text: string): HTMLButtonElement {
  const b = [...root.querySelectorAll("button")].find((x) => x.textContent?.trim() === text);
  if (!b) throw new Error(`no button "${text}" in: ${[...root.querySelectorAll("button")].map((x) => x.textContent).join(" | ")}`);
  return b;
}

export function click(root: HTMLElement, text: string): void {
  const b = buttonNamed(root, text);
  act(() => b.click());
}

/** Sets a control's value as a user does: the event the pane listens to follows. */
function enter(root: HTMLElement, selector: string, value: string, event: "change" | "input"): void {
  const control = root.querySelector(selector) as HTMLInputElement | HTMLSelectElement | null;
  if (!control) throw new Error(`no ${selector}`);
  act(() => {
    control.value = value;
    control.dispatchEvent(new Event(event, { bubbles: true }));
  });
}

export const choose = (root: HTMLElement, selector: string, value: string): void => enter(root, selector, value, "change");
export const typeInto = (root: HTMLElement, selector: string, value: string): void => enter(root, selector, value, "input");

/** [value, text] of each option of a select. */
export const options = (root: HTMLElement, selector: string) =>
  [...root.querySelectorAll(`${selector} option`)].map((o) => [(o as HTMLOptionElement).value, o.textContent]);

export async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await act(async () => { await new Promise((r) => setTimeout(r, 25)); });
  }
  throw new Error(`timed out waiting for ${what}`);
}

// jsdom makes no object URLs (the pane's download links are made of them): each link's file is kept
// here by its URL, for every pane test.
export const downloads = new Map<string, Blob>();
URL.createObjectURL = (blob: Blob) => {
  const url = `blob:test/${downloads.size}`;
  downloads.set(url, blob);
  return url;
};

/** Clicks a button once it can be clicked: an action form's Run waits for the form to show what it acts on. */
export async function clickWhenReady(root: HTMLElement, text: string): Promise<void> {
  await until(() => !buttonNamed(root, text).disabled, `"${text}" to be enabled`);
  click(root, text);
}
