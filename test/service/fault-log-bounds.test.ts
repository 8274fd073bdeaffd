// The fault log's bounds with a clock the test moves: a line is at most 500 characters, a fault
// already shown this minute is counted instead of written, at most 20 lines a minute, and the count
// of what was hidden is written when the minute is over. (Real faults over HTTP: test/service/fault-log.test.ts.)
import { FaultLog, LINES_PER_MINUTE, MAX_LINE, errorKind } from "../../src/service/http/fault-log";

function setup() {
  let t = 1_000_000;
  const lines: string[] = [];
  const log = new FaultLog((l) => lines.push(l), () => t);
  return { lines, log, advance: (ms: number) => (t += ms) };
}

class DatabaseError extends Error {
  code = "23505";
}

it("names the error classes along the cause chain and their codes, never a message", () => {
  const err = new Error("Failed query: insert into contacts values ($1) params: Somchai", { cause: new DatabaseError("duplicate key Somchai") });
  expect(errorKind(err)).toBe("Error < DatabaseError 23505");
  expect(errorKind(Object.assign(new TypeError("x"), { code: "has spaces: Somchai" }))).toBe("TypeError");
  expect(errorKind("a thrown string with data")).toBe("string");
});

it("bounds each line, counts repeats and caps the lines a minute; says how many were hidden", () => {
  const { lines, log, advance } = setup();
  const fault = (route: string, id = "r1") => log.record({ requestId: id, method: "POST", route, error: new TypeError("secret data") });
  fault(`/test/${"x".repeat(1000)}`);
  expect(lines[0].length).toBe(MAX_LINE);
  for (let i = 0; i < 10; i++) fault("/test/contacts", `r${i}`);
  expect(lines.filter((l) => l.includes("/test/contacts"))).toEqual(["service fault r0: POST /test/contacts TypeError"]);
  for (let i = 0; i < 100; i++) fault(`/test/route-${i}`);
  expect(lines).toHaveLength(LINES_PER_MINUTE);
  advance(60_000);
  fault("/test/contacts", "r-next");
  expect(lines.slice(-2)).toEqual([
    `service faults: ${9 + 100 - (LINES_PER_MINUTE - 2)} more in the last minute not shown (repeats of a fault shown, or over ${LINES_PER_MINUTE} lines a minute)`,
    "service fault r-next: POST /test/contacts TypeError",
  ]);
  expect(lines.join("\n")).not.toContain("secret data");
});
