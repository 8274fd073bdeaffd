import type { Parsed } from "./args";
import { UsageError } from "./args";
export async function pullCommand(_p: Parsed): Promise<number> {
  throw new UsageError("pull is not ready yet");
}
