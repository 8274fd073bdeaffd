import type { Parsed } from "./args";
import { UsageError } from "./args";
export async function postCommand(_p: Parsed): Promise<number> {
  throw new UsageError("post is not ready yet");
}
